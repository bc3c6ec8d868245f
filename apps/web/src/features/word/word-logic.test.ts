import { describe, expect, it } from 'vitest';
import {
  bookPercent,
  bookSections,
  changeWordState,
  defaultWordState,
  markLabel,
  parseWordParams,
  searchRequestOf,
  toWordParams,
} from './word-logic.ts';

describe('the /word page state', () => {
  it('reads back what it writes, and drops what is not a valid filter', () => {
    const state = {
      ...defaultWordState,
      q: 'abat',
      band: 2,
      pos: 'adj' as const,
      root: 'strict',
      mark: 'mine' as const,
      page: 3,
      word: 'abate',
    };
    expect(parseWordParams(toWordParams(state))).toEqual(state);
    expect(parseWordParams(new URLSearchParams('band=9&pos=verb&mark=x&page=-2&tab=zz'))).toEqual(defaultWordState);
    expect(toWordParams(defaultWordState).toString()).toBe('');
  });

  it('a new search or filter goes back to page 1; opening a word keeps the page', () => {
    const on3 = { ...defaultWordState, page: 3 };
    expect(changeWordState(on3, { q: 'x' }).page).toBe(1);
    expect(changeWordState(on3, { band: 1 }).page).toBe(1);
    expect(changeWordState(on3, { word: 'abate' }).page).toBe(3);
    expect(changeWordState(on3, { page: 4 }).page).toBe(4);
  });

  it('asks the server only for the filters that are set', () => {
    expect(searchRequestOf(defaultWordState)).toEqual({ text: '', root: '', mark: 'all', page: 1, page_size: 30 });
    expect(searchRequestOf({ ...defaultWordState, band: 1, pos: 'n' })).toMatchObject({ band: 1, pos: 'n' });
  });

  it('books: progress in percent, sections with my own books first', () => {
    expect(bookPercent({ studied: 1, total: 3 })).toBe(33);
    expect(bookPercent({ studied: 0, total: 0 })).toBe(0);
    const book = (id: string, kind: 'band' | 'mine' | 'root') => ({
      id,
      kind,
      title: id,
      note: '',
      total: 1,
      studied: 0,
      simple: 0,
    });
    const sections = bookSections([book('band-1-1', 'band'), book('mine', 'mine'), book('root-x', 'root')]);
    expect(sections.map((s) => s.kind)).toEqual(['own', 'band', 'root']);
  });

  it('a mark reads 熟词 before 生词本', () => {
    expect(markLabel({ word: 'a', added_at: 1, simple_at: 2 })).toBe('熟词');
    expect(markLabel({ word: 'a', added_at: 1, simple_at: null })).toBe('生词本');
    expect(markLabel(null)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import {
  activeBookFilters,
  batches,
  bookOf,
  changeFilters,
  listRequestOf,
  parseBookParams,
  toBookParams,
  toggleId,
  togglePage,
} from './review-logic.ts';

describe('books', () => {
  it('knows the six books and nothing else', () => {
    expect(bookOf('wrongs')).toEqual({ slug: 'wrongs', scope: 'wrongs', higher: false, title: '错题本' });
    expect(bookOf('higher_collect')).toMatchObject({ scope: 'collect', higher: true, title: '高阶收藏夹' });
    expect(bookOf('export')).toBeNull();
    expect(bookOf(undefined)).toBeNull();
  });
});

describe('filters in the URL', () => {
  it('round-trips the filters and drops what is malformed', () => {
    const f = parseBookParams(
      new URLSearchParams(
        'category=3&kind=qc&tag=t1&collect=12&mastery=2&reason=r1&from=2026-01-01&to=2026-02-01&source=搜索&due=1&page=3',
      ),
    );
    expect(f).toEqual({
      category: 3,
      kind: 'qc',
      tag_id: 't1',
      collect_id: '12',
      mastery: 2,
      reason_id: 'r1',
      source: '搜索',
      from: '2026-01-01',
      to: '2026-02-01',
      due: true,
      page: 3,
    });
    expect(parseBookParams(toBookParams(f))).toEqual(f);
    const bad = parseBookParams(new URLSearchParams('category=9&kind=nope&collect=x&mastery=7&from=1/1/2026&page=0'));
    expect(bad).toEqual(parseBookParams(new URLSearchParams()));
    expect(toBookParams(parseBookParams(new URLSearchParams())).toString()).toBe('');
  });
  it('goes back to page 1 on a filter change and clears what belongs to another category', () => {
    const f = parseBookParams(new URLSearchParams('category=3&kind=qc&tag=t1&page=4'));
    expect(changeFilters(f, { page: 5 }).page).toBe(5);
    const other = changeFilters(f, { category: 1 });
    expect(other).toMatchObject({ category: 1, kind: undefined, tag_id: undefined, page: 1 });
    expect(changeFilters(f, { mastery: 1 })).toMatchObject({ kind: 'qc', tag_id: 't1', page: 1 });
    expect(activeBookFilters(f)).toBe(3);
  });
  it('builds the list request of a book', () => {
    const book = bookOf('higher_note');
    if (!book) throw new Error('book');
    expect(listRequestOf(book, parseBookParams(new URLSearchParams('mastery=0&page=2')))).toEqual({
      scope: 'note',
      higher: true,
      mastery: 0,
      due: false,
      page: 2,
      page_size: 20,
    });
  });
});

describe('selection', () => {
  it('toggles one id and a whole page', () => {
    expect(toggleId(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleId(['a', 'b'], 'a')).toEqual(['b']);
    expect(togglePage(['x'], ['a', 'b'])).toEqual(['x', 'a', 'b']);
    expect(togglePage(['x', 'a', 'b'], ['a', 'b'])).toEqual(['x']);
  });
  it('splits into batches', () => {
    expect(batches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(batches([], 50)).toEqual([]);
  });
});

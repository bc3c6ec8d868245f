import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  changeSearch,
  defaultSearch,
  pageCount,
  parseSearchParams,
  searchBoxSchema,
  splitHighlight,
  toggleIn,
  toRequest,
  toSearchParams,
} from './search-logic.ts';

const parse = (query: string) => parseSearchParams(new URLSearchParams(query));

describe('parseSearchParams', () => {
  it('gives the defaults for an empty query', () => {
    expect(parse('')).toEqual(defaultSearch);
  });
  it('reads every field', () => {
    expect(parse('q=cryptochrome&category=2&kind=rc_single,rc_select&difficulty=3,1&tag=t1,t2&only=1&page=3')).toEqual({
      q: 'cryptochrome',
      category: 2,
      kinds: ['rc_single', 'rc_select'],
      difficulties: [1, 3],
      tags: ['t1', 't2'],
      only: true,
      page: 3,
    });
  });
  it('drops what is not valid instead of failing', () => {
    expect(parse('category=9&kind=bogus&difficulty=0,4,x&page=-2&only=yes')).toEqual(defaultSearch);
    expect(parse('page=1.5').page).toBe(1);
    expect(parse('category=1&kind=qc,tc1').kinds).toEqual(['tc1']);
    expect(parse(`q=${'a'.repeat(150)}`).q).toHaveLength(100);
    expect(parse('difficulty=2,2').difficulties).toEqual([2]);
  });
  it('reads Chinese text', () => {
    expect(parse(`q=${encodeURIComponent(' 转折 ')}`).q).toBe('转折');
  });
});

describe('toSearchParams', () => {
  it('leaves defaults out', () => {
    expect(toSearchParams(defaultSearch).toString()).toBe('');
  });
  it('round-trips through the URL', () => {
    const state = parse('q=watermark&category=2&kind=rc_multi&difficulty=2&tag=a&only=1&page=2');
    expect(parse(toSearchParams(state).toString())).toEqual(state);
    expect(toSearchParams({ ...defaultSearch, q: 'a b', page: 2 }).toString()).toBe('q=a+b&page=2');
  });
});

describe('changeSearch', () => {
  it('goes back to page 1 on any change but the page', () => {
    const on3 = { ...defaultSearch, page: 3 };
    expect(changeSearch(on3, { q: 'x' }).page).toBe(1);
    expect(changeSearch(on3, { page: 4 }).page).toBe(4);
  });
  it('keeps only the new category’s kinds and drops tags', () => {
    const s = { ...defaultSearch, kinds: ['tc1' as const, 'qc' as const], tags: ['t'] };
    expect(changeSearch(s, { category: 3 })).toMatchObject({ category: 3, kinds: ['qc'], tags: [] });
    expect(changeSearch(s, { category: 0 }).kinds).toEqual(['tc1', 'qc']);
  });
});

describe('toggleIn', () => {
  it('adds and removes', () => {
    expect(toggleIn([1, 2], 3)).toEqual([1, 2, 3]);
    expect(toggleIn([1, 2], 1)).toEqual([2]);
  });
});

describe('toRequest', () => {
  it('maps the state onto the contract request', () => {
    expect(toRequest(parse('q=x&category=5&only=1&page=2'))).toEqual({
      text: 'x',
      category: 5,
      kinds: [],
      difficulties: [],
      tag_ids: [],
      only_accessible: true,
      page: 2,
      page_size: 20,
    });
  });
});

describe('activeFilterCount and pageCount', () => {
  it('counts filters besides the category', () => {
    expect(activeFilterCount(parse('category=1&kind=tc1,tc2&difficulty=1&only=1'))).toBe(4);
    expect(activeFilterCount(defaultSearch)).toBe(0);
  });
  it('has at least one page', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(20)).toBe(1);
    expect(pageCount(21)).toBe(2);
  });
});

describe('splitHighlight', () => {
  it('marks the hits between 【 and 】', () => {
    expect(splitHighlight('…a protein called 【cryptochrome】 may form…')).toEqual([
      { text: '…a protein called ', hit: false },
      { text: 'cryptochrome', hit: true },
      { text: ' may form…', hit: false },
    ]);
    expect(splitHighlight('【转折】与【让步】')).toEqual([
      { text: '转折', hit: true },
      { text: '与', hit: false },
      { text: '让步', hit: true },
    ]);
  });
  it('keeps an unclosed bracket as text', () => {
    expect(splitHighlight('a 【b')).toEqual([{ text: 'a 【b', hit: false }]);
    expect(splitHighlight('')).toEqual([]);
  });
});

describe('searchBoxSchema', () => {
  it('gives the keyword trimmed, as the search request takes it', () => {
    expect(searchBoxSchema.parse({ text: ' 转折 ' })).toEqual({ text: '转折' });
    expect(searchBoxSchema.parse({ text: `  ${'a'.repeat(100)}  ` }).text).toHaveLength(100);
  });
  it('refuses more than 100 characters with the contract message', () => {
    expect(searchBoxSchema.safeParse({ text: 'a'.repeat(101) }).error?.issues[0]?.message).toBe('搜索词最多 100 个字');
  });
});

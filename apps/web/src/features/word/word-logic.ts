// The /word page's state lives in the URL (search, filters, page, the open word, the tab), so a
// list can be linked, reloaded and returned to. Pure functions, tested in word-logic.test.ts.
import type { RequestOf } from '@gre/contract/endpoint';
import type { searchWords } from '@gre/contract/endpoints/word';
import type { WordBook, WordBookKind, WordMark } from '@gre/contract/word';
import { wordMarkFilters, wordPoses } from '@gre/contract/word';

export type WordTab = 'list' | 'books';
type MarkFilter = (typeof wordMarkFilters)[number];
type Pos = (typeof wordPoses)[number];

export interface WordListState {
  tab: WordTab;
  q: string;
  band: number | null;
  pos: Pos | null;
  root: string;
  mark: MarkFilter;
  page: number;
  /** The word whose details are open. */
  word: string;
}

export const defaultWordState: WordListState = {
  tab: 'list',
  q: '',
  band: null,
  pos: null,
  root: '',
  mark: 'all',
  page: 1,
  word: '',
};

export const wordPageSize = 30;

export function parseWordParams(params: URLSearchParams): WordListState {
  const band = Number(params.get('band'));
  const pos = params.get('pos') as Pos | null;
  const mark = params.get('mark') as MarkFilter | null;
  const page = Number(params.get('page'));
  return {
    tab: params.get('tab') === 'books' ? 'books' : 'list',
    q: (params.get('q') ?? '').slice(0, 60),
    band: Number.isInteger(band) && band >= 1 && band <= 4 ? band : null,
    pos: pos && (wordPoses as readonly string[]).includes(pos) ? pos : null,
    root: (params.get('root') ?? '').slice(0, 40),
    mark: mark && (wordMarkFilters as readonly string[]).includes(mark) ? mark : 'all',
    page: Number.isInteger(page) && page > 1 ? page : 1,
    word: (params.get('word') ?? '').slice(0, 60),
  };
}

export function toWordParams(s: WordListState): URLSearchParams {
  const p = new URLSearchParams();
  if (s.tab !== 'list') p.set('tab', s.tab);
  if (s.q) p.set('q', s.q);
  if (s.band) p.set('band', String(s.band));
  if (s.pos) p.set('pos', s.pos);
  if (s.root) p.set('root', s.root);
  if (s.mark !== 'all') p.set('mark', s.mark);
  if (s.page > 1) p.set('page', String(s.page));
  if (s.word) p.set('word', s.word);
  return p;
}

/** A change of the search or a filter starts again at page 1; opening a word keeps the page. */
export function changeWordState(s: WordListState, patch: Partial<WordListState>): WordListState {
  const next = { ...s, ...patch };
  const filterChanged = (['q', 'band', 'pos', 'root', 'mark'] as const).some((k) => k in patch && patch[k] !== s[k]);
  if (filterChanged && !('page' in patch)) next.page = 1;
  return next;
}

export function searchRequestOf(s: WordListState): RequestOf<typeof searchWords> {
  return {
    text: s.q,
    ...(s.band ? { band: s.band } : {}),
    ...(s.pos ? { pos: s.pos } : {}),
    root: s.root,
    mark: s.mark,
    page: s.page,
    page_size: wordPageSize,
  };
}

export const activeWordFilters = (s: WordListState) =>
  Number(s.band !== null) + Number(s.pos !== null) + Number(s.root !== '') + Number(s.mark !== 'all');

/** A book's progress in percent (0 for an empty book). */
export const bookPercent = (b: Pick<WordBook, 'studied' | 'total'>) =>
  b.total ? Math.round((b.studied / b.total) * 100) : 0;

/** The books index, in sections: my own books first, then by frequency, root and similar group. */
export function bookSections(
  books: readonly WordBook[],
): { kind: WordBookKind | 'own'; title: string; books: WordBook[] }[] {
  const own = books.filter((b) => b.kind === 'mine' || b.kind === 'wrong' || b.kind === 'sixtwo');
  const of = (kind: WordBookKind) => books.filter((b) => b.kind === kind);
  return [
    { kind: 'own' as const, title: '我的词书', books: own },
    { kind: 'band' as const, title: '按词频（每单元 100 词，常见词在前）', books: of('band') },
    { kind: 'root' as const, title: '按词根', books: of('root') },
    { kind: 'similar' as const, title: '近义词辨析', books: of('similar') },
  ].filter((s) => s.books.length > 0);
}

/** How a mark reads in a list. */
export function markLabel(mark: WordMark | null | undefined): string | null {
  if (mark?.simple_at) return '熟词';
  if (mark?.added_at) return '生词本';
  return null;
}

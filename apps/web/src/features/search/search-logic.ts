// The search page's state lives in the URL (?q=&category=&kind=&difficulty=&tag=&only=&page=), so a
// search can be linked and survives a reload. Pure: parse, write back, change, and the request.

import type { RequestOf } from '@gre/contract/endpoint';
import { searchQuestions } from '@gre/contract/endpoints/question';
import { type Difficulty, QuestionCategory } from '@gre/contract/enums';
import type { QuestionKind } from '@gre/contract/question';
import { allKinds, kindsByCategory } from '../../lib/question-labels.ts';

export interface SearchState {
  q: string;
  category: QuestionCategory;
  kinds: QuestionKind[];
  difficulties: Difficulty[];
  tags: string[];
  only: boolean;
  page: number;
}

export const defaultSearch: SearchState = {
  q: '',
  category: QuestionCategory.None,
  kinds: [],
  difficulties: [],
  tags: [],
  only: false,
  page: 1,
};

/** The search box's form: the keyword as the search request takes it (trimmed, at most 100 characters). */
export const searchBoxSchema = searchQuestions.request.pick({ text: true });

export const pageSize = 20;
const maxPage = 10_000;
const maxQueryLength = 100;

function list(value: string | null): string[] {
  if (!value) return [];
  return [
    ...new Set(
      value
        .split(',')
        .map((v) => v.trim())
        .filter((v) => v !== ''),
    ),
  ];
}

function kindsOf(category: QuestionCategory): readonly QuestionKind[] {
  return category === QuestionCategory.None ? allKinds : kindsByCategory[category];
}

export function parseSearchParams(params: URLSearchParams): SearchState {
  const categoryNumber = Number(params.get('category') ?? '0');
  const category = (
    Number.isInteger(categoryNumber) && categoryNumber >= 0 && categoryNumber <= 5 ? categoryNumber : 0
  ) as QuestionCategory;
  const allowedKinds = kindsOf(category);
  const kinds = list(params.get('kind')).filter((k): k is QuestionKind => allowedKinds.includes(k as QuestionKind));
  const difficulties = list(params.get('difficulty'))
    .map(Number)
    .filter((d): d is Difficulty => d === 1 || d === 2 || d === 3)
    .sort((a, b) => a - b);
  const tags = list(params.get('tag'))
    .filter((t) => t.length <= 40)
    .slice(0, 20);
  const pageNumber = Number(params.get('page') ?? '1');
  const page = Number.isInteger(pageNumber) && pageNumber >= 1 && pageNumber <= maxPage ? pageNumber : 1;
  const only = params.get('only') === '1' || params.get('only') === 'true';
  const q = (params.get('q') ?? '').trim().slice(0, maxQueryLength);
  return { q, category, kinds, difficulties, tags, only, page };
}

/** The URL query of a state; defaults are left out so a plain search stays a short link. */
export function toSearchParams(state: SearchState): URLSearchParams {
  const out = new URLSearchParams();
  if (state.q) out.set('q', state.q);
  if (state.category !== QuestionCategory.None) out.set('category', String(state.category));
  if (state.kinds.length > 0) out.set('kind', state.kinds.join(','));
  if (state.difficulties.length > 0) out.set('difficulty', state.difficulties.join(','));
  if (state.tags.length > 0) out.set('tag', state.tags.join(','));
  if (state.only) out.set('only', '1');
  if (state.page > 1) out.set('page', String(state.page));
  return out;
}

/**
 * A change to the search. Any change but the page goes back to page 1; a new category keeps only
 * its own kinds and drops the knowledge-point tags (tags belong to one category).
 */
export function changeSearch(state: SearchState, patch: Partial<SearchState>): SearchState {
  const next: SearchState = { ...state, ...patch };
  if (patch.page === undefined) next.page = 1;
  if (patch.category !== undefined && patch.category !== state.category) {
    const allowed = kindsOf(patch.category);
    next.kinds = next.kinds.filter((k) => allowed.includes(k));
    if (patch.tags === undefined) next.tags = [];
  }
  return next;
}

export function toggleIn<T>(values: readonly T[], value: T): T[] {
  return values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
}

export function toRequest(state: SearchState): RequestOf<typeof searchQuestions> {
  return {
    text: state.q,
    category: state.category,
    kinds: state.kinds,
    difficulties: state.difficulties,
    tag_ids: state.tags,
    only_accessible: state.only,
    page: state.page,
    page_size: pageSize,
  };
}

/** How many filters besides the category are on (the phone's "筛选" button shows it). */
export function activeFilterCount(state: SearchState): number {
  return state.kinds.length + state.difficulties.length + state.tags.length + (state.only ? 1 : 0);
}

export function pageCount(total: number, size = pageSize): number {
  return Math.max(1, Math.ceil(total / size));
}

export type HighlightPart = { text: string; hit: boolean };

/** The server marks hits between 【 and 】; an unclosed 【 stays text. */
export function splitHighlight(text: string): HighlightPart[] {
  const parts: HighlightPart[] = [];
  let rest = text;
  while (rest !== '') {
    const open = rest.indexOf('【');
    const close = open < 0 ? -1 : rest.indexOf('】', open + 1);
    if (open < 0 || close < 0) {
      parts.push({ text: rest, hit: false });
      break;
    }
    if (open > 0) parts.push({ text: rest.slice(0, open), hit: false });
    const hit = rest.slice(open + 1, close);
    if (hit !== '') parts.push({ text: hit, hit: true });
    rest = rest.slice(close + 1);
  }
  return parts;
}

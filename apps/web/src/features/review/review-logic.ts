// The review books (personal/collect, wrongs, note and their advanced-bank twins), their filters as
// URL search params, and the selection a bulk action works on.
import type { ReviewScope } from '@gre/contract/craft';
import type { ReviewListRequest } from '@gre/contract/endpoints/craft';
import { QuestionCategory } from '@gre/contract/enums';
import { type QuestionKind, questionKindLabel } from '@gre/contract/question';

export const bookSlugs = ['wrongs', 'collect', 'note', 'higher_wrongs', 'higher_collect', 'higher_note'] as const;
export type BookSlug = (typeof bookSlugs)[number];

export interface Book {
  slug: BookSlug;
  scope: ReviewScope;
  higher: boolean;
  title: string;
}

/** The books' names on screen (the contract's reviewScopeLabel names the scopes in messages). */
const bookTitle: Record<ReviewScope, string> = { wrongs: '错题本', collect: '收藏夹', note: '笔记本' };

export function bookOf(slug: string | undefined): Book | null {
  if (!slug || !(bookSlugs as readonly string[]).includes(slug)) return null;
  const higher = slug.startsWith('higher_');
  const scope = (higher ? slug.slice('higher_'.length) : slug) as ReviewScope;
  return { slug: slug as BookSlug, scope, higher, title: `${higher ? '高阶' : ''}${bookTitle[scope]}` };
}

/** The filters of a book's list, as kept in the URL (everything but scope and page size). */
export interface BookFilters {
  category?: QuestionCategory;
  kind?: QuestionKind;
  tag_id?: string;
  collect_id?: string;
  mastery?: number;
  reason_id?: string;
  source?: string;
  from?: string;
  to?: string;
  due: boolean;
  page: number;
}

const categoryValues = new Set<number>([
  QuestionCategory.Filling,
  QuestionCategory.Reading,
  QuestionCategory.Math,
  QuestionCategory.Issue,
  QuestionCategory.Word,
]);
const isoDate = /^\d{4}-\d{2}-\d{2}$/;

function intParam(params: URLSearchParams, key: string): number | undefined {
  const raw = params.get(key);
  if (raw === null || !/^\d+$/.test(raw)) return undefined;
  return Number(raw);
}

function textParam(params: URLSearchParams, key: string, max: number): string | undefined {
  const raw = params.get(key)?.trim();
  return raw && raw.length <= max ? raw : undefined;
}

/** Reads the filters from the URL; anything malformed is dropped, never sent to the server. */
export function parseBookParams(params: URLSearchParams): BookFilters {
  const category = intParam(params, 'category');
  const kind = params.get('kind');
  const mastery = intParam(params, 'mastery');
  const page = intParam(params, 'page');
  const collect = params.get('collect');
  const from = params.get('from');
  const to = params.get('to');
  return {
    category: category !== undefined && categoryValues.has(category) ? (category as QuestionCategory) : undefined,
    kind: kind && kind in questionKindLabel ? (kind as QuestionKind) : undefined,
    tag_id: textParam(params, 'tag', 40),
    collect_id: collect && /^\d{1,18}$/.test(collect) ? collect : undefined,
    mastery: mastery !== undefined && mastery <= 5 ? mastery : undefined,
    reason_id: textParam(params, 'reason', 40),
    source: textParam(params, 'source', 60),
    from: from && isoDate.test(from) ? from : undefined,
    to: to && isoDate.test(to) ? to : undefined,
    due: params.get('due') === '1',
    page: page && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The URL form of the filters: only what is set, page 1 left out. */
export function toBookParams(f: BookFilters): URLSearchParams {
  const p = new URLSearchParams();
  if (f.category !== undefined) p.set('category', String(f.category));
  if (f.kind) p.set('kind', f.kind);
  if (f.tag_id) p.set('tag', f.tag_id);
  if (f.collect_id) p.set('collect', f.collect_id);
  if (f.mastery !== undefined) p.set('mastery', String(f.mastery));
  if (f.reason_id) p.set('reason', f.reason_id);
  if (f.source) p.set('source', f.source);
  if (f.from) p.set('from', f.from);
  if (f.to) p.set('to', f.to);
  if (f.due) p.set('due', '1');
  if (f.page > 1) p.set('page', String(f.page));
  return p;
}

/** A change of filters goes back to page 1 (a page change keeps the filters). */
export function changeFilters(f: BookFilters, patch: Partial<BookFilters>): BookFilters {
  const next = { ...f, ...patch };
  // A kind or knowledge tag belongs to its category: picking another category clears them.
  if ('category' in patch && patch.category !== f.category) {
    next.kind = undefined;
    next.tag_id = undefined;
  }
  if ('kind' in patch && patch.kind !== f.kind && !('tag_id' in patch)) next.tag_id = undefined;
  if (!('page' in patch)) next.page = 1;
  return next;
}

/** How many filters (besides the page) are set. */
export function activeBookFilters(f: BookFilters): number {
  const { page: _page, due, ...rest } = f;
  return Object.values(rest).filter((v) => v !== undefined).length + (due ? 1 : 0);
}

export const bookPageSize = 20;

export function listRequestOf(book: Book, f: BookFilters): ReviewListRequest {
  const { page, ...filters } = f;
  const defined = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined));
  return { scope: book.scope, higher: book.higher, ...defined, page, page_size: bookPageSize };
}

/** Toggles one id in a selection. */
export function toggleId(selection: readonly string[], id: string): string[] {
  return selection.includes(id) ? selection.filter((x) => x !== id) : [...selection, id];
}

/** Selects or clears every id of the page, keeping what is selected on other pages. */
export function togglePage(selection: readonly string[], pageIds: readonly string[]): string[] {
  const all = pageIds.length > 0 && pageIds.every((id) => selection.includes(id));
  return all ? selection.filter((id) => !pageIds.includes(id)) : [...new Set([...selection, ...pageIds])];
}

/** Splits ids into batches of at most `size` (bulk calls take 50; question/gets too). */
export function batches<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

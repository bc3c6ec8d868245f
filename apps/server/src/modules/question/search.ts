// Search over the catalogue: filters, text match through the index, paging, highlights. Pure, so the
// benchmark runs exactly this on a generated catalogue.
import { QuestionCategory, testCategories } from '@gre/contract/enums';
import type { QuestionInfo } from '@gre/contract/question';
import type { Catalogue, CatalogueEntry } from './catalogue.ts';
import { highlight } from './search-index.ts';

export interface SearchRequest {
  text: string;
  category: number;
  kinds: string[];
  difficulties: number[];
  tag_ids: string[];
  source_names: string[];
  only_accessible: boolean;
  page: number;
  page_size: number;
}

/** The catalogue without its generated word questions (the default list), computed once per catalogue. */
const realQuestions = new WeakMap<Catalogue, number[]>();
function realPool(c: Catalogue): number[] {
  let pool = realQuestions.get(c);
  if (!pool) {
    pool = testCategories.flatMap((cat) => c.byCategory.get(cat) ?? []).sort((a, b) => a - b);
    realQuestions.set(c, pool);
  }
  return pool;
}

/** A query that is one English word (a vocabulary look-up): word questions may answer it. */
export const isWordQuery = (text: string) => /^[a-z]+(?:['’-][a-z]+)*$/i.test(text);

/**
 * Generated word questions (category 单词) appear under that category or for a one-word query, and
 * then after the real questions; elsewhere only real questions are listed (ADR 0023).
 * `withheld`: questions left out of text hits (the caller's running exam: a hit could rest on the
 * analysis, and its highlight quote it; docs/decisions/0017). Lists without text keep them.
 */
/** A question's line in a list (search results, the review books). */
export function questionInfoOf(e: CatalogueEntry, accessable: boolean, highlighted = ''): QuestionInfo {
  const q = e.question;
  return {
    id: q.id,
    category: q.category,
    kind: q.kind,
    difficulty: q.difficulty,
    visibility: q.visibility,
    accessable,
    brief: q.brief,
    tag_names: e.tagNames,
    source_names: q.source_names,
    highlight: highlighted,
  };
}

export function searchCatalogue(
  c: Catalogue,
  req: SearchRequest,
  canOpen: (visibility: string) => boolean,
  withheld: ((id: string) => boolean) | null = null,
  /** The mock-only pool (ADR 0021), left out for candidates; null for staff. */
  reserved: Set<string> | null = null,
) {
  const text = req.text.trim();
  const kinds = new Set(req.kinds);
  const difficulties = new Set(req.difficulties);
  const tagIds = new Set(req.tag_ids);
  const sources = new Set(req.source_names);
  const showWords = req.category === QuestionCategory.Word || (text !== '' && isWordQuery(text));
  const keep = (i: number) => {
    const q = c.entries[i]?.question;
    if (!q) return false;
    if (!showWords && q.category === QuestionCategory.Word) return false;
    if (text && withheld?.(q.id)) return false;
    if (reserved?.has(q.id)) return false;
    if (req.category !== QuestionCategory.None && q.category !== req.category) return false;
    if (kinds.size && !kinds.has(q.kind)) return false;
    if (difficulties.size && !difficulties.has(q.difficulty)) return false;
    if (tagIds.size && !q.tag_ids.some((t) => tagIds.has(t))) return false;
    if (sources.size && !q.source_names.some((s) => sources.has(s))) return false;
    if (q.visibility === 'hidden' || q.visibility === 'forbid') return canOpen(q.visibility);
    if (req.only_accessible && !canOpen(q.visibility)) return false;
    return true;
  };
  const start = (req.page - 1) * req.page_size;
  const wanted = start + req.page_size;
  let total = 0;
  let page: number[];
  if (text) {
    // Keep the best `wanted` hits in a small sorted buffer: no sort of every hit.
    const scored = c.index.search(text);
    const best: [number, number][] = [];
    for (let k = 0; k < scored.length; k++) {
      const i = scored.docs[k] as number;
      if (!keep(i)) continue;
      total++;
      // Real questions rank above word questions, whatever their text scores.
      const score =
        (scored.scores[k] as number) + (c.entries[i]?.question.category === QuestionCategory.Word ? 0 : 1e6);
      if (best.length === wanted && score <= (best[best.length - 1] as [number, number])[1]) continue;
      let at = best.length;
      while (at > 0 && (best[at - 1] as [number, number])[1] < score) at--;
      best.splice(at, 0, [i, score]);
      if (best.length > wanted) best.pop();
    }
    page = best.slice(start).map(([i]) => i);
  } else {
    page = [];
    const unfiltered =
      req.category === QuestionCategory.None &&
      !kinds.size &&
      !difficulties.size &&
      !tagIds.size &&
      !sources.size &&
      !req.only_accessible &&
      !reserved?.size;
    const pool = req.category === QuestionCategory.None ? realPool(c) : (c.byCategory.get(req.category) ?? []);
    const count = pool ? pool.length : c.entries.length;
    for (let k = 0; k < count; k++) {
      const i = pool ? (pool[k] as number) : k;
      if (!unfiltered && !keep(i)) continue;
      if (total >= start && total < wanted) page.push(i);
      total++;
    }
  }
  const infos: QuestionInfo[] = page.map((i) => {
    const e = c.entries[i] as (typeof c.entries)[number];
    return questionInfoOf(e, canOpen(e.question.visibility), text ? highlight(e.text, text) : '');
  });
  return { page_control: { page: req.page, page_size: req.page_size, total }, question_infos: infos };
}

// An in-memory inverted index over the catalogue: English words (platform/english.ts: lower-cased,
// Porter stems, possessives off) and Chinese characters and bigrams, weighted by field, scored by tf·idf, AND semantics.

import { englishWords, stem } from '../../platform/english.ts';

export interface IndexedDoc {
  /** Weighted fields: [text, weight]. */
  fields: [string, number][];
}

const cjk = /[\u4e00-\u9fff]/;

/** English words too common to narrow a search; they are neither indexed nor required. */
const stopwords = new Set(
  'the of and a an to in is are was were be been that this it its for on with as by at or from which what who whom whose than then there their they them these those not no but if so such can could would should will may might must do does did has have had his her he she we our you your i me my into about also more most other some any each all both only very'.split(
    ' ',
  ),
);

/** Tokens of a text: English word stems, Chinese bigrams (and single characters when asked). */
export function tokenize(text: string, opts: { unigrams: boolean }): string[] {
  const out: string[] = [];
  const lower = text.toLowerCase();
  for (const w of englishWords(text)) {
    if (w.length >= 2 && !stopwords.has(w)) out.push(stem(w));
  }
  for (const run of lower.match(/[\u4e00-\u9fff]+/g) ?? []) {
    if (opts.unigrams) for (const ch of run) out.push(ch);
    for (let i = 0; i + 1 < run.length; i++) out.push(run.slice(i, i + 2));
  }
  return out;
}

/** A posting list: ascending document numbers and their field-weighted term counts. */
interface Postings {
  docs: Int32Array;
  weights: Float32Array;
  length: number;
}

function push(p: Postings, doc: number, weight: number) {
  if (p.length > 0 && p.docs[p.length - 1] === doc) {
    p.weights[p.length - 1] = (p.weights[p.length - 1] as number) + weight;
    return;
  }
  if (p.length === p.docs.length) {
    const docs = new Int32Array(p.docs.length * 2);
    docs.set(p.docs);
    const weights = new Float32Array(p.weights.length * 2);
    weights.set(p.weights);
    p.docs = docs;
    p.weights = weights;
  }
  p.docs[p.length] = doc;
  p.weights[p.length] = weight;
  p.length++;
}

/** Position of `doc` in p.docs at or after `from` (galloping then binary search), or -1. */
function seek(p: Postings, doc: number, from: number): number {
  let lo = from;
  let step = 1;
  let hi = from;
  while (hi < p.length && (p.docs[hi] as number) < doc) {
    lo = hi + 1;
    hi += step;
    step *= 2;
  }
  hi = Math.min(hi, p.length - 1);
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = p.docs[mid] as number;
    if (v === doc) return mid;
    if (v < doc) lo = mid + 1;
    else hi = mid - 1;
  }
  return -(lo + 1) - 1;
}

export interface Scored {
  docs: Int32Array;
  scores: Float64Array;
  length: number;
}

/** Documents must be added in ascending order (the catalogue adds them in its own order). */
export class SearchIndex {
  private readonly postings = new Map<string, Postings>();
  private size = 0;

  add(doc: number, d: IndexedDoc): void {
    this.size = Math.max(this.size, doc + 1);
    for (const [text, weight] of d.fields) {
      // Single characters only for the short, heavily weighted fields (stems, options, tags).
      for (const t of tokenize(text, { unigrams: weight >= 2 })) {
        let p = this.postings.get(t);
        if (!p) {
          p = { docs: new Int32Array(4), weights: new Float32Array(4), length: 0 };
          this.postings.set(t, p);
        }
        push(p, doc, weight);
      }
    }
  }

  /** Documents matching every token of the query (AND), scored by tf·idf; empty for an empty query. */
  search(query: string): Scored {
    const none: Scored = { docs: new Int32Array(0), scores: new Float64Array(0), length: 0 };
    const hasCjk = cjk.test(query);
    // One Chinese character alone: search characters; otherwise bigrams carry the meaning.
    const onlyOneChar = (query.match(/[\u4e00-\u9fff]/g) ?? []).length === 1;
    const tokens = [...new Set(tokenize(query, { unigrams: onlyOneChar || !hasCjk }))];
    if (tokens.length === 0) return none;
    const lists: Postings[] = [];
    for (const t of tokens) {
      const p = this.postings.get(t);
      if (!p) return none;
      lists.push(p);
    }
    lists.sort((a, b) => a.length - b.length);
    const idf = lists.map((l) => Math.log(1 + this.size / l.length));
    const first = lists[0] as Postings;
    const docs = new Int32Array(first.length);
    const scores = new Float64Array(first.length);
    const cursors = new Array<number>(lists.length).fill(0);
    let n = 0;
    outer: for (let i = 0; i < first.length; i++) {
      const doc = first.docs[i] as number;
      let score = (first.weights[i] as number) * (idf[0] as number);
      for (let k = 1; k < lists.length; k++) {
        const l = lists[k] as Postings;
        const at = seek(l, doc, cursors[k] as number);
        if (at < 0) {
          cursors[k] = -at - 2;
          continue outer;
        }
        cursors[k] = at;
        score += (l.weights[at] as number) * (idf[k] as number);
      }
      docs[n] = doc;
      scores[n] = score;
      n++;
    }
    return { docs, scores, length: n };
  }
}

/** "…text 【hit】 text…" around the first occurrence of the query (or of its first word) in `text`. */
export function highlight(text: string, query: string, radius = 24): string {
  const flat = text.replace(/\s+/g, ' ');
  const q = query.trim();
  if (!q) return '';
  const lower = flat.toLowerCase();
  let at = lower.indexOf(q.toLowerCase());
  let len = q.length;
  if (at < 0) {
    const first = tokenize(q, { unigrams: false })[0] ?? q;
    at = lower.indexOf(first);
    len = first.length;
    if (at >= 0) while (at + len < flat.length && /[a-z]/i.test(flat[at + len] ?? '')) len++;
  }
  if (at < 0) return '';
  const start = Math.max(0, at - radius);
  const end = Math.min(flat.length, at + len + radius);
  return `${start > 0 ? '…' : ''}${flat.slice(start, at)}【${flat.slice(at, at + len)}】${flat.slice(at + len, end)}${end < flat.length ? '…' : ''}`;
}

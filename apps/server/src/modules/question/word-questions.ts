// Word questions (ids start with `w-`) generated from the vocabulary, deterministically:
// English → Chinese meaning, Chinese meaning → English, and synonym choice. Distractors have the
// same part of speech and a similar frequency, and are never also correct: they share no Chinese
// meaning with the key and no similar-word group with the word. Synonym pairs come from WordNet:
// the key shares a synset with the word in the word's part of speech (most common sense first), and
// no distractor shares a synset with the word or the key.
import {
  type Meaning,
  meaningChars,
  meaningsOf,
  meaningsOverlap,
  type SimilarGroup,
  shortMeaning,
  type VocabWord,
} from './vocabulary.ts';
import { type WordNet, type WordNetPos, wordNet } from './wordnet.ts';

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

const wordNetPoses: readonly WordNetPos[] = ['n', 'v', 'adj', 'adv'];

/** The WordNet part of speech of a vocabulary part of speech (n., v., adj., adv.), if any. */
export const wordNetPosOf = (pos: string): WordNetPos | undefined => wordNetPoses.find((p) => p === pos);

/** Spelling variants or derived forms: one contains the other, or they differ by one letter. */
function variants(a: string, b: string): boolean {
  if (a.includes(b) || b.includes(a)) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  const rest = (x: string, skip: number) => x.slice(i + skip);
  return rest(a, 1) === rest(b, 1) || rest(a, 1) === rest(b, 0) || rest(a, 0) === rest(b, 1);
}

export function generateWordQuestions(
  vocab: VocabWord[],
  similar: SimilarGroup[],
  wordnet: WordNet = wordNet(),
): WordQuestion[] {
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

  // WordNet synsets of each vocabulary word, per part of speech, looked up once.
  const synsetCache = new Map<string, string[]>();
  const synsetsOf = (e: Entry, pos: WordNetPos) => {
    const id = `${pos}:${e.key}`;
    const cached = synsetCache.get(id);
    if (cached) return cached;
    const list = wordnet.synsets(e.key, pos);
    synsetCache.set(id, list);
    return list;
  };
  const synonyms = (a: Entry, b: Entry) =>
    wordNetPoses.some((p) => synsetsOf(a, p).some((s) => synsetsOf(b, p).includes(s)));

  /** Four distractors of the same part of speech near the target's frequency rank. */
  function distractors(
    target: Entry,
    avoid: Entry[],
    rand: () => number,
    allowed: (c: Entry) => boolean = () => true,
  ): Entry[] | null {
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
          picked.every((p) => !meaningsOverlap(p.chars, c.chars)) &&
          allowed(c),
      );
      while (picked.length < 4 && candidates.length) {
        const c = candidates.splice(Math.floor(rand() * candidates.length), 1)[0] as Entry;
        // Candidates were filtered against what was picked before this round; check this round's too.
        if (shownMeanings.has(c.short) || picked.some((p) => meaningsOverlap(p.chars, c.chars))) continue;
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

    // Synonym: the partner is another GRE word of the same part of speech sharing a WordNet synset
    // with the word in that part of speech, from the most common sense on (WordNet's order); in a
    // sense, the most frequent partner. A partner whose Chinese meaning shares a morpheme with the
    // word's (the sense the learner sees) is preferred; spelling variants and derived forms
    // (largess/largesse, iterate/reiterate) are not asked.
    const pos = wordNetPosOf(e.pos);
    let partner: Entry | undefined;
    let synset: string[] = [];
    const senses = pos ? synsetsOf(e, pos).map((s) => wordnet.lemmas(s)) : [];
    for (const sameMeaning of [true, false]) {
      for (const lemmas of senses) {
        partner = lemmas
          .map((l) => byKey.get(l))
          .filter(
            (p): p is Entry =>
              p !== undefined &&
              p !== e &&
              p.pos === e.pos &&
              !variants(p.key, e.key) &&
              (!sameMeaning || meaningsOverlap(p.chars, e.chars)),
          )
          .sort((a, b) => a.rank - b.rank || a.key.localeCompare(b.key))[0];
        if (partner) {
          synset = lemmas;
          break;
        }
      }
      if (partner) break;
    }
    if (pos && partner) {
      const key = partner;
      const r3 = seededRandom(`${e.key}:s`);
      const d3 = distractors(e, [key], r3, (c) => synsetsOf(c, pos).length > 0 && !synonyms(c, e) && !synonyms(c, key));
      if (d3) {
        const { options, answer } = place(
          key.w.word,
          d3.map((d) => d.w.word),
          r3,
        );
        const line = key.meanings.find((m) => m.pos === e.pos);
        const group = e.groups.find((g) => g.words.includes(key.key));
        out.push({
          id: `w-${e.key}-s`,
          kind: 'word_synonym',
          word: e.w.word,
          core: e.w.word,
          options,
          answer,
          pairWord: key.w.word,
          analysis:
            `${e.w.word}（${meaning}）与 ${key.w.word}（${line ? shortMeaning([line]) : key.short}）是同义词：` +
            `在 WordNet 中同属一个义项（${synset.join(', ')}）。\n\n` +
            (group ? `近义词辨析（${group.words.join(', ')}）：\n${group.note}\n\n` : '') +
            `其余选项：${d3.map((d) => `${d.w.word}（${d.short}）`).join('，')}，与 ${e.w.word} 不是同义词。`,
          difficulty: Math.min(3, difficultyOf(e.rank) + 1) as 1 | 2 | 3,
        });
      }
    }
  }
  return out;
}

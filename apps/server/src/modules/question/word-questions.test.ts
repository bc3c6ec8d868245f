import { describe, expect, it } from 'vitest';
import {
  meaningChars,
  meaningsOf,
  meaningsOverlap,
  readGreWords,
  readSimilarGroups,
  readWordRoots,
} from './vocabulary.ts';
import { generateWordQuestions } from './word-questions.ts';

const vocab = readGreWords();
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
    expect(kinds.get('word_synonym')).toBeGreaterThan(700);
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

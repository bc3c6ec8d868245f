import { describe, expect, it } from 'vitest';
import { seededRandom } from '../question/word-questions.ts';
import {
  type CalibrationItem,
  type CalibrationPerson,
  calibrate,
  calibrationInput,
  countsForCalibration,
  type LoggedResponse,
  minAnswers,
} from './calibration.ts';
import { type ItemParams, priorParams, probability } from './irt.ts';

function gaussian(rng: () => number): number {
  return Math.sqrt(-2 * Math.log(Math.max(rng(), 1e-12))) * Math.cos(2 * Math.PI * rng());
}

const kinds = ['tc1', 'tc2', 'se', 'rc_single', 'qc', 'ps_single', 'numeric'] as const;

/**
 * A simulated bank: true parameters scattered around the authored-difficulty priors, candidates of
 * ability N(0.3, 1) each answering a random subset (an incomplete design, as on the site).
 */
function simulatedBank(opts: { items: number; persons: number; perPerson: number; seed: string }) {
  const rng = seededRandom(opts.seed);
  const truth: ItemParams[] = [];
  const items: CalibrationItem[] = [];
  for (let i = 0; i < opts.items; i++) {
    const prior = priorParams(kinds[i % kinds.length] as (typeof kinds)[number], (i % 3) + 1);
    truth.push({ ...prior, a: prior.a * Math.exp(0.3 * gaussian(rng)), b: prior.b + 0.4 * gaussian(rng) });
    items.push({ prior, fixed: false });
  }
  const persons: CalibrationPerson[] = [];
  for (let p = 0; p < opts.persons; p++) {
    const theta = 0.3 + gaussian(rng);
    const chosen = new Set<number>();
    while (chosen.size < opts.perPerson) chosen.add(Math.floor(rng() * opts.items));
    const person: CalibrationPerson = { items: [], correct: [] };
    for (const i of chosen) {
      person.items.push(i);
      person.correct.push(rng() < probability(theta, truth[i] as ItemParams));
    }
    persons.push(person);
  }
  return { truth, items, persons };
}

const rms = (xs: number[]) => Math.sqrt(xs.reduce((a, x) => a + x * x, 0) / xs.length);

describe('item calibration', () => {
  it('recovers simulated item parameters from simulated answers', () => {
    const { truth, items, persons } = simulatedBank({ items: 30, persons: 4000, perPerson: 15, seed: 'cal' });
    const r = calibrate(items, persons);
    expect(r.converged).toBe(true);
    const bErr = r.params.map((p, i) => p.b - (truth[i] as ItemParams).b);
    const aErr = r.params.map((p, i) => p.a - (truth[i] as ItemParams).a);
    const priorBErr = items.map((it, i) => it.prior.b - (truth[i] as ItemParams).b);
    expect(rms(bErr)).toBeLessThan(0.25);
    expect(rms(aErr)).toBeLessThan(0.3);
    // Far better than the priors it started from.
    expect(rms(bErr)).toBeLessThan(rms(priorBErr) / 2);
    // The cohort's ability distribution (mean 0.3, SD 1) on the prior-anchored scale.
    expect(r.mean).toBeGreaterThan(0.05);
    expect(r.mean).toBeLessThan(0.55);
    expect(r.sd).toBeGreaterThan(0.8);
    expect(r.sd).toBeLessThan(1.2);
  });

  it('an item with too few answers keeps its prior, and the others are still estimated', () => {
    const { items, persons } = simulatedBank({ items: 12, persons: 1500, perPerson: 8, seed: 'sparse' });
    const held = items.map((it, i) => (i === 3 ? { ...it, fixed: true } : it));
    const r = calibrate(held, persons);
    expect(r.params[3]).toEqual({ a: (items[3] as CalibrationItem).prior.a, b: (items[3] as CalibrationItem).prior.b });
    expect(r.params.filter((p, i) => i !== 3 && p.b !== (items[i] as CalibrationItem).prior.b).length).toBe(11);
  });

  it('builds its input from the response log: mocks count unanswered items as wrong, practice skips them', () => {
    const row = (over: Partial<LoggedResponse>): LoggedResponse => ({
      examId: 'e1',
      questionId: 'q1',
      examKind: 'mock_full',
      category: 1,
      kind: 'tc1',
      difficulty: 2,
      answered: true,
      correct: true,
      ...over,
    });
    expect(countsForCalibration(row({ answered: false, correct: false }))).toBe(true);
    expect(countsForCalibration(row({ examKind: 'practice', answered: false, correct: false }))).toBe(false);
    const log: LoggedResponse[] = [
      row({}),
      row({ questionId: 'q2', answered: false, correct: false }),
      row({ questionId: 'q3', category: 3, kind: 'qc' }),
      row({ examId: 'e2', examKind: 'practice', answered: false, correct: false }),
      row({ examId: 'e2', examKind: 'practice', questionId: 'q2', kind: 'se', difficulty: 3, correct: false }),
      row({ examId: 'e3', category: 5, kind: 'word_meaning', questionId: 'w1' }),
    ];
    const verbal = calibrationInput(log, 'verbal');
    expect(verbal.ids).toEqual(['q1', 'q2']);
    expect(verbal.counts).toEqual([1, 2]);
    expect(verbal.persons).toEqual([
      { items: [0, 1], correct: [true, false] },
      { items: [1], correct: [false] },
    ]);
    expect(verbal.items.every((i) => i.fixed)).toBe(true);
    expect(verbal.items[0]?.prior).toEqual(priorParams('tc1', 2));
    expect(calibrationInput(log, 'quant').ids).toEqual(['q3']);
    const many = Array.from({ length: minAnswers }, (_, i) => row({ examId: `x${i}` }));
    expect(calibrationInput(many, 'verbal').items[0]?.fixed).toBe(false);
  });
});

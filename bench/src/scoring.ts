// `npm run bench:scoring`: how well the 130–170 scores recover a candidate's true ability.
// Simulated candidates with known ability take the real bank's four full mocks (Verbal 12 + 15,
// Quant 12 + 15) under the scoring model, with the item parameters in use (the priors from the
// authored difficulty: no real answers are calibrated yet), and are scored by the same estimator
// the exam result uses. Adaptive = the second section chosen by the routing rule; fixed = the
// medium second section for everyone. Prints RMSE and bias in scaled points, the mean band and how
// often the band holds the true score; bias and RMSE by ability; and what changes them.
// BENCH_SCORING_N (default 2000) candidates per row, BENCH_SCORING_SEED.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AdaptiveLevel } from '@gre/contract/exam';
import { buildTemplates, type TemplateDef } from '../../apps/server/src/modules/exam/exam.templates.ts';
import { buildCatalogue } from '../../apps/server/src/modules/question/catalogue.ts';
import { readContentSets } from '../../apps/server/src/modules/question/content-files.ts';
import { catalogueRowsOf } from '../../apps/server/src/modules/question/content-import.ts';
import { seededRandom } from '../../apps/server/src/modules/question/word-questions.ts';
import {
  estimateAbility,
  type ItemParams,
  itemPrior,
  levelOf,
  type Measure,
  priorParams,
  probability,
  routingCuts,
  routingTheta,
  scaledOf,
  toScaled,
} from '../../apps/server/src/modules/scoring/irt.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const N = Number(process.env.BENCH_SCORING_N ?? 2000);
const seed = process.env.BENCH_SCORING_SEED ?? 'scoring';
const now = new Date();

// The real bank and its templates ---------------------------------------------------------------
const sets = readContentSets(path.join(root, 'content'));
const rows = catalogueRowsOf(sets, now);
const catalogue = await buildCatalogue(rows.questions, rows.groups, rows.tags, now);
const fullMocks = buildTemplates(catalogue).filter((d) => d.template.exam_kind === 'mock_full');

/** One measure of one mock: the first section's items and the second section's variants. */
interface Form {
  first: ItemParams[];
  second: Record<AdaptiveLevel, ItemParams[]>;
}
type ParamsFor = (id: string) => ItemParams;

const priorOf: ParamsFor = (id) => {
  const q = catalogue.byId.get(id)?.question;
  if (!q) throw new Error(`no question ${id}`);
  return priorParams(q.kind, q.difficulty);
};

function formsOf(defs: TemplateDef[], measure: Measure, params: ParamsFor): Form[] {
  return defs.map((d) => {
    const secs = d.sections.filter((s) => s.kind === measure);
    const [first, second] = secs;
    if (!first || !second?.variants) throw new Error(`${d.template.id}: no adaptive ${measure} section`);
    const v = second.variants;
    return {
      first: first.questionIds.map(params),
      second: { easy: v.easy.map(params), medium: v.medium.map(params), hard: v.hard.map(params) },
    };
  });
}

// The simulation -------------------------------------------------------------------------------
interface Outcome {
  theta: number;
  score: number;
  band: number;
  truth: number;
  level: AdaptiveLevel;
}

interface Run {
  measure: Measure;
  adaptive: boolean;
  /** The items' true parameters (answers are drawn from them). */
  truth: Form[];
  /** The parameters the scorer and the router use. */
  scoring: Form[];
  cut?: number;
  /** Every item placed at the candidate's own ability (b = θ): the information floor. */
  oracle?: boolean;
}

function gaussian(rng: () => number): number {
  const u = Math.max(rng(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng());
}

/** A form with every item moved to b = θ (the oracle of the floor row). */
const atAbility = (f: Form, theta: number): Form => {
  const at = (ps: ItemParams[]) => ps.map((p) => ({ ...p, b: theta }));
  return {
    first: at(f.first),
    second: { easy: at(f.second.easy), medium: at(f.second.medium), hard: at(f.second.hard) },
  };
};

function candidate(run: Run, theta: number, formIndex: number, rng: () => number): Outcome {
  const truth = run.oracle ? atAbility(run.truth[formIndex] as Form, theta) : (run.truth[formIndex] as Form);
  const scoring = run.oracle ? truth : (run.scoring[formIndex] as Form);
  const responses: { item: ItemParams; correct: boolean }[] = [];
  let right = 0;
  truth.first.forEach((p, i) => {
    const correct = rng() < probability(theta, p);
    if (correct) right++;
    responses.push({ item: scoring.first[i] as ItemParams, correct });
  });
  const level: AdaptiveLevel = run.adaptive
    ? levelOf(right, routingCuts(scoring.first, run.cut ?? routingTheta))
    : 'medium';
  truth.second[level].forEach((p, i) => {
    responses.push({ item: scoring.second[level][i] as ItemParams, correct: rng() < probability(theta, p) });
  });
  const reported = toScaled(estimateAbility(responses), run.measure, responses.length);
  return { theta, score: reported.score, band: reported.band, truth: scaledOf(theta, run.measure), level };
}

interface Stats {
  n: number;
  rmse: number;
  bias: number;
  band: number;
  coverage: number;
  levels: Record<AdaptiveLevel, number>;
}

function stats(outs: Outcome[]): Stats {
  const n = outs.length;
  let se = 0;
  let e = 0;
  let band = 0;
  let covered = 0;
  const levels = { easy: 0, medium: 0, hard: 0 };
  for (const o of outs) {
    const err = o.score - o.truth;
    se += err * err;
    e += err;
    band += o.band;
    if (Math.abs(err) <= o.band) covered++;
    levels[o.level]++;
  }
  return {
    n,
    rmse: Math.sqrt(se / n),
    bias: e / n,
    band: band / n,
    coverage: covered / n,
    levels: { easy: levels.easy / n, medium: levels.medium / n, hard: levels.hard / n },
  };
}

/** N candidates with ability from N(0,1), each on one of the mocks in turn. */
function population(run: Run, label: string): Stats {
  const rng = seededRandom(`${seed}:${label}`);
  const outs: Outcome[] = [];
  for (let i = 0; i < N; i++) outs.push(candidate(run, gaussian(rng), i % run.truth.length, rng));
  return stats(outs);
}

/** Candidates at fixed abilities, for bias and RMSE by ability. */
function atTheta(run: Run, theta: number, label: string, n: number): Stats {
  const rng = seededRandom(`${seed}:${label}:${theta}`);
  const outs: Outcome[] = [];
  for (let i = 0; i < n; i++) outs.push(candidate(run, theta, i % run.truth.length, rng));
  return stats(outs);
}

// The rows -----------------------------------------------------------------------------------------
const f1 = (x: number) => x.toFixed(1);
const f2 = (x: number) => x.toFixed(2);
const pc = (x: number) => `${Math.round(x * 100)}%`;
const measures: Measure[] = ['verbal', 'quant'];
const priorForms = Object.fromEntries(measures.map((m) => [m, formsOf(fullMocks, m, priorOf)])) as Record<
  Measure,
  Form[]
>;

console.log(
  `scoring simulation: ${fullMocks.length} full mocks of the real bank (${catalogue.entries.length} questions), ` +
    `${N} candidates per row with ability ~ N(0,1), 3PL with fixed guessing, EAP over N(0,1), Node ${process.versions.node}`,
);
console.log(
  'item parameters in use: the priors (b = −1/0/+1 for authored difficulty 1/2/3, a = 1.2, c by answer format)',
);
console.log('');
const header = `${'measure'.padEnd(8)} ${'design'.padEnd(9)} ${'RMSE'.padStart(5)} ${'bias'.padStart(6)} ${'band ±'.padStart(7)} ${'cover'.padStart(6)}  second section easy/medium/hard`;
console.log(header);
const main: Record<string, Stats> = {};
for (const measure of measures) {
  for (const adaptive of [true, false]) {
    const label = `${measure}-${adaptive ? 'adaptive' : 'fixed'}`;
    const s = population({ measure, adaptive, truth: priorForms[measure], scoring: priorForms[measure] }, label);
    main[label] = s;
    console.log(
      `${measure.padEnd(8)} ${(adaptive ? 'adaptive' : 'fixed').padEnd(9)} ${f2(s.rmse).padStart(5)} ${f2(s.bias).padStart(6)} ${f1(s.band).padStart(7)} ${pc(s.coverage).padStart(6)}  ${pc(s.levels.easy)} / ${pc(s.levels.medium)} / ${pc(s.levels.hard)}`,
    );
  }
}

console.log('');
console.log('by true ability (500 candidates each): bias / RMSE in scaled points');
const thetas = [-2.5, -2, -1.5, -1, -0.5, 0, 0.5, 1, 1.5, 2, 2.5];
console.log(`${'θ'.padEnd(20)} ${thetas.map((t) => String(t).padStart(11)).join('')}`);
for (const measure of measures) {
  for (const adaptive of [true, false]) {
    const run = { measure, adaptive, truth: priorForms[measure], scoring: priorForms[measure] };
    const cells = thetas.map((t) => {
      const s = atTheta(run, t, `${measure}-${adaptive}`, 500);
      return `${f1(s.bias)}/${f1(s.rmse)}`.padStart(11);
    });
    console.log(`${`${measure} ${adaptive ? 'adaptive' : 'fixed'}`.padEnd(20)} ${cells.join('')}`);
  }
}
console.log(
  `${'true score'.padEnd(20)} ${thetas.map((t) => `${Math.round(scaledOf(t, 'verbal'))}/${Math.round(scaledOf(t, 'quant'))}`.padStart(11)).join('')}`,
);

// What moves the figures ---------------------------------------------------------------------------
console.log('');
console.log('what changes it (adaptive, RMSE / bias / coverage):');
const variantRow = (
  label: string,
  make: (m: Measure) => { truth: Form[]; scoring: Form[]; cut?: number; oracle?: boolean },
) => {
  const cells = measures.map((measure) => {
    const s = population({ measure, adaptive: true, ...make(measure) }, label);
    return `${measure} ${f2(s.rmse)} / ${f2(s.bias)} / ${pc(s.coverage)}`;
  });
  console.log(`  ${label.padEnd(58)} ${cells.join('   ')}`);
};
for (const cut of [0.3, 0.8]) {
  variantRow(`routing at θ = ±${cut} instead of ±${routingTheta}`, (m) => ({
    truth: priorForms[m],
    scoring: priorForms[m],
    cut,
  }));
}
const withA =
  (a: number): ParamsFor =>
  (id) => ({ ...priorOf(id), a });
for (const a of [0.9, 1.7]) {
  variantRow(`all items a = ${a} (prior assumes ${itemPrior.a})`, (m) => {
    const forms = formsOf(fullMocks, m, withA(a));
    return { truth: forms, scoring: forms };
  });
}
// Before calibration the priors are only guesses: the true parameters scatter around them.
const rng = seededRandom(`${seed}:scatter`);
const scattered = new Map<string, ItemParams>();
const trueOf: ParamsFor = (id) => {
  let p = scattered.get(id);
  if (!p) {
    const prior = priorOf(id);
    p = {
      ...prior,
      a: prior.a * Math.exp(itemPrior.logASd * gaussian(rng)),
      b: prior.b + itemPrior.bSd * gaussian(rng),
    };
    scattered.set(id, p);
  }
  return p;
};
variantRow('true a, b scattered around the priors, scored with priors', (m) => ({
  truth: formsOf(fullMocks, m, trueOf),
  scoring: priorForms[m],
}));

// The floor: what no bank can beat at a = 1.2 with this test length and these answer formats. Every
// item of a candidate's form sits exactly at the candidate's own ability (b = θ, an oracle no real
// test has); the same EAP scoring.
variantRow('floor: every item at b = the candidate’s θ (an oracle form)', (m) => ({
  truth: priorForms[m],
  scoring: priorForms[m],
  oracle: true,
}));

console.log('');
for (const measure of measures) {
  const a = main[`${measure}-adaptive`] as Stats;
  const f = main[`${measure}-fixed`] as Stats;
  console.log(
    `${measure}: target RMSE ≤ 3 points ${a.rmse <= 3 ? 'met' : 'NOT met'} by adaptive mocks (${f2(a.rmse)}), ` +
      `${f.rmse <= 3 ? 'met' : 'not met'} by fixed forms (${f2(f.rmse)})`,
  );
}

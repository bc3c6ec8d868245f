// `npm run bench:essay [file.jsonl]`: how well the essay graders agree with human raters.
// Reads human-scored essays (JSONL, format in bench/README.md) from the argument or ESSAY_BENCH_DATA,
// splits them by a hash of the id into fit (~2/3) and held-out (~1/3), and prints per split:
// Spearman and quadratic-weighted kappa of each grader against the human score (the mean of the
// raters, on their scale in half points), the same for a length-only baseline (word count mapped to
// the scale by quantiles fitted on the fit split), human vs human when there are two raters, the
// share of zeros and the score distributions side by side. Graders: the built-in scorer always; the
// model grader too when ESSAY_MODEL_URL is set (ESSAY_MODEL_KEY, ESSAY_MODEL_NAME,
// ESSAY_MODEL_TIMEOUT_MS, as for the server).
// `npm run bench:essay -- --teacher`: the same on the teacher-graded essays of the app's database
// (DATABASE_URL or DATA_DIR, as the server; the teacher's score is the human score, scale 0–6), with
// the weights refitted on them (job essay.refit) as a further grader when there are any.
// `npm run fit:essay [file.jsonl]` (= this script with --fit) refits the built-in scorer's weights on
// the fit split and writes apps/server/src/modules/essay/builtin-weights.json with the held-out
// figures of the refitted scorer.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { essayModelOf, loadConfig } from '../../apps/server/src/config.ts';
import {
  bootstrapInterval,
  fitLengthBaseline,
  isHeldOut,
  qwk,
  qwkHalves,
  spearman,
} from '../../apps/server/src/modules/essay/agreement.ts';
import {
  analyzeEssay,
  buildLexicon,
  gradeBuiltin,
  scoreFeatures,
} from '../../apps/server/src/modules/essay/builtin-grader.ts';
import {
  type FittedWeights,
  fitWeights,
  heldOutFigures,
  weightsPath,
} from '../../apps/server/src/modules/essay/builtin-weights.ts';
import { createEssayRepo } from '../../apps/server/src/modules/essay/essay.repo.ts';
import type { GradeInput, Grader } from '../../apps/server/src/modules/essay/grader.ts';
import { createModelGrader } from '../../apps/server/src/modules/essay/model-grader.ts';
import { loadCatalogue } from '../../apps/server/src/modules/question/catalogue.ts';
import { readGreWords } from '../../apps/server/src/modules/question/vocabulary.ts';
import { openPglite, openPostgres } from '../../apps/server/src/platform/db.ts';
import { root } from './server.ts';

interface HumanEssay {
  id: string;
  prompt: string;
  /** The task instructions, when the prompt has them apart (teacher-graded GRE essays). */
  instructions?: string;
  essay: string;
  /** The raters' scores (rater1, rater2, … in the file), on the scale min..max. */
  raters: number[];
  /** The human score on the raters' scale in half points: the mean of the raters. */
  human: number;
}

const args = process.argv.slice(2);
const fit = args.includes('--fit');
/** Teacher-graded essays of the app's database (DATABASE_URL or DATA_DIR, as the server) instead of a file. */
const teacher = args.includes('--teacher');
/** A set the scorer was never fitted on (our own rubric-anchored essays): report all of it first. */
const all = args.includes('--all');
const file = args.find((a) => !a.startsWith('--')) ?? process.env.ESSAY_BENCH_DATA;
if (!file && !teacher) {
  console.error(
    "usage: npm run bench:essay -- <essays.jsonl> [--all]   (or ESSAY_BENCH_DATA=<essays.jsonl>; --all: also every essay of a set not fitted on; --teacher: the database's teacher grades)",
  );
  process.exit(2);
}
const scaleArg = process.env.ESSAY_BENCH_SCALE ?? (teacher ? '0-6' : '1-6');
const [scaleMin, scaleMax] = scaleArg.split('-').map(Number) as [number, number];

/** ASAP's anonymisation tokens (@PERSON1, @CAPS2, @ORGANIZATION1 …) read as a capitalised name. */
const deanonymise = (text: string) => text.replace(/@[A-Z]+\d*/g, 'Name');

function readEssays(p: string): HumanEssay[] {
  return fs
    .readFileSync(p, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((line, i) => {
      const r = JSON.parse(line) as Record<string, unknown>;
      const raters = Object.keys(r)
        .filter((k) => /^rater\d+$/.test(k))
        .sort()
        .map((k) => Number(r[k]))
        .filter((x) => Number.isFinite(x));
      if (typeof r.essay !== 'string' || typeof r.prompt !== 'string' || !raters.length)
        throw new Error(`${p}:${i + 1}: needs id, prompt, essay and at least one rater<n> score`);
      const human = Math.round((raters.reduce((a, b) => a + b, 0) / raters.length) * 2) / 2;
      return { id: String(r.id ?? i + 1), prompt: r.prompt, essay: deanonymise(r.essay), raters, human };
    });
}

/** Teacher-graded essays from the database; also the refitted weights in use there, if any. */
async function readTeacherGraded(): Promise<{ essays: HumanEssay[]; refit: FittedWeights | null }> {
  const config = loadConfig();
  const database =
    config.databaseKind === 'postgres'
      ? await openPostgres(config.DATABASE_URL as string, 2)
      : await openPglite(path.join(config.DATA_DIR, 'pglite'));
  try {
    await database.migrate();
    const repo = createEssayRepo(database.db);
    const catalogue = await loadCatalogue(database.db, new Date());
    const rows = await repo.teacherGraded(1_000_000);
    const refit = ((await repo.latestWeights())?.weights as FittedWeights | undefined) ?? null;
    const out = rows.flatMap((r) => {
      const q = catalogue.byId.get(r.questionId)?.question;
      if (q?.kind !== 'issue' || r.teacherScore === null) return [];
      const e: HumanEssay = {
        id: r.id,
        prompt: q.inquiry,
        instructions: q.input_method.instructions,
        essay: r.text,
        raters: [r.teacherScore],
        human: r.teacherScore,
      };
      return [e];
    });
    return { essays: out, refit };
  } finally {
    await database.close();
  }
}

const source = teacher ? await readTeacherGraded() : { essays: readEssays(path.resolve(file as string)), refit: null };
const essays = source.essays;
if (!essays.length) {
  console.log(teacher ? 'no teacher-graded essays in the database' : 'no essays in the file');
  process.exit(0);
}
const label = teacher ? 'teacher-graded essays of the database' : path.basename(file as string);
const fitSet = essays.filter((e) => !isHeldOut(e.id));
const heldSet = essays.filter((e) => isHeldOut(e.id));
const inputOf = (e: HumanEssay): GradeInput => ({
  prompt: { id: 'bench', stem: e.prompt, instructions: '' },
  text: e.essay,
});
const lexicon = buildLexicon(readGreWords());
/** Human levels in half points on the raters' scale. */
const humanLevels = Array.from({ length: (scaleMax - scaleMin) * 2 + 1 }, (_, i) => scaleMin + i / 2);

if (fit && file) {
  const features = (set: HumanEssay[]) => set.map((e) => analyzeEssay(inputOf(e), lexicon));
  const weights = fitWeights(
    features(fitSet),
    fitSet.map((e) => e.human),
    humanLevels,
    {
      data: `${label}: ${essays.length} essays, fit split ${fitSet.length} (sha256(id) mod 3 ≠ 0)`,
      command: `npm run fit:essay -- ${label}`,
    },
  );
  // Held-out figures of the refitted scorer, stored with it (the card quotes them).
  weights.heldOut = heldOutFigures(
    weights,
    features(heldSet),
    heldSet.map((e) => e.human),
  );
  fs.writeFileSync(path.join(root, weightsPath), `${JSON.stringify(weights, null, 2)}\n`);
  // In the repository's format, so that a refit commits cleanly.
  execFileSync(path.join(root, 'node_modules/.bin/biome'), ['format', '--write', weightsPath], { cwd: root });
  console.log(
    `wrote ${weightsPath}: cross-validated Spearman on the fit split ${weights.crossValidatedSpearman}, λ = ${weights.lambda}; held-out n = ${heldSet.length}, Spearman ${weights.heldOut.spearman}, QWK ${weights.heldOut.qwk}`,
  );
  process.exit(0);
}

// Graders --------------------------------------------------------------------------------------------
const graders: { name: string; grade: (e: HumanEssay) => Promise<number> }[] = [
  { name: 'built-in', grade: async (e) => gradeBuiltin(inputOf(e), lexicon).score },
];
const refit = source.refit;
if (refit) {
  // The weights refitted on these teacher grades (job essay.refit; its fit split is this fit split).
  graders.push({
    name: 'built-in, refitted on teacher grades',
    grade: async (e) => scoreFeatures(analyzeEssay(inputOf(e), lexicon), refit).score,
  });
}
// The model grader as the server configures it (ESSAY_MODEL_*, config.ts).
const modelConfig = essayModelOf(loadConfig());
if (modelConfig) {
  const model: Grader = createModelGrader(modelConfig, () => lexicon);
  graders.push({
    name: `model (${modelConfig.model})`,
    grade: async (e) => (await model.grade(inputOf(e))).score,
  });
}

const words = (e: HumanEssay) => e.essay.split(/\s+/).filter(Boolean).length;
const lengthScore = fitLengthBaseline(
  fitSet.map(words),
  fitSet.map((e) => e.human),
  humanLevels,
);

const fmt = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : '—');
const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

/** "0.730 [0.61, 0.82]": the figure and its 95 % bootstrap interval (resampling the essays). */
function withInterval(set: HumanEssay[], stat: (idx: number[]) => number): string {
  const all = stat(set.map((_, i) => i));
  if (set.length < 10) return fmt(all);
  const [lo, hi] = bootstrapInterval(set.length, stat);
  return `${fmt(all)} [${lo.toFixed(2)}, ${hi.toFixed(2)}]`;
}

async function report(label: string, set: HumanEssay[]) {
  const human = set.map((e) => e.human);
  const pick = (xs: number[], idx: number[]) => idx.map((i) => xs[i] as number);
  const rho = (xs: number[]) => withInterval(set, (idx) => spearman(pick(xs, idx), pick(human, idx)));
  const kappa = (xs: number[]) => withInterval(set, (idx) => qwkHalves(pick(xs, idx), pick(human, idx)));
  console.log(`\n## ${label} (n = ${set.length})\n`);
  console.log('figures with a 95 % bootstrap interval [2.5 %, 97.5 %] (2,000 resamples of the essays)\n');
  console.log('| scorer | Spearman | QWK (half points, 0–6) | zeros |');
  console.log('| --- | --- | --- | --- |');
  const columns: [string, number[]][] = [['human (mean of raters)', human]];
  const len = set.map((e) => lengthScore(words(e)));
  const machine: [string, number[]][] = [];
  for (const g of graders) {
    const scores: number[] = [];
    for (const e of set) scores.push(await g.grade(e));
    const zeros = scores.filter((s) => s === 0).length;
    console.log(`| ${g.name} | ${rho(scores)} | ${kappa(scores)} | ${zeros} (${pct(zeros / set.length)}) |`);
    columns.push([g.name, scores]);
    machine.push([g.name, scores]);
  }
  console.log(`| length only (word-count quantiles of the fit split) | ${rho(len)} | ${kappa(len)} | 0 |`);
  const raw = set.map(words);
  console.log(`| word count itself (Spearman only) | ${rho(raw)} | — | — |`);
  columns.push(['length only', len]);
  for (const [name, scores] of machine) {
    const gain = withInterval(
      set,
      (idx) => spearman(pick(scores, idx), pick(human, idx)) - spearman(pick(len, idx), pick(human, idx)),
    );
    console.log(`| ${name} − length only (Spearman difference) | ${gain} | — | — |`);
  }
  const two = set.filter((e) => e.raters.length >= 2);
  if (two.length) {
    const r1 = two.map((e) => e.raters[0] as number);
    const r2 = two.map((e) => e.raters[1] as number);
    const onTwo = (f: (idx: number[]) => number) => withInterval(two, f);
    console.log(
      `| rater 1 vs rater 2 (n = ${two.length}, integer scale ${scaleMin}–${scaleMax}) | ${onTwo((idx) => spearman(pick(r1, idx), pick(r2, idx)))} | ${onTwo((idx) => qwk(pick(r1, idx), pick(r2, idx), scaleMin, scaleMax))} | — |`,
    );
    // Like for like with the raters' kappa: the machine's score rounded to the raters' integer scale.
    const inSet = new Set(two.map((e) => e.id));
    for (const [name, scores] of machine) {
      const mine = set.flatMap((e, i) => (inSet.has(e.id) ? [Math.round(scores[i] as number)] : []));
      for (const [k, r] of [
        [1, r1],
        [2, r2],
      ] as const) {
        console.log(
          `| ${name} (rounded) vs rater ${k} (integer scale) | ${onTwo((idx) => spearman(pick(mine, idx), pick(r, idx)))} | ${onTwo((idx) => qwk(pick(mine, idx), pick(r, idx), scaleMin, scaleMax))} | — |`,
        );
      }
    }
  }
  console.log(`\nscore distribution (count per half point)\n`);
  console.log(`| score | ${columns.map((c) => c[0]).join(' | ')} |`);
  console.log(`| --- | ${columns.map(() => '---').join(' | ')} |`);
  for (let k = 0; k <= 12; k++) {
    const s = k / 2;
    const counts = columns.map((c) => c[1].filter((x) => x === s).length);
    if (counts.some((c) => c > 0)) console.log(`| ${s} | ${counts.join(' | ')} |`);
  }
}

console.log(`# Essay scorer vs human raters: ${label} (${essays.length} essays; rater scale ${scaleMin}–${scaleMax})`);
console.log('split: sha256(id) mod 3 = 0 → held-out; length baseline fitted on the fit split');
if (all) await report('all essays (none used to fit the built-in weights)', essays);
await report('held-out', heldSet);
await report('fit (in-sample for weights fitted on it)', fitSet);

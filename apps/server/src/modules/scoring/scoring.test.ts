// Through the API on a real database: a full mock taken end to end gets adaptive second sections
// and scaled scores with bands; the recalibration job writes item parameters from the response log.

import * as ep from '@gre/contract/endpoints/exam';
import * as qep from '@gre/contract/endpoints/question';
import { ExamStatus } from '@gre/contract/enums';
import type { AdaptiveLevel } from '@gre/contract/exam';
import type { Answer, Question } from '@gre/contract/question';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookTemplates } from '../../db/schema/exam.ts';
import { itemParams, responses } from '../../db/schema/scoring.ts';
import { createJobQueue } from '../../platform/jobs.ts';
import { roleTokens, staffUser } from '../../test/accounts.ts';
import { createTestApp, type TestApp, testDbKinds } from '../../test/harness.ts';
import { answerFits, scoreAnswer } from '../exam/exam.scoring.ts';
import type { TemplateSection } from '../exam/exam.templates.ts';
import { seededRandom } from '../question/word-questions.ts';
import { minAnswers } from './calibration.ts';
import { priorParams, probability } from './irt.ts';
import { createScoringService, recalibrateQueue } from './scoring.service.ts';

const blank: Answer = { selects: [], multi_selects: [], text: '', description: '', text2: '' };

/** A wrong answer the server accepts: shifted choices, a subset, or an impossible number. */
function wrongAnswer(q: Question): Answer {
  const key = q.standard_answer as Answer;
  const n = Math.max(2, ...q.input_method.option_groups.map((g) => g.length));
  const candidates: Answer[] = [
    { ...blank, text: '987654.321', text2: key.text2 ? '7' : '' },
    { ...blank, selects: key.selects.map((s) => (s + 1) % n) },
    { ...blank, selects: key.selects.map((s) => (s === 0 ? 1 : s - 1)) },
    { ...blank, selects: key.selects.slice(0, 1) },
    { ...blank, selects: [key.selects[0] === 0 ? 1 : 0] },
  ];
  const found = candidates.find((a) => answerFits(q, a, 50) && scoreAnswer(q, a) === false);
  if (!found) throw new Error(`no wrong answer for ${q.id}`);
  return found;
}

describe.each(testDbKinds())('scaled scores and adaptive mocks on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(kind, { content: true });
    Object.assign(tokens, await roleTokens(t));
    tokens.admin = (await staffUser(t, { isAdmin: true })).token;
  }, 120_000);
  afterAll(async () => {
    await t.close();
  }, 30_000);

  const ok = async <E extends Parameters<TestApp['call']>[0]>(e: E, body: unknown, who: string) => {
    const res = (await t.call(e, body, { token: tokens[who] })).body;
    if (!res.ok || !res.data) throw new Error(`${e.path}: ${JSON.stringify(res.err_data)}`);
    return res.data as NonNullable<typeof res.data>;
  };
  const keyed = new Map<string, Question>();
  const question = async (id: string) => {
    let q = keyed.get(id);
    if (!q) {
      q = (await ok(qep.getQuestion, { id }, 'admin')).question;
      keyed.set(id, q);
    }
    return q;
  };
  const answerAll = async (exam_id: string, si: number, who: string, right: (i: number) => boolean) => {
    const { exam } = await ok(ep.getExam, { exam_id }, who);
    const s = exam.sections[si];
    for (const [i, r] of (s?.questions ?? []).entries()) {
      const q = await question(r.id);
      const answer =
        q.kind === 'issue'
          ? { ...blank, text: 'An essay.' }
          : right(i)
            ? (q.standard_answer as Answer)
            : wrongAnswer(q);
      await ok(ep.saveAnswer, { exam_id, section_index: si, question_index: i, answer, used_time_seconds: 20 }, who);
    }
  };
  const variantsOf = async (templateId: string) => {
    const [row] = await t.database.db.select().from(bookTemplates).where(eq(bookTemplates.id, templateId));
    return ((row?.spec ?? []) as TemplateSection[]).map((s) => s.variants ?? null);
  };

  it('a full mock: the second sections appear when the first ones are committed, chosen by them; scaled scores with bands', async () => {
    const { exam_id } = await ok(ep.openBook, { template_id: 'mock-full-1' }, 'vip');
    const variants = await variantsOf('mock-full-1');
    let { exam } = await ok(ep.getExam, { exam_id }, 'vip');
    expect(exam.sections.map((s) => [s.kind, s.questions.length])).toEqual([
      ['issue', 1],
      ['verbal', 12],
      ['quant', 12],
      ['verbal', 0],
      ['quant', 0],
    ]);
    const allVariantIds = [3, 4].flatMap((i) => Object.values(variants[i] ?? {}).flat());
    expect(allVariantIds.length).toBeGreaterThan(0);
    const leaks = (json: string, idsList: string[]) => idsList.filter((id) => json.includes(`"${id}"`));
    expect(leaks(JSON.stringify(exam), allVariantIds)).toEqual([]);
    expect((await ok(ep.listRecords, {}, 'vip')).records[0]?.question_count).toBe(55);

    await answerAll(exam_id, 0, 'vip', () => true);
    await ok(ep.finishSection, { exam_id, section_index: 0 }, 'vip');
    // Verbal 1 all right → the hard Verbal 2.
    await answerAll(exam_id, 1, 'vip', () => true);
    await ok(ep.finishSection, { exam_id, section_index: 1 }, 'vip');
    ({ exam } = await ok(ep.getExam, { exam_id }, 'vip'));
    const v = variants[3] as Record<AdaptiveLevel, string[]>;
    expect(exam.sections[3]?.questions.map((q) => q.id)).toEqual(v.hard);
    expect(exam.sections[3]?.difficulty).toBeGreaterThanOrEqual(2);
    expect(exam.sections[4]?.questions).toEqual([]);
    const unchosen = [...v.easy, ...v.medium].filter((id) => !v.hard.includes(id));
    expect(leaks(JSON.stringify(exam), [...unchosen, ...Object.values(variants[4] ?? {}).flat()])).toEqual([]);

    // Quant 1 all wrong → the easy Quant 2.
    await answerAll(exam_id, 2, 'vip', () => false);
    await ok(ep.finishSection, { exam_id, section_index: 2 }, 'vip');
    ({ exam } = await ok(ep.getExam, { exam_id }, 'vip'));
    expect(exam.sections[4]?.questions.map((q) => q.id)).toEqual((variants[4] as Record<AdaptiveLevel, string[]>).easy);

    // Verbal 2: every other one right; Quant 2 runs out of time with nothing answered.
    await answerAll(exam_id, 3, 'vip', (i) => i % 2 === 0);
    await ok(ep.finishSection, { exam_id, section_index: 3 }, 'vip');
    await ok(ep.openQuestion, { exam_id, section_index: 4, question_index: 0 }, 'vip');
    t.clock.advance(27 * 60_000);
    const report = await ok(ep.getReport, { exam_id }, 'vip');
    const r = report.exam.result;
    expect(report.exam.status).toBe(ExamStatus.Finished);
    expect(r?.adaptive).toEqual({ verbal: 'hard', quant: 'easy' });
    expect(r?.verbal_score).toMatchObject({ items: 27 });
    expect(r?.verbal_score?.score).toBeGreaterThanOrEqual(150);
    expect(r?.verbal_score?.score).toBeLessThanOrEqual(170);
    expect(r?.verbal_score?.band).toBeGreaterThanOrEqual(1);
    expect(r?.verbal_score?.band).toBeLessThanOrEqual(6);
    // Quant: twelve wrong answers and fifteen unanswered (wrong, as on the test).
    expect(r?.quant_score).toMatchObject({ items: 27 });
    expect(r?.quant_score?.score).toBeLessThan(140);
    expect(r?.total_score).toBe((r?.verbal_score?.score ?? 0) + (r?.quant_score?.score ?? 0));
    expect(r?.interpret).toContain(`语文 ${r?.verbal_score?.score} ± ${r?.verbal_score?.band}`);
    expect(r?.interpret).toMatch(/第二部分难度（由第一部分表现决定）：语文较难，数学较易/);
    expect(r?.verbal).toEqual({ correct: 12 + 8, total: 27 });
    expect(r?.quantitative).toEqual({ correct: 0, total: 27 });
    // The response log holds the chosen variants' questions (calibration reads it).
    const log = await t.database.db.select().from(responses).where(eq(responses.examId, exam_id));
    expect(log.map((x) => x.questionId)).toEqual(expect.arrayContaining(v.hard));
    expect(log).toHaveLength(54);
  });

  it('a measure with no answer gets no score and there is no total', async () => {
    const { exam_id } = await ok(ep.openBook, { template_id: 'mock-full-2' }, 'svip');
    const { exam } = await ok(ep.getExam, { exam_id }, 'svip');
    const first = exam.sections[1]?.questions[0]?.id as string;
    await ok(
      ep.saveAnswer,
      { exam_id, section_index: 0, question_index: 0, answer: { ...blank, text: 'Essay.' }, used_time_seconds: 5 },
      'svip',
    );
    await ok(ep.finishSection, { exam_id, section_index: 0 }, 'svip');
    const q = await question(first);
    await ok(
      ep.saveAnswer,
      { exam_id, section_index: 1, question_index: 0, answer: q.standard_answer, used_time_seconds: 5 },
      'svip',
    );
    await ok(ep.finishExam, { exam_id }, 'svip');
    const r = (await ok(ep.getReport, { exam_id }, 'svip')).exam.result;
    expect(r?.verbal_score?.items).toBe(27);
    expect(r?.quant_score).toBeNull();
    expect(r?.total_score).toBeNull();
    expect(r?.adaptive).toEqual({ verbal: 'easy', quant: 'easy' });
    expect(r?.interpret).toMatch(/数学没有作答任何题，不计分/);
  });

  it('a custom full exam is adaptive too: its second sections are filled when the first ones are committed', async () => {
    const { exam_id } = await ok(ep.createExam, { create_option: { kind: 'full', include_done: true } }, 'svip');
    let { exam } = await ok(ep.getExam, { exam_id }, 'svip');
    expect(exam.kind).toBe('mock_full');
    expect(exam.sections.map((s) => [s.kind, s.questions.length])).toEqual([
      ['verbal', 12],
      ['quant', 12],
      ['verbal', 0],
      ['quant', 0],
    ]);
    const first = new Set(exam.sections[0]?.questions.map((q) => q.id));
    await ok(ep.openQuestion, { exam_id, section_index: 0, question_index: 0 }, 'svip');
    await ok(ep.finishSection, { exam_id, section_index: 0 }, 'svip');
    ({ exam } = await ok(ep.getExam, { exam_id }, 'svip'));
    const second = exam.sections[2]?.questions ?? [];
    expect(second.length).toBeGreaterThanOrEqual(13);
    expect(second.length).toBeLessThanOrEqual(15);
    expect(second.some((q) => first.has(q.id))).toBe(false);
    // Nothing right in Verbal 1: the easy variant, easier than average.
    expect(exam.sections[2]?.difficulty).toBeLessThanOrEqual(2);
    expect(exam.sections[3]?.questions).toEqual([]);
  });

  it('recalibration writes item parameters from the log; sparse items keep their prior; the cache reloads', async () => {
    const [someone] = await t.database.db.select({ userId: responses.userId }).from(responses).limit(1);
    const userId = someone?.userId as number;
    // 300 simulated candidates answer five verbal items; a sixth item has only 40 answers.
    const rng = seededRandom('recal');
    const truth = [-1, -0.4, 0, 0.5, 1].map((b) => ({ ...priorParams('tc1', 2), b }));
    const rows: (typeof responses.$inferInsert)[] = [];
    const at = t.clock.now();
    for (let p = 0; p < 300; p++) {
      const theta = Math.sqrt(-2 * Math.log(Math.max(rng(), 1e-12))) * Math.cos(2 * Math.PI * rng());
      const items = p < 40 ? [...truth.keys(), 5] : [...truth.keys()];
      for (const i of items) {
        const item = truth[i] ?? { a: 1.2, b: 0, c: 0.2 };
        const correct = rng() < probability(theta, item);
        rows.push({
          userId,
          examId: `sim-${p}`,
          sectionIndex: 0,
          questionIndex: i,
          questionId: `sim-q${i}`,
          examKind: 'mock_verbal',
          category: 1,
          kind: 'tc1',
          difficulty: 2,
          answered: true,
          correct,
          usedSeconds: 30,
          day: '2026-11-21',
          at,
        });
      }
    }
    for (let i = 0; i < rows.length; i += 500) await t.database.db.insert(responses).values(rows.slice(i, i + 500));
    const scoring = createScoringService({ db: t.database.db, clock: t.clock });
    await scoring.ready();
    const q0 = { id: 'sim-q0', kind: 'tc1', difficulty: 2 } as const;
    expect(scoring.paramsOf(q0)).toEqual(priorParams('tc1', 2));
    const summary = await scoring.recalibrate();
    expect(summary.measures.verbal.calibrated).toBe(5);
    const stored = new Map((await t.database.db.select().from(itemParams)).map((r) => [r.questionId, r] as const));
    for (const [i, b] of truth.map((x) => x.b).entries()) {
      const row = stored.get(`sim-q${i}`);
      expect(row?.source).toBe('calibrated');
      expect(row?.n).toBe(300);
      expect(Math.abs((row?.b ?? 99) - b), `sim-q${i}`).toBeLessThan(0.5);
    }
    expect(stored.get('sim-q5')).toMatchObject({ source: 'prior', n: 40, a: 1.2, b: 0 });
    expect(40).toBeLessThan(minAnswers);
    // The mocks' real items answered once above keep their prior too.
    expect(
      [...stored.values()].filter((r) => !r.questionId.startsWith('sim-')).every((r) => r.source === 'prior'),
    ).toBe(true);
    // The reloaded cache scores with the calibrated values.
    const p0 = scoring.paramsOf(q0);
    expect(p0.b).toBeCloseTo(stored.get('sim-q0')?.b as number, 5);
    expect(p0.c).toBe(0.2);
    expect(scoring.paramsOf({ id: 'sim-q5', kind: 'tc1', difficulty: 3 })).toEqual(priorParams('tc1', 3));
  });

  it('the recalibration runs as a job on the queue', async () => {
    const jobs = createJobQueue(t.database, { cron: false });
    await jobs.start();
    try {
      const runs: object[] = [];
      const scoring = createScoringService({
        db: t.database.db,
        clock: t.clock,
        log: { info: (o) => runs.push(o) },
      });
      t.clock.advance(3_600_000);
      await scoring.startWorkers(jobs);
      await jobs.send(recalibrateQueue, {});
      for (let waited = 0; !runs.length; waited += 100) {
        if (waited > 30_000) throw new Error('the recalibration job did not run');
        await new Promise((r) => setTimeout(r, 100));
      }
      const rows = await t.database.db.select().from(itemParams);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.updatedAt.getTime() === t.clock.now().getTime())).toBe(true);
    } finally {
      await jobs.stop(2000);
    }
  });
});

// Statistics fed by the real exam service: a candidate finishes a practice set and a section mock
// through the API, and the summary endpoints count them (the response log and daily activity
// written by modules/exam, read by modules/summary).
import * as ep from '@gre/contract/endpoints/exam';
import * as qep from '@gre/contract/endpoints/question';
import * as sep from '@gre/contract/endpoints/summary';
import * as uep from '@gre/contract/endpoints/user';
import type { Answer } from '@gre/contract/question';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffUser, userWithRole } from '../../test/accounts.ts';
import { createTestApp, type TestApp, testDbKinds } from '../../test/harness.ts';

describe.each(testDbKinds())('statistics after real practice on %s', (kind) => {
  let t: TestApp;
  let admin = '';
  let svip = '';
  beforeAll(async () => {
    // Tuesday 2026-11-24, 10:00 in China.
    t = await createTestApp(kind, { start: '2026-11-24T02:00:00Z', content: true });
    admin = (await staffUser(t, { isAdmin: true })).token;
    svip = (await userWithRole(t, 4)).token;
  }, 120_000);
  afterAll(async () => {
    await t.close();
  }, 30_000);

  const ok = async <E extends Parameters<TestApp['call']>[0]>(e: E, body: unknown, token: string) => {
    const res = await t.call(e, body, { token });
    if (!res.body.ok || !res.body.data) throw new Error(`${e.path}: ${JSON.stringify(res.body.err_data)}`);
    return res.body.data as NonNullable<typeof res.body.data>;
  };
  const keyOf = async (id: string): Promise<Answer> => {
    const q = await ok(qep.getQuestion, { id }, admin);
    return q.question.standard_answer as Answer;
  };

  /**
   * Opens a template and works through it, `secs` per question: even questions right; odd ones
   * wrong (`wrong`) or left unanswered (`skip`). Then finishes.
   */
  async function take(templateId: string, secs: number, odd: 'wrong' | 'skip') {
    const { exam_id } = await ok(ep.openBook, { template_id: templateId }, svip);
    const view = await ok(ep.getExam, { exam_id }, svip);
    let right = 0;
    let answered = 0;
    let n = 0;
    for (const s of view.exam.sections) {
      for (const [i, q] of s.questions.entries()) {
        n++;
        await ok(ep.openQuestion, { exam_id, section_index: s.index, question_index: i }, svip);
        t.clock.advance(secs * 1000);
        const good = i % 2 === 0;
        if (!good && odd === 'skip') continue;
        const key = await keyOf(q.id);
        const options = q.data.input_method.option_groups[0]?.length ?? 5;
        const answer = good ? key : { ...key, selects: [((key.selects[0] ?? 0) + 1) % options] };
        await ok(
          ep.saveAnswer,
          { exam_id, section_index: s.index, question_index: i, answer, used_time_seconds: secs },
          svip,
        );
        answered++;
        if (good) right++;
      }
    }
    await ok(ep.finishExam, { exam_id }, svip);
    return { exam_id, right, answered, n };
  }

  it('a finished practice set and mock show up in every figure', async () => {
    const cards = (await ok(ep.listTemplates, { page: 'index' }, svip)).cards;
    const card = cards.find((c) => c.accessable && c.template.param.startsWith('index:tc1'));
    expect(card).toBeTruthy();
    const set = await take(card?.template.id as string, 40, 'wrong');

    const ex = await ok(sep.getExercise, { range: 'all' }, svip);
    expect(ex.sets).toEqual({ available: 1, used: 1 });
    expect(ex.by_kind).toEqual([
      expect.objectContaining({ key: 'tc1', answered: set.n, correct: set.right, avg_seconds: 40 }),
    ]);
    expect(ex.overall).toMatchObject({ answered: set.n, correct: set.right });
    expect(ex.by_tag.length).toBeGreaterThan(0);
    // Tag names come from the catalogue, not ids.
    expect(ex.by_tag.every((r) => /[\u4e00-\u9fff]/.test(r.label))).toBe(true);

    const today = await ok(sep.getSummary, {}, svip);
    expect(today.today).toEqual({
      date: '2026-11-24',
      used_question: set.n,
      used_word: 0,
      used_time_mins: Math.floor((40 * set.n) / 60),
    });
    expect(today.totals).toMatchObject({ questions: set.n, graded: set.n, correct: set.right });
    expect(today.last_mock).toBeNull();
    t.clock.advance(6_000); // past the 5 s cache of /api/user/get
    expect((await ok(uep.getUser, {}, svip)).data.today_aim).toMatchObject({
      used_question: set.n,
      used_time_mins: Math.floor((40 * set.n) / 60),
    });

    // A single-section Quant mock, finished the next day.
    t.clock.set('2026-11-25T03:00:00Z');
    const mock = await take('mock-qsec-1', 60, 'skip');
    const report = await ok(ep.getReport, { exam_id: mock.exam_id }, svip);
    const s = await ok(sep.getSummary, {}, svip);
    expect(s.mock_count).toBe(1);
    expect(s.last_mock).toMatchObject({
      exam_id: mock.exam_id,
      kind: report.exam.kind,
      date: '2026-11-25',
      quant: report.exam.result?.quant_score?.score ?? null,
      verbal: null,
    });
    const trend = await ok(sep.getTotalScore, { range: 'last_3' }, svip);
    // A mock is a trend point once it has a score (Quant here, when the scorer gave one).
    expect(trend.points.map((p) => p.exam_id)).toEqual(report.exam.result?.quant_score ? [mock.exam_id] : []);
    const daily = await ok(sep.getDaily, { days: 2 }, svip);
    expect(daily.days.map((d) => [d.date, d.questions, d.graded, d.correct])).toEqual([
      ['2026-11-24', set.n, set.n, set.right],
      // Unanswered questions count neither as done nor in accuracy.
      ['2026-11-25', mock.answered, mock.answered, mock.right],
    ]);
    const week = await ok(sep.getExercise, { range: 'this_week' }, svip);
    expect(week.sets).toEqual({ available: 2, used: 2 });
    const last = await ok(sep.getExercise, { range: 'last_3' }, svip);
    expect(last.overall).toMatchObject({ total: set.n + mock.n, answered: set.n + mock.answered });
  });
});

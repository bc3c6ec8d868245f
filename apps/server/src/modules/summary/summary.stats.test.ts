// The statistics endpoints on a real database: fixtures are inserted as the exam service writes
// them (exams with their result, the response log, daily activity), then read through the API.
import * as ep from '@gre/contract/endpoints/summary';
import * as uep from '@gre/contract/endpoints/user';
import { RoleKind } from '@gre/contract/enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tags } from '../../db/schema/question.ts';
import { staffUser, userWithRole } from '../../test/accounts.ts';
import { buildActivity, buildExam, buildResponses, type ResponseItem } from '../../test/factories.ts';
import { createTestApp, type TestApp, testDbKinds } from '../../test/harness.ts';

// Monday 2026-11-23, 10:00 in China.
const monday10 = '2026-11-23T02:00:00Z';
const mondayNoon = '2026-11-23T04:00:00Z';
const knowledgePoint = { id: 'stats-test-tag', name: '统计测试：比例' };

type Item = ResponseItem;
const item = (
  kind: string,
  category: number,
  difficulty: number,
  outcome: 'right' | 'wrong' | 'skip',
  secs: number,
  tagIds: string[] = [],
): Item => ({
  kind,
  category,
  difficulty,
  answered: outcome !== 'skip',
  correct: outcome === 'right',
  secs,
  tags: tagIds,
});

describe.each(testDbKinds())('statistics on %s', (kind) => {
  let t: TestApp;
  const _seq = 0;
  beforeAll(async () => {
    t = await createTestApp(kind, { start: monday10 });
    // A knowledge point of our own, in the catalogue before it first loads.
    await t.database.db.insert(tags).values(knowledgePoint);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  }, 30_000);

  const call = async <E extends Parameters<TestApp['call']>[0]>(e: E, body: unknown, token: string) => {
    const res = await t.call(e, body, { token });
    if (!res.body.ok || !res.body.data) throw new Error(`${e.path}: ${JSON.stringify(res.body.err_data)}`);
    return res.body.data as NonNullable<typeof res.body.data>;
  };
  /** A trial candidate (inserted and logged in: no code round trip per user). */
  const newUser = async () => {
    const u = await userWithRole(t, RoleKind.Trail);
    return { token: u.token, id: Number(u.user.id) };
  };

  /** A finished exam (a mock unless `kind` says otherwise) with its scores, finished at `at`. */
  const finishedExam = (
    userId: number,
    at: string,
    scores: { verbal?: number; quant?: number; issue?: number },
    opts: { kind?: string; status?: number; name?: string } = {},
  ) => buildExam(t, userId, at, scores, opts);
  const logSet = (userId: number, at: string, items: Item[], examKind = 'practice', examId?: string) =>
    buildResponses(t, userId, at, items, examKind, examId);
  const activity = (userId: number, day: string, v: { q?: number; w?: number; secs?: number; mins?: number }) =>
    buildActivity(t, userId, day, v);

  describe('access and validation', () => {
    const endpoints = [ep.getSummary, ep.getExercise, ep.getAvgScore, ep.getTotalScore, ep.getDaily];

    it('requires authentication', async () => {
      for (const e of endpoints) {
        const res = await t.call(e, {});
        expect(res.status, e.path).toBe(401);
        expect(res.body.err_data?.kind, e.path).toBe('unauthorized');
      }
    });

    it('refuses garbage bodies with Chinese messages', async () => {
      const { token } = await newUser();
      const bad = async (e: (typeof endpoints)[number], body: unknown) => (await t.call(e, body, { token })).body;
      for (const e of [ep.getExercise, ep.getAvgScore, ep.getTotalScore]) {
        expect((await bad(e, { range: 'forever' })).err_data, e.path).toMatchObject({
          kind: 'invalid_param',
          show: '统计范围不正确',
        });
        expect((await bad(e, { range: 3 })).err_data?.show, e.path).toBe('统计范围不正确');
      }
      expect((await bad(ep.getDaily, { days: 0 })).err_data?.show).toBe('天数至少为 1');
      expect((await bad(ep.getDaily, { days: 91 })).err_data?.show).toBe('最多查看 90 天');
      expect((await bad(ep.getDaily, { days: 2.5 })).err_data?.show).toBe('天数不正确');
      expect((await bad(ep.getDaily, { days: '30' })).err_data?.show).toBe('天数不正确');
      const extra = await bad(ep.getSummary, { user_id: '1' });
      expect(extra.err_data?.kind).toBe('invalid_param');
      expect(extra.err_data?.show).toMatch(/[\u4e00-\u9fff]/);
      const notJson = await t.call(ep.getExercise, '{range:', { token });
      expect(notJson.status).toBe(400);
      expect(notJson.body.err_data?.show).toMatch(/[\u4e00-\u9fff]/);
      const list = await bad(ep.getAvgScore, [1, 2]);
      expect(list.err_data?.kind).toBe('invalid_param');
      expect(list.err_data?.show).toMatch(/[\u4e00-\u9fff]/);
    });

    it('every role and staff read their own figures; nobody sees another candidate’s', async () => {
      const owner = await newUser();
      await finishedExam(owner.id, '2026-11-20T02:00:00Z', { verbal: 150, quant: 160 });
      await logSet(owner.id, '2026-11-20T02:00:00Z', [item('tc1', 1, 1, 'right', 30)]);
      await activity(owner.id, '2026-11-20', { q: 1, secs: 30 });
      const others = [
        (await userWithRole(t, 2)).token,
        (await userWithRole(t, 3)).token,
        (await staffUser(t, { isAdmin: true })).token,
        (await staffUser(t, { isTeacher: true })).token,
      ];
      for (const token of others) {
        const s = await call(ep.getSummary, {}, token);
        expect(s.last_mock).toBeNull();
        expect(s.totals).toMatchObject({ questions: 0, graded: 0, accuracy: null });
        expect((await call(ep.getExercise, {}, token)).overall.total).toBe(0);
        expect((await call(ep.getAvgScore, {}, token)).total.count).toBe(0);
        expect((await call(ep.getTotalScore, {}, token)).points).toEqual([]);
        expect((await call(ep.getDaily, { days: 7 }, token)).days.every((d) => d.questions === 0)).toBe(true);
      }
      const mine = await call(ep.getSummary, {}, owner.token);
      expect(mine.last_mock?.total).toBe(310);
      expect(mine.totals).toMatchObject({ questions: 1, graded: 1, correct: 1, accuracy: 1 });
    }, 90_000); // five accounts with passwords: slow when the machine is busy
  });

  describe('accuracy and time', () => {
    let token = '';
    const tag = knowledgePoint;
    beforeAll(async () => {
      const u = await newUser();
      token = u.token;
      await logSet(u.id, '2026-11-20T02:00:00Z', [
        item('tc1', 1, 1, 'right', 30, [tag.id]),
        item('tc1', 1, 1, 'wrong', 50, [tag.id]),
        item('tc1', 1, 1, 'wrong', 40, [tag.id]),
        item('tc1', 1, 2, 'skip', 5),
        item('qc', 3, 2, 'right', 60, ['t-algebra']),
      ]);
      await logSet(u.id, '2026-11-21T02:00:00Z', [
        item('qc', 3, 3, 'wrong', 90, ['t-algebra']),
        item('qc', 3, 3, 'wrong', 100, ['t-algebra']),
        item('ps_single', 3, 2, 'right', 120, ['t-algebra', 't-geometry']),
        item('word_meaning', 5, 1, 'right', 8),
        item('word_meaning', 5, 1, 'wrong', 12),
      ]);
      const mockId = await finishedExam(u.id, '2026-11-22T02:00:00Z', { quant: 158 }, { kind: 'mock_quant' });
      await logSet(
        u.id,
        '2026-11-22T02:00:00Z',
        [item('qc', 3, 2, 'right', 70), item('qc', 3, 2, 'right', 80), item('numeric', 3, 3, 'wrong', 200)],
        'mock_quant',
        mockId,
      );
      await activity(u.id, '2026-11-20', { q: 4, secs: 130 });
      await activity(u.id, '2026-11-21', { q: 5, w: 2, secs: 400, mins: 3 });
    });

    it('counts accuracy over answered questions and time per answered question', async () => {
      const d = await call(ep.getExercise, { range: 'all' }, token);
      expect(d.sets).toEqual({ available: 3, used: 3 });
      expect(d.note).toBeNull();
      // Verbal and Quant only: 11 shown, 10 answered, 5 right, 840 s.
      expect(d.overall).toMatchObject({ total: 11, answered: 10, correct: 5, accuracy: 0.5, avg_seconds: 84 });
      expect(d.by_category).toEqual([
        { key: '1', label: '填空', total: 4, answered: 3, correct: 1, accuracy: 0.3333, avg_seconds: 40 },
        { key: '3', label: '数学', total: 7, answered: 7, correct: 4, accuracy: 0.5714, avg_seconds: 102.9 },
        { key: '5', label: '单词', total: 2, answered: 2, correct: 1, accuracy: 0.5, avg_seconds: 10 },
      ]);
      expect(d.by_kind.map((r) => [r.key, r.label, r.answered, r.correct])).toEqual([
        ['tc1', '单空填空', 3, 1],
        ['qc', '数量比较', 5, 3],
        ['ps_single', '数学单选', 1, 1],
        ['numeric', '数值填空', 1, 0],
        ['word_meaning', '英选中', 2, 1],
      ]);
      expect(d.by_difficulty).toEqual([
        { key: '1', label: '简单', total: 5, answered: 5, correct: 2, accuracy: 0.4, avg_seconds: 28 },
        { key: '2', label: '中等', total: 5, answered: 4, correct: 4, accuracy: 1, avg_seconds: 82.5 },
        { key: '3', label: '困难', total: 3, answered: 3, correct: 0, accuracy: 0, avg_seconds: 130 },
      ]);
      expect(d.by_tag.map((r) => [r.key, r.label, r.answered, r.correct])).toEqual([
        ['t-algebra', 't-algebra', 4, 2],
        [tag.id, tag.name, 3, 1],
        ['t-geometry', 't-geometry', 1, 1],
      ]);
      // qc: 80 s against a 75 s pace; tc1: 40 s against 60 s. Kinds with fewer than 3 answers are left out.
      // Only kinds above their budget: 单空填空 at 40 s (budget 60 s) is not slow.
      expect(d.slowest).toEqual([{ kind: 'qc', label: '数量比较', answered: 5, avg_seconds: 80, pace_seconds: 75 }]);
      expect(d.most_missed).toEqual([
        { kind: 'tc1', label: '单空填空', answered: 3, wrong: 2, accuracy: 0.3333 },
        { kind: 'qc', label: '数量比较', answered: 5, wrong: 2, accuracy: 0.6 },
      ]);
    });

    it('the home summary: totals from daily activity, accuracy from finished sets, the last mock', async () => {
      const s = await call(ep.getSummary, {}, token);
      expect(s.today).toEqual({ date: '2026-11-23', used_question: 0, used_word: 0, used_time_mins: 0 });
      // Minutes: floor((130 + 400) / 60) + 3 legacy minutes.
      expect(s.totals).toEqual({ questions: 9, words: 2, minutes: 11, days: 2, graded: 10, correct: 5, accuracy: 0.5 });
      expect(s.mock_count).toBe(1);
      expect(s.last_mock).toMatchObject({
        kind: 'mock_quant',
        date: '2026-11-22',
        finished_at: Date.parse('2026-11-22T02:00:00Z'),
        verbal: null,
        quant: 158,
        total: null,
        issue: null,
      });
      expect(s.sign_in).toMatchObject({ date: '2026-11-23', signed_today: false, streak: 0 });
    });

    it('ranges pick finished sets: the most recent, or all but the lowest 3 by accuracy', async () => {
      const u = await newUser();
      const one = (outcome: 'right' | 'wrong' | 'skip') => item('tc1', 1, 1, outcome, 10);
      await logSet(u.id, '2026-11-10T02:00:00Z', [one('right')]); // 100 %
      await logSet(u.id, '2026-11-11T02:00:00Z', [one('wrong'), one('wrong')]); // 0 %
      await logSet(u.id, '2026-11-12T02:00:00Z', [one('right'), one('wrong')]); // 50 %
      await logSet(u.id, '2026-11-13T02:00:00Z', [one('right'), one('wrong'), one('wrong'), one('wrong')]); // 25 %
      await logSet(u.id, '2026-11-14T02:00:00Z', [one('skip')]); // nothing answered: the lowest
      const get = (range: string) => call(ep.getExercise, { range }, u.token);
      expect((await get('last_3')).overall).toMatchObject({ total: 7, answered: 6, correct: 2 });
      expect((await get('last_3')).sets).toEqual({ available: 5, used: 3 });
      const dropped = await get('all_but_lowest_3');
      expect(dropped.sets).toEqual({ available: 5, used: 2 });
      expect(dropped.overall).toMatchObject({ total: 3, answered: 3, correct: 2 });
      expect(dropped.note).toBeNull();
      expect((await get('last_5')).overall.total).toBe(10);
      expect((await get('last_10')).overall.total).toBe(10);
      expect((await get('this_month')).overall.total).toBe(10);
      expect((await get('this_week')).sets).toEqual({ available: 0, used: 0 });
    });

    it('with 3 sets or fewer, "all but the lowest 3" says so and shows nothing', async () => {
      const d = await call(ep.getExercise, { range: 'all_but_lowest_3' }, token);
      expect(d.sets).toEqual({ available: 3, used: 0 });
      expect(d.note).toBe('完成的练习不足 4 次（目前 3 次），无法去掉最低 3 次');
      expect(d.overall).toMatchObject({ total: 0, answered: 0, accuracy: null, avg_seconds: null });
      expect(d.by_kind).toEqual([]);
      const fresh = await newUser();
      expect((await call(ep.getExercise, { range: 'all_but_lowest_3' }, fresh.token)).note).toBe(
        '还没有完成的练习记录',
      );
    });
  });

  describe('mock scores', () => {
    let token = '';
    beforeAll(async () => {
      const u = await newUser();
      token = u.token;
      await finishedExam(u.id, '2026-11-01T02:00:00Z', { verbal: 150, quant: 160, issue: 4 });
      await finishedExam(u.id, '2026-11-05T02:00:00Z', { verbal: 155, quant: 165, issue: 3.5 }, { status: 4 });
      await finishedExam(u.id, '2026-11-10T02:00:00Z', { verbal: 140 }, { kind: 'mock_verbal' });
      await finishedExam(u.id, '2026-11-15T02:00:00Z', { verbal: 160, quant: 150 });
      await finishedExam(u.id, '2026-11-20T02:00:00Z', { quant: 170 }, { kind: 'mock_quant' });
      // Not counted: a mock in progress, a practice set with a result.
      await finishedExam(u.id, '2026-11-21T02:00:00Z', {}, { status: 1 });
      await finishedExam(u.id, '2026-11-21T03:00:00Z', { verbal: 130, quant: 130 }, { kind: 'practice' });
    });

    it('averages each score over the mocks that have it, with the count', async () => {
      const a = await call(ep.getAvgScore, { range: 'all' }, token);
      expect(a).toMatchObject({
        range: 'all',
        since: null,
        verbal: { average: 151.3, count: 4, available: 4 },
        quant: { average: 161.3, count: 4, available: 4 },
        total: { average: 313.3, count: 3, available: 3 },
        issue: { average: 3.8, count: 2, available: 2 },
        note: null,
      });
      const last3 = await call(ep.getAvgScore, { range: 'last_3' }, token);
      expect(last3.verbal).toEqual({ average: 151.7, count: 3, available: 4 });
      expect(last3.quant).toEqual({ average: 161.7, count: 3, available: 4 });
      expect(last3.total).toEqual({ average: 313.3, count: 3, available: 3 });
      expect(last3.issue).toEqual({ average: 3.8, count: 2, available: 2 });
    });

    it('all but the lowest 3 drops per score, and says which scores have too few mocks', async () => {
      const a = await call(ep.getAvgScore, { range: 'all_but_lowest_3' }, token);
      expect(a.verbal).toEqual({ average: 160, count: 1, available: 4 });
      expect(a.quant).toEqual({ average: 170, count: 1, available: 4 });
      expect(a.total).toEqual({ average: null, count: 0, available: 3 });
      expect(a.issue).toEqual({ average: null, count: 0, available: 2 });
      expect(a.note).toBe('总分、写作成绩不足 4 次，无法去掉最低 3 次');
      const trend = await call(ep.getTotalScore, { range: 'all_but_lowest_3' }, token);
      expect(trend.points.map((p) => [p.date, p.verbal, p.quant, p.total, p.issue])).toEqual([
        ['2026-11-15', 160, null, null, null],
        ['2026-11-20', null, 170, null, null],
      ]);
      expect(trend.note).toBe(a.note);
    });

    it('the trend has one point per finished mock, oldest first', async () => {
      const trend = await call(ep.getTotalScore, {}, token);
      expect(trend.range).toBe('all');
      expect(trend.points.map((p) => [p.date, p.kind, p.verbal, p.quant, p.total, p.issue])).toEqual([
        ['2026-11-01', 'mock_full', 150, 160, 310, 4],
        ['2026-11-05', 'mock_full', 155, 165, 320, 3.5],
        ['2026-11-10', 'mock_verbal', 140, null, null, null],
        ['2026-11-15', 'mock_full', 160, 150, 310, null],
        ['2026-11-20', 'mock_quant', null, 170, null, null],
      ]);
      expect(trend.points[0]?.finished_at).toBe(Date.parse('2026-11-01T02:00:00Z'));
      const last3 = await call(ep.getTotalScore, { range: 'last_3' }, token);
      // Each score keeps its own last 3: the 1 Nov mock still holds one of the last 3 totals.
      expect(last3.points.map((p) => [p.date, p.verbal, p.quant, p.total])).toEqual([
        ['2026-11-01', null, null, 310],
        ['2026-11-05', 155, 165, 320],
        ['2026-11-10', 140, null, null],
        ['2026-11-15', 160, 150, 310],
        ['2026-11-20', null, 170, null],
      ]);
      expect((await call(ep.getTotalScore, { range: 'this_week' }, token)).points).toEqual([]);
      expect((await call(ep.getTotalScore, { range: 'this_month' }, token)).points).toHaveLength(5);
    });

    it('fewer than 3 mocks: the counted ranges keep them all, "all but the lowest 3" says there are too few', async () => {
      const u = await newUser();
      expect((await call(ep.getAvgScore, { range: 'all_but_lowest_3' }, u.token)).note).toBe('还没有模考记录');
      await finishedExam(u.id, '2026-11-18T02:00:00Z', { verbal: 150, quant: 150 });
      await finishedExam(u.id, '2026-11-19T02:00:00Z', { verbal: 156, quant: 160 });
      const last3 = await call(ep.getAvgScore, { range: 'last_3' }, u.token);
      expect(last3.total).toEqual({ average: 308, count: 2, available: 2 });
      expect(last3.note).toBeNull();
      const dropped = await call(ep.getAvgScore, { range: 'all_but_lowest_3' }, u.token);
      expect(dropped.total).toEqual({ average: null, count: 0, available: 2 });
      expect(dropped.verbal.count).toBe(0);
      expect(dropped.note).toBe('模考不足 4 次（目前 2 次），无法去掉最低 3 次');
      const trend = await call(ep.getTotalScore, { range: 'all_but_lowest_3' }, u.token);
      expect(trend.points).toEqual([]);
      expect(trend.note).toBe(dropped.note);
    });

    it('each score too short to drop three, though there are more than three mocks, says so', async () => {
      const u = await newUser();
      await finishedExam(u.id, '2026-11-16T02:00:00Z', { verbal: 150 }, { kind: 'mock_verbal' });
      await finishedExam(u.id, '2026-11-17T02:00:00Z', { verbal: 152 }, { kind: 'mock_verbal' });
      await finishedExam(u.id, '2026-11-18T02:00:00Z', { quant: 160 }, { kind: 'mock_quant' });
      await finishedExam(u.id, '2026-11-19T02:00:00Z', { quant: 162 }, { kind: 'mock_quant' });
      const a = await call(ep.getAvgScore, { range: 'all_but_lowest_3' }, u.token);
      expect(a.note).toBe('每项成绩的模考都不足 4 次（最多 2 次），无法去掉最低 3 次');
      expect([a.verbal.count, a.quant.count, a.verbal.available, a.quant.available]).toEqual([0, 0, 2, 2]);
    });

    it('this week: a mock finished Sunday 23:30 China time is last week, Monday 00:10 is this week', async () => {
      const u = await newUser();
      await finishedExam(u.id, '2026-11-22T15:30:00Z', { verbal: 150, quant: 150 }); // Sun 23:30
      await finishedExam(u.id, '2026-11-22T16:10:00Z', { verbal: 160, quant: 160 }); // Mon 00:10
      await logSet(u.id, '2026-11-22T15:30:00Z', [item('tc1', 1, 1, 'wrong', 10)]);
      await logSet(u.id, '2026-11-22T16:10:00Z', [item('tc1', 1, 1, 'right', 10)]);
      const week = await call(ep.getTotalScore, { range: 'this_week' }, u.token);
      expect(week.since).toBe(Date.parse('2026-11-22T16:00:00Z'));
      expect(week.points.map((p) => [p.date, p.total])).toEqual([['2026-11-23', 320]]);
      expect((await call(ep.getAvgScore, { range: 'this_week' }, u.token)).total).toEqual({
        average: 320,
        count: 1,
        available: 1,
      });
      const practice = await call(ep.getExercise, { range: 'this_week' }, u.token);
      expect(practice.overall).toMatchObject({ answered: 1, correct: 1 });
      expect((await call(ep.getTotalScore, { range: 'this_month' }, u.token)).points).toHaveLength(2);
    });

    it('this month: the last day at 23:59 China time (15:59 UTC) belongs to the old month', async () => {
      const u = await newUser();
      await finishedExam(u.id, '2026-10-31T15:59:00Z', { verbal: 150, quant: 150 }); // 31 Oct 23:59
      await finishedExam(u.id, '2026-10-31T16:00:00Z', { verbal: 155, quant: 155 }); // 1 Nov 00:00
      await logSet(u.id, '2026-10-31T15:59:00Z', [item('qc', 3, 2, 'right', 10)]);
      const nov = await call(ep.getTotalScore, { range: 'this_month' }, u.token);
      expect(nov.since).toBe(Date.parse('2026-10-31T16:00:00Z'));
      expect(nov.points.map((p) => [p.date, p.total])).toEqual([['2026-11-01', 310]]);
      expect((await call(ep.getExercise, { range: 'this_month' }, u.token)).sets.available).toBe(0);
      try {
        t.clock.set('2026-10-31T15:59:30Z'); // 31 Oct 23:59:30 in China
        const oct = await call(ep.getTotalScore, { range: 'this_month' }, u.token);
        expect(oct.since).toBe(Date.parse('2026-09-30T16:00:00Z'));
        expect(oct.points.map((p) => [p.date, p.total])).toEqual([['2026-10-31', 300]]);
        const octPractice = await call(ep.getExercise, { range: 'this_month' }, u.token);
        expect(octPractice.overall).toMatchObject({ answered: 1, correct: 1 });
      } finally {
        t.clock.set(mondayNoon); // forward again: still Monday in China
      }
    });
  });

  describe('daily activity and today', () => {
    it('lists the last N China days, zeros for days without practice', async () => {
      const u = await newUser();
      await activity(u.id, '2026-11-23', { q: 5, w: 3, secs: 185, mins: 2 });
      await activity(u.id, '2026-11-20', { q: 2, secs: 59 });
      await activity(u.id, '2026-11-16', { q: 9, secs: 600 });
      await logSet(u.id, '2026-11-20T10:00:00Z', [
        item('tc1', 1, 1, 'right', 10),
        item('tc1', 1, 1, 'right', 10),
        item('se', 1, 1, 'right', 10),
        item('se', 1, 1, 'wrong', 10),
        item('word_meaning', 5, 1, 'wrong', 5),
      ]);
      // Sunday 23:30 in China counts for the 22nd; Monday 00:30 in China (still the 22nd in UTC) for the 23rd.
      await logSet(u.id, '2026-11-22T15:30:00Z', [item('qc', 3, 1, 'wrong', 10)]);
      await logSet(u.id, '2026-11-22T16:30:00Z', [item('qc', 3, 1, 'right', 10), item('qc', 3, 1, 'right', 10)]);
      const d = await call(ep.getDaily, { days: 7 }, u.token);
      expect(d.days.map((x) => x.date)).toEqual([
        '2026-11-17',
        '2026-11-18',
        '2026-11-19',
        '2026-11-20',
        '2026-11-21',
        '2026-11-22',
        '2026-11-23',
      ]);
      expect(d.days[0]).toEqual({
        date: '2026-11-17',
        questions: 0,
        words: 0,
        minutes: 0,
        graded: 0,
        correct: 0,
        accuracy: null,
      });
      expect(d.days[3]).toEqual({
        date: '2026-11-20',
        questions: 2,
        words: 0,
        minutes: 0,
        graded: 4,
        correct: 3,
        accuracy: 0.75,
      });
      expect(d.days[5]).toMatchObject({ date: '2026-11-22', questions: 0, graded: 1, correct: 0, accuracy: 0 });
      expect(d.days[6]).toEqual({
        date: '2026-11-23',
        questions: 5,
        words: 3,
        minutes: 5,
        graded: 2,
        correct: 2,
        accuracy: 1,
      });
      const month = await call(ep.getDaily, {}, u.token);
      expect(month.days).toHaveLength(30);
      expect(month.days[0]?.date).toBe('2026-10-25');
      expect(month.days.find((x) => x.date === '2026-11-16')?.minutes).toBe(10);
    });

    it('today’s progress in /api/user/get, the summary and the calendar counts seconds as minutes', async () => {
      const u = await newUser();
      await activity(u.id, '2026-11-23', { q: 7, w: 12, secs: 30 * 60 + 59, mins: 4 });
      t.clock.advance(6_000); // past the 5 s cache of /api/user/get
      const me = await call(uep.getUser, {}, u.token);
      expect(me.data.today_aim).toMatchObject({ used_question: 7, used_word: 12, used_time_mins: 34 });
      const s = await call(ep.getSummary, {}, u.token);
      expect(s.today).toEqual({ date: '2026-11-23', used_question: 7, used_word: 12, used_time_mins: 34 });
      expect(s.totals).toMatchObject({ questions: 7, words: 12, minutes: 34, days: 1 });
      const cal = await call(ep.monthActivity, { year: 2026, month: 11 }, u.token);
      expect(cal.days.find((x) => x.date === '2026-11-23')).toMatchObject({
        used_question: 7,
        used_word: 12,
        used_time_mins: 34,
      });
    });
  });
});

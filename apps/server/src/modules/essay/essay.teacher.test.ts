// The teacher grading queue (issue 17, ADR 0032) on a real database: the queue oldest first with its
// filters (prompt, machine grader, graded or not), one essay as a teacher reads it, grading in half
// points with Chinese refusals, the access check (members, SVIPs and operators are refused; admins may
// grade), the candidate reading the teacher's grade, and the staff audit row.
import * as ep from '@gre/contract/endpoints/essay';
import { IssueResultStatus } from '@gre/contract/enums';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAudit } from '../../db/schema/pay.ts';
import { registerUser, staffUser, userWithRole } from '../../test/accounts.ts';
import { buildEssay } from '../../test/factories.ts';
import { createTestApp, type TestApp, testDbKinds } from '../../test/harness.ts';
import * as sample from './testing/essays.ts';

const comment = {
  overall: '立场清楚，但例子单薄，结构可以更紧凑。',
  traits: [
    { key: 'position' as const, comment: '立场明确。' },
    { key: 'reasoning' as const, comment: '多举一个具体的例子。' },
    { key: 'language' as const, comment: '' },
  ],
};

describe.each(testDbKinds())('teacher grading queue on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  let candidateId = 0;
  let teacherId = 0;
  beforeAll(async () => {
    t = await createTestApp(kind, { content: true });
    const candidate = await userWithRole(t, 3);
    tokens.candidate = candidate.token;
    candidateId = Number(candidate.user.id);
    const teacher = await staffUser(t, { isTeacher: true });
    tokens.teacher = teacher.token;
    teacherId = Number(teacher.user.id);
    tokens.admin = (await staffUser(t, { isAdmin: true })).token;
    tokens.operator = (await staffUser(t, { isOperator: true })).token;
    tokens.member = (await userWithRole(t, 2)).token;
    tokens.svip = (await userWithRole(t, 4)).token;
    tokens.trial = (await registerUser(t)).token;
    const at = (minutesAgo: number) => new Date(t.clock.now().getTime() - minutesAgo * 60_000);
    const finished = { status: IssueResultStatus.Finished, score: 3 };
    // Oldest first: b (model, is-0001), a (builtin, is-0003), c (fallback, is-0003), d (Judging), e (Empty).
    ids.a = await buildEssay(t, candidateId, sample.thin, { ...finished, grader: 'builtin', createdAt: at(50) });
    ids.b = await buildEssay(t, candidateId, sample.strong, {
      ...finished,
      score: 5,
      grader: 'model:gpt',
      questionId: 'is-0001',
      createdAt: at(60),
    });
    ids.c = await buildEssay(t, candidateId, sample.thin, {
      ...finished,
      grader: 'builtin:model-fallback',
      createdAt: at(40),
    });
    ids.d = await buildEssay(t, candidateId, sample.thin, { createdAt: at(30) });
    ids.e = await buildEssay(t, candidateId, '', { status: IssueResultStatus.Empty, createdAt: at(20) });
  }, 120_000);
  afterAll(async () => {
    await t.close();
  }, 30_000);

  const call = async <E extends Parameters<TestApp['call']>[0]>(e: E, body: unknown, who: string) =>
    (await t.call(e, body, { token: tokens[who] })).body;
  const ok = async <E extends Parameters<TestApp['call']>[0]>(e: E, body: unknown, who: string) => {
    const res = await call(e, body, who);
    if (!res.ok || !res.data) throw new Error(`${e.path}: ${JSON.stringify(res.err_data)}`);
    return res.data as NonNullable<typeof res.data>;
  };
  const queueIds = async (body: object, who = 'teacher') =>
    (await ok(ep.teacherQueue, body, who)).essays.map((e) => e.id).filter((id) => Object.values(ids).includes(id));

  it('lists essays with text, oldest first, by prompt and by machine grader', async () => {
    const q = await ok(ep.teacherQueue, {}, 'teacher');
    expect(q.essays.map((e) => e.id)).toEqual([ids.b, ids.a, ids.c, ids.d]);
    expect(q.page_control).toMatchObject({ page: 1, page_size: ep.teacherQueuePageSize, total: 4 });
    expect(q.essays[0]).toMatchObject({ question_id: 'is-0001', score: 5, grader_label: '模型评分（gpt）' });
    expect(q.essays[0]?.prompt_title.length).toBeGreaterThan(10);
    expect(q.prompts.some((p) => p.id === 'is-0003')).toBe(true);
    // Nothing about the candidate beyond the essay.
    expect(JSON.stringify(q)).not.toMatch(/@|phone|email/);
    expect(await queueIds({ prompt_id: 'is-0003' })).toEqual([ids.a, ids.c, ids.d]);
    expect(await queueIds({ source: 'builtin' })).toEqual([ids.a, ids.c]);
    expect(await queueIds({ source: 'model' })).toEqual([ids.b]);
    expect(await queueIds({ graded: true })).toEqual([]);
    // Admins may grade too.
    expect(await queueIds({ source: 'model' }, 'admin')).toEqual([ids.b]);
  });

  it('opens an essay with its prompt and machine grade', async () => {
    const r = await ok(ep.teacherGetEssay, { id: ids.a }, 'teacher');
    expect(r.essay).toMatchObject({ id: ids.a, text: sample.thin, score: 3, grader: 'builtin', teacher_score: null });
    expect(r.prompt.id).toBe('is-0003');
    expect(r.prompt.stem.length).toBeGreaterThan(20);
    // The stored grade is the built-in one: no second opinion.
    expect(r.builtin).toBeNull();
    // Beside a model's grade, the built-in scorer's own, computed for the teacher: the strong sample
    // scores well there too, and its comment is the built-in one's (Chinese).
    const m = await ok(ep.teacherGetEssay, { id: ids.b }, 'teacher');
    expect(m.essay).toMatchObject({ score: 5, grader: 'model:gpt' });
    expect(m.builtin).toMatchObject({ grader_label: '内置评分' });
    expect(m.builtin?.score).toBeGreaterThanOrEqual(4);
    expect(m.builtin?.overall).toMatch(/[\u4e00-\u9fff]/);
    expect((await call(ep.teacherGetEssay, { id: 'nope' }, 'teacher')).err_data?.kind).toBe('not_found');
  });

  it('grades in half points, beside the machine score; the candidate reads it; the audit has it', async () => {
    const graded = await ok(ep.teacherGradeEssay, { id: ids.a, score: 4.5, comment }, 'teacher');
    expect(graded).toMatchObject({ score: 3, grader: 'builtin', teacher_score: 4.5 });
    // An empty trait comment is left out.
    expect(graded.teacher_comment?.traits.map((x) => x.key)).toEqual(['position', 'reasoning']);
    const read = await ok(ep.getEssay, { essay_id: ids.a }, 'candidate');
    expect(read).toMatchObject({ status: IssueResultStatus.Finished, score: 3, teacher_score: 4.5 });
    expect(read.teacher_comment?.overall).toBe(comment.overall);
    expect(await queueIds({})).toEqual([ids.b, ids.c, ids.d]);
    expect(await queueIds({ graded: true })).toEqual([ids.a]);
    // A second grade (here by an admin) replaces the first; both audited with before and after.
    await ok(ep.teacherGradeEssay, { id: ids.a, score: 5, comment }, 'admin');
    const audit = await t.database.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.action, 'essay.teacher_grade'), eq(staffAudit.subject, String(ids.a))))
      .orderBy(asc(staffAudit.id));
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({
      staffId: teacherId,
      targetUserId: candidateId,
      before: { teacher_score: null },
      after: { teacher_score: 4.5 },
    });
    expect(audit[1]).toMatchObject({ before: { teacher_score: 4.5 }, after: { teacher_score: 5 } });
    // A Judging essay can be graded too (the machine's grade comes later, beside it).
    expect((await ok(ep.teacherGradeEssay, { id: ids.d, score: 0, comment }, 'teacher')).teacher_score).toBe(0);
  });

  it('refuses scores off the half-point scale and missing comments, in Chinese', async () => {
    const refused = async (body: object) => {
      const res = await call(ep.teacherGradeEssay, { id: ids.c, ...body }, 'teacher');
      expect(res.ok).toBe(false);
      expect(res.err_data?.kind).toBe('invalid_param');
      return res.err_data?.show;
    };
    expect(await refused({ score: 3.3, comment })).toBe('评分须以 0.5 分为单位');
    expect(await refused({ score: 7, comment })).toBe('评分须在 0–6 分之间');
    expect(await refused({ score: -0.5, comment })).toBe('评分须在 0–6 分之间');
    expect(await refused({ comment })).toBe('请给出 0–6 分的评分');
    expect(await refused({ score: 4 })).toBe('请填写评语');
    expect(await refused({ score: 4, comment: { overall: '  ', traits: [] } })).toBe('请填写总评');
    expect(await refused({ score: 4, comment: { overall: '好', traits: [{ key: 'style', comment: 'x' }] } })).toBe(
      '评语维度不正确',
    );
    expect((await call(ep.teacherGradeEssay, { id: 'nope', score: 4, comment }, 'teacher')).err_data?.kind).toBe(
      'not_found',
    );
    expect((await call(ep.teacherQueue, { source: 'human' }, 'teacher')).err_data?.show).toBe('评分来源不正确');
    expect((await ok(ep.teacherGetEssay, { id: ids.c }, 'teacher')).essay.teacher_score).toBeNull();
  });

  it('refuses everyone without the teacher flag (or admin)', async () => {
    for (const who of ['trial', 'member', 'svip', 'operator', 'candidate']) {
      for (const [e, body] of [
        [ep.teacherQueue, {}],
        [ep.teacherGetEssay, { id: ids.b }],
        [ep.teacherGradeEssay, { id: ids.b, score: 4, comment }],
      ] as const) {
        expect((await call(e, body, who)).err_data?.kind, `${e.path} as ${who}`).toBe('forbidden');
      }
    }
    expect((await t.call(ep.teacherQueue, {}, {})).body.err_data?.kind).toBe('unauthorized');
    expect((await ok(ep.teacherGetEssay, { id: ids.b }, 'teacher')).essay.teacher_score).toBeNull();
  });
});

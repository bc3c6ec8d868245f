// Saves are optimistic (exam.repo.ts saveIfVersion): parallel writes to one exam, and writes from two
// app processes that each keep a copy of the exam, must never lose an answer.
import * as ep from '@gre/contract/endpoints/exam';
import { QuestionState, RoleKind } from '@gre/contract/enums';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { buildApp } from '../../app.ts';
import { userWithRole } from '../../test/accounts.ts';
import { buildSecondApp, createTestApp, type TestApp, testDbKinds } from '../../test/harness.ts';

describe.each(testDbKinds())('concurrent exam writes on %s', (kind) => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    a = await createTestApp(kind, { content: true });
    // A second "process": its own services and caches over the same database.
    b = await buildSecondApp(a);
    // Both load the question bank here, under the hook's longer timeout, not in the first test.
    await Promise.all([a.app.catalogueReady(), b.catalogueReady()]);
  }, 120_000);
  afterAll(async () => {
    await b.close();
    await a.close();
  }, 30_000);

  const onB = async (path: string, payload: Record<string, unknown>, token: string) => {
    const res = await b.inject({ method: 'POST', url: path, payload, headers: { authorization: `Bearer ${token}` } });
    return res.json() as { ok: boolean; err_data: { kind: string } | null };
  };

  async function practice(token: string) {
    const list = await a.call(ep.listTemplates, { page: 'index' }, { token });
    const card = list.body.data?.cards.find(
      (c) => c.accessable && c.template.question_count >= 8 && c.template.param.startsWith('index:qc'),
    );
    const opened = await a.call(ep.openBook, { template_id: card?.template.id }, { token });
    return opened.body.data?.exam_id as string;
  }
  const save = (exam_id: string, i: number) => ({
    exam_id,
    section_index: 0,
    question_index: i,
    answer: { selects: [i % 4] },
    used_time_seconds: 5,
  });
  const answered = async (exam_id: string, token: string) =>
    (await a.call(ep.getExam, { exam_id }, { token })).body.data?.exam.sections[0]?.questions.map((q) => ({
      state: q.action.state,
      flagged: q.action.flagged,
      answer: q.action.answer?.selects ?? [],
    })) ?? [];

  it('eight answers saved at once all land', async () => {
    const { token } = await userWithRole(a, RoleKind.SVIP);
    const examId = await practice(token);
    const results = await Promise.all(
      [0, 1, 2, 3, 4, 5, 6, 7].map((i) => a.call(ep.saveAnswer, save(examId, i), { token })),
    );
    expect(results.every((r) => r.body.ok)).toBe(true);
    const qs = await answered(examId, token);
    for (let i = 0; i < 8; i++) expect(qs[i]).toMatchObject({ state: QuestionState.Answered, answer: [i % 4] });
  });

  it('two processes writing the same exam with stale copies lose nothing', async () => {
    const { token } = await userWithRole(a, RoleKind.VIP);
    const examId = await practice(token);
    // Both processes read (and keep) the exam, then write alternately and in parallel.
    await a.call(ep.getExam, { exam_id: examId }, { token });
    await onB(ep.getExam.path, { exam_id: examId }, token);
    expect((await a.call(ep.saveAnswer, save(examId, 0), { token })).body.ok).toBe(true);
    expect((await onB(ep.saveAnswer.path, save(examId, 1), token)).ok).toBe(true);
    expect(
      (
        await a.call(
          ep.flagQuestion,
          { exam_id: examId, section_index: 0, question_index: 1, flagged: true },
          { token },
        )
      ).body.ok,
    ).toBe(true);
    const parallel = await Promise.all([
      a.call(ep.saveAnswer, save(examId, 2), { token }).then((r) => r.body.ok),
      onB(ep.saveAnswer.path, save(examId, 3), token).then((r) => r.ok),
      a.call(ep.saveAnswer, save(examId, 4), { token }).then((r) => r.body.ok),
      onB(ep.saveAnswer.path, save(examId, 5), token).then((r) => r.ok),
    ]);
    expect(parallel).toEqual([true, true, true, true]);
    const qs = await answered(examId, token);
    for (let i = 0; i < 6; i++) expect(qs[i]?.state).toBe(QuestionState.Answered);
    expect(qs[1]).toMatchObject({ flagged: true, answer: [1] });
    expect(qs[6]?.state).not.toBe(QuestionState.Answered);
  });

  // The review's case: 20 answers saved at once, half through each process. A limited member's first
  // answers also take a quota unit (the transactional save), a staff member's are the one-statement
  // save; every one must land, none refused with a conflict.
  it.each([
    ['a VIP (quota taken in the save transaction)', RoleKind.VIP],
    ['an SVIP (one-statement saves)', RoleKind.SVIP],
  ])('twenty answers saved at once over two processes all land: %s', async (_label, role) => {
    const { token } = await userWithRole(a, role);
    const created = await a.call(
      ep.createExam,
      { create_option: { kind: 'mixed', count: 20, enable_count_up: true } },
      { token },
    );
    const examId = created.body.data?.exam_id as string;
    // Both processes hold a copy of the exam before the burst.
    await a.call(ep.getExam, { exam_id: examId }, { token });
    await onB(ep.getExam.path, { exam_id: examId }, token);
    const view = await a.call(ep.getExam, { exam_id: examId }, { token });
    const qs = view.body.data?.exam.sections[0]?.questions ?? [];
    expect(qs.length).toBe(20);
    const answerOf = (i: number) => {
      const m = qs[i]?.data.input_method;
      if (m?.kind === 'numeric') return { text: String(i + 1) };
      if (m?.kind === 'fraction') return { text: String(i + 1), text2: '7' };
      if (m?.kind === 'blanks') return { selects: m.option_groups.map(() => 0) };
      if (m?.kind === 'pair') return { selects: [0, 1] };
      return { selects: [0] };
    };
    const body = (i: number) => ({
      exam_id: examId,
      section_index: 0,
      question_index: i,
      answer: answerOf(i),
      used_time_seconds: 5,
    });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? a.call(ep.saveAnswer, body(i), { token }).then((r) => r.body)
          : onB(ep.saveAnswer.path, body(i), token),
      ),
    );
    expect(results.filter((r) => !r.ok).map((r) => r.err_data)).toEqual([]);
    const after = await a.call(ep.getExam, { exam_id: examId }, { token });
    const states = after.body.data?.exam.sections[0]?.questions.map((q) => q.action.state);
    expect(states).toEqual(Array.from({ length: 20 }, () => QuestionState.Answered));
  });

  it('a save that still cannot land after the locked retry answers conflict and changes nothing', async () => {
    const { token } = await userWithRole(a, RoleKind.SVIP);
    const examId = await practice(token);
    expect((await a.call(ep.saveAnswer, save(examId, 0), { token })).body.ok).toBe(true);
    // Every update of this exam now matches no row, as if another writer always got there first.
    expect(examId).toMatch(/^[0-9a-f-]{36}$/);
    await a.database.db.execute(
      sql.raw(`create or replace function skip_exam_update() returns trigger language plpgsql as $$
        begin return null; end $$`),
    );
    await a.database.db.execute(
      sql.raw(`create trigger skip_exam_update before update on exams for each row
        when (old.id = '${examId}') execute function skip_exam_update()`),
    );
    try {
      const lost = await a.call(ep.saveAnswer, save(examId, 1), { token });
      expect(lost.body.ok).toBe(false);
      expect(lost.body.err_data).toMatchObject({ kind: 'conflict', show: '保存冲突，请重试' });
    } finally {
      await a.database.db.execute(sql.raw('drop trigger skip_exam_update on exams'));
    }
    const qs = await answered(examId, token);
    expect(qs[0]?.state).toBe(QuestionState.Answered);
    expect(qs[1]?.state).not.toBe(QuestionState.Answered);
    // And the next save lands again.
    expect((await onB(ep.saveAnswer.path, save(examId, 1), token)).ok).toBe(true);
  });

  it('a process whose copy is a section behind does not refuse a valid write', async () => {
    const { token } = await userWithRole(a, RoleKind.SVIP);
    const created = await a.call(ep.createExam, { create_option: { kind: 'full', with_issue: false } }, { token });
    const examId = created.body.data?.exam_id as string;
    // B keeps a copy while section 0 runs; A then moves the exam on to section 1.
    await a.call(ep.openQuestion, { exam_id: examId, section_index: 0, question_index: 0 }, { token });
    expect((await onB(ep.openQuestion.path, { exam_id: examId, section_index: 0, question_index: 1 }, token)).ok).toBe(
      true,
    );
    expect((await a.call(ep.finishSection, { exam_id: examId, section_index: 0 }, { token })).body.ok).toBe(true);
    const opened = await onB(ep.openQuestion.path, { exam_id: examId, section_index: 1, question_index: 0 }, token);
    expect(opened.ok).toBe(true);
    const view = await a.call(ep.getExam, { exam_id: examId }, { token });
    const q = view.body.data?.exam.sections[1]?.questions[0];
    const kind = q?.data.input_method.kind;
    const answer =
      kind === 'numeric' ? { text: '3' } : kind === 'fraction' ? { text: '1', text2: '2' } : { selects: [0] };
    const saved = await onB(
      ep.saveAnswer.path,
      { exam_id: examId, section_index: 1, question_index: 0, answer, used_time_seconds: 5 },
      token,
    );
    expect(saved.ok).toBe(true);
  });

  it('an exam finished in one process refuses answers in the other', async () => {
    const { token } = await userWithRole(a, RoleKind.SVIP);
    const examId = await practice(token);
    expect((await onB(ep.saveAnswer.path, save(examId, 0), token)).ok).toBe(true); // B keeps a copy
    expect((await a.call(ep.finishExam, { exam_id: examId }, { token })).body.ok).toBe(true);
    const late = await onB(ep.saveAnswer.path, save(examId, 1), token);
    expect(late.err_data?.kind).toBe('exam_finished');
  });
});

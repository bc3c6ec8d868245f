// A section whose time ran out in a closed browser is committed by the settle job, without the
// candidate reading the exam again: the exam finishes, is scored and its responses are logged.
import * as ep from '@gre/contract/endpoints/exam';
import { ExamStatus, RoleKind } from '@gre/contract/enums';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exams } from '../../db/schema/exam.ts';
import { responses } from '../../db/schema/scoring.ts';
import { userWithRole } from '../../test/accounts.ts';
import { createTestApp, type TestApp, testDbKinds } from '../../test/harness.ts';

describe.each(testDbKinds())('the settle job on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { content: true, jobs: true });
  }, 120_000);
  afterAll(async () => {
    await t.close();
  }, 30_000);

  it('commits a timed-out section of an abandoned exam and finishes it', async () => {
    const { token } = await userWithRole(t, RoleKind.SVIP);
    const sim = await t.call(ep.listTemplates, { page: 'simulate' }, { token });
    const card = sim.body.data?.cards.find((c) => c.template.exam_kind === 'mock_section');
    const opened = await t.call(ep.openBook, { template_id: card?.template.id }, { token });
    const examId = opened.body.data?.exam_id as string;
    await t.call(ep.openQuestion, { exam_id: examId, section_index: 0, question_index: 0 }, { token });
    const saved = await t.call(
      ep.saveAnswer,
      { exam_id: examId, section_index: 0, question_index: 0, answer: { selects: [0] }, used_time_seconds: 20 },
      { token },
    );
    expect(saved.body.ok).toBe(true);
    const row = async () => (await t.database.db.select().from(exams).where(eq(exams.id, examId)))[0];
    expect((await row())?.deadlineAt).not.toBeNull();

    // Nothing is due before the deadline.
    await t.jobs?.send('exam.settle_expired', {});
    await new Promise((r) => setTimeout(r, 1500));
    expect((await row())?.status).toBe(ExamStatus.Start);

    // The browser is gone; the deadline passes; only the job runs.
    t.clock.advance(40 * 60_000);
    await t.jobs?.send('exam.settle_expired', {});
    await expect.poll(async () => (await row())?.status, { timeout: 15_000 }).toBe(ExamStatus.Finished);
    const after = await row();
    expect(after?.isAutoCommit).toBe(true);
    expect(after?.deadlineAt).toBeNull();
    expect(after?.result).toMatchObject({ answered: 1 });
    const log = await t.database.db.select().from(responses).where(eq(responses.examId, examId));
    expect(log.length).toBeGreaterThan(1);
    expect(log.filter((r) => r.answered)).toHaveLength(1);
  }, 60_000);
});

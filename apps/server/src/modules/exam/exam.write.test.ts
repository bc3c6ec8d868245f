// The write path of the exam service (exam.write.ts), below the routes: planWrite decides what a write
// changes without I/O; writeExam saves it over the version read and, when another process got there
// first or a refusal was decided on a stale copy, does it again under the row lock; when even that
// cannot save, `conflict` and nothing written (ADR 0012, amendments). On the real databases, with two
// "processes" (each its own copies and write chain) over one database.

import path from 'node:path';
import * as ep from '@gre/contract/endpoints/exam';
import { ExamStatus, QuestionState, RoleKind } from '@gre/contract/enums';
import { answerSchema, type QuestionKind } from '@gre/contract/question';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config.ts';
import { exams } from '../../db/schema/exam.ts';
import { AppError } from '../../platform/errors.ts';
import { userWithRole } from '../../test/accounts.ts';
import { createTestApp, type TestApp, testDbKinds } from '../../test/harness.ts';
import { buildCatalogue, type Catalogue } from '../question/catalogue.ts';
import { readContentSets } from '../question/content-files.ts';
import { catalogueRowsOf } from '../question/content-import.ts';
import { priorParams } from '../scoring/irt.ts';
import type { StoredSection } from './exam.engine.ts';
import * as engine from './exam.engine.ts';
import { createExamRepo, type ExamRepo, type ExamRow } from './exam.repo.ts';
import {
  type ExamOp,
  examCopies,
  lockedAttempts,
  planWrite,
  type WriteEnv,
  writeChain,
  writeExam,
} from './exam.write.ts';

const paramsOf = (q: { kind: string; difficulty: number }) => priorParams(q.kind as QuestionKind, q.difficulty);

describe.each(testDbKinds())('the exam write path on %s', (kind) => {
  let t: TestApp;
  let c: Catalogue;
  beforeAll(async () => {
    t = await createTestApp(kind, { content: true });
    const now = new Date();
    const rows = catalogueRowsOf(readContentSets(path.join(repoRoot, 'content')), now);
    c = await buildCatalogue(rows.questions, rows.groups, rows.tags, now);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  }, 30_000);

  /** Counts the repo's lock and save calls; `missSaves` makes that many saves match no row. */
  function countingRepo(missSaves = 0) {
    const repo = createExamRepo(t.database.db);
    const calls = { lock: 0, save: 0 };
    let misses = missSaves;
    const counted: ExamRepo = {
      ...repo,
      async lockExam(...a: Parameters<ExamRepo['lockExam']>) {
        calls.lock++;
        return repo.lockExam(...a);
      },
      async saveIfVersion(...a: Parameters<ExamRepo['saveIfVersion']>) {
        calls.save++;
        if (misses > 0) {
          misses--;
          return false;
        }
        return repo.saveIfVersion(...a);
      },
    };
    return { repo: counted, calls };
  }

  /** One app process's write path: its own copies of exams and its own write chain. */
  const processEnv = (repo: ExamRepo): WriteEnv => ({
    repo,
    clock: t.clock,
    quotas: async () => new Map(),
    scoring: { paramsOf, ready: async () => {} },
    templates: async () => ({ c, t: { defs: [], byId: new Map() } }),
    copies: examCopies(repo),
    oneAtATime: writeChain(),
  });

  /** A practice set opened by a new member: its exam id and owner. */
  async function practiceExam() {
    const { token } = await userWithRole(t, RoleKind.SVIP);
    const list = await t.call(ep.listTemplates, { page: 'index' }, { token });
    const card = list.body.data?.cards.find(
      (x) => x.accessable && x.template.question_count >= 4 && x.template.param.startsWith('index:qc'),
    );
    const opened = await t.call(ep.openBook, { template_id: card?.template.id }, { token });
    const examId = opened.body.data?.exam_id as string;
    const row = await stored(examId);
    return { examId, userId: row.userId, token };
  }
  const stored = async (examId: string): Promise<ExamRow> => {
    const [row] = await t.database.db.select().from(exams).where(eq(exams.id, examId));
    if (!row) throw new Error('no exam');
    return row;
  };
  const questionsOf = (row: ExamRow) => (row.sections as StoredSection[])[0]?.questions ?? [];
  const answer =
    (qi: number): ExamOp<void> =>
    (e, now, _c, fx) => {
      const r = engine.saveAnswer(e, 0, qi, answerSchema.parse({ selects: [0] }), 5, now, false);
      fx.activity = { question: r.first ? 1 : 0, word: 0, seconds: r.spent };
    };
  const flag =
    (qi: number): ExamOp<void> =>
    (e, now) =>
      engine.flag(e, 0, qi, true, now);

  it('planWrite: a plain save, the next version, nothing else; a refusal on a copy is stale', async () => {
    const { examId } = await practiceExam();
    const row = await stored(examId);
    const now = t.clock.now().getTime();
    const base = { row, now, c, quotas: new Map(), caller: null, paramsOf };
    const plan = planWrite({ ...base, cached: false, op: answer(0) });
    if (plan === 'stale') throw new Error('stale');
    expect(plan.next.version).toBe(row.version + 1);
    expect(plan.row).toBe(row);
    expect(questionsOf(plan.next)[0]?.state).toBe(QuestionState.Answered);
    expect(questionsOf(row)[0]?.state).not.toBe(QuestionState.Answered);
    expect(plan).toMatchObject({ plain: true, commit: 'async', committed: [], finishedNow: false, refused: null });
    expect(plan.activity).toMatchObject({ question: 1, word: 0, seconds: 5 });
    const refuse: ExamOp<void> = () => {
      throw new AppError('exam_finished', { show: 'no' });
    };
    expect(planWrite({ ...base, cached: true, op: refuse })).toBe('stale');
    expect(() => planWrite({ ...base, cached: false, op: refuse })).toThrow(AppError);
  });

  it('planWrite: finishing is durable and scored; a refusal after the clock committed a section still saves it', async () => {
    const { examId } = await practiceExam();
    const row = await stored(examId);
    const now = t.clock.now().getTime();
    const base = { row, now, c, quotas: new Map(), caller: null, paramsOf, cached: false };
    const finish = planWrite({ ...base, op: (e, at, cat) => engine.finishExam(e, at, (r) => !!cat.byId.get(r.id)) });
    if (finish === 'stale') throw new Error('stale');
    expect(finish).toMatchObject({ finishedNow: true, commit: 'durable', plain: false });
    expect(finish.committed).toHaveLength(1);
    expect(finish.next.status).toBe(ExamStatus.Finished);
    expect(finish.next.result).toBeTruthy();
    // The same set, timed and started two minutes ago with a one-minute limit: the clock commits it.
    const timed = {
      ...row,
      sections: (row.sections as StoredSection[]).map((s) => ({ ...s, limit: 60, startedAt: now - 120_000 })),
    };
    const late = planWrite({ ...base, row: timed, op: answer(0) });
    if (late === 'stale') throw new Error('stale');
    expect(late.refused).toBeInstanceOf(AppError);
    expect(late.committed).toHaveLength(1);
    expect(late.finishedNow).toBe(true);
    expect(questionsOf(late.next)[0]?.state).not.toBe(QuestionState.Answered);
  });

  /** Two processes: A writes and keeps its copy, then B writes, so A's copy is a version behind. */
  async function staleCopyInA() {
    const { examId, userId } = await practiceExam();
    const a = countingRepo();
    const envA = processEnv(a.repo);
    const envB = processEnv(createExamRepo(t.database.db));
    await writeExam(envA, { userId, caller: null }, examId, answer(0));
    await writeExam(envB, { userId, caller: null }, examId, flag(1));
    return { examId, userId, a, envA };
  }

  it('a save over a copy another process made stale is done again under the row lock, and loses nothing', async () => {
    // A writes (and keeps its copy), then B writes: A's copy is a version behind.
    const { examId, userId, a, envA } = await staleCopyInA();
    const before = { ...a.calls };
    const w = await writeExam(envA, { userId, caller: null }, examId, answer(2));
    // The optimistic save missed, one locked attempt saved.
    expect(a.calls.save - before.save).toBe(2);
    expect(a.calls.lock - before.lock).toBe(1);
    const row = await stored(examId);
    expect(row.version).toBe(w.row.version);
    const qs = questionsOf(row);
    expect(qs[0]?.state).toBe(QuestionState.Answered);
    expect(qs[1]?.flagged).toBe(true);
    expect(qs[2]?.state).toBe(QuestionState.Answered);
    // A's copy is the saved exam again: its next save needs no lock.
    const again = { ...a.calls };
    await writeExam(envA, { userId, caller: null }, examId, answer(3));
    expect(a.calls.lock - again.lock).toBe(0);
    expect(a.calls.save - again.save).toBe(1);
  });

  it('a refusal decided on a stale copy is decided again on the stored exam', async () => {
    // A writes (and keeps its copy), then B writes: A's copy is a version behind.
    const { examId, userId, a, envA } = await staleCopyInA();
    // Refuses unless question 1 is flagged: A's copy says no, the stored exam says yes.
    const onlyFlagged: ExamOp<string> = (e, now) => {
      if (!e.sections[0]?.questions[1]?.flagged) throw new AppError('exam_finished', { show: '未标记' });
      engine.flag(e, 0, 2, true, now);
      return 'done';
    };
    const before = { ...a.calls };
    const w = await writeExam(envA, { userId, caller: null }, examId, onlyFlagged);
    expect(w.value).toBe('done');
    expect(a.calls.lock - before.lock).toBe(1);
    expect(questionsOf(await stored(examId))[2]?.flagged).toBe(true);
    // Refused on the stored exam too: the refusal reaches the caller and nothing is saved.
    const version = (await stored(examId)).version;
    const never: ExamOp<void> = () => {
      throw new AppError('exam_finished', { show: '不行' });
    };
    await expect(writeExam(envA, { userId, caller: null }, examId, never)).rejects.toMatchObject({
      kind: 'exam_finished',
    });
    expect((await stored(examId)).version).toBe(version);
  });

  it(`after ${lockedAttempts} locked attempts that save nothing: conflict, nothing written, the copy dropped`, async () => {
    const { examId, userId } = await practiceExam();
    const a = countingRepo(1 + lockedAttempts);
    const envA = processEnv(a.repo);
    const version = (await stored(examId)).version;
    await expect(writeExam(envA, { userId, caller: null }, examId, answer(0))).rejects.toMatchObject({
      kind: 'conflict',
      show: '保存冲突，请重试',
    });
    expect(a.calls).toEqual({ lock: lockedAttempts, save: 1 + lockedAttempts });
    const row = await stored(examId);
    expect(row.version).toBe(version);
    expect(questionsOf(row)[0]?.state).not.toBe(QuestionState.Answered);
    // The next write reads the stored exam and lands with one save.
    await writeExam(envA, { userId, caller: null }, examId, answer(0));
    expect(a.calls.save).toBe(2 + lockedAttempts);
    expect(questionsOf(await stored(examId))[0]?.state).toBe(QuestionState.Answered);
  });

  it('parallel writes of one process run one at a time: none conflicts, none takes the lock', async () => {
    const { examId, userId } = await practiceExam();
    const a = countingRepo();
    const envA = processEnv(a.repo);
    await Promise.all([0, 1, 2, 3].map((qi) => writeExam(envA, { userId, caller: null }, examId, answer(qi))));
    expect(a.calls.lock).toBe(0);
    expect(a.calls.save).toBe(4);
    expect(
      questionsOf(await stored(examId))
        .slice(0, 4)
        .map((q) => q.state),
    ).toEqual([0, 1, 2, 3].map(() => QuestionState.Answered));
  });
});

// One write on an exam, in two parts: planWrite (pure: given the stored exam and the operation, what
// changes) and writeExam (saving it over the version read, retried under the row lock after a
// conflict). Also the per-process copy of recently written exams and the per-exam write chain
// (docs/decisions/0012-exam-engine.md, amendments).
import { BookStatus } from '@gre/contract/enums';
import { chinaDay } from '../../platform/clock.ts';
import type { Tx } from '../../platform/db.ts';
import type { Caller } from '../../platform/endpoints.ts';
import { AppError, errors } from '../../platform/errors.ts';
import type { Catalogue } from '../question/catalogue.ts';
import type { ScoringService } from '../scoring/scoring.service.ts';
import type { CommittedSections, ExamServiceDeps, Templates, Writer } from './exam.deps.ts';
import { scorer } from './exam.deps.ts';
import type { EngineExam, StoredRuntime, StoredSection } from './exam.engine.ts';
import * as engine from './exam.engine.ts';
import { isOver, toEngine } from './exam.mapper.ts';
import { consume, countsAgainst, type Quota } from './exam.quota.ts';
import type { Activity, ExamRepo, ExamRow, ResponseRow } from './exam.repo.ts';
import { computeResult } from './exam.result.ts';
import { isEmptyAnswer } from './exam.scoring.ts';

/** What a write does besides the exam row: a question unit taken, today's practice counted. */
export interface Effects {
  quota?: boolean;
  activity?: Omit<Activity, 'day'>;
}

/** An operation on the exam (engine calls); throws AppError to refuse. */
export type ExamOp<T> = (e: EngineExam, now: number, c: Catalogue, fx: Effects) => T;

/** What a write changes, decided without any I/O. */
export interface WritePlan<T> {
  /** The stored exam the plan starts from (saved over its version). */
  row: ExamRow;
  /** The exam to save. */
  next: ExamRow;
  e: EngineExam;
  now: number;
  value: T | undefined;
  /** The operation refused after settle committed a timed-out section: the settled state is saved, then this is thrown. */
  refused: AppError | null;
  /** Sections committed by this write (by the candidate or the clock). */
  committed: StoredSection[];
  finishedNow: boolean;
  /** Today's practice to add (with the wall time of committed timed sections). */
  activity: Activity | undefined;
  takesQuota: boolean;
  /** A section started in this write (the answer gate's lookup is then stale). */
  started: boolean;
  /** Work in progress commits without waiting for the disk; commits and finishes wait (ADR 0012). */
  commit: 'durable' | 'async';
  /** One statement, no transaction: nothing to do besides the exam row (and today's practice). */
  plain: boolean;
}

export interface PlanInput<T> {
  row: ExamRow;
  /** The row is this process's copy (a refusal decided on it may be stale). */
  cached: boolean;
  now: number;
  c: Catalogue;
  quotas: Map<number, Quota>;
  caller: Caller | null;
  op: ExamOp<T>;
  paramsOf: ScoringService['paramsOf'];
}

/**
 * Plans one write: settles the clock, applies `op`, and works out the row to save and what comes
 * with it. 'stale': `op` refused on this process's copy, to be decided again on the stored exam.
 * A refusal on the stored exam is thrown, unless settle committed something (then it is saved and
 * the refusal carried in the plan).
 */
export function planWrite<T>(p: PlanInput<T>): WritePlan<T> | 'stale' {
  const { row, now, c, caller } = p;
  const score = scorer(c);
  const wasOver = isOver(row.status);
  let e = toEngine(row);
  const settled = engine.settle(e, now, score);
  let fx: Effects = {};
  let refused: AppError | null = null;
  let value: T | undefined;
  try {
    value = p.op(e, now, c, fx);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    // A refusal decided on this process's copy may be stale (another process moved the exam
    // on): decide it again on the stored exam before telling the candidate.
    if (p.cached) return 'stale';
    if (!settled) throw err;
    refused = err;
    // Save only what settle did (op may have changed the copy before it refused).
    e = toEngine(row);
    engine.settle(e, now, score);
    fx = {};
  }
  const before = row.sections as StoredSection[];
  const committed = e.sections.filter((s, i) => s.finished && !before[i]?.finished);
  const finishedNow = isOver(e.status) && !wasOver;
  const next = nextRow(row, e, c, finishedNow, now, p.paramsOf);
  // A committed timed section counts as study time: its wall time beyond what its questions
  // reported (a candidate reading or writing without saving still studied; ADR 0013, issue 10).
  const topUp = committed
    .filter((s) => s.limit > 0)
    .reduce((n, s) => n + Math.max(0, s.used - s.questions.reduce((m, q) => m + q.used, 0)), 0);
  const spent = fx.activity ?? (topUp > 0 ? { question: 0, word: 0, seconds: 0 } : undefined);
  const activity = spent ? { day: chinaDay(new Date(now)), ...spent, seconds: spent.seconds + topUp } : undefined;
  const takesQuota = fx.quota === true && caller !== null && countsAgainst(p.quotas, caller, 'question');
  const started = e.sections.some((s, i) => s.startedAt > 0 && !before[i]?.startedAt);
  return {
    row,
    next,
    e,
    now,
    value,
    refused,
    committed,
    finishedNow,
    activity,
    takesQuota,
    started,
    // Answers, flags, cursor moves and time reports (and the quota unit a first answer takes) commit
    // without waiting for the disk; committed sections and finished exams wait (ADR 0012, "saves do not
    // wait for the disk").
    commit: committed.length || finishedNow ? 'durable' : 'async',
    plain: !committed.length && !finishedNow && !takesQuota,
  };
}

/** The exam as `e` left it: the next row to save (with the result when it finished now). */
export function nextRow(
  row: ExamRow,
  e: EngineExam,
  c: Catalogue,
  finishedNow: boolean,
  now: number,
  paramsOf: ScoringService['paramsOf'],
): ExamRow {
  const next: ExamRow = {
    ...row,
    status: e.status,
    cursorSection: e.cursorSection,
    cursorQuestion: e.cursorQuestion,
    isAutoCommit: e.isAutoCommit,
    sections: e.sections,
    updatedAt: new Date(now),
    version: row.version + 1,
    deadlineAt: openDeadline(e),
  };
  if (finishedNow) {
    next.finishedAt = new Date(e.finishedAt);
    next.result = computeResult(
      e.sections,
      (id) => c.byId.get(id)?.question,
      (id) => c.tagNames.get(id) ?? id,
      { examKind: row.kind, paramsOf },
    );
  }
  return next;
}

/** The deadline of the section running now (null when none runs, or it is untimed). */
export function openDeadline(e: EngineExam): Date | null {
  const s = engine.currentSection(e);
  const d = s ? engine.deadlineOf(s) : 0;
  return d ? new Date(d) : null;
}

/** The response log of a finished exam: every scored question (essays are graded elsewhere). */
export function responsesOf(row: ExamRow, e: EngineExam, c: Catalogue, at: Date): ResponseRow[] {
  const out: ResponseRow[] = [];
  const day = chinaDay(at);
  for (const s of e.sections) {
    s.questions.forEach((r: StoredRuntime, questionIndex) => {
      const q = c.byId.get(r.id)?.question;
      if (!q || q.kind === 'issue') return;
      out.push({
        userId: row.userId,
        examId: row.id,
        sectionIndex: s.index,
        questionIndex,
        questionId: r.id,
        examKind: row.kind,
        category: q.category,
        kind: q.kind,
        difficulty: q.difficulty,
        tagIds: q.tag_ids,
        answered: r.answer !== null && !isEmptyAnswer(r.answer),
        correct: r.correct === true,
        usedSeconds: r.used,
        day,
        at,
      });
    });
  }
  return out;
}

/**
 * Recently written exams of this process, so a save needs no read. Another process's write makes
 * the copy stale: the conditional save then misses, and the write is done again under the row lock.
 */
export interface ExamCopies {
  /** Keeps `row` unless a newer copy is known (a slow read finishing after a newer write). */
  remember(row: ExamRow): void;
  forget(examId: string): void;
  /** This process's copy (unless `fresh`), else the stored exam; not_found when it is not the user's. */
  current(userId: number, examId: string, fresh: boolean): Promise<{ row: ExamRow; cached: boolean }>;
}

export function examCopies(repo: Pick<ExamRepo, 'findExam'>, max = 5000): ExamCopies {
  const recent = new Map<string, ExamRow>();
  return {
    remember(row) {
      const known = recent.get(row.id);
      if (known && known.version >= row.version) return;
      recent.delete(row.id);
      recent.set(row.id, row);
      if (recent.size > max) recent.delete(recent.keys().next().value as string);
    },
    forget(examId) {
      recent.delete(examId);
    },
    async current(userId, examId, fresh) {
      const cached = fresh ? undefined : recent.get(examId);
      if (cached && cached.userId === userId) return { row: cached, cached: true };
      const row = await repo.findExam(userId, examId);
      if (!row) throw errors.notFound('考试不存在');
      return { row, cached: false };
    },
  };
}

/** Runs `fn` after the previous write of the same exam in this process settled. */
export type OneAtATime = <T>(examId: string, fn: () => Promise<T>) => Promise<T>;

/**
 * Writes of one exam in this process run one after the other, each on the copy the previous one
 * left: a candidate's parallel requests (answers, flags, time reports) never race each other here,
 * only against another process. The chain is dropped as soon as it is empty.
 */
export function writeChain(): OneAtATime {
  const writing = new Map<string, Promise<unknown>>();
  return <T>(examId: string, fn: () => Promise<T>): Promise<T> => {
    const run = (writing.get(examId) ?? Promise.resolve()).then(fn);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    writing.set(examId, tail);
    void tail.then(() => {
      if (writing.get(examId) === tail) writing.delete(examId);
    });
    return run;
  };
}

/** Locked retries after a conflict; each waits for the row lock, so one is all it normally takes. */
export const lockedAttempts = 3;

/** A saved write: the exam as saved, and what is left to do once its transaction committed. */
interface Written<T> {
  plan: WritePlan<T>;
  row: ExamRow;
  hooked: boolean;
  later: Array<() => Promise<void> | void>;
}

export type WriteEnv = Pick<
  ExamServiceDeps,
  'repo' | 'clock' | 'quotas' | 'onCommitted' | 'onStarted' | 'logError' | 'scoring'
> & {
  templates: Templates;
  copies: ExamCopies;
  oneAtATime: OneAtATime;
};

/**
 * Saves a plan over its row's version, in `tx` when given (the row is then locked by it). A plain
 * save is one statement; quotas, finishing and committed sections run in one transaction. null:
 * another write got there first, nothing was saved.
 */
export async function savePlan<T>(
  env: Pick<WriteEnv, 'repo' | 'clock' | 'onCommitted' | 'onStarted'>,
  plan: WritePlan<T>,
  c: Catalogue,
  quotas: Map<number, Quota>,
  who: Writer,
  tx: Tx | null,
): Promise<Written<T> | null> {
  const { repo } = env;
  const { row, next, committed, finishedNow, activity, commit } = plan;
  const { userId, caller } = who;
  const later: Array<() => Promise<void> | void> = [];
  if (plan.started) later.push(() => env.onStarted?.(userId));
  const persist = async (t: Tx) => {
    if (!(await repo.saveIfVersion(t, next, row.version, activity, commit))) return false;
    if (plan.takesQuota && caller) await consume(t, quotas, caller, 'question', new Date(plan.now));
    if (finishedNow) {
      if (next.bookId) await repo.updateBook(t, next.bookId, { status: BookStatus.Finish, updatedAt: next.updatedAt });
      await repo.logResponses(t, responsesOf(next, plan.e, c, env.clock.now()));
    }
    if (committed.length) {
      const info: CommittedSections = {
        tx: t,
        userId,
        examId: row.id,
        examKind: row.kind,
        examName: row.name,
        templateId: row.templateId,
        sections: committed,
        allSections: plan.e.sections,
        examFinished: finishedNow,
        afterCommit: (fn) => later.push(fn),
      };
      for (const hook of env.onCommitted ?? []) await hook(info);
    }
    return true;
  };
  const saved = tx
    ? await persist(tx)
    : plan.plain
      ? await repo.saveIfVersion(repo.db, next, row.version, activity, commit)
      : await repo.db.transaction(persist);
  if (!saved) return null;
  // Other domains may have written the exam in the same transaction (the essay's score).
  const hooked = committed.length > 0 && (env.onCommitted?.length ?? 0) > 0;
  return { plan, row: next, hooked, later };
}

/**
 * One write on an exam: settle the clock, apply `op`, save over the version read. First without a
 * lock, on this process's copy (or one read). When another process got there first (the save
 * matched no row), blind retries would collide again with every other writer in the same
 * lockstep, so the write is done again in a transaction holding the row lock (`select … for
 * update`): it reads the stored exam and cannot be overtaken. If even that fails, the caller gets
 * `conflict` (the web retries it silently). When `op` refuses after settle committed a timed-out
 * section, the settled state is still saved (docs/decisions/0012-exam-engine.md, amendments).
 */
export async function writeExam<T>(env: WriteEnv, who: Writer, examId: string, op: ExamOp<T>) {
  const { repo, clock, copies } = env;
  const [{ c }, quotas] = await Promise.all([env.templates(), env.quotas()]);
  const { userId, caller } = who;

  const attempt = async (row: ExamRow, cached: boolean, tx: Tx | null) => {
    const plan = planWrite({
      row,
      cached,
      now: clock.now().getTime(),
      c,
      quotas,
      caller,
      op,
      paramsOf: env.scoring.paramsOf,
    });
    return plan === 'stale' ? plan : savePlan(env, plan, c, quotas, who, tx);
  };

  const done = await env.oneAtATime(examId, async () => {
    const first = await copies.current(userId, examId, false);
    let w = await attempt(first.row, first.cached, null);
    for (let i = 0; i < lockedAttempts && (w === null || w === 'stale'); i++) {
      copies.forget(examId);
      w = await repo.db.transaction(async (tx) => {
        const row = await repo.lockExam(tx, userId, examId);
        if (!row) throw errors.notFound('考试不存在');
        return attempt(row, false, tx);
      });
    }
    if (w === null || w === 'stale') {
      copies.forget(examId);
      throw errors.conflict();
    }
    if (w.hooked) {
      // Read it back rather than keep a copy that is already one version behind.
      copies.forget(examId);
      w.row = (await copies.current(userId, examId, true)).row;
    }
    copies.remember(w.row);
    return w;
  });
  // After the transaction and outside this exam's chain (after-commit work may write it again).
  for (const fn of done.later) {
    try {
      await fn();
    } catch (err) {
      env.logError?.(err, 'exam after-commit work failed');
    }
  }
  if (done.plan.refused) throw done.plan.refused;
  return { row: done.row, e: done.plan.e, now: done.plan.now, value: done.plan.value as T };
}

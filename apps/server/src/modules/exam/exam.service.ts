// Practice sets and exams: lists of templates, opening a book, custom exams, and the engine's
// operations, each saved over the version it read (under the row lock after a conflict). Time comes
// from the injected clock; settle() commits timed-out sections on every read and write
// (docs/decisions/0012-exam-engine.md).
import { randomUUID } from 'node:crypto';
import { ExamStatus, QuestionCategory, QuestionState } from '@gre/contract/enums';
import type {
  AdaptiveLevel,
  BookPage,
  BookTemplate,
  CreateOption,
  PracticeMode,
  TemplateCard,
} from '@gre/contract/exam';
import type { Answer, Question } from '@gre/contract/question';
import { type Clock, chinaDay } from '../../platform/clock.ts';
import type { AuthedContext, Caller } from '../../platform/endpoints.ts';
import { AppError, errors } from '../../platform/errors.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import type { Catalogue } from '../question/catalogue.ts';
import type { QuestionService } from '../question/question.service.ts';
import type { Rights } from '../question/rights.ts';
import type { ScoringService } from '../scoring/scoring.service.ts';
import { withRouting } from './exam.adaptive.ts';
import * as engine from './exam.engine.ts';
import { type EngineExam, newRuntime, type StoredRuntime, type StoredSection } from './exam.engine.ts';
import { bookStatusOf, isOver, toBook, toEngine, toExam, toProgress, toRecord } from './exam.mapper.ts';
import { assertMayMock, consume, countsAgainst, type Quota } from './exam.quota.ts';
import type { Activity, ExamRepo, ExamRow, ResponseRow, Tx } from './exam.repo.ts';
import { computeResult } from './exam.result.ts';
import { answerFits, isEmptyAnswer, scoreAnswer } from './exam.scoring.ts';
import { buildTemplates, greSections, mathAreaOf, type TemplateDef, type TemplateSection } from './exam.templates.ts';

/** What a write committed: sections finished by the candidate or by the clock in this write. */
export interface CommittedSections {
  tx: Tx;
  userId: number;
  examId: string;
  examKind: string;
  /** The newly committed sections (after the write). */
  sections: StoredSection[];
  /** The exam became Finished in this write (every question is scored). */
  examFinished: boolean;
  /** Runs `fn` after the transaction committed (errors are logged, never thrown to the caller). */
  afterCommit: (fn: () => Promise<void> | void) => void;
}

export interface ExamServiceDeps {
  repo: ExamRepo;
  clock: Clock;
  questions: QuestionService;
  rights: () => Promise<Rights>;
  quotas: () => Promise<Map<number, Quota>>;
  /** Other domains' reactions to committed sections (essays), inside the exam's transaction. */
  onCommitted?: Array<(c: CommittedSections) => Promise<void>>;
  /** Told (after the commit) when a user's exam was created or started a section (the answer gate's lookup). */
  onStarted?: (userId: number) => void;
  /** Where failures of after-commit work are reported. */
  logError?: (err: unknown, msg: string) => void;
  /** Item parameters for scaled scores and adaptive cut scores (loaded before any exam is read). */
  scoring: Pick<ScoringService, 'paramsOf' | 'ready'>;
}

interface TemplateIndex {
  defs: TemplateDef[];
  byId: Map<string, TemplateDef>;
}

const settleQueue = 'exam.settle_expired';

const measureMocks = new Set(['mock_full', 'mock_verbal', 'mock_quant']);

export function createExamService(deps: ExamServiceDeps) {
  const { repo, clock } = deps;

  // Templates follow the catalogue: rebuilt (and upserted, idempotently) when it is reloaded.
  const built = new WeakMap<Catalogue, Promise<TemplateIndex>>();
  const templates = async () => {
    const [c] = await Promise.all([deps.questions.catalogue(), deps.scoring.ready()]);
    let t = built.get(c);
    if (!t) {
      t = (async () => {
        const defs = buildTemplates(c);
        await repo.upsertTemplates(defs, clock.now());
        return { defs, byId: new Map(defs.map((d) => [d.template.id, d])) };
      })();
      t.catch(() => built.delete(c));
      built.set(c, t);
    }
    return { c, t: await t };
  };

  const scorer = (c: Catalogue) => (r: StoredRuntime) => {
    const q = c.byId.get(r.id)?.question;
    return q ? scoreAnswer(q, r.answer) : null;
  };

  /** Why the caller may not open a template (null when they may). */
  async function refusal(def: TemplateDef, ctx: AuthedContext, c: Catalogue, rights: Rights): Promise<AppError | null> {
    const { caller } = ctx;
    const staff = caller.isAdmin || caller.isOperator || caller.isTeacher;
    const page = def.template.page;
    if (page === 'higher') {
      if (staff || (await repo.higherFlag(Number(caller.userId)))) return null;
      return errors.forbidden('高阶题库需由管理员为你开通，请联系客服');
    }
    if (page === 'simulate') {
      try {
        assertMayMock(await deps.quotas(), caller, measureMocks.has(def.template.exam_kind));
        return null;
      } catch (err) {
        return err as AppError;
      }
    }
    for (const s of def.sections) {
      for (const id of s.questionIds) {
        const q = c.byId.get(id)?.question;
        if (!q || rights.canOpen(caller, q.visibility)) continue;
        try {
          rights.assertCanOpen(caller, q.visibility);
        } catch (err) {
          return err as AppError;
        }
      }
    }
    return null;
  }

  function newSections(specs: TemplateSection[], c: Catalogue): StoredSection[] {
    const sections = specs.map((s, index): StoredSection => {
      const ds = s.questionIds.map((id) => c.byId.get(id)?.question.difficulty ?? 2);
      return {
        index,
        name: s.name,
        kind: s.kind,
        difficulty: ds.length ? Math.round(ds.reduce((a, b) => a + b, 0) / ds.length) : 2,
        limit: s.limit,
        startedAt: 0,
        finishedAt: 0,
        used: 0,
        finished: false,
        auto: false,
        questions: s.questionIds.map(newRuntime),
      };
    });
    return withRouting(specs, sections, (id) => c.byId.get(id)?.question, deps.scoring.paramsOf);
  }

  async function insertExam(
    tx: Tx,
    ctx: AuthedContext,
    fields: { name: string; kind: string; templateId: string; bookId: string | null; option: CreateOption | null },
    sections: StoredSection[],
  ) {
    const now = clock.now();
    const id = randomUUID();
    await repo.insertExam(tx, {
      id,
      userId: Number(ctx.caller.userId),
      templateId: fields.templateId,
      bookId: fields.bookId,
      name: fields.name,
      kind: fields.kind,
      status: ExamStatus.NotStart,
      createOption: fields.option,
      sections,
      createdAt: now,
      updatedAt: now,
    });
    return id;
  }

  /** The exam as `e` left it: the next row to save (with the result when it finished now). */
  function nextRow(row: ExamRow, e: EngineExam, c: Catalogue, finishedNow: boolean): ExamRow {
    const next: ExamRow = {
      ...row,
      status: e.status,
      cursorSection: e.cursorSection,
      cursorQuestion: e.cursorQuestion,
      isAutoCommit: e.isAutoCommit,
      sections: e.sections,
      updatedAt: clock.now(),
      version: row.version + 1,
      deadlineAt: openDeadline(e),
    };
    if (finishedNow) {
      next.finishedAt = new Date(e.finishedAt);
      next.result = computeResult(
        e.sections,
        (id) => c.byId.get(id)?.question,
        (id) => c.tagNames.get(id) ?? id,
        { examKind: row.kind, paramsOf: deps.scoring.paramsOf },
      );
    }
    return next;
  }

  // Recently written exams of this process, so a save needs no read. Another process's write makes
  // the copy stale: the conditional save then misses, and the write is done again under the row lock.
  const recent = new Map<string, ExamRow>();
  const remember = (row: ExamRow) => {
    // Never go back to an older copy (a slow read finishing after a newer write).
    const known = recent.get(row.id);
    if (known && known.version >= row.version) return;
    recent.delete(row.id);
    recent.set(row.id, row);
    if (recent.size > 5000) recent.delete(recent.keys().next().value as string);
  };
  async function current(userId: number, examId: string, fresh: boolean) {
    const cached = fresh ? undefined : recent.get(examId);
    if (cached && cached.userId === userId) return { row: cached, cached: true };
    const row = await repo.findExam(userId, examId);
    if (!row) throw errors.notFound('考试不存在');
    return { row, cached: false };
  }

  // Writes of one exam in this process run one after the other, each on the copy the previous one
  // left: a candidate's parallel requests (answers, flags, time reports) never race each other here,
  // only against another process. The chain is dropped as soon as it is empty.
  const writing = new Map<string, Promise<unknown>>();
  function oneAtATime<T>(examId: string, fn: () => Promise<T>): Promise<T> {
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
  }

  /** Who writes: the candidate (quotas apply), or the server settling a clock (caller null). */
  interface Writer {
    userId: number;
    caller: Caller | null;
  }
  const by = (ctx: AuthedContext): Writer => ({ userId: Number(ctx.caller.userId), caller: ctx.caller });

  /** What a write does besides the exam row: a question unit taken, today's practice counted. */
  interface Effects {
    quota?: boolean;
    activity?: Omit<Activity, 'day'>;
  }

  /** A saved write: the exam as saved, and what is left to do once its transaction committed. */
  interface Written<T> {
    row: ExamRow;
    e: EngineExam;
    now: number;
    value: T | undefined;
    refused: AppError | null;
    hooked: boolean;
    later: Array<() => Promise<void> | void>;
  }

  /** Locked retries after a conflict; each waits for the row lock, so one is all it normally takes. */
  const lockedAttempts = 3;

  /**
   * One write on an exam: settle the clock, apply `op`, save over the version read. First without a
   * lock, on this process's copy (or one read): a plain save is one statement; quotas, finishing and
   * committed sections run in one transaction. When another process got there first (the save
   * matched no row), blind retries would collide again with every other writer in the same
   * lockstep, so the write is done again in a transaction holding the row lock (`select … for
   * update`): it reads the stored exam and cannot be overtaken. If even that fails, the caller gets
   * `conflict` (the web retries it silently). When `op` refuses after settle committed a timed-out
   * section, the settled state is still saved (docs/decisions/0012-exam-engine.md, amendments).
   */
  async function write<T>(
    who: Writer,
    examId: string,
    op: (e: EngineExam, now: number, c: Catalogue, fx: Effects) => T,
  ) {
    const [{ c }, quotas] = await Promise.all([templates(), deps.quotas()]);
    const score = scorer(c);
    const { userId, caller } = who;

    /**
     * Applies the write to `row` and saves it over its version, in `tx` when given (the row is then
     * locked by it). 'stale': a refusal decided on this process's copy, to be decided again on the
     * stored exam. null: another write got there first, nothing was saved.
     */
    async function attempt(row: ExamRow, cached: boolean, tx: Tx | null): Promise<Written<T> | 'stale' | null> {
      const wasOver = isOver(row.status);
      const now = clock.now().getTime();
      let e = toEngine(row);
      const settled = engine.settle(e, now, score);
      let fx: Effects = {};
      let refused: AppError | null = null;
      let value: T | undefined;
      try {
        value = op(e, now, c, fx);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        // A refusal decided on this process's copy may be stale (another process moved the exam
        // on): decide it again on the stored exam before telling the candidate.
        if (cached) return 'stale';
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
      const next = nextRow(row, e, c, finishedNow);
      // A committed timed section counts as study time: its wall time beyond what its questions
      // reported (a candidate reading or writing without saving still studied; ADR 0013, issue 10).
      const topUp = committed
        .filter((s) => s.limit > 0)
        .reduce((n, s) => n + Math.max(0, s.used - s.questions.reduce((m, q) => m + q.used, 0)), 0);
      const spent = fx.activity ?? (topUp > 0 ? { question: 0, word: 0, seconds: 0 } : undefined);
      const activity = spent ? { day: chinaDay(new Date(now)), ...spent, seconds: spent.seconds + topUp } : undefined;
      const takesQuota = fx.quota === true && caller !== null && countsAgainst(quotas, caller, 'question');
      const later: Array<() => Promise<void> | void> = [];
      const started = e.sections.some((s, i) => s.startedAt > 0 && !before[i]?.startedAt);
      if (started) later.push(() => deps.onStarted?.(userId));
      // Answers, flags, cursor moves and time reports (and the quota unit a first answer takes) commit
      // without waiting for the disk; committed sections and finished exams wait (ADR 0012, "saves do not
      // wait for the disk").
      const commit = committed.length || finishedNow ? 'durable' : 'async';
      const persist = async (t: Tx) => {
        if (!(await repo.saveIfVersion(t, next, row.version, activity, commit))) return false;
        if (takesQuota && caller) await consume(t, quotas, caller, 'question', new Date(now));
        if (finishedNow) {
          if (next.bookId) await repo.updateBook(t, next.bookId, { status: 2, updatedAt: next.updatedAt });
          await repo.logResponses(t, responsesOf(next, e, c, clock.now()));
        }
        if (committed.length) {
          const info: CommittedSections = {
            tx: t,
            userId,
            examId,
            examKind: row.kind,
            sections: committed,
            examFinished: finishedNow,
            afterCommit: (fn) => later.push(fn),
          };
          for (const hook of deps.onCommitted ?? []) await hook(info);
        }
        return true;
      };
      const plain = !committed.length && !finishedNow && !takesQuota;
      const saved = tx
        ? await persist(tx)
        : plain
          ? await repo.saveIfVersion(repo.db, next, row.version, activity, commit)
          : await repo.db.transaction(persist);
      if (!saved) return null;
      // Other domains may have written the exam in the same transaction (the essay's score).
      const hooked = committed.length > 0 && (deps.onCommitted?.length ?? 0) > 0;
      return { row: next, e, now, value, refused, hooked, later };
    }

    const done = await oneAtATime(examId, async () => {
      const first = await current(userId, examId, false);
      let w = await attempt(first.row, first.cached, null);
      for (let i = 0; i < lockedAttempts && (w === null || w === 'stale'); i++) {
        recent.delete(examId);
        w = await repo.db.transaction(async (tx) => {
          const row = await repo.lockExam(tx, userId, examId);
          if (!row) throw errors.notFound('考试不存在');
          return attempt(row, false, tx);
        });
      }
      if (w === null || w === 'stale') {
        recent.delete(examId);
        throw errors.conflict();
      }
      if (w.hooked) {
        // Read it back rather than keep a copy that is already one version behind.
        recent.delete(examId);
        w.row = (await current(userId, examId, true)).row;
      }
      remember(w.row);
      return w;
    });
    // After the transaction and outside this exam's chain (after-commit work may write it again).
    for (const fn of done.later) {
      try {
        await fn();
      } catch (err) {
        deps.logError?.(err, 'exam after-commit work failed');
      }
    }
    if (done.refused) throw done.refused;
    return { row: done.row, e: done.e, now: done.now, value: done.value as T };
  }

  const position = (si: number, qi: number) => ({ si, qi });

  async function getExam(examId: string, ctx: AuthedContext) {
    const { c } = await templates();
    const userId = Number(ctx.caller.userId);
    let { row } = await current(userId, examId, true);
    remember(row);
    let e = toEngine(row);
    const now = clock.now().getTime();
    // A section that timed out while nobody looked is committed now.
    if (engine.settle(toEngine(row), now, scorer(c))) {
      const w = await write(by(ctx), examId, () => null);
      row = w.row;
      e = w.e;
    }
    const view = toExam(row, e, c, now);
    if (isOver(row.status) && row.kind.startsWith('mock')) {
      const ids = e.sections.flatMap((s) => s.questions.map((q) => q.id));
      view.exam.seen_before = await repo.seenBefore(userId, examId, ids, row.createdAt);
    }
    return view;
  }

  return {
    templates,

    /**
     * Commits sections whose time ran out while nobody had the exam open (a closed browser), so
     * their essays are graded and their results counted without waiting for the candidate to come
     * back. Run by a recurring job; returns how many exams it settled.
     */
    async startWorkers(queue: JobQueue) {
      // Every minute; a run that fails is simply the next minute's work.
      await queue.define(settleQueue, { retryLimit: 0, expireInSeconds: 120 });
      await queue.work(settleQueue, async () => {
        // Another batch only while a whole batch was settled (failures end the run; next minute retries).
        while ((await this.settleExpired(200)) === 200) {
          // A backlog (after downtime): keep going in batches.
        }
      });
      await queue.schedule(settleQueue, '* * * * *');
    },

    async settleExpired(limit = 200): Promise<number> {
      const { c } = await templates();
      const due = await repo.expired(clock.now(), limit);
      let settled = 0;
      for (const d of due) {
        try {
          // Only when the clock really commits something (a candidate's write may have done it).
          const { row } = await current(d.userId, d.id, true);
          if (!engine.settle(toEngine(row), clock.now().getTime(), scorer(c))) continue;
          await write({ userId: d.userId, caller: null }, d.id, () => null);
          settled++;
        } catch (err) {
          deps.logError?.(err, `settling exam ${d.id} failed`);
        }
      }
      return settled;
    },

    async listTemplates(
      page: BookPage,
      ctx: AuthedContext,
    ): Promise<{ cards: TemplateCard[]; practice_mode: PracticeMode }> {
      const [{ c, t }, rights] = await Promise.all([templates(), deps.rights()]);
      const defs = t.defs.filter((d) => d.template.page === page && !d.template.hide);
      const mine = new Map(
        (
          await repo.booksOf(
            Number(ctx.caller.userId),
            defs.map((d) => d.template.id),
          )
        ).map((b) => [b.book.templateId, b]),
      );
      const now = clock.now().getTime();
      const cards: TemplateCard[] = [];
      for (const d of defs) {
        const b = mine.get(d.template.id);
        const why = await refusal(d, ctx, c, rights);
        const first = c.byId.get(d.sections[0]?.questionIds[0] ?? '')?.question;
        cards.push({
          template: d.template,
          status: bookStatusOf(b ? b.status : null, d.template, now),
          book_id: b?.book.id ?? null,
          exam_id: b?.book.examId ?? null,
          accessable: !why,
          refusal: why?.show ?? '',
          category: first?.category ?? QuestionCategory.None,
          result: (b?.result as TemplateCard['result']) ?? null,
        });
      }
      // The mode of the candidate's last practice set is the one offered next (remembered per user).
      return { cards, practice_mode: (await repo.lastPracticeMode(Number(ctx.caller.userId))) ?? 'exam' };
    },

    async openBook(templateId: string, restart: boolean, ctx: AuthedContext, mode: PracticeMode = 'exam') {
      const [{ c, t }, rights, quotas] = await Promise.all([templates(), deps.rights(), deps.quotas()]);
      const def = t.byId.get(templateId);
      if (!def || def.template.hide) throw errors.notFound('练习册不存在');
      // 练习模式 is for practice sets; a mock is taken as the test is (ADR 0022).
      if (mode === 'practice' && def.template.exam_kind !== 'practice') {
        throw errors.invalidParam('模考只能用考试模式作答');
      }
      const why = await refusal(def, ctx, c, rights);
      if (why) throw why;
      const tpl: BookTemplate = def.template;
      const userId = Number(ctx.caller.userId);
      const result = await repo.db.transaction(async (tx) => {
        await repo.lockUserTemplate(tx, userId, templateId);
        const existing = await repo.findBookByTemplate(tx, userId, templateId);
        const existingExam = existing ? await repo.lockExam(tx, userId, existing.examId) : undefined;
        const now = clock.now();
        const fresh = !existing || !existingExam || (restart && isOver(existingExam.status));
        if (!fresh && existing && existingExam) return { book: existing, status: existingExam.status };
        const status = bookStatusOf(null, tpl, now.getTime());
        if (tpl.unlock_date_stamp && status === 0) {
          throw new AppError('book_not_open', {
            show: `本套题将于 ${new Date(tpl.unlock_date_stamp * 1000 + 8 * 3_600_000).toISOString().slice(0, 10)} 开放`,
          });
        }
        if (status === 3) throw new AppError('book_not_open', { show: '本套题已过开放期限' });
        if (tpl.page === 'simulate') await consume(tx, quotas, ctx.caller, 'mock', now);
        const bookId = existing?.id ?? randomUUID();
        const examId = await insertExam(
          tx,
          ctx,
          { name: tpl.title, kind: tpl.exam_kind, templateId, bookId, option: null },
          newSections(def.sections, c).map((sec) => (mode === 'practice' ? { ...sec, practiceMode: true } : sec)),
        );
        if (existing && existingExam) {
          // The earlier attempt stays in the record (and its report), closed.
          await repo.closeExam(tx, existingExam.id, now);
          await repo.updateBook(tx, existing.id, { examId, status: 1, updatedAt: now });
          return { book: { ...existing, examId, status: 1 }, status: ExamStatus.NotStart as number };
        }
        const row = {
          id: bookId,
          userId,
          templateId,
          examId,
          title: tpl.title,
          status: 1,
          createdAt: now,
          updatedAt: now,
        };
        await repo.insertBook(tx, row);
        return { book: row, status: ExamStatus.NotStart as number };
      });
      if (result.status === ExamStatus.NotStart) deps.onStarted?.(userId);
      return { book: toBook(result.book, tpl, result.status, clock.now().getTime()), exam_id: result.book.examId };
    },

    async createExam(option: CreateOption, ctx: AuthedContext) {
      const [{ c }, rights, quotas] = await Promise.all([templates(), deps.rights(), deps.quotas()]);
      const may = (q: Question) => rights.canOpen(ctx.caller, q.visibility);
      const done = option.include_done ? new Set<string>() : await answeredIds(Number(ctx.caller.userId));
      // Custom exams draw from the test's categories only (the 15k word questions are not test items),
      // through the catalogue's per-category lists: a create costs no scan of the whole bank.
      const pool = [1, 2, 3, 4]
        .flatMap((cat) =>
          (c.byCategory.get(cat) ?? []).map((i) => (c.entries[i] as (typeof c.entries)[number]).question),
        )
        .filter((q) => may(q) && !done.has(q.id) && q.visibility !== 'hidden' && q.visibility !== 'forbid');
      const sections = buildCustom(option, pool, c);
      if (!sections.length || sections.some((s) => !s.questionIds.length)) {
        throw errors.notFound('没有符合条件的题目，请放宽组卷条件');
      }
      const isMock = option.kind === 'full';
      if (isMock) assertMayMock(quotas, ctx.caller, true);
      const examId = await repo.db.transaction(async (tx) => {
        if (isMock) await consume(tx, quotas, ctx.caller, 'mock', clock.now());
        return insertExam(
          tx,
          ctx,
          {
            name: isMock ? '自选模考' : '自选练习',
            kind: isMock ? 'mock_full' : 'custom',
            templateId: '',
            bookId: null,
            option,
          },
          newSections(sections, c),
        );
      });
      deps.onStarted?.(Number(ctx.caller.userId));
      return { exam_id: examId };
    },

    getExam,

    async openQuestion(b: { exam_id: string; section_index: number; question_index: number }, ctx: AuthedContext) {
      const w = await write(by(ctx), b.exam_id, (e, now) =>
        engine.openQuestion(e, b.section_index, b.question_index, now),
      );
      return toProgress(w.row, w.e, w.now, position(b.section_index, b.question_index));
    },

    async moveCursor(b: { exam_id: string; section_index: number; question_index: number }, ctx: AuthedContext) {
      const w = await write(by(ctx), b.exam_id, (e, now) =>
        engine.moveCursor(e, b.section_index, b.question_index, now),
      );
      return toProgress(w.row, w.e, w.now, position(b.section_index, b.question_index));
    },

    async saveAnswer(
      b: { exam_id: string; section_index: number; question_index: number; answer: Answer; used_time_seconds: number },
      ctx: AuthedContext,
    ) {
      const w = await write(by(ctx), b.exam_id, (e, now, c, fx) => {
        const id = e.sections[b.section_index]?.questions[b.question_index]?.id;
        const q = id ? c.byId.get(id)?.question : undefined;
        if (q) {
          const g = q.group_id ? c.groups.get(q.group_id) : undefined;
          const sentences = g ? g.paragraphs.flat().length : 0;
          if (!answerFits(q, b.answer, sentences)) throw errors.invalidParam('答案与题目不匹配');
        }
        const empty = isEmptyAnswer(b.answer);
        const { first, spent } = engine.saveAnswer(
          e,
          b.section_index,
          b.question_index,
          b.answer,
          b.used_time_seconds,
          now,
          empty,
        );
        const isWord = q?.category === QuestionCategory.Word;
        fx.quota = first;
        fx.activity = { question: first && !isWord ? 1 : 0, word: first && isWord ? 1 : 0, seconds: spent };
      });
      return toProgress(w.row, w.e, w.now, position(b.section_index, b.question_index));
    },

    /** 练习模式: submits one question for good; its key and analysis then come with the exam. */
    async submitQuestion(
      b: { exam_id: string; section_index: number; question_index: number; answer: Answer; used_time_seconds: number },
      ctx: AuthedContext,
    ) {
      const w = await write(by(ctx), b.exam_id, (e, now, c, fx) => {
        const id = e.sections[b.section_index]?.questions[b.question_index]?.id;
        const q = id ? c.byId.get(id)?.question : undefined;
        if (q) {
          const g = q.group_id ? c.groups.get(q.group_id) : undefined;
          const sentences = g ? g.paragraphs.flat().length : 0;
          if (!answerFits(q, b.answer, sentences)) throw errors.invalidParam('答案与题目不匹配');
        }
        const { first, spent } = engine.submitQuestion(
          e,
          b.section_index,
          b.question_index,
          b.answer,
          b.used_time_seconds,
          now,
          isEmptyAnswer(b.answer),
          scorer(c),
        );
        const isWord = q?.category === QuestionCategory.Word;
        fx.quota = first;
        fx.activity = { question: first && !isWord ? 1 : 0, word: first && isWord ? 1 : 0, seconds: spent };
      });
      return toProgress(w.row, w.e, w.now, position(b.section_index, b.question_index));
    },

    async flag(
      b: { exam_id: string; section_index: number; question_index: number; flagged: boolean },
      ctx: AuthedContext,
    ) {
      const w = await write(by(ctx), b.exam_id, (e, now) =>
        engine.flag(e, b.section_index, b.question_index, b.flagged, now),
      );
      return toProgress(w.row, w.e, w.now, position(b.section_index, b.question_index));
    },

    async addTime(
      b: { exam_id: string; section_index: number; question_index: number; seconds: number },
      ctx: AuthedContext,
    ) {
      const w = await write(by(ctx), b.exam_id, (e, now, _c, fx) => {
        const q = e.sections[b.section_index]?.questions[b.question_index];
        const before = q?.used ?? 0;
        engine.addTime(e, b.section_index, b.question_index, b.seconds, now);
        fx.activity = { question: 0, word: 0, seconds: (q?.used ?? 0) - before };
      });
      return toProgress(w.row, w.e, w.now, position(b.section_index, b.question_index));
    },

    async finishSection(b: { exam_id: string; section_index: number }, ctx: AuthedContext) {
      const w = await write(by(ctx), b.exam_id, (e, now, c) =>
        engine.finishSection(e, b.section_index, now, scorer(c)),
      );
      return toProgress(w.row, w.e, w.now, null);
    },

    async finishExam(examId: string, ctx: AuthedContext) {
      const w = await write(by(ctx), examId, (e, now, c) => engine.finishExam(e, now, scorer(c)));
      return toProgress(w.row, w.e, w.now, null);
    },

    async records(b: { page: number; page_size: number; mock_only: boolean }, ctx: AuthedContext) {
      const { rows, total } = await repo.records(Number(ctx.caller.userId), b.page, b.page_size, b.mock_only);
      return {
        page_control: { page: b.page, page_size: b.page_size, total },
        records: rows.map(toRecord),
      };
    },

    async report(b: { exam_id?: string; book_id?: string }, ctx: AuthedContext) {
      const { t } = await templates();
      const userId = Number(ctx.caller.userId);
      const book = b.book_id ? await repo.findBook(userId, b.book_id) : undefined;
      if (b.book_id && !book) throw errors.notFound('练习册不存在');
      const examId = book?.examId ?? (b.exam_id as string);
      // Read through getExam, so a timed-out last section is committed first.
      const view = await getExam(examId, ctx);
      if (!isOver(view.exam.status)) {
        throw new AppError('exam_finished', { show: '考试尚未完成，完成后才能查看报告' });
      }
      const tpl = book ? t.byId.get(book.templateId)?.template : undefined;
      return {
        ...view,
        book: book && tpl ? toBook(book, tpl, view.exam.status, clock.now().getTime()) : null,
      };
    },
  };

  async function answeredIds(userId: number): Promise<Set<string>> {
    const { rows } = await repo.records(userId, 1, 500, false);
    const ids = new Set<string>();
    for (const r of rows)
      for (const s of r.sections as StoredSection[])
        for (const q of s.questions) if (q.state === QuestionState.Answered) ids.add(q.id);
    return ids;
  }
}

/** The deadline of the section running now (null when none runs, or it is untimed). */
function openDeadline(e: EngineExam): Date | null {
  const s = engine.currentSection(e);
  const d = s ? engine.deadlineOf(s) : 0;
  return d ? new Date(d) : null;
}

/** The response log of a finished exam: every scored question (essays are graded elsewhere). */
function responsesOf(row: ExamRow, e: EngineExam, c: Catalogue, at: Date): ResponseRow[] {
  const out: ResponseRow[] = [];
  const day = chinaDay(at);
  for (const s of e.sections) {
    s.questions.forEach((r, questionIndex) => {
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

/** Sections of a custom exam from the questions the caller may open. */
function buildCustom(o: CreateOption, pool: Question[], c: Catalogue): TemplateSection[] {
  const tagName = (id: string) => c.tagNames.get(id) ?? id;
  const rnd = randomUUID();
  const order = (qs: Question[]) => {
    const keyed = qs.map((q) => ({ q, k: hash(rnd + q.id) }));
    keyed.sort((a, b) => {
      if (o.pick_first && (a.q.visibility === 'pick') !== (b.q.visibility === 'pick'))
        return a.q.visibility === 'pick' ? -1 : 1;
      if (o.select_kind === 'easy' && a.q.difficulty !== b.q.difficulty) return a.q.difficulty - b.q.difficulty;
      if (o.select_kind === 'hard' && a.q.difficulty !== b.q.difficulty) return b.q.difficulty - a.q.difficulty;
      return a.k - b.k;
    });
    return keyed.map((x) => x.q);
  };
  const fits = (q: Question) =>
    (!o.question_kinds.length || o.question_kinds.includes(q.kind)) &&
    (!o.difficulties.length || o.difficulties.includes(q.difficulty)) &&
    (q.category !== QuestionCategory.Math ||
      o.math_create_kind === 'all' ||
      mathAreaOf(q, tagName) === o.math_create_kind);
  /** Takes about n questions, a passage or figure with all its questions the caller may open. */
  const takeN = (qs: Question[], n: number, used: Set<string>, ordered = order(qs)) => {
    const out: string[] = [];
    for (const q of ordered) {
      if (out.length >= n) break;
      if (used.has(q.id)) continue;
      const mates = q.group_id ? qs.filter((m) => m.group_id === q.group_id && !used.has(m.id)) : [q];
      if (out.length + mates.length > n && out.length > 0) continue;
      for (const m of mates) {
        used.add(m.id);
        out.push(m.id);
      }
    }
    return out;
  };
  const verbalPool = pool.filter((q) => (q.category === 1 || q.category === 2) && fits(q));
  const quantPool = pool.filter((q) => q.category === 3 && fits(q));
  const used = new Set<string>();
  const limit = (minutes: number) => (o.enable_count_up ? 0 : minutes * 60);
  /**
   * A second section's easy / medium / hard variants (easiest first, closest to difficulty 2 first,
   * hardest first); they may share questions with each other, never with an earlier section.
   */
  const adaptive = (qs: Question[], n: number) => {
    const rank: Record<AdaptiveLevel, (q: Question) => number> = {
      easy: (q) => q.difficulty,
      medium: (q) => Math.abs(q.difficulty - 2),
      hard: (q) => -q.difficulty,
    };
    const pick = (l: AdaptiveLevel) =>
      takeN(
        qs,
        n,
        new Set(used),
        [...order(qs)].sort((a, b) => rank[l](a) - rank[l](b)),
      );
    const variants = { easy: pick('easy'), medium: pick('medium'), hard: pick('hard') };
    for (const id of Object.values(variants).flat()) used.add(id);
    return { questionIds: variants.medium, variants };
  };
  if (o.kind === 'full') {
    const { issue, verbal1, verbal2, quant1, quant2 } = greSections;
    const out: TemplateSection[] = [];
    if (o.with_issue) {
      out.push({
        name: issue.name,
        kind: 'issue',
        limit: limit(issue.minutes),
        questionIds: takeN(
          pool.filter((q) => q.kind === 'issue'),
          1,
          used,
        ),
      });
    }
    out.push(
      {
        name: verbal1.name,
        kind: 'verbal',
        limit: limit(verbal1.minutes),
        questionIds: takeN(verbalPool, verbal1.count, used),
      },
      {
        name: quant1.name,
        kind: 'quant',
        limit: limit(quant1.minutes),
        questionIds: takeN(quantPool, quant1.count, used),
      },
      {
        name: verbal2.name,
        kind: 'verbal',
        limit: limit(verbal2.minutes),
        ...adaptive(verbalPool, verbal2.count),
      },
      {
        name: quant2.name,
        kind: 'quant',
        limit: limit(quant2.minutes),
        ...adaptive(quantPool, quant2.count),
      },
    );
    return out;
  }
  const source = o.kind === 'verbal' ? verbalPool : o.kind === 'quant' ? quantPool : [...verbalPool, ...quantPool];
  return [{ name: '自选练习', kind: 'practice', limit: limit(o.minutes), questionIds: takeN(source, o.count, used) }];
}

function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export type ExamService = ReturnType<typeof createExamService>;

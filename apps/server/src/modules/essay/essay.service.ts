// Essays: submitted from the idea page, or created when a mock's Issue section is committed (the
// exam service's onCommitted hook, inside the exam's transaction). Grading runs on the job queue:
// Judging → Finished (score, rank at finish, comment) or Failed (a Chinese reason; retry starts a
// new round). A sweeper re-enqueues essays left Judging (a crash between commit and enqueue) and
// fails the ones no run could grade. Decisions: docs/decisions/0015-essay-grading-and-job-queue.md.
import { randomUUID } from 'node:crypto';
import { teacherQueuePageSize } from '@gre/contract/endpoints/essay';
import { IssueResultStatus } from '@gre/contract/enums';
import { type EssayTeacherComment, essayWordCount } from '@gre/contract/essay';
import type { Clock } from '../../platform/clock.ts';
import type { AuthedContext, Caller } from '../../platform/endpoints.ts';
import { AppError, errors } from '../../platform/errors.ts';
import { everything, type InvalidationBus } from '../../platform/invalidation.ts';
import type { JobQueue, QueuedJob } from '../../platform/jobs.ts';
import { consume, type Quota } from '../exam/exam.quota.ts';
import type { CommittedSections } from '../exam/exam.service.ts';
import { writeStaffAudit } from '../operate/staff-audit.ts';
import type { QuestionService } from '../question/question.service.ts';
import type { Rights } from '../question/rights.ts';
import { readGreWords } from '../question/vocabulary.ts';
import { callerOfUser } from '../user/user.mapper.ts';
import { isHeldOut } from './agreement.ts';
import { analyzeEssay, buildLexicon, createBuiltinGrader, gradeBuiltin, type Lexicon } from './builtin-grader.ts';
import { activeWeights, type FittedWeights, fitWeights, heldOutFigures, useWeights } from './builtin-weights.ts';
import { toEssay } from './essay.mapper.ts';
import type { EssayRepo, EssayRow } from './essay.repo.ts';
import { type EssayPrompt, type GradeResult, type Grader, graderLabel, PermanentGradingError } from './grader.ts';
import { createModelGrader, type ModelGraderConfig } from './model-grader.ts';

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface EssayServiceDeps {
  repo: EssayRepo;
  clock: Clock;
  questions: Pick<QuestionService, 'catalogue'>;
  rights: () => Promise<Rights>;
  quotas: () => Promise<Map<number, Quota>>;
  /** The grader; default: the model grader when `model` is configured, else the built-in scorer. */
  grader?: Grader;
  model?: ModelGraderConfig;
  /** Tells every process to reload the built-in scorer's weights after a refit. */
  bus?: InvalidationBus;
  log?: Logger;
  /** Called in the transaction that finishes a grade (the remind mail, ADR 0030). */
  onGraded?: (tx: Parameters<Parameters<EssayRepo['db']['transaction']>[0]>[0], essay: EssayRow) => Promise<unknown>;
}

export const gradeQueue = 'essay.grade';
export const sweepQueue = 'essay.sweep';
/** Refits the built-in scorer on teacher grades (issue 13), every night at 05:00 China time. */
export const refitQueue = 'essay.refit';
const refitCron = '0 5 * * *';
export const essayWeightsTopic = 'essay_weights';
/** Teacher-graded essays needed before the built-in scorer is refitted on them. */
export const minTeacherGradesForRefit = 200;
/** At most this many teacher grades (the newest) enter a refit. */
const maxTeacherGradesForRefit = 20_000;
/** Score levels of the built-in scorer's prediction (0 is left to the zero rules). */
const refitLevels = Array.from({ length: 11 }, (_, i) => 1 + i / 2);
/** Retries after the first grading run; the essay is Failed when the last run fails. */
const retryLimit = 3;
/** An essay Judging this long without a run is sent again (a crash between commit and enqueue). */
const resendAfterMs = 2 * 60_000;
/** An essay whose runs are used up and that nothing touched for this long is Failed. */
const giveUpAfterMs = 15 * 60_000;

export const failureReasons = {
  unavailable: '批改服务暂时不可用，请稍后点击"重新批改"',
  timeout: '批改超时，请点击"重新批改"',
  promptGone: '作文题目已下线，无法批改',
} as const;

export function createEssayService(deps: EssayServiceDeps) {
  const { repo, clock } = deps;
  const log = deps.log;

  let lexiconPromise: Promise<Lexicon> | null = null;
  /** The GRE list from the `words` table (ecdict when the bank is not imported), loaded once. */
  const lexicon = () => {
    lexiconPromise ??= (async () => {
      const rows = await repo.greWords();
      return buildLexicon(rows.length ? rows : readGreWords());
    })().catch((err) => {
      lexiconPromise = null;
      throw err;
    });
    return lexiconPromise;
  };
  const grader = deps.grader ?? (deps.model ? createModelGrader(deps.model, lexicon) : createBuiltinGrader(lexicon));

  // The built-in scorer's weights: the newest refit on teacher grades, else the committed fit.
  let weightsLoading: Promise<void> | null = null;
  const loadWeights = () => {
    const p = repo.latestWeights().then((r) => useWeights((r?.weights as FittedWeights | undefined) ?? null));
    p.catch(() => {
      if (weightsLoading === p) weightsLoading = null;
    });
    weightsLoading = p;
    return p;
  };
  const weightsReady = () => weightsLoading ?? loadWeights();
  deps.bus?.subscribe((topic) => {
    if (topic === essayWeightsTopic || topic === everything) void loadWeights().catch(() => {});
  });

  let jobs: JobQueue | null = null;

  /** Sends the grading job; without a queue the essay stays Judging until a process with one sweeps it. */
  async function enqueue(essayId: string) {
    if (!jobs) return;
    await jobs.send(gradeQueue, { essay_id: essayId }, { singletonKey: essayId });
  }

  async function promptOf(questionId: string): Promise<EssayPrompt> {
    const q = (await deps.questions.catalogue()).byId.get(questionId)?.question;
    if (q?.kind !== 'issue') throw new PermanentGradingError(failureReasons.promptGone);
    return { id: q.id, stem: q.inquiry, instructions: q.input_method.instructions };
  }

  /**
   * Writes a grade: Judging → Finished with the rank among finished essays on the prompt, and the
   * score into the exam's result. The one path for every grader (a teacher's grade will use it too).
   */
  async function finish(id: string, result: GradeResult): Promise<EssayRow | undefined> {
    const row = await repo.find(id);
    if (!row || row.status !== IssueResultStatus.Judging) return undefined;
    return repo.db.transaction(async (tx) => {
      const now = clock.now();
      const rank = await repo.rankOf(tx, row.questionId, id, result.score);
      const done = await repo.finish(tx, id, {
        score: result.score,
        rank,
        comment: result.comment,
        grader: result.grader,
        now,
      });
      if (done?.examId) await repo.copyScoreToExam(tx, done.examId);
      if (done) await deps.onGraded?.(tx, done);
      return done;
    });
  }

  /** One grading run (a job). Throws to have the queue retry; fails the essay on the last run. */
  async function grade(job: QueuedJob<{ essay_id: string }>) {
    const id = job.data.essay_id;
    const row = await repo.beginAttempt(id, clock.now());
    if (!row) return; // finished, failed or deleted meanwhile: nothing to do
    try {
      await weightsReady();
      const result = await grader.grade({ prompt: await promptOf(row.questionId), text: row.text }, job.signal);
      if (result.note) log?.warn({ essayId: id, note: result.note }, 'essay graded by the fallback grader');
      await finish(id, result);
    } catch (err) {
      const permanent = err instanceof PermanentGradingError;
      if (!permanent && job.retry < job.retryLimit) {
        log?.warn({ err, essayId: id, retry: job.retry }, 'essay grading failed; it will be retried');
        throw err;
      }
      log?.error({ err, essayId: id }, 'essay grading failed');
      await repo.fail(repo.db, id, permanent ? err.reason : failureReasons.unavailable, clock.now());
    }
  }

  /** Re-sends essays left Judging, fails those whose runs are used up. */
  async function sweep() {
    const now = clock.now().getTime();
    for (const r of await repo.stale(new Date(now - resendAfterMs), 200)) {
      if (r.attempts > retryLimit && r.updatedAt.getTime() < now - giveUpAfterMs) {
        await repo.fail(repo.db, r.id, failureReasons.timeout, new Date(now));
      } else {
        await enqueue(r.id);
      }
    }
  }

  /**
   * Refits the built-in scorer on teacher-graded essays once `minTeacherGradesForRefit` exist: the
   * same method as `npm run fit:essay` (fit split = sha256(id) mod 3 ≠ 0), teacher 0s left out (the
   * zero rules handle those). Stores the weights with their held-out figures — and, on the same
   * held-out essays, those of the weights in use before — and puts them in use everywhere.
   */
  async function refit(): Promise<FittedWeights | null> {
    const n = await repo.countTeacherGraded();
    if (n < minTeacherGradesForRefit) {
      log?.info({ teacherGraded: n }, 'essay scorer not refitted: too few teacher grades');
      return null;
    }
    const [rows, lex, catalogue] = await Promise.all([
      repo.teacherGraded(maxTeacherGradesForRefit),
      lexicon(),
      deps.questions.catalogue(),
    ]);
    await weightsReady();
    const before = activeWeights();
    const graded = rows.flatMap((r) => {
      const q = catalogue.byId.get(r.questionId)?.question;
      if (q?.kind !== 'issue' || r.teacherScore === null || r.teacherScore < 1) return [];
      const prompt = { id: q.id, stem: q.inquiry, instructions: q.input_method.instructions };
      return [{ id: r.id, human: r.teacherScore, features: analyzeEssay({ prompt, text: r.text }, lex) }];
    });
    const fit = graded.filter((g) => !isHeldOut(g.id));
    const held = graded.filter((g) => isHeldOut(g.id));
    if (fit.length < minTeacherGradesForRefit / 2 || held.length < 10) {
      log?.info({ usable: graded.length }, 'essay scorer not refitted: too few usable teacher grades');
      return null;
    }
    const weights = fitWeights(
      fit.map((g) => g.features),
      fit.map((g) => g.human),
      refitLevels,
      {
        data: `${graded.length} teacher-graded essays (score ≥ 1), fit split ${fit.length} (sha256(id) mod 3 ≠ 0)`,
        command: `job ${refitQueue}`,
      },
    );
    const heldFeatures = held.map((g) => g.features);
    const human = held.map((g) => g.human);
    weights.heldOut = heldOutFigures(weights, heldFeatures, human);
    log?.info(
      { heldOut: weights.heldOut, previous: heldOutFigures(before, heldFeatures, human) },
      'essay scorer refitted on teacher grades',
    );
    await repo.insertWeights(weights, graded.length, clock.now());
    if (deps.bus) deps.bus.publish(essayWeightsTopic, '');
    else await loadWeights();
    useWeights(weights);
    return weights;
  }

  const ownerOf = (ctx: AuthedContext) => Number(ctx.caller.userId);

  return {
    /** Registers the grading worker and the sweeper on the queue (once per process). */
    async startWorkers(queue: JobQueue) {
      jobs = queue;
      await queue.define(gradeQueue, {
        retryLimit,
        retryDelaySeconds: 5,
        retryBackoff: true,
        retryDelayMaxSeconds: 120,
        // A run longer than this is considered lost (the model's tries and timeouts fit inside).
        expireInSeconds: Math.max(300, Math.ceil(((deps.model?.timeoutMs ?? 0) * 4) / 1000)),
        onePerKey: true,
      });
      await queue.define(sweepQueue, { retryLimit: 0, expireInSeconds: 120, onePerKey: false });
      await queue.work(gradeQueue, grade, { concurrency: 2 });
      await queue.work(sweepQueue, () => sweep());
      await queue.schedule(sweepQueue, '* * * * *');
      await queue.define(refitQueue, { retryLimit: 1, expireInSeconds: 1800, onePerKey: false });
      await queue.work(refitQueue, async () => {
        await refit();
      });
      await queue.schedule(refitQueue, refitCron);
    },

    sweep,
    finish,
    refit,

    /**
     * A teacher's grade (issue 13; the /teach queue, ADR 0032): 0–6 in half points and comments,
     * kept beside the machine's grade, on an essay in any status. The row is locked, and the staff
     * audit (before/after score) is written in the same transaction.
     */
    async teacherGrade(id: string, g: { score: number; comment: EssayTeacherComment }, teacherId: number) {
      if (!(g.score >= 0 && g.score <= 6 && Number.isInteger(g.score * 2))) {
        throw new AppError('bad_request', { show: '老师评分须为 0–6 分，以 0.5 分为单位' });
      }
      const comment: EssayTeacherComment = {
        overall: g.comment.overall,
        traits: g.comment.traits.filter((t) => t.comment.trim().length > 0),
      };
      const row = await repo.db.transaction(async (tx) => {
        const before = await repo.lock(tx, id);
        if (!before) return undefined;
        const now = clock.now();
        const after = await repo.setTeacherGrade(tx, id, { score: g.score, comment, teacherId, now });
        await writeStaffAudit(tx, {
          staffId: teacherId,
          action: 'essay.teacher_grade',
          target: before.userId,
          subject: id,
          before: { teacher_score: before.teacherScore },
          after: { teacher_score: g.score },
          at: now,
        });
        return after;
      });
      if (!row) throw errors.notFound('作文不存在');
      return toEssay(row);
    },

    /** The teacher grading queue: oldest first, with the Issue prompts for the filter. */
    async teacherQueue(b: { prompt_id?: string; source: 'builtin' | 'model' | 'all'; graded: boolean; page: number }) {
      const [c, { rows, total }] = await Promise.all([
        deps.questions.catalogue(),
        repo.teacherQueue({
          questionId: b.prompt_id,
          source: b.source,
          graded: b.graded,
          page: b.page,
          pageSize: teacherQueuePageSize,
        }),
      ]);
      const titleOf = (qid: string) => promptTitle(c.byId.get(qid)?.question.inquiry ?? '') || qid;
      const prompts = [...c.byId.values()]
        .filter((e) => e.question.kind === 'issue')
        .map((e) => ({ id: e.question.id, title: promptTitle(e.question.inquiry) || e.question.id }));
      return {
        page_control: { page: b.page, page_size: teacherQueuePageSize, total },
        essays: rows.map((r) => ({
          id: r.id,
          question_id: r.questionId,
          prompt_title: titleOf(r.questionId),
          status: r.status as IssueResultStatus,
          created_at: r.createdAt.getTime(),
          word_count: r.wordCount,
          score: r.score,
          grader: r.grader,
          grader_label: graderLabel(r.grader),
          teacher_score: r.teacherScore,
          teacher_graded_at: r.teacherGradedAt?.getTime() ?? 0,
        })),
        prompts,
      };
    },

    /** One essay as a teacher reads it: the text, its prompt, the machine's grade, any teacher grade. */
    async teacherGet(id: string) {
      const row = await repo.find(id);
      if (!row) throw errors.notFound('作文不存在');
      const q = (await deps.questions.catalogue()).byId.get(row.questionId)?.question;
      const prompt = {
        id: row.questionId,
        title: promptTitle(q?.inquiry ?? '') || row.questionId,
        stem: q?.inquiry ?? '（题目已下线）',
        instructions: q?.input_method.instructions ?? '',
      };
      // Beside a model's grade, the built-in scorer's (no network, milliseconds): the teacher sees both.
      let builtin = null;
      if (row.grader.startsWith('model:') && row.text.trim()) {
        const b = gradeBuiltin({ prompt, text: row.text }, await lexicon());
        builtin = { score: b.score, grader_label: graderLabel(b.grader), overall: b.comment.overall };
      }
      return { essay: toEssay(row), prompt, builtin };
    },

    /** One grading run, as the queue calls it. */
    runGradingJob: grade,

    async submit(b: { question_id: string; text: string }, ctx: AuthedContext) {
      const [c, rights, quotas] = await Promise.all([deps.questions.catalogue(), deps.rights(), deps.quotas()]);
      const q = c.byId.get(b.question_id)?.question;
      if (q?.kind !== 'issue') throw errors.notFound('作文题目不存在或已下线');
      rights.assertCanOpen(ctx.caller, q.visibility);
      const now = clock.now();
      const row = newEssay(
        { userId: ownerOf(ctx), questionId: q.id, source: 'idea', examId: null, sectionIndex: null, text: b.text },
        IssueResultStatus.Judging,
        now,
      );
      await repo.db.transaction(async (tx) => {
        await consume(tx, quotas, ctx.caller, 'essay', now);
        await repo.insert(tx, row);
      });
      await enqueue(row.id);
      return toEssay(row);
    },

    async get(id: string, ctx: AuthedContext) {
      const row = await repo.findOwn(ownerOf(ctx), id);
      if (!row) throw errors.notFound('作文不存在');
      return toEssay(row);
    },

    async list(b: { question_id?: string; page: number; page_size: number }, ctx: AuthedContext) {
      const { rows, total } = await repo.list(ownerOf(ctx), b.question_id, b.page, b.page_size);
      return { page_control: { page: b.page, page_size: b.page_size, total }, essays: rows.map(toEssay) };
    },

    async byExam(examId: string, ctx: AuthedContext) {
      return { essays: (await repo.byExam(ownerOf(ctx), examId)).map(toEssay) };
    },

    /** Failed → Judging. Charged only when the essay was never charged (refused by the quota at commit). */
    async retry(id: string, ctx: AuthedContext) {
      const quotas = await deps.quotas();
      const now = clock.now();
      const row = await repo.db.transaction(async (tx) => {
        const r = await repo.lockOwn(tx, ownerOf(ctx), id);
        if (!r) throw errors.notFound('作文不存在');
        if (r.status !== IssueResultStatus.Failed) {
          throw new AppError('bad_request', { show: '只有批改失败的作文才能重新批改' });
        }
        // attempts = 0 on a Failed essay: no run ever graded it, so its unit was never taken.
        if (r.attempts === 0) await consume(tx, quotas, ctx.caller, 'essay', now);
        return repo.restart(tx, id, now);
      });
      if (!row) throw errors.notFound('作文不存在');
      await enqueue(id);
      return toEssay(row);
    },

    /**
     * The exam service's hook: an Issue section was committed (by the candidate or the clock). Each
     * essay becomes a row: Empty when blank (no charge, no grading), else Judging with one unit of
     * the essay quota taken — or Failed with the quota's refusal when none is left (the exam's
     * commit must never fail because of an essay; a retry later charges then).
     */
    onExamCommitted: async (c: CommittedSections) => {
      const now = clock.now();
      let quotas: Map<number, Quota> | null = null;
      let caller: Caller | null = null;
      for (const s of c.sections) {
        if (s.kind !== 'issue') continue;
        for (const r of s.questions) {
          const text = r.answer?.text ?? '';
          const row = newEssay(
            { userId: c.userId, questionId: r.id, source: 'exam', examId: c.examId, sectionIndex: s.index, text },
            IssueResultStatus.Empty,
            now,
          );
          if (text.trim()) {
            quotas ??= await deps.quotas();
            caller ??= await callerOf(c);
            row.status = IssueResultStatus.Judging;
            try {
              // A savepoint: a refusal rolls back only the quota's own statements.
              await c.tx.transaction(async (sp) =>
                consume(sp, quotas as Map<number, Quota>, caller as Caller, 'essay', now),
              );
            } catch (err) {
              if (!(err instanceof AppError)) throw err;
              row.status = IssueResultStatus.Failed;
              row.failure = `${err.show}。额度恢复后可点击"重新批改"`;
            }
          }
          await repo.insert(c.tx, row);
          if (row.status === IssueResultStatus.Judging) c.afterCommit(() => enqueue(row.id));
        }
      }
      if (c.examFinished) await repo.copyScoreToExam(c.tx, c.examId);
    },
  };

  async function callerOf(c: CommittedSections): Promise<Caller> {
    const u = await repo.userForQuota(c.tx, c.userId);
    if (!u) throw errors.notFound('用户不存在');
    return callerOfUser(u, clock.now());
  }
}

export type EssayService = ReturnType<typeof createEssayService>;

/** A prompt's first words, for the queue (the whole prompt is shown beside the essay). */
function promptTitle(inquiry: string): string {
  const flat = inquiry.replace(/\s+/g, ' ').trim();
  return flat.length > 80 ? `${flat.slice(0, 78)}…` : flat;
}

/** A new essay row, not graded yet. */
function newEssay(
  from: Pick<EssayRow, 'userId' | 'questionId' | 'source' | 'examId' | 'sectionIndex' | 'text'>,
  status: EssayRow['status'],
  now: Date,
): EssayRow {
  return {
    id: randomUUID(),
    ...from,
    wordCount: essayWordCount(from.text),
    status,
    score: null,
    rank: null,
    comment: null,
    grader: '',
    failure: '',
    attempts: 0,
    createdAt: now,
    updatedAt: now,
    finishedAt: null,
    teacherScore: null,
    teacherComment: null,
    teacherId: null,
    teacherGradedAt: null,
  };
}

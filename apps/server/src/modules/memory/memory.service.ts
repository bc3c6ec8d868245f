// Long-term memory (issue 15, ADR 0027). Every review of an FSRS card (the review loop's questions
// today, flash cards' words later) goes through `reviewAll`: it schedules with the user's memory model
// (desired retention, and their own FSRS weights when fitted) and appends the reviews to the log in
// the caller's transaction. Once a user's log holds `fitThreshold` reviews, and again after every
// `refitEvery` more, the hourly sweep queues a fit job that runs the FSRS optimizer on the log and
// stores the weights; reviews after that are scheduled with them.
import type { SQL } from 'drizzle-orm';
import type { Grade } from 'ts-fsrs';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import { type FitOutcome, fitWeights } from './memory.fit.ts';
import { type MemoryModel, review, type StoredMemory } from './memory.fsrs.ts';
import { createMemoryRepo } from './memory.repo.ts';

type Runner = Parameters<ReturnType<typeof createMemoryRepo>['append']>[2];

/** Reviews a user needs before their own weights are fitted. */
export const fitThreshold = 1000;
/** More reviews since the last fit before the next one. */
export const refitEvery = 1000;
export const fitQueue = 'memory.fit';
export const fitSweepQueue = 'memory.fit_sweep';
/** The sweep runs every hour (China time, minute 17). */
export const fitSweepCron = '17 * * * *';

export interface ReviewRequest {
  /** `q:<question id>`, `w:<word>`. */
  key: string;
  /** The card before the review; null for a new one. */
  prev: StoredMemory | null;
  grade: Grade;
}

export function createMemoryService(deps: {
  db: Db;
  clock: Clock;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}) {
  const repo = createMemoryRepo(deps.db);
  let jobs: JobQueue | null = null;

  /** Runs the optimizer on the user's log when the fit rule says so; the outcome, or null when not due. */
  async function fit(userId: number): Promise<(FitOutcome & { used: boolean }) | null> {
    const p = await repo.params(userId);
    if (!p || p.reviews < fitThreshold || (p.fittedReviews > 0 && p.reviews < p.fittedReviews + refitEvery))
      return null;
    const log = await repo.log(userId);
    if (log.length < fitThreshold) return null;
    const outcome = await fitWeights(log);
    const now = deps.clock.now();
    const fitFigures = outcome && {
      items: outcome.items,
      log_loss: outcome.logLoss,
      rmse_bins: outcome.rmseBins,
      default_log_loss: outcome.defaultLogLoss,
      default_rmse_bins: outcome.defaultRmseBins,
    };
    // Weights that predict the user's own log worse than the defaults are not used (nor kept).
    if (!outcome || !fitFigures || outcome.logLoss > outcome.defaultLogLoss) {
      await repo.markTried(userId, log.length, fitFigures ?? { items: 0 }, now);
      deps.log?.warn({ userId, fit: fitFigures }, 'memory weights not fitted: the defaults stay');
      return outcome && { ...outcome, used: false };
    }
    await repo.saveFit(userId, { weights: outcome.weights, fittedReviews: log.length, fit: fitFigures, fittedAt: now });
    deps.log?.info({ userId, fit: fitFigures }, 'memory weights fitted');
    return { ...outcome, used: true };
  }

  /** Queues a fit for every user the rule makes due; the number queued. */
  async function sweep(): Promise<number> {
    if (!jobs) return 0;
    let sent = 0;
    for (const userId of await repo.dueForFit(fitThreshold, refitEvery)) {
      if (await jobs.send(fitQueue, { user_id: userId }, { singletonKey: String(userId) })) sent++;
    }
    return sent;
  }

  return {
    /** The model a user's reviews are scheduled with. */
    modelOf: (userId: number, on?: Runner): Promise<MemoryModel> => repo.model(userId, on),

    /**
     * Reviews items at `now` with the user's model: the next cards, in order. The reviews are logged
     * on `on` (the caller's transaction), so a review and its log row are written together.
     */
    async reviewAll(on: Runner, userId: number, now: Date, items: ReviewRequest[]): Promise<StoredMemory[]> {
      if (!items.length) return [];
      const model = await repo.model(userId, on);
      const done = items.map((it) => ({ it, ...review(it.prev, now, it.grade, model) }));
      await repo.append(
        userId,
        done.map((d) => ({ itemKey: d.it.key, ...d.record, reviewedAt: now })),
        on,
      );
      return done.map((d) => d.card);
    },

    /**
     * The same review for a caller that answers in two statements (flash cards, ADR 0028): its read
     * joins `modelJoin(userId)` (columns `memory_retention`, `memory_weights`); `planReviews` then
     * schedules with that model and gives the log's writes as CTE bodies for the caller's write
     * statement, written only when the caller's `gate` CTE returns a row (same transaction, same rule:
     * a card and its log row are written together).
     */
    modelJoin: (userId: SQL): SQL => repo.modelJoin(userId),
    planReviews(
      userId: number,
      now: Date,
      model: { memory_retention: number | null; memory_weights: number[] | null },
      items: ReviewRequest[],
    ): { cards: StoredMemory[]; ctes: (gate: SQL) => SQL[] } {
      const m: MemoryModel = { retention: model.memory_retention ?? 0.9, weights: model.memory_weights ?? null };
      const done = items.map((it) => ({ it, ...review(it.prev, now, it.grade, m) }));
      return {
        cards: done.map((d) => d.card),
        ctes: (gate) =>
          repo.appendCtes(
            userId,
            done.map((d) => ({ itemKey: d.it.key, ...d.record, reviewedAt: now })),
            gate,
          ),
      };
    },

    fit,
    sweep,

    /** Registers the fit job and its hourly sweep on the queue (once per process). */
    async startWorkers(queue: JobQueue) {
      jobs = queue;
      // One fit per user at a time; a failed fit is tried once more, then again after the next sweep.
      await queue.define(fitQueue, { retryLimit: 1, retryDelaySeconds: 60, expireInSeconds: 900, onePerKey: true });
      await queue.define(fitSweepQueue, { retryLimit: 0, expireInSeconds: 300, onePerKey: false });
      await queue.work<{ user_id: number }>(fitQueue, async (job) => {
        try {
          await fit(Number(job.data.user_id));
        } catch (err) {
          // E.g. the optimizer's addon missing on this platform: the user keeps the defaults.
          deps.log?.warn({ err, userId: job.data.user_id, retry: job.retry }, 'memory fit failed');
          throw err;
        }
      });
      await queue.work(fitSweepQueue, async () => {
        await sweep();
      });
      await queue.schedule(fitSweepQueue, fitSweepCron);
    },
  };
}

export type MemoryService = ReturnType<typeof createMemoryService>;

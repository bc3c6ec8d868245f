// The scoring service: the item parameters in memory (loaded once, reloaded after a recalibration,
// in every process through the invalidation bus) and the recalibration job's entry point.
import type { Question, QuestionKind } from '@gre/contract/question';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import { everything, type InvalidationBus } from '../../platform/invalidation.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import { type RecalibrationSummary, recalibrate } from './calibration.ts';
import { guessingByKind, type ItemParams, priorParams } from './irt.ts';
import { createScoringRepo } from './scoring.repo.ts';

export const itemParamsTopic = 'item_params';
/** The recurring recalibration job, and when it runs (every night, China time). */
export const recalibrateQueue = 'scoring.recalibrate';
export const recalibrateCron = '30 4 * * *';

/** Parameters of a question: its calibrated a and b when it has them, else its prior. */
export type ParamsOf = (q: Pick<Question, 'id' | 'kind' | 'difficulty'>) => ItemParams;

export function createScoringService(deps: {
  db: Db;
  clock: Clock;
  bus?: InvalidationBus;
  log?: { info(obj: object, msg: string): void };
}) {
  const repo = createScoringRepo(deps.db);
  let calibrated = new Map<string, { a: number; b: number }>();
  let loading: Promise<void> | null = null;

  const load = () => {
    const p = repo.itemParams().then((rows) => {
      calibrated = new Map(
        rows.filter((r) => r.source === 'calibrated').map((r) => [r.questionId, { a: r.a, b: r.b }]),
      );
    });
    // A failed load is retried by the next ready().
    p.catch(() => {
      if (loading === p) loading = null;
    });
    loading = p;
    return p;
  };
  deps.bus?.subscribe((topic) => {
    if (topic === itemParamsTopic || topic === everything) void load().catch(() => {});
  });

  const paramsOf: ParamsOf = (q) => {
    const cal = calibrated.get(q.id);
    if (!cal) return priorParams(q.kind, q.difficulty);
    return { a: cal.a, b: cal.b, c: guessingByKind[q.kind as QuestionKind] ?? 0 };
  };

  async function recalibrateNow(): Promise<RecalibrationSummary> {
    const summary = await recalibrate(deps.db, deps.clock);
    if (deps.bus) deps.bus.publish(itemParamsTopic, '');
    else await load();
    await loading;
    deps.log?.info({ summary }, 'item parameters recalibrated');
    return summary;
  }

  return {
    /** Resolves once the parameters are in memory (the first call loads them). */
    ready(): Promise<void> {
      return loading ?? load();
    },
    paramsOf,
    /** Runs the recalibration and reloads the parameters everywhere. */
    recalibrate: recalibrateNow,
    /** Schedules the nightly recalibration on the job queue and works it in this process. */
    async startWorkers(queue: JobQueue) {
      // One run at a time is enough; a run that fails is simply tried again the next night.
      await queue.define(recalibrateQueue, { retryLimit: 1, expireInSeconds: 3600, onePerKey: false });
      await queue.work(recalibrateQueue, async () => {
        await recalibrateNow();
      });
      await queue.schedule(recalibrateQueue, recalibrateCron);
    },
  };
}

export type ScoringService = ReturnType<typeof createScoringService>;

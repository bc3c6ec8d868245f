// The job queue: background work that must survive a crash or a restart (essay grading today,
// payment reconciliation and expiries later). Behind a small interface, implemented with pg-boss
// on the same database (DESIGN.md "jobs"): on PostgreSQL pg-boss keeps its own small pool; on
// embedded PGlite it shares the one connection through pg-boss's PGlite adapter, whose statements
// wait for the app's transactions (PGlite runs one statement or transaction at a time). pg-boss
// creates and migrates its own schema (`pgboss`) at start; our migrations never touch it.
//
// Rules for callers: never send() inside a transaction of the app on PGlite (the statement would
// wait for the transaction it is in) - send after the commit, and let a sweeper re-send what a
// crash between commit and send left behind. Handlers must be idempotent: a job may run again.
import { fromPglite, PgBoss } from 'pg-boss';
import type { Database } from './db.ts';
import { NotReady } from './readiness.ts';

/** How a queue retries: pg-boss waits retryDelaySeconds × 2^n (with jitter) when retryBackoff. */
export interface QueuePolicy {
  /** Retries after the first run (so runs = retryLimit + 1). */
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
  retryDelayMaxSeconds: number;
  /** A run still active after this long counts as failed (the visibility timeout) and is retried. */
  expireInSeconds: number;
  /**
   * At most one job per `singletonKey` queued, waiting for a retry or running (pg-boss's `exclusive`
   * policy); every send must then carry a key. Fixed when the queue is first created.
   */
  onePerKey: boolean;
}

export interface QueuedJob<T> {
  id: string;
  name: string;
  data: T;
  /** 0 on the first run, 1 on the first retry… */
  retry: number;
  /** The queue's retry limit: `retry === retryLimit` is the last run. */
  retryLimit: number;
  /** Aborted when the run expired or the queue is stopping. */
  signal: AbortSignal;
}

export interface JobQueue {
  /** Declares a queue and its retry policy (idempotent; a changed policy is applied). */
  define(name: string, policy?: Partial<QueuePolicy>): Promise<void>;
  /** Enqueues a job. On a `onePerKey` queue, null when a job with that key is already queued or running. */
  send<T extends object>(
    name: string,
    data: T,
    options?: { singletonKey?: string; delaySeconds?: number },
  ): Promise<string | null>;
  /** Runs `handler` for the queue's jobs in this process. A throw fails the run (retried per policy). */
  work<T extends object>(
    name: string,
    handler: (job: QueuedJob<T>) => Promise<void>,
    options?: { concurrency?: number; pollSeconds?: number },
  ): Promise<void>;
  /** A recurring job (cron, China time), sent once per occurrence across all processes. */
  schedule(name: string, cron: string, data?: object): Promise<void>;
  start(): Promise<void>;
  /** For /readyz: resolves when the queue is started and reaches its database, throws otherwise. */
  check(): Promise<void>;
  /** Stops fetching, waits up to `graceMs` for running handlers, then stops. */
  stop(graceMs?: number): Promise<void>;
}

export const defaultPolicy: QueuePolicy = {
  retryLimit: 3,
  retryDelaySeconds: 5,
  retryBackoff: true,
  retryDelayMaxSeconds: 300,
  expireInSeconds: 300,
  onePerKey: false,
};

interface Logger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JobQueueOptions {
  logger?: Logger;
  /** Run cron schedules in this process (default true). */
  cron?: boolean;
  /** pg-boss pool size per process on PostgreSQL (default 4). */
  poolMax?: number;
}

export function createJobQueue(database: Database, options: JobQueueOptions = {}): JobQueue {
  const conn = database.jobsConnection;
  const common = { schedule: options.cron ?? true };
  const boss =
    conn.kind === 'pglite'
      ? new PgBoss({ ...common, db: fromPglite(conn.client), backend: 'pglite' })
      : new PgBoss({ ...common, connectionString: conn.url, max: options.poolMax ?? 4 });
  const log = options.logger;
  boss.on('error', (err) => log?.error({ err }, 'job queue error'));
  boss.on('warning', (w) => log?.warn({ warning: w }, 'job queue warning'));

  const policies = new Map<string, QueuePolicy>();
  let started = false;

  const toQueueOptions = (p: QueuePolicy) => ({
    retryLimit: p.retryLimit,
    retryDelay: p.retryDelaySeconds,
    retryBackoff: p.retryBackoff,
    retryDelayMax: p.retryDelayMaxSeconds,
    expireInSeconds: p.expireInSeconds,
    // Completed jobs are kept a day (enough to investigate a complaint), then deleted by pg-boss.
    deleteAfterSeconds: 86_400,
  });

  async function ensure(name: string) {
    if (!policies.has(name)) await queue.define(name);
  }

  const queue: JobQueue = {
    async define(name, policy = {}) {
      const p = { ...defaultPolicy, ...policy };
      policies.set(name, p);
      const existing = await boss.getQueue(name);
      if (!existing)
        await boss.createQueue(name, { ...toQueueOptions(p), policy: p.onePerKey ? 'exclusive' : 'standard' });
      else await boss.updateQueue(name, toQueueOptions(p));
    },

    async send(name, data, o = {}) {
      await ensure(name);
      return boss.send(name, data, {
        ...(o.singletonKey ? { singletonKey: o.singletonKey } : {}),
        ...(o.delaySeconds ? { startAfter: o.delaySeconds } : {}),
      });
    },

    async work(name, handler, o = {}) {
      await ensure(name);
      const policy = policies.get(name) ?? defaultPolicy;
      await boss.work(
        name,
        { batchSize: 1, localConcurrency: o.concurrency ?? 1, pollingIntervalSeconds: o.pollSeconds ?? 1 },
        async (jobs) => {
          for (const j of jobs) {
            await handler({
              id: j.id,
              name: j.name,
              data: j.data as never,
              retry: j.retryCount,
              retryLimit: policy.retryLimit,
              signal: j.signal,
            });
          }
        },
      );
    },

    async schedule(name, cron, data = {}) {
      await ensure(name);
      await boss.schedule(name, cron, data, { tz: 'Asia/Shanghai' });
    },

    async start() {
      if (started) return;
      await boss.start();
      started = true;
    },

    async check() {
      if (!started) throw new NotReady('not running');
      await boss.getDb().executeSql('select 1');
    },

    async stop(graceMs = 10_000) {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, timeout: graceMs });
    },
  };
  return queue;
}

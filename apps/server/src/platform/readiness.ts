// Liveness and readiness for load balancers and orchestrators (docs/decisions/0016).
// `/healthz` answers as long as the process serves HTTP: cheap, touches nothing, so a slow
// database never gets a healthy process restarted. `/readyz` says whether this process should get
// traffic: the database answers a query, the job queue is started and reaches its database, and the
// question catalogue is in memory (right after start it is still loading); otherwise 503 with the
// reason. Neither is rate limited (a probe must never see 429). Reasons name what is wrong, never
// internal details (the endpoints are public); the details go to the log when a check starts failing.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from './db.ts';

/** A named check: resolves when fine, throws (or rejects) with a short reason otherwise. */
export type ReadinessChecks = Record<string, () => Promise<void>>;

/** Thrown by a check with a reason fit for the public answer. */
export class NotReady extends Error {}

interface ReadinessLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export interface ReadinessAnswer {
  ready: boolean;
  /** The first failing check and why (absent when ready). */
  reason?: string;
  /** Per check: "ok" or why not. */
  checks: Record<string, string>;
}

/** Each check gets this long; a database that hangs counts as down. */
export const checkTimeoutMs = 2_000;

async function runCheck(check: () => Promise<void>, timeoutMs: number): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new NotReady(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch (err) {
    throw err instanceof NotReady ? err : new NotReady('unreachable', { cause: err });
  } finally {
    clearTimeout(timer);
  }
}

/** Runs every check at once. */
export async function readiness(
  checks: ReadinessChecks,
  timeoutMs = checkTimeoutMs,
): Promise<ReadinessAnswer & { errors: Record<string, unknown> }> {
  const names = Object.keys(checks);
  const results = await Promise.allSettled(names.map((n) => runCheck(checks[n] as () => Promise<void>, timeoutMs)));
  const answer: ReadinessAnswer & { errors: Record<string, unknown> } = { ready: true, checks: {}, errors: {} };
  results.forEach((r, i) => {
    const name = names[i] as string;
    if (r.status === 'fulfilled') {
      answer.checks[name] = 'ok';
      return;
    }
    const err = r.reason as NotReady;
    answer.checks[name] = err.message;
    answer.errors[name] = err.cause ?? err.message;
    if (answer.ready) answer.reason = `${name}: ${err.message}`;
    answer.ready = false;
  });
  return answer;
}

export function registerHealthRoutes(app: FastifyInstance, checks: ReadinessChecks, log?: ReadinessLog): void {
  const noLimit = { config: { rateLimit: false } };
  app.get('/healthz', noLimit, async () => ({ ok: true }));
  app.post('/healthz', noLimit, async () => ({ ok: true }));

  // Logged when the answer changes, not on every probe; a warning when a ready process stops being ready.
  let last = '';
  let wasReady = false; // once ready, a failing check is a warning (before, it is the start)
  app.get('/readyz', noLimit, async (_req, reply) => {
    const { errors, ...answer } = await readiness(checks);
    const now = JSON.stringify(answer.checks);
    if (now !== last) {
      last = now;
      if (answer.ready) log?.info({ checks: answer.checks }, 'ready');
      else {
        const details = Object.fromEntries(Object.entries(errors).map(([k, e]) => [k, String(e)]));
        (wasReady ? log?.warn : log?.info)?.call(log, { checks: answer.checks, errors: details }, 'not ready');
      }
    }
    if (answer.ready) wasReady = true;
    reply.header('cache-control', 'no-store');
    return reply.code(answer.ready ? 200 : 503).send(answer);
  });
}

/** The database answers a trivial query. */
export async function databaseCheck(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

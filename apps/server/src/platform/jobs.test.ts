// The job queue on a real database: pg-boss on PGlite (sharing the app's one connection) and on
// PostgreSQL (its own pool). Sends, runs, retries with backoff, singleton keys, schedules, a
// send that waits for the app's transaction, and a graceful stop that waits for a running job.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDbKinds } from '../test/harness.ts';
import type { Database } from './db.ts';
import { createJobQueue, type JobQueue, type QueuedJob } from './jobs.ts';

async function until<T>(what: () => T | undefined | false, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = what();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(testDbKinds())('job queue on %s', (kind) => {
  let database: Database;
  let jobs: JobQueue;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    jobs = createJobQueue(database, { cron: false });
    await jobs.start();
  });
  afterAll(async () => {
    await jobs.stop(2000);
    await database.close();
  });

  it('runs a sent job once, with its data', async () => {
    const seen: QueuedJob<{ n: number }>[] = [];
    await jobs.define('t.plain', { retryLimit: 0 });
    await jobs.work<{ n: number }>('t.plain', async (job) => {
      seen.push(job);
    });
    const id = await jobs.send('t.plain', { n: 7 });
    expect(id).toEqual(expect.any(String));
    await until(() => seen.length > 0);
    expect(seen[0]).toMatchObject({ id, name: 't.plain', data: { n: 7 }, retry: 0, retryLimit: 0 });
    await new Promise((r) => setTimeout(r, 1500));
    expect(seen).toHaveLength(1);
  });

  it('retries a failing job with backoff until it succeeds', async () => {
    const runs: { retry: number; at: number }[] = [];
    await jobs.define('t.flaky', { retryLimit: 3, retryDelaySeconds: 1, retryBackoff: true });
    await jobs.work<{ failTimes: number }>('t.flaky', async (job) => {
      runs.push({ retry: job.retry, at: Date.now() });
      if (runs.length <= job.data.failTimes) throw new Error('transient');
    });
    await jobs.send('t.flaky', { failTimes: 2 });
    await until(() => runs.length >= 3, 25_000);
    expect(runs.map((r) => r.retry)).toEqual([0, 1, 2]);
    // Backoff: each retry waits at least the base delay.
    expect((runs[1]?.at ?? 0) - (runs[0]?.at ?? 0)).toBeGreaterThanOrEqual(900);
    expect((runs[2]?.at ?? 0) - (runs[1]?.at ?? 0)).toBeGreaterThanOrEqual(900);
    await new Promise((r) => setTimeout(r, 1500));
    expect(runs).toHaveLength(3);
  }, 40_000);

  it('keeps one unfinished job per singleton key', async () => {
    await jobs.define('t.single', { onePerKey: true });
    const first = await jobs.send('t.single', { a: 1 }, { singletonKey: 'essay-1', delaySeconds: 60 });
    const second = await jobs.send('t.single', { a: 2 }, { singletonKey: 'essay-1', delaySeconds: 60 });
    const other = await jobs.send('t.single', { a: 3 }, { singletonKey: 'essay-2', delaySeconds: 60 });
    expect(first).toEqual(expect.any(String));
    expect(second).toBeNull();
    expect(other).toEqual(expect.any(String));
  });

  it('waits for an open transaction of the app instead of running inside it', async () => {
    await database.db.execute(sql`create table if not exists jobs_probe (id int primary key)`);
    const done: number[] = [];
    await jobs.define('t.probe', { retryLimit: 0 });
    await jobs.work<{ id: number }>('t.probe', async (job) => {
      const rows = await database.db.execute(sql`select id from jobs_probe where id = ${job.data.id}`);
      done.push((rows as unknown as { rows: unknown[] }).rows.length);
    });
    // On PGlite a send during a transaction would deadlock if it ran on the same session inside it;
    // here it must simply wait, and the job must see the committed row.
    let sending: Promise<string | null> | null = null;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into jobs_probe values (1)`);
      sending = kind === 'pglite' ? jobs.send('t.probe', { id: 1 }) : null;
      await new Promise((r) => setTimeout(r, 200));
    });
    if (!sending) sending = jobs.send('t.probe', { id: 1 });
    expect(await sending).toEqual(expect.any(String));
    await until(() => done.length > 0);
    expect(done).toEqual([1]);
  });

  it('registers a schedule on an existing queue', async () => {
    await jobs.schedule('t.cron', '*/5 * * * *', { sweep: true });
    const rows = await database.db.execute(sql`select name, cron, timezone from pgboss.schedule where name = 't.cron'`);
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([
      { name: 't.cron', cron: '*/5 * * * *', timezone: 'Asia/Shanghai' },
    ]);
  });
});

describe.each(testDbKinds())('stopping the job queue on %s', (kind) => {
  it('waits for a running handler before it stops', async () => {
    const database = await openTestDatabase(kind);
    const jobs = createJobQueue(database, { cron: false });
    await jobs.start();
    let finished = false;
    let startedRun = false;
    await jobs.define('t.slow', { retryLimit: 0 });
    await jobs.work('t.slow', async () => {
      startedRun = true;
      await new Promise((r) => setTimeout(r, 1200));
      finished = true;
    });
    await jobs.send('t.slow', {});
    await until(() => startedRun);
    await jobs.stop(5000);
    expect(finished).toBe(true);
    await database.close();
  }, 30_000);
});

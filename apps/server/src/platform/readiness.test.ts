// /readyz tells a load balancer whether this process should get traffic (database, job queue,
// question catalogue in memory); /healthz only says the process is alive and stays 200 meanwhile.
import { describe, expect, it } from 'vitest';
import { bookTemplates } from '../db/schema/exam.ts';
import { createTestApp, testDbKinds } from '../test/harness.ts';

describe.each(testDbKinds())('readiness on %s', (kind) => {
  it('is 503 while starting and when the job queue or the database is down; /healthz stays 200', async () => {
    const t = await createTestApp(kind, { jobs: true });
    const get = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url });
      return { status: res.statusCode, body: res.json(), cache: res.headers['cache-control'] };
    };
    try {
      // Just started: the catalogue is not in memory yet.
      expect(await get('/readyz')).toMatchObject({
        status: 503,
        body: {
          ready: false,
          reason: 'catalogue: loading',
          checks: { database: 'ok', jobs: 'ok', catalogue: 'loading' },
        },
        cache: 'no-store',
      });
      expect(await t.database.db.$count(bookTemplates)).toBe(0);
      await t.app.catalogueReady();
      // Ready means built: the exam templates (and mock bank) made from the catalogue too, so that no
      // first request pays for them.
      expect(await t.database.db.$count(bookTemplates)).toBeGreaterThan(0);
      expect(await get('/readyz')).toMatchObject({
        status: 200,
        body: { ready: true, checks: { database: 'ok', jobs: 'ok', catalogue: 'ok' } },
      });

      // The job queue stops: not ready, though alive.
      await t.jobs?.stop(1_000);
      expect(await get('/readyz')).toMatchObject({
        status: 503,
        body: { ready: false, reason: 'jobs: not running', checks: { database: 'ok', jobs: 'not running' } },
      });
      expect(await get('/healthz')).toMatchObject({ status: 200, body: { ok: true } });

      // The database goes away.
      await t.database.close();
      const down = await get('/readyz');
      expect(down).toMatchObject({ status: 503, body: { ready: false, reason: 'database: unreachable' } });
      expect(down.body.checks.database).toBe('unreachable');
      // Nothing internal in the public answer (addresses, driver messages).
      expect(JSON.stringify(down.body)).not.toMatch(/127\.0\.0\.1|ECONN|pool|PGlite/i);
      expect(await get('/healthz')).toMatchObject({ status: 200, body: { ok: true } });
    } finally {
      await t.app.close();
    }
    // Starting the job queue on an embedded database takes most of this on a loaded 2-core machine.
  }, 90_000);
});

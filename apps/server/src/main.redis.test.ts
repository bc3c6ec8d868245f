// The real start path (`node apps/server/src/main.ts`, what `npm start` runs) with REDIS_URL set:
// against the running Redis, and against a port where nothing listens. Both must start, answer
// /healthz and real API calls, and keep a per-address rate limit; with Redis up the counters live
// in Redis, with Redis down there is one warning in the log, not one per reconnection attempt.
// Under CI, TEST_REDIS_URL is required: the Redis-up case is never skipped.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closedPort,
  ownLoopbackAddress,
  preparedDataDir,
  type RunningServer,
  request,
  startServer,
} from './test/server-process.ts';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl && process.env.CI === 'true')
  throw new Error('CI=true but TEST_REDIS_URL is not set: Redis tests cannot be skipped.');

/** Requests per address and minute in these servers. */
const limit = 6;
const unreachableWarning = /^Redis unreachable/;

describe('npm start with REDIS_URL', () => {
  const servers: { up?: RunningServer; down?: RunningServer } = {};
  const cleanups: Array<() => void> = [];

  beforeAll(async () => {
    const variants: Array<['up' | 'down', string]> = [['down', `redis://127.0.0.1:${await closedPort()}`]];
    if (redisUrl) variants.push(['up', redisUrl]);
    // One server per variant, started side by side, each on its own copy of the migrated database.
    await Promise.all(
      variants.map(async ([name, url]) => {
        const data = await preparedDataDir();
        cleanups.push(data.cleanup);
        servers[name] = await startServer({
          DATA_DIR: data.dir,
          REDIS_URL: url,
          RATE_LIMIT_PER_MINUTE: String(limit),
        });
      }),
    );
  }, 120_000);

  afterAll(async () => {
    await Promise.all([servers.up?.stop(), servers.down?.stop()]);
    for (const c of cleanups) c();
  });

  /** The server answers its health check and a real API call (a demo account logs in). */
  async function serves(s: RunningServer) {
    const health = await request(s.base, 'GET', '/healthz');
    expect(health).toMatchObject({ status: 200, body: { ok: true } });
    const login = await request(s.base, 'POST', '/api/user/login', {
      body: { account: 'vip@demo.gre-prep.cn', password: 'Demo1234' },
      from: ownLoopbackAddress(),
    });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ ok: true, data: { token: expect.any(String) } });
  }

  /** From one address: `limit` calls answered, then refused as rate limited (never a 5xx). */
  async function limitHolds(s: RunningServer, from: string) {
    const statuses: number[] = [];
    let refused: Record<string, unknown> | undefined;
    for (let i = 0; i <= limit; i++) {
      const res = await request(s.base, 'POST', '/api/system/status', { body: {}, from });
      statuses.push(res.status);
      if (res.status === 429) refused = res.body;
    }
    expect(statuses).toEqual([...Array(limit).fill(200), 429]);
    expect(refused).toMatchObject({ ok: false, err_data: { kind: 'rate_limited' } });
  }

  it.runIf(!!redisUrl)('with Redis running: starts, serves, and keeps the rate-limit counters in Redis', async () => {
    const s = servers.up as RunningServer;
    await serves(s);
    const from = ownLoopbackAddress();
    await limitHolds(s, from);
    const redis = new Redis(redisUrl as string);
    try {
      expect(Number(await redis.get(`gre-rl:${from}`))).toBe(limit + 1);
    } finally {
      redis.disconnect();
    }
    expect(s.logLines().filter((l) => unreachableWarning.test(String(l.msg)))).toEqual([]);
  });

  it('with Redis unreachable: starts, serves with per-process limits, and warns once', async () => {
    const s = servers.down as RunningServer;
    await serves(s);
    await limitHolds(s, ownLoopbackAddress());
    // It has retried several times since the start (100 ms, 200 ms, 400 ms…): still one warning.
    const warnings = s.logLines().filter((l) => unreachableWarning.test(String(l.msg)));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.level).toBe(40);
    expect(s.output()).not.toMatch(/Unhandled error event|Stream isn't writeable/);
  });
});

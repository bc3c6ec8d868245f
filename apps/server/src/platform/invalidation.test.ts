// Two app processes sharing one database and Redis: a logout in one is honoured by the other at once.
import * as user from '@gre/contract/endpoints/user';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { buildApp } from '../app.ts';
import { registerUser } from '../test/accounts.ts';
import { buildSecondApp, createTestApp, type TestApp } from '../test/harness.ts';
import { createInvalidationBus } from './invalidation.ts';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl && process.env.CI === 'true')
  throw new Error('CI=true but TEST_REDIS_URL is not set: Redis tests cannot be skipped.');

describe.runIf(!!redisUrl)('invalidation across processes (Redis pub/sub)', () => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof buildApp>>;
  const clients: Redis[] = [];
  const redis = () => {
    const r = new Redis(redisUrl as string);
    clients.push(r);
    return r;
  };

  beforeAll(async () => {
    // "Process" A is the harness app; B is a second app on the same database with its own Redis client.
    a = await createTestApp('pglite', { redis: redis() });
    b = await buildSecondApp(a, redis());
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    for (const c of clients) c.disconnect();
  });

  const getOnB = async (token: string) =>
    b.inject({ method: 'POST', url: user.getUser.path, payload: {}, headers: { authorization: `Bearer ${token}` } });

  it('a logout on A ends the session on B although B had it cached', async () => {
    const { token } = await registerUser(a);
    expect((await getOnB(token)).statusCode).toBe(200); // B now caches the session
    await a.call(user.logout, {}, { token });
    let status = 200;
    for (let i = 0; i < 50 && status === 200; i++) {
      await new Promise((r) => setTimeout(r, 20));
      status = (await getOnB(token)).statusCode;
    }
    expect(status).toBe(401);
  });

  it('a message leaves for the other processes before this process handles it, so a failing handler here keeps it from nobody', async () => {
    const [hereLink, thereLink] = [redis(), redis()];
    await Promise.all(
      [hereLink, thereLink].map((r) => (r.status === 'ready' ? null : new Promise((ok) => r.once('ready', ok)))),
    );
    const here = await createInvalidationBus(hereLink);
    const there = await createInvalidationBus(thereLink);
    const seen: string[] = [];
    there.subscribe((topic, key) => seen.push(`${topic}:${key}`));
    here.subscribe(() => {
      throw new Error('a local handler failed');
    });
    expect(() => here.publish('chat', 'k1')).toThrow('a local handler failed');
    for (let i = 0; i < 100 && !seen.length; i++) await new Promise((r) => setTimeout(r, 10));
    expect(seen).toEqual(['chat:k1']);
    await here.close();
    await there.close();
  });

  it('a bus without Redis still applies invalidations in its own process', async () => {
    const bus = await createInvalidationBus();
    const seen: string[] = [];
    bus.subscribe((topic, key) => seen.push(`${topic}:${key}`));
    bus.publish('user', '7');
    expect(seen).toEqual(['user:7']);
  });
});

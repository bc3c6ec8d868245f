// Two app processes (harness apps over one database), each with its own Redis client made as
// main.ts makes it, both talking to the real Redis through a TCP proxy that the test closes and
// reopens: Redis lost while running, then back. Meanwhile requests keep succeeding with
// per-process limits, each client warns once; afterwards each says it is back, the processes drop
// what they may have missed, and an invalidation published by one reaches the other again.
import net from 'node:net';
import { Writable } from 'node:stream';
import * as system from '@gre/contract/endpoints/system';
import * as user from '@gre/contract/endpoints/user';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../test/accounts.ts';
import { buildSecondApp, createTestApp, type TestApp } from '../test/harness.ts';
import { openRedis } from './redis.ts';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl && process.env.CI === 'true')
  throw new Error('CI=true but TEST_REDIS_URL is not set: Redis tests cannot be skipped.');

/** A TCP proxy in front of Redis that can be cut (every connection dropped, nothing accepted) and restored. */
async function redisProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    async cut() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
    async restore() {
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    async close() {
      for (const s of sockets) s.destroy();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A pino logger whose lines the test reads. */
function capturedLogger() {
  const lines: Array<{ level: number; msg: string }> = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n')) if (l) lines.push(JSON.parse(l));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), count: (re: RegExp) => lines.filter((l) => re.test(l.msg)).length };
}

async function until(what: string, cond: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Requests per address and minute in both processes. */
const limit = 4;
/**
 * Each call comes from an address of its own unless a test names one, so only the limit probes
 * meet the limit (the counters live in the shared Redis for a minute: random per run).
 */
let lastIp = Math.floor(Math.random() * 16_000_000);
const freshIp = () => {
  lastIp++;
  return `10.${(lastIp >> 16) & 255}.${(lastIp >> 8) & 255}.${lastIp & 255}`;
};

describe.runIf(!!redisUrl)('Redis lost while running, then back', () => {
  let t: TestApp;
  let proxy: Awaited<ReturnType<typeof redisProxy>>;
  const procs: Array<{ app: FastifyInstance; redis: Redis; log: ReturnType<typeof capturedLogger> }> = [];
  const a = () => procs[0] as (typeof procs)[number];
  const b = () => procs[1] as (typeof procs)[number];

  beforeAll(async () => {
    t = await createTestApp('pglite');
    proxy = await redisProxy(new URL(redisUrl as string));
    for (let i = 0; i < 2; i++) {
      const log = capturedLogger();
      const redis = openRedis(proxy.url, log.logger);
      const app = await buildSecondApp(t, redis, { rateLimitPerMinute: limit, logger: log.logger });
      procs.push({ app, redis, log });
    }
  });
  afterAll(async () => {
    for (const p of procs) {
      await p.app.close();
      p.redis.disconnect();
    }
    await proxy?.close();
    await t?.close();
  });

  const post = (app: FastifyInstance, path: string, body: unknown, o: { token?: string; ip?: string } = {}) =>
    app.inject({
      method: 'POST',
      url: path,
      payload: body as object,
      remoteAddress: o.ip ?? freshIp(),
      headers: o.token ? { authorization: `Bearer ${o.token}` } : {},
    });
  /** Registers a user, lets B cache the session, and returns the token. */
  async function sessionCachedOnB() {
    const { token } = await registerUser(t);
    expect((await post(b().app, user.getUser.path, {}, { token })).statusCode).toBe(200);
    return token;
  }
  /** Whether B refuses `token` within a moment (an invalidation reached it). */
  async function bRefusesSoon(token: string) {
    for (let i = 0; i < 40; i++) {
      if ((await post(b().app, user.getUser.path, {}, { token })).statusCode === 401) return true;
      await new Promise((r) => setTimeout(r, 25));
    }
    return false;
  }
  /** Status codes of `n` calls from one address to each app in turn. */
  async function statuses(apps: FastifyInstance[], ip: string) {
    const out: number[] = [];
    for (const app of apps) out.push((await post(app, system.getStatus.path, {}, { ip })).statusCode);
    return out;
  }

  it('with Redis up: a logout on A reaches B, and the rate limit is shared by both processes', async () => {
    const token = await sessionCachedOnB();
    await post(a().app, user.logout.path, {}, { token });
    expect(await bRefusesSoon(token)).toBe(true);

    const ip = freshIp();
    const halfA = Array(limit / 2).fill(a().app);
    const halfB = Array(limit / 2).fill(b().app);
    expect(await statuses([...halfA, ...halfB], ip)).toEqual(Array(limit).fill(200));
    expect(await statuses([a().app, b().app], ip)).toEqual([429, 429]);
  });

  let loggedOutDuringOutage = '';

  it('with Redis lost: both keep serving, with limits per process, and each warns once', async () => {
    // (Registering moves the test clock; B's cached session must stay fresh until the next test.)
    const other = await registerUser(t);
    const token = await sessionCachedOnB();
    await proxy.cut();
    await until('both clients notice', () => procs.every((p) => p.redis.status !== 'ready'));

    // Served as before. (Anything waiting on Redis would wait until the next test restores it, so
    // this test would time out.)
    const login = await post(a().app, user.login.path, { account: 'missing@example.com', password: 'Whatever-123' });
    expect(login.statusCode).toBe(200);
    expect((await post(b().app, user.getUser.path, {}, { token })).statusCode).toBe(200);
    expect((await post(a().app, user.getUser.path, {}, { token: other.token })).statusCode).toBe(200);

    // A logout on A cannot reach B now (B keeps its cached session until Redis is back).
    await post(a().app, user.logout.path, {}, { token });
    loggedOutDuringOutage = token;

    // Limits still hold, counted in each process.
    const ip = freshIp();
    expect(await statuses(Array(limit + 1).fill(a().app), ip)).toEqual([...Array(limit).fill(200), 429]);
    expect(await statuses([b().app], ip)).toEqual([200]);

    // Several reconnection attempts later (100 ms, 200 ms, 400 ms…), still one warning per client.
    await new Promise((r) => setTimeout(r, 1_500));
    for (const p of procs) expect(p.log.count(/^Redis unreachable/)).toBe(1);
  });

  it('when Redis is back: each says so, B drops what it missed, and invalidations flow again', async () => {
    await proxy.restore();
    await until('both clients back and subscribed again', () =>
      procs.every(
        (p) => p.log.count(/^Redis is back/) === 1 && p.log.count(/^invalidation bus subscribed again/) === 1,
      ),
    );
    // Missed while Redis was down: B dropped its cached sessions when it subscribed again.
    expect((await post(b().app, user.getUser.path, {}, { token: loggedOutDuringOutage })).statusCode).toBe(401);
    // And a new logout on A reaches B through Redis again.
    const token = await sessionCachedOnB();
    await post(a().app, user.logout.path, {}, { token });
    expect(await bRefusesSoon(token)).toBe(true);
    for (const p of procs) expect(p.log.count(/^Redis unreachable/)).toBe(1);
  });
});

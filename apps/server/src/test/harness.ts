// Integration-test harness: a real database per test file (PGlite restored from the migrated
// snapshot, and PostgreSQL when TEST_DATABASE_URL is set), the real app, an in-memory outbox and a
// hand-moved clock. Nothing here is mocked that production code would touch differently.

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Endpoint } from '@gre/contract/endpoint';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import pg from 'pg';
import { inject } from 'vitest';
import type { z } from 'zod';
import { buildApp } from '../app.ts';
import type { AppEnv } from '../config.ts';
import type { Grader } from '../modules/essay/grader.ts';
import type { PaymentProvider } from '../modules/pay/providers/provider.ts';
import { createSandboxProvider } from '../modules/pay/providers/sandbox.ts';
import type { ApiDocsSetting } from '../platform/api-docs.ts';
import { type Clock, manualClock } from '../platform/clock.ts';
import { type Database, openMemoryPglite, openPostgres } from '../platform/db.ts';
import { createJobQueue, type JobQueue } from '../platform/jobs.ts';
import { createMemoryOutbox } from '../platform/messaging.ts';
import type { PasswordHasher } from '../platform/password-pool.ts';
import { localStorage, type MediaStorage } from '../platform/storage.ts';

export type DbKind = 'pglite' | 'postgres';

/** The databases integration tests run on. Under CI, PostgreSQL is required, never skipped. */
export function testDbKinds(): DbKind[] {
  if (process.env.TEST_DATABASE_URL) return ['pglite', 'postgres'];
  if (process.env.CI === 'true')
    throw new Error('CI=true but TEST_DATABASE_URL is not set: PostgreSQL tests cannot be skipped.');
  return ['pglite'];
}

/** A fresh database: PGlite from the snapshot (bank included); PostgreSQL copied from a migrated template, bank on request. */
export async function openTestDatabase(kind: DbKind, opts: { content?: boolean } = {}): Promise<Database> {
  if (kind === 'pglite') {
    const blob = new Blob([fs.readFileSync(inject('pgliteSnapshot'))]);
    return openMemoryPglite(blob);
  }
  const base = process.env.TEST_DATABASE_URL as string;
  const templates = inject('pgTemplates');
  const name = `gre_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${opts.content ? templates.bank : templates.bare}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 10);
  return {
    ...database,
    close: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** The address the test app's payment provider believes it is reached at. */
export const testPublicUrl = 'http://127.0.0.1:3999';

export const testSecret = 'test-secret-that-is-long-enough-for-hs256-signing';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  outbox: ReturnType<typeof createMemoryOutbox>;
  clock: ReturnType<typeof manualClock>;
  jobs?: JobQueue;
  /** The local media storage's folder (uploaded images), removed by close(). */
  mediaDir: string;
  /** POSTs to an endpoint and returns the HTTP status and the envelope. */
  call<E extends Endpoint>(
    ep: E,
    body: unknown,
    opts?: { token?: string; headers?: Record<string, string>; ip?: string },
  ): Promise<{ status: number; body: Envelope<E> }>;
  close(): Promise<void>;
}

type Envelope<E extends Endpoint> = {
  ok: boolean;
  data: z.output<E['response']> | null;
  err_data: { kind: string; show: string; detail: string; overflow_subject: string; role_name: string } | null;
};

/** `call` for a built app: POSTs through Fastify's inject, from 127.0.0.1 unless told otherwise. */
export function injectCaller(app: FastifyInstance): TestApp['call'] {
  return async (ep, body, o = {}) => {
    const res = await app.inject({
      method: 'POST',
      url: ep.path,
      headers: {
        'content-type': 'application/json',
        ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
        ...o.headers,
      },
      remoteAddress: o.ip ?? '127.0.0.1',
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.statusCode, body: res.json() };
  };
}

export async function createTestApp(
  kind: DbKind,
  opts: {
    start?: string;
    maintenanceForced?: boolean;
    minApiVersion?: string;
    redis?: Redis;
    content?: boolean;
    /** Start a job queue (pg-boss) on the test database, with cron off; stopped by close(). */
    jobs?: boolean;
    /** Replaces the essay grader. */
    essayGrader?: Grader;
    /** Run on this database instead of a fresh one (closed by close()): e.g. one restored from a backup. */
    database?: Database;
    /** The deployment environment (APP_ENV); default devel. */
    appEnv?: AppEnv;
    /** The API reference UI (API_DOCS); default auto. */
    apiDocs?: ApiDocsSetting;
    /** A built web app to serve (platform/web-assets.ts). */
    webDistDir?: string;
    /** The content folder /sync reads (default the repository's content/). */
    contentDir?: string;
    /** Trusted reverse proxies (TRUST_PROXY); none by default. */
    trustProxy?: string[];
    /** Requests per address per minute (0 = no limit, the default). */
    rateLimitPerMinute?: number;
    /** Replaces the password-hashing pool (platform/password-pool.ts). */
    passwords?: PasswordHasher;
    /** The payment provider (made on the test clock); default the sandbox with a fresh key; null = payment off. */
    payProvider?: ((clock: Clock) => PaymentProvider) | null;
    /** Replaces the local media storage in `mediaDir` (platform/storage.ts). */
    storage?: MediaStorage;
  } = {},
): Promise<TestApp> {
  const database = opts.database ?? (await openTestDatabase(kind, { content: opts.content }));
  const jobs = opts.jobs ? createJobQueue(database, { cron: false }) : undefined;
  await jobs?.start();
  const clock = manualClock(opts.start ?? '2026-11-21T02:00:00Z');
  const outbox = createMemoryOutbox();
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gre-test-media-'));
  const app = await buildApp({
    db: database.db,
    clock,
    mailer: outbox,
    sms: outbox,
    secret: testSecret,
    settings: {
      tokenTtlDays: 30,
      minApiVersion: opts.minApiVersion ?? 'v1.0.0',
      maintenanceForced: opts.maintenanceForced ?? false,
      rateLimitPerMinute: opts.rateLimitPerMinute ?? 0,
      appEnv: opts.appEnv,
      apiDocs: opts.apiDocs,
      contentDir: opts.contentDir,
      webDistDir: opts.webDistDir,
      trustProxy: opts.trustProxy,
    },
    redis: opts.redis,
    jobs,
    essayGrader: opts.essayGrader,
    passwords: opts.passwords,
    storage: opts.storage ?? localStorage(mediaDir),
    payment: {
      provider:
        opts.payProvider === undefined
          ? createSandboxProvider({ key: randomBytes(32), publicUrl: testPublicUrl, clock })
          : (opts.payProvider?.(clock) ?? null),
      publicUrl: testPublicUrl,
    },
  });
  return {
    app,
    database,
    jobs,
    outbox,
    clock,
    mediaDir,
    call: injectCaller(app),
    async close() {
      await app.close();
      await jobs?.stop(2000);
      await database.close();
      fs.rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}

/**
 * A second app "process" over the same database as `t`: its own services and caches (and its own
 * Redis client when given), for tests of what several app processes do together.
 */
export function buildSecondApp(
  t: TestApp,
  redis?: Redis,
  opts: { rateLimitPerMinute?: number; logger?: FastifyBaseLogger; storage?: MediaStorage } = {},
) {
  return buildApp({
    db: t.database.db,
    clock: t.clock,
    mailer: t.outbox,
    sms: t.outbox,
    secret: testSecret,
    settings: {
      tokenTtlDays: 30,
      minApiVersion: 'v1.0.0',
      maintenanceForced: false,
      rateLimitPerMinute: opts.rateLimitPerMinute ?? 0,
    },
    redis,
    logger: opts.logger,
    storage: opts.storage,
  });
}

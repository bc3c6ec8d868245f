// The database: embedded PGlite on disk by default, PostgreSQL when DATABASE_URL is set.
// One schema and one set of committed drizzle-kit migrations for both.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireDirLock, type DirLock } from './dir-lock.ts';

export type Db = PgDatabase<PgQueryResultHKT, Record<string, never>>;
/** A transaction of `Db` (what `db.transaction(fn)` hands to fn): the one definition every repo uses. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * For `insert … on conflict do update`: sets each named column to the incoming row's value
 * (`excluded.<column>`). Keys are the schema's camelCase names; the database uses snake_case.
 */
export function excluded<K extends string>(...keys: K[]): Record<K, SQL> {
  const column = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  return Object.fromEntries(keys.map((k) => [k, sql.raw(`excluded."${column(k)}"`)])) as Record<K, SQL>;
}

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations (idempotent). */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * What the job queue (platform/jobs.ts) connects through: the PGlite instance itself (its one
   * connection, shared with Drizzle), or the server's URL (pg-boss keeps its own small pool).
   */
  jobsConnection: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; url: string };
  /** The embedded instance, on PGlite only: the server dumps it for `npm run backup` (platform/backup-pglite.ts). */
  pglite?: PGlite;
}

/** PGlite stored in `dir` (created if missing); refuses a directory another process has open. */
export async function openPglite(dir: string): Promise<Database> {
  fs.mkdirSync(dir, { recursive: true });
  const lock: DirLock = acquireDirLock(dir);
  try {
    const client = await PGlite.create({ dataDir: dir });
    return wrapPglite(client, () => lock.release());
  } catch (err) {
    lock.release();
    throw err;
  }
}

/** An in-memory PGlite, optionally restored from a dump made by `dumpDataDir()` (tests). */
export async function openMemoryPglite(dump?: Blob): Promise<Database & { client: PGlite }> {
  const client = await PGlite.create(dump ? { loadDataDir: dump } : {});
  return { ...wrapPglite(client, () => {}), client };
}

function wrapPglite(client: PGlite, onClose: () => void): Database {
  const db = drizzlePglite({ client, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite({ client, casing: 'snake_case' }), { migrationsFolder }),
    close: async () => {
      await client.close();
      onClose();
    },
    jobsConnection: { kind: 'pglite', client },
    pglite: client,
  };
}

export async function openPostgres(url: string, poolMax: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolMax });
  // An idle client can lose its connection (server restart, a dropped test database). pg emits that
  // on the pool; unhandled, it would crash the process. The next query simply takes a new client.
  pool.on('error', (err) => {
    process.emitWarning(`PostgreSQL idle client error: ${err.message}`);
  });
  // Fail fast with a clear message when the server is not reachable.
  await pool.query('select 1');
  const db = drizzlePg({ client: pool, casing: 'snake_case' });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    migrate: async () => {
      // Several app processes may start at once: one migrates, the others wait for the lock.
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock(724100)');
        await migratePg(drizzlePg({ client: conn, casing: 'snake_case' }), { migrationsFolder });
      } finally {
        await conn.query('select pg_advisory_unlock(724100)').catch(() => {});
        conn.release();
      }
    },
    close: () => pool.end(),
    jobsConnection: { kind: 'postgres', url },
  };
}

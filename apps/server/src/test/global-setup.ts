// Vitest global setup: migrate one in-memory PGlite, import the question bank, and keep its dump,
// so each integration test file restores a ready database in milliseconds. With TEST_DATABASE_URL,
// the same for PostgreSQL: two template databases (migrated; migrated with the bank) that each test
// database is copied from (`create database … template`, ~0.2 s instead of ~7 s for the bank import).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { repoRoot } from '../config.ts';
import { importContent } from '../modules/question/content-import.ts';
import { seedRights } from '../modules/question/rights.ts';
import { systemClock } from '../platform/clock.ts';
import { openMemoryPglite, openPostgres } from '../platform/db.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    /** PostgreSQL template databases (empty strings without TEST_DATABASE_URL). */
    pgTemplates: { bare: string; bank: string };
  }
}

async function adminQuery(base: string, sql: string) {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

async function preparePostgres(base: string, name: string, content: boolean) {
  await adminQuery(base, `create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 2);
  try {
    await database.migrate();
    await seedRights(database.db, systemClock);
    if (content) await importContent(database.db, { contentDir: path.join(repoRoot, 'content'), clock: systemClock });
  } finally {
    await database.close();
  }
}

export default async function setup(project: TestProject) {
  const database = await openMemoryPglite();
  await database.migrate();
  // The snapshot carries the question bank too (imported once per test run, ~7 s).
  await seedRights(database.db, systemClock);
  await importContent(database.db, { contentDir: path.join(repoRoot, 'content'), clock: systemClock });
  const dump = await database.client.dumpDataDir('none');
  await database.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gre-pglite-'));
  const file = path.join(dir, 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', file);

  const base = process.env.TEST_DATABASE_URL;
  const tag = randomBytes(5).toString('hex');
  const templates = base ? { bare: `gre_tpl_${tag}_bare`, bank: `gre_tpl_${tag}_bank` } : { bare: '', bank: '' };
  if (base) {
    await preparePostgres(base, templates.bare, false);
    await preparePostgres(base, templates.bank, true);
  }
  project.provide('pgTemplates', templates);
  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (base)
      for (const name of [templates.bare, templates.bank])
        await adminQuery(base, `drop database if exists ${name} with (force)`);
  };
}

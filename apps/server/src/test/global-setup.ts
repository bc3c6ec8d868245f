// Vitest global setup: migrate one in-memory PGlite, import the question bank, and keep its dump,
// so each integration test file restores a ready database in milliseconds.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { repoRoot } from '../config.ts';
import { importContent } from '../modules/question/content-import.ts';
import { seedRights } from '../modules/question/rights.ts';
import { systemClock } from '../platform/clock.ts';
import { openMemoryPglite } from '../platform/db.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
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
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

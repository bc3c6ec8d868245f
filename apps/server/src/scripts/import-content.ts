// `npm run content:import`: validates content/ and imports it (and the vocabulary) into the
// configured database. Idempotent. A running server picks the change up at its next
// restart; the server also imports at every start, so a restart alone is enough).

import path from 'node:path';
import { loadConfig } from '../config.ts';
import { importContent } from '../modules/question/content-import.ts';
import { systemClock } from '../platform/clock.ts';
import { openPglite, openPostgres } from '../platform/db.ts';

const config = loadConfig();
const database =
  config.databaseKind === 'postgres'
    ? await openPostgres(config.DATABASE_URL as string, 2)
    : await openPglite(path.join(config.DATA_DIR, 'pglite'));
try {
  await database.migrate();
  const stats = await importContent(database.db, { contentDir: config.CONTENT_DIR, clock: systemClock });
  console.log(stats.unchanged ? 'content unchanged since the last import' : JSON.stringify(stats, null, 2));
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}

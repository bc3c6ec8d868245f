// `npm run content:import`: validates content/ and imports it (and the vocabulary) into the
// configured database. Idempotent. A running server picks the change up at its next
// restart; the server also imports at every start, so a restart alone is enough).

import path from 'node:path';
import { loadConfig } from '../config.ts';
import { importContent } from '../modules/question/content-import.ts';
import { systemClock } from '../platform/clock.ts';
import { openPglite, openPostgres } from '../platform/db.ts';
import { databaseConnectionError, exitOnStartupError } from '../platform/startup-errors.ts';

// A wrong setting or an unreachable database: one line saying what to fix, exit 1 (as main.ts).
const config = (() => {
  try {
    return loadConfig();
  } catch (err) {
    return exitOnStartupError(err);
  }
})();
const database =
  config.databaseKind === 'postgres'
    ? await openPostgres(config.DATABASE_URL as string, 2).catch((err) =>
        exitOnStartupError(databaseConnectionError(err, config.DATABASE_URL as string)),
      )
    : await openPglite(path.join(config.DATA_DIR, 'pglite')).catch((err) => exitOnStartupError(err));
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

// `npm run restore -- <file> [--force]`: loads a dump made by `npm run backup` into the database
// `npm start` would use (the same config: DATA_DIR, DATABASE_URL). Only into an empty data
// directory or database, unless --force (PGlite: the old directory is moved aside; PostgreSQL: its
// schemas are dropped). Refuses while the server has the database open. README "Backups",
// docs/decisions/0020-backups.md.
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { BackupError, kindOfBackupFile, type RestoredCounts } from '../platform/backup.ts';
import { restorePglite } from '../platform/backup-pglite.ts';
import { restorePostgres } from '../platform/backup-postgres.ts';

const usage =
  'Usage: npm run restore -- <backup file> [--force]   (e.g. npm run restore -- backups/gre-prep-pglite-20261123T201500Z.tar.gz)\n' +
  '用法：npm run restore -- <备份文件> [--force]';

const describe = (c: RestoredCounts) => `${c.users} users, ${c.exams} exams, ${c.essays} essays`;

try {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const files = args.filter((a) => a !== '--force');
  if (files.length !== 1 || files[0]?.startsWith('-')) throw new BackupError(usage);
  const file = path.resolve(files[0] as string);
  const config = loadConfig();
  const started = performance.now();
  const kind = kindOfBackupFile(file);
  if (kind !== config.databaseKind) {
    throw new BackupError(
      kind === 'pglite'
        ? 'This is a backup of the embedded database (PGlite), but DATABASE_URL is set: unset it to restore into DATA_DIR. ' +
            'A backup restores only into the kind of database it came from. / 这是内嵌数据库（PGlite）的备份，但设置了 DATABASE_URL。'
        : 'This is a PostgreSQL backup (pg_dump), but DATABASE_URL is not set: point it at an empty PostgreSQL database. ' +
            'A backup restores only into the kind of database it came from. / 这是 PostgreSQL 备份，但没有设置 DATABASE_URL。',
    );
  }
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  if (config.databaseKind === 'pglite') {
    const dir = path.join(config.DATA_DIR, 'pglite');
    const r = await restorePglite(file, dir, { force, now: new Date() });
    console.log(`Restored ${file} into ${dir} in ${seconds()} s: ${describe(r.counts)}.`);
    if (r.movedAside) console.log(`The database that was there is now in ${r.movedAside} (delete it when not needed).`);
  } else {
    const target = new URL(config.DATABASE_URL as string);
    target.password = '';
    const r = await restorePostgres(file, config.DATABASE_URL as string, { force });
    if (r.dropped.length > 0) console.log(`Dropped first (--force): schemas ${r.dropped.join(', ')}.`);
    console.log(`Restored ${file} into ${target} in ${seconds()} s: ${describe(r.counts)}.`);
  }
  console.log(
    '恢复完成。Start the server with npm start (it applies newer migrations, if any). / 用 npm start 启动服务器。',
  );
} catch (err) {
  console.error(err instanceof BackupError ? err.message : `Restore failed / 恢复失败: ${(err as Error).stack ?? err}`);
  process.exitCode = 1;
}

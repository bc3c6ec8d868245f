// `npm run backup`: a consistent, timestamped dump of the database `npm start` uses (the same
// config: DATA_DIR, DATABASE_URL) into BACKUP_DIR, then keeps the newest BACKUP_KEEP of its kind.
// PGlite: the data directory's dump, made by the running server when there is one; PostgreSQL:
// pg_dump's custom format. README "Backups", docs/decisions/0020-backups.md.
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { BackupError, backupFileName, formatBytes, pruneBackups, writeAtomically } from '../platform/backup.ts';
import { backupPglite } from '../platform/backup-pglite.ts';
import { backupPostgres } from '../platform/backup-postgres.ts';

try {
  const config = loadConfig();
  const started = performance.now();
  const kind = config.databaseKind;
  const file = path.join(config.BACKUP_DIR, backupFileName(kind, new Date()));
  let how: string;
  if (kind === 'pglite') {
    const r = await backupPglite(path.join(config.DATA_DIR, 'pglite'), file);
    how =
      r.mode === 'online'
        ? `dumped by the running server, pid ${r.serverPid}; ${formatBytes(r.dataBytes)} uncompressed`
        : `no server running, dumped directly; ${formatBytes(r.dataBytes)} uncompressed`;
  } else {
    let versions = { serverVersion: '', toolVersion: '' };
    await writeAtomically(file, async (temp) => {
      versions = await backupPostgres(config.DATABASE_URL as string, temp);
    });
    how = `pg_dump ${versions.toolVersion}, server ${versions.serverVersion}`;
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const size = formatBytes(fs.statSync(file).size);
  console.log(`Backup written: ${file} (${size} in ${seconds} s; ${how}).`);
  console.log(`备份完成：${file}（${size}，用时 ${seconds} 秒）`);
  const pruned = pruneBackups(config.BACKUP_DIR, kind, config.BACKUP_KEEP);
  if (pruned.length > 0) {
    console.log(`Removed ${pruned.length} older backup(s), BACKUP_KEEP=${config.BACKUP_KEEP}: ${pruned.join(', ')}`);
  }
} catch (err) {
  console.error(err instanceof BackupError ? err.message : `Backup failed / 备份失败: ${(err as Error).stack ?? err}`);
  process.exitCode = 1;
}

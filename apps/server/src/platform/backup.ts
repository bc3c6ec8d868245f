// What `npm run backup` and `npm run restore` share on both databases (docs/decisions/0020-backups.md):
// the file names (kind + UTC timestamp, so a listing sorts by age and a file says what it restores
// into), telling a dump's kind from its first bytes, writing a dump so that a half-written file never
// carries a final name, and the retention that keeps the newest N.
import fs from 'node:fs';
import path from 'node:path';

export type BackupKind = 'pglite' | 'postgres';

/** A refusal or failure the operator can act on: the scripts print the message alone and exit 1. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

const extensions: Record<BackupKind, string> = { pglite: 'tar.gz', postgres: 'dump' };

/** `20261123T201500Z`: UTC, to the second, sorts like time. */
export function utcStamp(at: Date): string {
  return at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** `gre-prep-pglite-20261123T201500Z.tar.gz`, `gre-prep-postgres-20261123T201500Z.dump`. */
export function backupFileName(kind: BackupKind, at: Date): string {
  return `gre-prep-${kind}-${utcStamp(at)}.${extensions[kind]}`;
}

const namePattern = /^gre-prep-(pglite|postgres)-\d{8}T\d{6}Z\.(tar\.gz|dump)$/;

/** The kind a file name made by backupFileName stands for; null for any other name. */
export function kindOfBackupName(name: string): BackupKind | null {
  const m = namePattern.exec(name);
  if (!m) return null;
  const kind = m[1] as BackupKind;
  return m[2] === extensions[kind] ? kind : null;
}

/**
 * What a file holds, from its first bytes (names can be changed): a PostgreSQL custom-format
 * archive starts with "PGDMP"; a PGlite data-dir dump is a tar, usually gzipped.
 */
export function kindOfBackupFile(file: string): BackupKind {
  let head: Buffer;
  try {
    const fd = fs.openSync(file, 'r');
    try {
      head = Buffer.alloc(512);
      const n = fs.readSync(fd, head, 0, 512, 0);
      head = head.subarray(0, n);
    } finally {
      fs.closeSync(fd);
    }
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new BackupError(
      code === 'ENOENT'
        ? `No such backup file: ${file} / 找不到备份文件：${file}`
        : `Cannot read the backup file ${file} (${code}) / 无法读取备份文件 ${file}`,
    );
  }
  if (head.subarray(0, 5).toString('latin1') === 'PGDMP') return 'postgres';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  if (head.subarray(257, 262).toString('latin1') === 'ustar') return 'pglite';
  throw new BackupError(
    `${file} is not a backup made by npm run backup (neither a PGlite data-dir dump nor a pg_dump custom archive). / ` +
      `${file} 不是 npm run backup 生成的备份文件。`,
  );
}

/**
 * Writes `dest` through `write(tempPath)`: the dump goes to `<dest>.partial`, is flushed to disk
 * and renamed, so a crash or a full disk never leaves a file with a backup's name that is not one.
 * Refuses to overwrite an existing backup. Returns the final size in bytes.
 */
export async function writeAtomically(dest: string, write: (tempPath: string) => Promise<void>): Promise<number> {
  fs.mkdirSync(path.dirname(dest), { recursive: true });
  if (fs.existsSync(dest)) {
    throw new BackupError(`${dest} already exists; try again in a second. / 备份文件已存在，请稍后再试。`);
  }
  const temp = `${dest}.partial`;
  try {
    await write(temp);
    const fd = fs.openSync(temp, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temp, dest);
  } catch (err) {
    fs.rmSync(temp, { force: true });
    throw err;
  }
  return fs.statSync(dest).size;
}

/**
 * Keeps the newest `keep` backups of `kind` in `dir` (by the timestamp in their names) and deletes
 * the older ones; `keep` 0 keeps all. Only names made by backupFileName are ever touched.
 */
export function pruneBackups(dir: string, kind: BackupKind, keep: number): string[] {
  if (keep <= 0) return [];
  const ours = fs
    .readdirSync(dir)
    .filter((name) => kindOfBackupName(name) === kind)
    .sort();
  const old = ours.slice(0, Math.max(0, ours.length - keep));
  for (const name of old) fs.rmSync(path.join(dir, name), { force: true });
  return old;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

/** What a restored database holds, printed by `npm run restore` so the operator can check it. */
export interface RestoredCounts {
  users: number;
  exams: number;
  essays: number;
}

type Query = (sql: string) => Promise<{ rows: unknown[] }>;

/** RestoredCounts on either database (PGlite and pg clients both answer `query(sql)`); absent tables count 0. */
export async function countRestored(query: Query): Promise<RestoredCounts> {
  const counts: RestoredCounts = { users: 0, exams: 0, essays: 0 };
  for (const table of Object.keys(counts) as (keyof RestoredCounts)[]) {
    const exists = await query(`select to_regclass('public.${table}') is not null as present`);
    if (!(exists.rows[0] as { present: boolean }).present) continue;
    const res = await query(`select count(*)::int as n from ${table}`);
    counts[table] = (res.rows[0] as { n: number }).n;
  }
  return counts;
}

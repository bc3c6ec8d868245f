// Backups of the embedded database (docs/decisions/0020-backups.md). PGlite belongs to one process
// (platform/dir-lock.ts), so a backup of a running site cannot open the directory itself: the server
// answers dump requests on a Unix socket beside the data directory (mode 0600, so only the account
// that can read the data directory anyway may ask), and `npm run backup` asks it. With the server
// stopped, the script takes the lock and dumps by itself. Either way the dump is PGlite's
// `dumpDataDir()` taken after a CHECKPOINT while no transaction is open, so it holds exactly the
// committed state at one instant; our lock file is left out, so a restored directory is not "owned".
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { BackupError, countRestored, type RestoredCounts, utcStamp, writeAtomically } from './backup.ts';
import { acquireDirLock, type DirLock, DirLockedError, lockFileName } from './dir-lock.ts';

/** Beside the data directory, not inside it: the dump copies that directory file by file. */
export function backupSocketPath(dir: string): string {
  return `${dir}.backup.sock`;
}

/**
 * The fastest gzip level: a data directory is mostly WAL and table pages, where level 6 saves ~12 %
 * more for 4× the time (a 74 MB directory: 19.8 MB in 0.7 s against 17.5 MB in 2.8 s).
 */
const gzip = () => zlib.createGzip({ level: 1 });

/** sun_path holds 108 bytes on Linux, 104 on macOS, terminator included. */
const maxSocketPathBytes = 103;

interface TarEntry {
  name: string;
  start: number;
  end: number;
}

/** The entries of a ustar archive (what PGlite's tinytar writes), with their byte ranges. */
function tarEntries(tar: Uint8Array): TarEntry[] {
  const text = (from: number, to: number) => Buffer.from(tar.subarray(from, to)).toString('utf8').replace(/\0.*$/s, '');
  const entries: TarEntry[] = [];
  let offset = 0;
  while (offset + 512 <= tar.length) {
    const name = text(offset, offset + 100);
    if (!name) break;
    const size = Number.parseInt(text(offset + 124, offset + 136).trim() || '0', 8);
    if (!Number.isFinite(size) || size < 0)
      throw new BackupError('The dump is damaged (bad tar header). / 备份文件已损坏。');
    const prefix = text(offset + 345, offset + 500);
    const end = offset + 512 + Math.ceil(size / 512) * 512;
    if (end > tar.length) throw new BackupError('The dump is truncated. / 备份文件不完整。');
    entries.push({ name: (prefix ? `${prefix}/${name}` : name).replace(/^\.?\/+/, ''), start: offset, end });
    offset = end;
  }
  return entries;
}

/**
 * The archive without our lock file (a restored directory must not look owned by the old server),
 * as views into `tar` in order: no copy of a directory-sized buffer.
 */
export function withoutLockFile(tar: Uint8Array): Buffer[] {
  const view = (from: number, to: number) => Buffer.from(tar.buffer, tar.byteOffset + from, to - from);
  const parts: Buffer[] = [];
  let from = 0;
  for (const e of tarEntries(tar)) {
    if (e.name !== lockFileName) continue;
    parts.push(view(from, e.start));
    from = e.end;
  }
  parts.push(view(from, tar.length));
  return parts.filter((p) => p.length > 0);
}

const sizeOf = (parts: Buffer[]) => parts.reduce((n, p) => n + p.length, 0);

/**
 * The committed state of the database, as a tar of its data directory: a CHECKPOINT writes the
 * shared buffers out, then the directory is read while a transaction of ours holds PGlite's
 * transaction lock, so no statement of the app runs and no transaction of the app is half done.
 */
export async function dumpPglite(client: PGlite): Promise<Buffer[]> {
  await client.exec('checkpoint');
  const blob = await client.transaction(() => client.dumpDataDir('none'));
  return withoutLockFile(new Uint8Array(await blob.arrayBuffer()));
}

interface BackupLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface OnlineBackups {
  /** Null when the socket could not be opened (the server runs on; backups then need it stopped). */
  socketPath: string | null;
  close(): Promise<void>;
}

/**
 * Answers `npm run backup` while this process owns the PGlite directory `dir` (main.ts). Never
 * fails the server: without a socket, the script refuses with the pid and says to stop the server.
 * Protocol: the client sends `dump\n`; the answer is one JSON line ({ok, bytes} or {ok: false,
 * error}) followed by `bytes` bytes of tar.
 */
export async function serveOnlineBackups(client: PGlite, dir: string, log: BackupLog): Promise<OnlineBackups> {
  const socketPath = backupSocketPath(dir);
  const none: OnlineBackups = { socketPath: null, close: async () => {} };
  if (Buffer.byteLength(socketPath) > maxSocketPathBytes) {
    log.warn({ socketPath }, 'online backups unavailable: the socket path is too long; stop the server to back up');
    return none;
  }
  // We own the directory lock, so a socket left here is a crashed server's: replace it.
  try {
    if (fs.lstatSync(socketPath).isSocket()) fs.unlinkSync(socketPath);
  } catch {
    // none there
  }
  let queue: Promise<unknown> = Promise.resolve();
  const server = net.createServer((socket) => {
    socket.on('error', () => {});
    let request = '';
    socket.on('data', (chunk) => {
      request += chunk.toString('utf8');
      if (!request.includes('\n')) {
        if (request.length > 100) socket.destroy();
        return;
      }
      socket.removeAllListeners('data');
      if (request.trim() !== 'dump') {
        socket.end(`${JSON.stringify({ ok: false, error: 'unknown request' })}\n`);
        return;
      }
      // One dump at a time; a second request waits for the first.
      const job = queue.then(async () => {
        const started = performance.now();
        try {
          const tar = await dumpPglite(client);
          const bytes = sizeOf(tar);
          // The database waited for the dump only; sending runs alongside the app's work.
          log.info({ bytes, ms: Math.round(performance.now() - started) }, 'backup: dump taken');
          socket.write(`${JSON.stringify({ ok: true, bytes, pid: process.pid })}\n`);
          for (const part of tar) socket.write(part);
          socket.end();
        } catch (err) {
          log.warn({ err }, 'backup: dump failed');
          socket.end(`${JSON.stringify({ ok: false, error: (err as Error).message })}\n`);
        }
      });
      queue = job;
    });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => {
        server.off('error', reject);
        resolve();
      });
    });
    fs.chmodSync(socketPath, 0o600);
  } catch (err) {
    log.warn({ err, socketPath }, 'online backups unavailable: stop the server to back up');
    server.close();
    return none;
  }
  return {
    socketPath,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await queue.catch(() => {});
      fs.rmSync(socketPath, { force: true });
    },
  };
}

const inUse = (pid: number) =>
  `The embedded database is in use by process ${pid}, which does not answer backup requests ` +
  '(a server started before this version, a restore, or npm run content:import?). Wait for it to end or stop it, ' +
  `then run npm run backup again. / 内嵌数据库正被进程 ${pid} 使用，且它不接受在线备份请求：请等它结束或停止它后再运行 npm run backup。`;

/** Streams the running server's dump into `dest` (gzipped); returns the tar's size. */
async function dumpFromServer(dir: string, pid: number, dest: string): Promise<number> {
  const socket = net.connect(backupSocketPath(dir));
  socket.setTimeout(10 * 60_000, () => socket.destroy(new BackupError('The server did not answer within 10 minutes.')));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', (err: NodeJS.ErrnoException) =>
      reject(['ENOENT', 'ECONNREFUSED', 'EACCES'].includes(err.code ?? '') ? new BackupError(inUse(pid)) : err),
    );
  });
  socket.write('dump\n');
  let expected = -1;
  let received = 0;
  async function* tar() {
    let head = Buffer.alloc(0);
    for await (const chunk of socket as AsyncIterable<Buffer>) {
      if (expected >= 0) {
        received += chunk.length;
        yield chunk;
        continue;
      }
      head = Buffer.concat([head, chunk]);
      const nl = head.indexOf(0x0a);
      if (nl < 0) continue;
      const answer = JSON.parse(head.subarray(0, nl).toString('utf8')) as {
        ok: boolean;
        bytes?: number;
        error?: string;
      };
      if (!answer.ok)
        throw new BackupError(`The server could not dump the database: ${answer.error} / 服务器未能导出数据库。`);
      expected = answer.bytes ?? 0;
      const rest = head.subarray(nl + 1);
      received += rest.length;
      if (rest.length) yield rest;
    }
  }
  await pipeline(Readable.from(tar()), gzip(), fs.createWriteStream(dest));
  if (expected < 0 || received !== expected) {
    throw new BackupError(
      `The server's dump was cut short (${received} of ${expected} bytes). / 服务器的备份数据不完整，请重试。`,
    );
  }
  return received;
}

export interface PgliteBackup {
  bytes: number;
  /** The tar's size before compression. */
  dataBytes: number;
  /** 'online': dumped by the running server (its pid); 'offline': the script opened the directory. */
  mode: 'online' | 'offline';
  serverPid: number | null;
}

/** Writes a gzipped dump of the PGlite directory `dir` to `dest` (server running or not). */
export async function backupPglite(dir: string, dest: string): Promise<PgliteBackup> {
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    throw new BackupError(
      `There is no embedded database in ${dir} (check DATA_DIR, or DATABASE_URL for PostgreSQL). / ` +
        `${dir} 中没有内嵌数据库（请检查 DATA_DIR；使用 PostgreSQL 时请设置 DATABASE_URL）。`,
    );
  }
  let lock: DirLock;
  try {
    lock = acquireDirLock(dir);
  } catch (err) {
    if (!(err instanceof DirLockedError)) throw err;
    let dataBytes = 0;
    const bytes = await writeAtomically(dest, async (temp) => {
      dataBytes = await dumpFromServer(dir, err.pid, temp);
    });
    return { bytes, dataBytes, mode: 'online', serverPid: err.pid };
  }
  try {
    const client = await PGlite.create({ dataDir: dir });
    let tar: Buffer[];
    try {
      tar = await dumpPglite(client);
    } finally {
      await client.close();
    }
    const bytes = await writeAtomically(dest, (temp) =>
      pipeline(Readable.from(tar), gzip(), fs.createWriteStream(temp)),
    );
    return { bytes, dataBytes: sizeOf(tar), mode: 'offline', serverPid: null };
  } finally {
    lock.release();
  }
}

/** The tar inside a backup file (gunzipped when needed), checked to be a PostgreSQL data directory. */
function readDump(file: string): Buffer[] {
  let bytes: Uint8Array = fs.readFileSync(file);
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      bytes = zlib.gunzipSync(bytes);
    } catch (err) {
      throw new BackupError(`${file} is damaged (${(err as Error).message}). / 备份文件已损坏。`);
    }
  }
  const names = new Set(tarEntries(bytes).map((e) => e.name));
  if (!names.has('PG_VERSION')) {
    throw new BackupError(`${file} does not hold a database directory. / 备份文件中没有数据库目录。`);
  }
  return withoutLockFile(bytes);
}

export interface PgliteRestore {
  counts: RestoredCounts;
  /** With force: where the database that was there before was moved. */
  movedAside: string | null;
}

/**
 * Loads a dump into the PGlite directory `dir`. Refuses while a process has it open, and when it
 * already holds a database unless `force`: then that database is moved to `<dir>-replaced-<UTC>`
 * (nothing is deleted). The loaded database is opened once (PostgreSQL checks it) and counted.
 */
export async function restorePglite(
  file: string,
  dir: string,
  opts: { force: boolean; now: Date },
): Promise<PgliteRestore> {
  const tar = readDump(file);
  fs.mkdirSync(dir, { recursive: true });
  let lock: DirLock;
  try {
    lock = acquireDirLock(dir);
  } catch (err) {
    if (!(err instanceof DirLockedError)) throw err;
    throw new BackupError(
      `The embedded database in ${dir} is open in process ${err.pid} (the server?). Stop it, then restore. / ` +
        `内嵌数据库正被进程 ${err.pid} 使用（服务器在运行？）：请先停止它再恢复。`,
    );
  }
  try {
    const present = fs.readdirSync(dir).filter((name) => name !== lockFileName);
    let movedAside: string | null = null;
    if (present.length > 0) {
      if (!opts.force) {
        throw new BackupError(
          `${dir} already holds a database; restore only fills an empty one. To replace it (it is moved aside, ` +
            `not deleted): npm run restore -- ${file} --force / ${dir} 中已有数据库，恢复只写入空目录；` +
            '如要替换（原数据库会被移到一旁，不会删除），请加 --force。',
        );
      }
      movedAside = `${dir}-replaced-${utcStamp(opts.now)}`;
      fs.mkdirSync(movedAside);
      for (const name of present) fs.renameSync(path.join(dir, name), path.join(movedAside, name));
    }
    try {
      const client = await PGlite.create({ dataDir: dir, loadDataDir: new Blob(tar as Uint8Array<ArrayBuffer>[]) });
      try {
        return { counts: await countRestored((sql) => client.query(sql)), movedAside };
      } finally {
        await client.close();
      }
    } catch (err) {
      // Nothing half loaded stays; the database that was there before comes back.
      for (const name of fs.readdirSync(dir)) {
        if (name !== lockFileName) fs.rmSync(path.join(dir, name), { recursive: true, force: true });
      }
      if (movedAside) {
        for (const name of fs.readdirSync(movedAside)) fs.renameSync(path.join(movedAside, name), path.join(dir, name));
        fs.rmdirSync(movedAside);
      }
      throw new BackupError(
        `The dump could not be loaded, nothing was changed: ${(err as Error).message} / 备份无法载入，数据目录未改变。`,
      );
    }
  } finally {
    lock.release();
  }
}

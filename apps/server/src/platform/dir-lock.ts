// PGlite is single-process: a second process opening the same directory would corrupt it.
// A lock file holding the owner's pid makes the second process stop with a clear message.
import fs from 'node:fs';
import path from 'node:path';

export interface DirLock {
  release(): void;
}

export class DirLockedError extends Error {
  /** The process that owns the directory (named in messages; `npm run backup` asks it for a dump). */
  readonly pid: number;
  constructor(dir: string, pid: number) {
    super(
      `The embedded database in ${dir} is already open in another process (pid ${pid}). ` +
        'Stop that process first, or point DATA_DIR elsewhere. 数据目录已被另一个进程占用。',
    );
    this.name = 'DirLockedError';
    this.pid = pid;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The lock file's name inside the directory (left out of backups: platform/backup-pglite.ts). */
export const lockFileName = '.gre-prep.lock';

export function acquireDirLock(dir: string): DirLock {
  const file = path.join(dir, lockFileName);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
          } catch {
            // already gone
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(file, 'utf8'));
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) throw new DirLockedError(dir, pid);
      if (pid === process.pid) throw new DirLockedError(dir, pid);
      // The owner died without cleaning up: take the lock over.
      fs.unlinkSync(file);
    }
  }
  throw new Error(`Could not lock ${dir}`);
}

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openPglite } from './db.ts';
import { acquireDirLock, DirLockedError } from './dir-lock.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('the PGlite directory lock', () => {
  it('refuses a second opener in the same process and frees the directory on close', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gre-lock-'));
    const first = await openPglite(dir);
    await expect(openPglite(dir)).rejects.toBeInstanceOf(DirLockedError);
    await first.close();
    const again = await openPglite(dir);
    await again.close();
  });

  it('refuses another process with a clear message, and the database stays usable', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gre-lock-'));
    const db = await openPglite(dir);
    await db.migrate();
    const child = spawnSync(
      process.execPath,
      [
        '-e',
        `import(${JSON.stringify(path.join(here, 'db.ts'))}).then(m => m.openPglite(${JSON.stringify(dir)})).then(() => process.exit(0), (e) => { console.error(e.message); process.exit(3); })`,
      ],
      { encoding: 'utf8' },
    );
    expect(child.status).toBe(3);
    expect(child.stderr).toMatch(/already open in another process \(pid \d+\)/);
    const res = await db.db.execute('select count(*) from users' as never);
    expect(res).toBeTruthy();
    await db.close();
  });

  it('takes over a lock left by a process that died', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gre-lock-'));
    fs.writeFileSync(path.join(dir, '.gre-prep.lock'), '999999999');
    const lock = acquireDirLock(dir);
    expect(fs.readFileSync(path.join(dir, '.gre-prep.lock'), 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(path.join(dir, '.gre-prep.lock'))).toBe(false);
  });
});

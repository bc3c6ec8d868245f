// The parts of backups an operator relies on without reading the code: names that say kind and UTC
// time, retention that deletes only older backups of the same kind, no half-written file under a
// backup's name, a file's kind told by its content. (The scripts end to end: scripts/backup.test.ts.)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BackupError,
  backupFileName,
  kindOfBackupFile,
  kindOfBackupName,
  pruneBackups,
  writeAtomically,
} from './backup.ts';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'gre-backup-unit-'));

describe('backup files', () => {
  it('are named by kind and UTC time, to the second', () => {
    const at = new Date('2026-11-23T20:15:00.789+08:00');
    expect(backupFileName('pglite', at)).toBe('gre-prep-pglite-20261123T121500Z.tar.gz');
    expect(backupFileName('postgres', at)).toBe('gre-prep-postgres-20261123T121500Z.dump');
    expect(kindOfBackupName('gre-prep-postgres-20261123T121500Z.dump')).toBe('postgres');
    expect(kindOfBackupName('gre-prep-postgres-20261123T121500Z.tar.gz')).toBeNull();
    expect(kindOfBackupName('gre-prep-pglite-20261123T121500Z.tar.gz.partial')).toBeNull();
  });

  it('retention keeps the newest N of the kind and touches nothing else', () => {
    const dir = tempDir();
    const names = [
      'gre-prep-postgres-20261120T010000Z.dump',
      'gre-prep-postgres-20261121T010000Z.dump',
      'gre-prep-postgres-20261122T010000Z.dump',
      'gre-prep-pglite-20261101T010000Z.tar.gz',
      'gre-prep-postgres-20261101T010000Z.dump.partial',
      'notes.txt',
    ];
    for (const n of names) fs.writeFileSync(path.join(dir, n), 'x');
    expect(pruneBackups(dir, 'postgres', 0)).toEqual([]);
    expect(pruneBackups(dir, 'postgres', 2)).toEqual(['gre-prep-postgres-20261120T010000Z.dump']);
    expect(fs.readdirSync(dir).sort()).toEqual(names.slice(1).sort());
  });

  it('never leave a half-written file under a backup name, and never overwrite one', async () => {
    const dir = tempDir();
    const dest = path.join(dir, 'sub', backupFileName('postgres', new Date()));
    await expect(
      writeAtomically(dest, async (temp) => {
        fs.writeFileSync(temp, 'PGDMP half');
        throw new Error('disk full');
      }),
    ).rejects.toThrow('disk full');
    expect(fs.readdirSync(path.dirname(dest))).toEqual([]);
    expect(await writeAtomically(dest, async (temp) => fs.writeFileSync(temp, 'PGDMP whole'))).toBe(11);
    await expect(writeAtomically(dest, async () => {})).rejects.toBeInstanceOf(BackupError);
    expect(fs.readFileSync(dest, 'utf8')).toBe('PGDMP whole');
  });

  it('say what they hold by their content, whatever their name', () => {
    const dir = tempDir();
    const file = (name: string, bytes: Buffer) => {
      fs.writeFileSync(path.join(dir, name), bytes);
      return path.join(dir, name);
    };
    expect(kindOfBackupFile(file('a.bin', Buffer.from('PGDMP\x01\x0f')))).toBe('postgres');
    expect(kindOfBackupFile(file('b.bin', Buffer.from([0x1f, 0x8b, 8, 0])))).toBe('pglite');
    expect(() => kindOfBackupFile(file('c.dump', Buffer.from('hello')))).toThrow(/not a backup made by npm run backup/);
    expect(() => kindOfBackupFile(path.join(dir, 'missing.dump'))).toThrow(/找不到备份文件/);
  });
});

// `npm run backup` and `npm run restore` as an operator runs them (the scripts in a child process,
// configured like `npm start`): a user practises, answers, finishes a set and has an essay graded
// with the real app; the site is backed up while it runs, wiped, restored, and the app opened on
// the restored database shows the user exactly what it showed before. Then the refusals: a restore
// over a database (without --force), into a database the server has open, and a PGlite backup while
// a process that does not answer owns the directory. On PGlite and on PostgreSQL.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { Endpoint } from '@gre/contract/endpoint';
import * as essayEp from '@gre/contract/endpoints/essay';
import * as examEp from '@gre/contract/endpoints/exam';
import * as summaryEp from '@gre/contract/endpoints/summary';
import * as userEp from '@gre/contract/endpoints/user';
import { IssueResultStatus } from '@gre/contract/enums';
import type { Answer } from '@gre/contract/question';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import * as sample from '../modules/essay/testing/essays.ts';
import { backupSocketPath, type OnlineBackups, serveOnlineBackups } from '../platform/backup-pglite.ts';
import { type Database, openPglite, openPostgres } from '../platform/db.ts';
import { registerUser } from '../test/accounts.ts';
import { createTestApp, type DbKind, type TestApp, testDbKinds } from '../test/harness.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const blank: Answer = { selects: [], multi_selects: [], text: '', description: '', text2: '' };
const quiet = { info: () => {}, warn: () => {} };

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs scripts/<name>.ts as `npm run <name>` does, with the environment `npm start` would see. */
function runScript(name: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<Run> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(here, `${name}.ts`), ...args], { env: childEnv });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Everything the user sees of their work, with the read time (server_time) taken out. */
async function whatTheUserSees(t: TestApp, token: string, examId: string, o: { light?: boolean } = {}) {
  const read = async <E extends Endpoint>(e: E, body: unknown) => {
    const res = await t.call(e, body, { token });
    if (!res.body.ok) throw new Error(`${e.path}: ${JSON.stringify(res.body.err_data)}`);
    return JSON.parse(JSON.stringify(res.body.data, (k, v) => (k === 'server_time' ? undefined : v)));
  };
  // Light: what needs no question bank in memory (the app loads it on first use, which takes seconds).
  if (o.light) {
    return {
      user: await read(userEp.getUser, {}),
      records: await read(examEp.listRecords, {}),
      essays: await read(essayEp.listEssays, {}),
    };
  }
  return {
    user: await read(userEp.getUser, {}),
    records: await read(examEp.listRecords, {}),
    report: await read(examEp.getReport, { exam_id: examId }),
    exam: await read(examEp.getExam, { exam_id: examId }),
    essays: await read(essayEp.listEssays, {}),
    summary: await read(summaryEp.getSummary, {}),
    daily: await read(summaryEp.getDaily, { days: 7 }),
  };
}

/** A user practises a set (three answers), finishes it, and has an Issue essay graded. */
async function practise(t: TestApp) {
  const u = await registerUser(t, { password: 'Backup2026!' });
  const ok = async <E extends Endpoint>(e: E, body: unknown) => {
    const res = await t.call(e, body, { token: u.token });
    if (!res.body.ok || !res.body.data) throw new Error(`${e.path}: ${JSON.stringify(res.body.err_data)}`);
    return res.body.data as NonNullable<typeof res.body.data>;
  };
  const { cards } = await ok(examEp.listTemplates, { page: 'index' });
  const set = cards.find((c) => c.accessable && c.template.param.startsWith('index:ps_single'));
  const { exam_id } = await ok(examEp.openBook, { template_id: set?.template.id });
  for (const [question_index, choice] of [0, 2, 1].entries()) {
    await ok(examEp.openQuestion, { exam_id, section_index: 0, question_index });
    t.clock.advance(40_000);
    await ok(examEp.saveAnswer, {
      exam_id,
      section_index: 0,
      question_index,
      answer: { ...blank, selects: [choice] },
      used_time_seconds: 40,
    });
  }
  await ok(examEp.finishExam, { exam_id });
  const essay = await ok(essayEp.submitEssay, { question_id: 'is-0001', text: sample.strong });
  for (let i = 0; ; i++) {
    const e = await ok(essayEp.getEssay, { essay_id: essay.id });
    if (e.status === IssueResultStatus.Finished) break;
    if (i > 200) throw new Error(`essay still ${e.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { ...u, examId: exam_id };
}

/** Where a kind of site keeps its database, and how to wipe it, open it and name it to the scripts. */
interface Site {
  env: Record<string, string>;
  /** Opens the app on the site's database (the "server"). */
  open(opts?: { jobs?: boolean; start?: string }): Promise<TestApp>;
  wipe(): Promise<void>;
  cleanup(): Promise<void>;
}

async function pgliteSite(root: string): Promise<Site> {
  const dataDir = path.join(root, 'data');
  const dir = path.join(dataDir, 'pglite');
  // The migrated database with the question bank (the test snapshot), as a directory on disk.
  fs.mkdirSync(dir, { recursive: true });
  const seeded = await PGlite.create({
    dataDir: dir,
    loadDataDir: new Blob([fs.readFileSync(inject('pgliteSnapshot'))]),
  });
  await seeded.close();
  let backups: OnlineBackups | undefined;
  return {
    env: { DATA_DIR: dataDir, BACKUP_DIR: path.join(root, 'backups') },
    async open(opts = {}) {
      const database = await openPglite(dir);
      // As main.ts does: the process that owns the directory answers `npm run backup`.
      backups = await serveOnlineBackups(database.pglite as PGlite, dir, quiet);
      const t = await createTestApp('pglite', { ...opts, database });
      return {
        ...t,
        async close() {
          await backups?.close();
          await t.close();
        },
      };
    },
    async wipe() {
      fs.rmSync(dir, { recursive: true, force: true });
    },
    async cleanup() {},
  };
}

async function postgresSite(root: string): Promise<Site> {
  const base = process.env.TEST_DATABASE_URL as string;
  const name = `gre_t_backup_${process.pid}_${Date.now().toString(36)}`;
  const url = new URL(base);
  url.pathname = `/${name}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`create database ${name}`);
  let bankLoaded = false;
  return {
    env: {
      DATABASE_URL: url.toString(),
      APP_ENV: 'devel',
      JWT_SECRET: 'backup-test-secret-that-is-long-enough-0123456789',
      DATA_DIR: path.join(root, 'data'),
      BACKUP_DIR: path.join(root, 'backups'),
    },
    async open(opts = {}) {
      const database: Database = await openPostgres(url.toString(), 5);
      await database.migrate();
      if (!bankLoaded) {
        // The first opening is a new site: rights and the question bank, as a fresh test database gets.
        const { seedRights } = await import('../modules/question/rights.ts');
        const { importContent } = await import('../modules/question/content-import.ts');
        const { systemClock } = await import('../platform/clock.ts');
        const { repoRoot } = await import('../config.ts');
        await seedRights(database.db, systemClock);
        await importContent(database.db, { contentDir: path.join(repoRoot, 'content'), clock: systemClock });
        bankLoaded = true;
      }
      return createTestApp('postgres', { ...opts, database });
    },
    async wipe() {
      // Not `with (force)`: the app closed its pool, and a plain drop waits (up to 5 s) for the
      // server to see those sessions end, where a forced one would cut them mid-goodbye.
      await admin(`drop database if exists ${name}`);
      await admin(`create database ${name}`);
    },
    async cleanup() {
      await admin(`drop database if exists ${name}`).catch(() => admin(`drop database if exists ${name} with (force)`));
    },
  };
}

describe.each(testDbKinds())('backup and restore on %s', (kind: DbKind) => {
  let root = '';
  let site: Site;
  let backupFile = '';
  let before: Awaited<ReturnType<typeof whatTheUserSees>>;
  let account = { account: '', password: '', token: '', examId: '' };
  let lastTime = '';

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'gre-backup-'));
    site = kind === 'pglite' ? await pgliteSite(root) : await postgresSite(root);
  }, 120_000);
  afterAll(async () => {
    await site?.cleanup();
    fs.rmSync(root, { recursive: true, force: true });
  }, 30_000);

  it('backs up a running site, and after a wipe and a restore the user finds everything as it was', async () => {
    const t = await site.open({ jobs: true });
    try {
      account = await practise(t);
      before = await whatTheUserSees(t, account.token, account.examId);
      expect(before.records.records).toHaveLength(1);
      const answered = before.exam.exam.sections[0].questions.map(
        (q: { action: { answer: Answer } }) => q.action.answer,
      );
      expect(answered.slice(0, 3).map((a: Answer) => a.selects)).toEqual([[0], [2], [1]]);
      expect(before.essays.essays[0].score).toBeGreaterThan(0);
      lastTime = t.clock.now().toISOString();

      // The server keeps running while the backup is made.
      const backup = await runScript('backup', [], site.env);
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      const files = fs.readdirSync(site.env.BACKUP_DIR as string);
      expect(files).toEqual([expect.stringMatching(new RegExp(`^gre-prep-${kind}-\\d{8}T\\d{6}Z\\.(tar\\.gz|dump)$`))]);
      backupFile = path.join(site.env.BACKUP_DIR as string, files[0] as string);
      expect(backup.stdout).toContain(backupFile);
      if (kind === 'pglite') expect(backup.stdout).toContain(`dumped by the running server, pid ${process.pid}`);
    } finally {
      await t.close();
    }

    await site.wipe();
    const restore = await runScript('restore', [backupFile], site.env);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/1 users, 1 exams, 1 essays/);

    const t2 = await site.open({ start: lastTime });
    try {
      // The old login still holds (sessions restored), the password still works, and every page
      // the user reads shows the same exam, answers, report, essay and statistics.
      expect(await whatTheUserSees(t2, account.token, account.examId)).toEqual(before);
      const login = await t2.call(userEp.login, { account: account.account, password: account.password });
      expect(login.body.ok).toBe(true);
    } finally {
      await t2.close();
    }
  }, 180_000);

  it('refuses to restore over a database, or into one the server has open, and says what to do', async () => {
    const full = await runScript('restore', [backupFile], site.env);
    expect(full.code).toBe(1);
    expect(full.stderr).toMatch(kind === 'pglite' ? /already holds a database/ : /is not empty/);
    expect(full.stderr).toContain('--force');
    expect(full.stderr).toMatch(/[\u4e00-\u9fff]/);
    expect(full.stdout).toBe('');

    const t = await site.open({ start: lastTime });
    try {
      // Nothing was touched: the user's records and essay are still there.
      const seen = await whatTheUserSees(t, account.token, account.examId, { light: true });
      expect(seen).toEqual({ user: before.user, records: before.records, essays: before.essays });

      const busy = await runScript('restore', [backupFile, '--force'], site.env);
      expect(busy.code).toBe(1);
      expect(busy.stderr).toMatch(
        kind === 'pglite' ? new RegExp(`open in process ${process.pid}.*Stop it`) : /other session\(s\) are connected/,
      );
      if (kind === 'pglite') {
        // Without its socket the owner cannot answer: the backup names it instead of waiting.
        await fs.promises.rm(backupSocketPath(path.join(site.env.DATA_DIR as string, 'pglite')));
        const refused = await runScript('backup', [], site.env);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain(`in use by process ${process.pid}`);
      }
    } finally {
      await t.close();
    }

    const forced = await runScript('restore', [backupFile, '--force'], site.env);
    expect(forced.stderr).toBe('');
    expect(forced.code).toBe(0);
    expect(forced.stdout).toMatch(/1 users, 1 exams, 1 essays/);
    if (kind === 'pglite') {
      const aside = /now in (\S+)/.exec(forced.stdout)?.[1] as string;
      expect(fs.existsSync(path.join(aside, 'PG_VERSION'))).toBe(true);
    } else {
      expect(forced.stdout).toMatch(/Dropped first \(--force\): schemas .*public/);
    }
  }, 120_000);

  if (kind === 'postgres')
    it('says which pg_dump to install when it is missing or older than the server', async () => {
      const bin = path.join(root, 'bin');
      fs.mkdirSync(bin);
      const missing = await runScript('backup', [], { ...site.env, PATH: bin });
      expect(missing.code).toBe(1);
      expect(missing.stderr).toMatch(/pg_dump was not found on PATH\. Install the PostgreSQL \d+ client tools/);
      expect(missing.stderr).toMatch(/postgresql-client-\d+/);
      // An older client, as on a machine whose server was upgraded but not its tools.
      fs.writeFileSync(path.join(bin, 'pg_dump'), '#!/bin/sh\necho "pg_dump (PostgreSQL) 9.6.24"\n', { mode: 0o755 });
      const old = await runScript('backup', [], { ...site.env, PATH: bin });
      expect(old.code).toBe(1);
      expect(old.stderr).toMatch(/pg_dump 9\.6 is older than the PostgreSQL \d+ server/);
      expect(fs.readdirSync(site.env.BACKUP_DIR as string).filter((f) => !f.endsWith('.dump'))).toEqual([]);
    }, 60_000);
});

// Start-up failures a person fixes, through the real start path (`node apps/server/src/main.ts`):
// one line in Chinese and English that says what to fix, no stack trace, exit code 1.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKinds } from './test/harness.ts';
import { closedPort, preparedDataDir, runUntilExit } from './test/server-process.ts';

const pgUrl = process.env.TEST_DATABASE_URL;
// Under CI, PostgreSQL is required (testDbKinds throws without it): the database cases never skip.
const onPostgres = testDbKinds().includes('postgres');

/** The URL of the test PostgreSQL server with another user and/or database. */
function pgWith(parts: { user?: string; database?: string }) {
  const u = new URL(pgUrl as string);
  if (parts.user) u.username = parts.user;
  if (parts.database) u.pathname = `/${parts.database}`;
  return u.toString();
}

const base = { APP_ENV: 'devel', JWT_SECRET: 'a-test-secret-that-is-long-enough-0123456789' };

/** Exit 1 and one line on stderr, Chinese then English, that matches `what`; no stack anywhere. */
async function refusesToStart(env: Record<string, string>, what: RegExp) {
  const { code, stdout, stderr } = await runUntilExit(env);
  const lines = stderr.trim().split('\n');
  expect(lines, stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^启动失败.* \/ Cannot start: /);
  expect(lines[0]).toMatch(what);
  expect(`${stdout}\n${stderr}`).not.toMatch(/\n\s+at |Error:/);
  expect(code).toBe(1);
  return lines[0] as string;
}

describe.concurrent('start-up errors', () => {
  it('a mysql:// DATABASE_URL is refused: PostgreSQL only', async () => {
    await refusesToStart(
      { ...base, DATABASE_URL: 'mysql://root:secret@127.0.0.1:3306/greprep' },
      /DATABASE_URL.*postgres:\/\/.*postgresql:\/\/.*DATABASE_URL: must be a PostgreSQL URL/,
    );
  });

  it('a wrong value says which variable and what is expected', async () => {
    await refusesToStart(
      { ...base, APP_ENV: 'production' },
      /APP_ENV.*devel、pre 或 formal.*APP_ENV: must be devel, pre or formal/,
    );
  });

  it('PostgreSQL without APP_ENV is refused', async () => {
    await refusesToStart(
      { JWT_SECRET: base.JWT_SECRET, DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/greprep' },
      /必须设置 APP_ENV.*APP_ENV must be set/,
    );
  });

  it('an unreachable PostgreSQL (nothing on that port)', async () => {
    const port = await closedPort();
    const line = await refusesToStart(
      { ...base, DATABASE_URL: `postgres://postgres:hunter2secret@127.0.0.1:${port}/greprep` },
      new RegExp(
        `127\\.0\\.0\\.1:${port}.*连接被拒绝.*refused the connection: check the host and port in DATABASE_URL`,
      ),
    );
    expect(line).not.toContain('hunter2secret');
  });

  it.runIf(onPostgres)('a database that does not exist', async () => {
    await refusesToStart(
      { ...base, DATABASE_URL: pgWith({ database: 'gre_no_such_database' }) },
      /数据库 “gre_no_such_database” 不存在.*database "gre_no_such_database" does not exist.*createdb gre_no_such_database/,
    );
  });

  it.runIf(onPostgres)('a user PostgreSQL does not accept', async () => {
    await refusesToStart(
      { ...base, DATABASE_URL: pgWith({ user: 'gre_no_such_user' }) },
      /拒绝了用户 “gre_no_such_user”.*refused user "gre_no_such_user": check the user name and password in DATABASE_URL/,
    );
  });
});

describe('start-up errors after the database is open', () => {
  let holder: net.Server;
  let port = 0;
  let data: Awaited<ReturnType<typeof preparedDataDir>>;
  beforeAll(async () => {
    data = await preparedDataDir();
    holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    port = (holder.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => holder.close(() => resolve()));
    data.cleanup();
  });

  it('a port in use', async () => {
    await refusesToStart(
      { DATA_DIR: data.dir, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn' },
      new RegExp(`端口 ${port} 已被占用.*port ${port} is already in use`),
    );
  });
});

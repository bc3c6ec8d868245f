// Backups on a PostgreSQL server (docs/decisions/0020-backups.md): pg_dump's custom format (one
// consistent snapshot while the app keeps running, compressed, restorable table by table) and
// pg_restore into an empty database in one transaction. The client tools must be at least as new as
// the server (an older pg_dump refuses a newer server, or worse, misses what it does not know), so
// the versions are compared before anything runs. The password never appears on a command line
// (PGPASSWORD in the tool's environment instead).
import { spawn, spawnSync } from 'node:child_process';
import pg from 'pg';
import { BackupError, countRestored, type RestoredCounts } from './backup.ts';

interface ClientTool {
  name: 'pg_dump' | 'pg_restore';
  version: string;
  major: number;
}

function clientTool(name: ClientTool['name'], serverMajor: number): ClientTool {
  const install =
    `Install the PostgreSQL ${serverMajor} client tools (Debian/Ubuntu: apt-get install postgresql-client-${serverMajor}) ` +
    `or put their directory first on PATH (e.g. PATH=/usr/lib/postgresql/${serverMajor}/bin:$PATH). / ` +
    `请安装 PostgreSQL ${serverMajor} 客户端工具（postgresql-client-${serverMajor}），或把它所在目录放在 PATH 最前面。`;
  const r = spawnSync(name, ['--version'], { encoding: 'utf8' });
  if (r.error) {
    const code = (r.error as NodeJS.ErrnoException).code;
    throw new BackupError(
      code === 'ENOENT'
        ? `${name} was not found on PATH. ${install}`
        : `${name} could not be run (${r.error.message}). ${install}`,
    );
  }
  const m = /(\d+)(?:\.(\d+))?/.exec(r.stdout);
  if (!m) throw new BackupError(`Could not read the version of ${name} ("${r.stdout.trim()}"). ${install}`);
  const major = Number(m[1]);
  if (major < serverMajor) {
    throw new BackupError(
      `${name} ${m[0]} is older than the PostgreSQL ${serverMajor} server it would work on. ${install}`,
    );
  }
  return { name, version: m[0], major };
}

/** The URL without its password, and the environment that carries the password instead. */
function connection(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (u.password) {
    env.PGPASSWORD = decodeURIComponent(u.password);
    u.password = '';
  }
  return { url: u.toString(), env };
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (err) {
    throw new BackupError(
      `Cannot connect to DATABASE_URL (${(err as Error).message}). / 无法连接 DATABASE_URL 指向的数据库。`,
    );
  }
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

async function serverVersion(client: pg.Client): Promise<{ major: number; version: string }> {
  const { rows } = await client.query<{ num: string; version: string }>(
    `select current_setting('server_version_num') as num, current_setting('server_version') as version`,
  );
  const row = rows[0] as { num: string; version: string };
  return { major: Math.floor(Number(row.num) / 10_000), version: row.version.split(' ')[0] ?? row.version };
}

function run(tool: ClientTool, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool.name, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else
        reject(
          new BackupError(
            `${tool.name} ${tool.version} failed (exit ${code}):\n${stderr.trim().slice(-4000)}\n/ ${tool.name} 执行失败。`,
          ),
        );
    });
  });
}

export interface PostgresBackup {
  serverVersion: string;
  toolVersion: string;
}

/** pg_dump of the whole database (our tables, migrations journal, job queue) into `temp`. */
export async function backupPostgres(url: string, temp: string): Promise<PostgresBackup> {
  const server = await withClient(url, serverVersion);
  const tool = clientTool('pg_dump', server.major);
  const c = connection(url);
  await run(
    tool,
    ['--format=custom', '--no-password', '--lock-wait-timeout=60s', `--file=${temp}`, `--dbname=${c.url}`],
    c.env,
  );
  return { serverVersion: server.version, toolVersion: tool.version };
}

/** Schemas that are the server's own, never ours to inspect or drop. */
const ourSchemas = `select n.nspname as schema, count(c.oid)::int as relations
  from pg_namespace n left join pg_class c on c.relnamespace = n.oid
  where n.nspname not in ('pg_catalog', 'information_schema')
    and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'
  group by n.nspname order by n.nspname`;

export interface PostgresRestore {
  counts: RestoredCounts;
  /** With force: the schemas that were dropped first. */
  dropped: string[];
}

/**
 * pg_restore into the database at `url`, in one transaction (all or nothing). Refuses while other
 * sessions are connected to it (app servers still running) and when it is not empty (a schema of
 * its own or any table), unless `force`: then every schema in it is dropped first.
 */
export async function restorePostgres(file: string, url: string, opts: { force: boolean }): Promise<PostgresRestore> {
  return withClient(url, async (client) => {
    const server = await serverVersion(client);
    const tool = clientTool('pg_restore', server.major);
    const c = connection(url);
    // The archive is read before anything is changed: a damaged file or one from a newer pg_dump stops here.
    await run(tool, ['--list', file], c.env);
    const database = (await client.query<{ db: string }>('select current_database() as db')).rows[0]?.db;
    const others = await client.query<{ pid: number; who: string }>(
      `select pid, coalesce(nullif(application_name, ''), usename) || ' from ' || coalesce(client_addr::text, 'local socket') as who
       from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
    );
    if (others.rows.length > 0) {
      const list = others.rows
        .slice(0, 5)
        .map((r) => `pid ${r.pid} (${r.who})`)
        .join(', ');
      throw new BackupError(
        `${others.rows.length} other session(s) are connected to database ${database}: ${list}. Stop the app servers ` +
          `before restoring. / 数据库 ${database} 上还有 ${others.rows.length} 个其他连接：请先停止应用服务器再恢复。`,
      );
    }
    const schemas = (await client.query<{ schema: string; relations: number }>(ourSchemas)).rows;
    const empty = schemas.every((s) => s.schema === 'public' && s.relations === 0);
    let dropped: string[] = [];
    if (!empty) {
      if (!opts.force) {
        const what = schemas.map((s) => `${s.schema} (${s.relations} tables, sequences, views)`).join(', ');
        throw new BackupError(
          `Database ${database} is not empty: ${what}. Restore only fills an empty database: create one ` +
            `(createdb) and point DATABASE_URL at it, or replace everything in this one (dropped, not kept): ` +
            `npm run restore -- ${file} --force / 数据库 ${database} 不是空的，恢复只写入空数据库：请新建数据库，` +
            '或加 --force 替换（现有数据会被删除）。',
        );
      }
      dropped = schemas.map((s) => s.schema);
      await dropEverything(client, dropped, server.major);
    }
    try {
      await run(
        tool,
        [
          '--no-owner',
          '--no-privileges',
          '--exit-on-error',
          '--single-transaction',
          '--no-password',
          `--dbname=${c.url}`,
          file,
        ],
        c.env,
      );
    } catch (err) {
      if (dropped.length === 0 || !(err instanceof BackupError)) throw err;
      throw new BackupError(
        `${err.message}\nThe database was emptied by --force and is still empty. / 数据库已被 --force 清空。`,
      );
    }
    return { counts: await countRestored((sql) => client.query(sql)), dropped };
  });
}

/** Drops the given schemas and gives the database back its empty `public` schema, as createdb made it. */
async function dropEverything(client: pg.Client, schemas: string[], serverMajor: number) {
  const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
  await client.query('begin');
  try {
    for (const s of schemas) await client.query(`drop schema ${quote(s)} cascade`);
    // PostgreSQL 15: owned by pg_database_owner, USAGE for everyone; 14: CREATE too; older: the creator's.
    if (serverMajor >= 14) await client.query('create schema public authorization pg_database_owner');
    else await client.query('create schema public');
    await client.query(
      serverMajor >= 15 ? 'grant usage on schema public to public' : 'grant create, usage on schema public to public',
    );
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw new BackupError(
      `Could not empty the database (${(err as Error).message}); nothing was changed. / 无法清空数据库，未做任何改动。`,
    );
  }
}

// `npm run bench:backup`: how long `npm run backup` and `npm run restore` take, and how big the dump
// is, on a site of BENCH_BACKUP_USERS users (default 100,000) on PostgreSQL (BENCH_DATABASE_URL or
// TEST_DATABASE_URL). The site is made as `npm start` would make it (migrations and the question
// bank, by `npm run content:import`), then filled in SQL with what that many users leave behind,
// at plausible proportions (per user on average; most users do little, a few do much):
//   sessions 2 · role records 1.3 · codes 1.5 · login failures 0.2 · exams 5 (85 % practice sets of
//   10 questions, 15 % full mocks of 55; 90 % finished, with their response rows and result) ·
//   books 4.3 · daily activity 6 days · usage counters 7 · essays 0.3 (≈2,000 characters, graded).
// Then the real scripts run: backup of the running database, restore into an empty one, with the
// row counts checked. BENCH_BACKUP_USERS=10000 runs in about a minute.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { root } from './server.ts';

const users = Number(process.env.BENCH_BACKUP_USERS ?? 100_000);
const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/** The statements that fill a migrated database with `$1` users and what they leave behind. */
export const fillSql: { label: string; sql: string }[] = [
  {
    label: 'users',
    sql: `insert into users (email, phone, password_hash, name, signature, role_kind, role_expire_at, aim_question,
        created_at, updated_at)
      select case when i % 10 < 7 then 'bench' || i || '@example.com' end,
             case when i % 10 >= 7 then '13' || lpad(i::text, 9, '0') end,
             'scrypt$16384$8$1$' || encode(sha256(i::text::bytea), 'base64') || '$' || encode(sha256((i * 7)::text::bytea), 'base64'),
             '考生' || i, case when i % 4 = 0 then '每天进步一点点' else '' end,
             case when i % 20 = 0 then 4 when i % 10 = 0 then 3 when i % 4 = 0 then 2 else 1 end,
             case when i % 10 = 0 then now() + interval '90 days' end, 30,
             now() - (i % 365) * interval '1 day', now() - (i % 30) * interval '1 day'
      from generate_series(1, $1::int) as i`,
  },
  {
    label: 'role records, sessions, codes, login failures',
    sql: `with u as (select id, role_kind, created_at from users where not is_demo)
      , r as (insert into role_records (user_id, role_kind, start_at, expire_at, note)
          select id, 1, created_at, null, 'register' from u
          union all select id, role_kind, created_at + interval '3 days', now() + interval '90 days', 'pay' from u where id % 10 < 3
          returning 1)
      , s as (insert into sessions (id, user_id, device_id, ip, user_agent, created_at, expires_at, revoked_at)
          select encode(sha256((id * 10 + k)::text::bytea), 'hex'), id, md5((id + k)::text), '10.' || (id % 250) || '.' || k || '.7',
                 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
                 created_at + k * interval '20 days', created_at + (k * 20 + 30) * interval '1 day',
                 case when k = 1 then created_at + interval '25 days' end
          from u, generate_series(1, 2) as k
          returning 1)
      , c as (insert into verification_codes (channel, target, purpose, code_hash, ip, attempts, created_at, expires_at, consumed_at)
          select 'email', 'bench' || id || '@example.com', case when k = 1 then 'register' else 'reset' end,
                 encode(sha256((id * 3 + k)::text::bytea), 'hex'), '10.0.0.' || (id % 250), 1, created_at, created_at + interval '10 minutes', created_at
          from u, generate_series(1, case when id % 2 = 0 then 2 else 1 end) as k
          returning 1)
      insert into login_failures (account, ip, at)
        select 'bench' || id || '@example.com', '10.1.0.' || (id % 250), created_at + interval '2 days' from u where id % 5 = 0`,
  },
  {
    label: 'exams (sections, answers, results) and books',
    sql: `create temporary table bench_exams on commit drop as
      select u.id as user_id, g.n as ord,
             case when (u.id + g.n) % 7 = 0 then 'mock_full' else 'practice' end as kind,
             ((u.id * 31 + g.n * 17) % 10) <> 0 as finished,
             now() - ((u.id + g.n * 3) % 180) * interval '1 day' - (g.n % 24) * interval '1 hour' as at
      from users u cross join lateral generate_series(1, floor(power((hashint4(u.id::int)::bigint & 65535) / 65536.0, 3) * 20)::int) as g(n)
      where not u.is_demo;
      insert into exams (id, user_id, template_id, book_id, name, kind, status, version, sections, result, created_at, updated_at, finished_at)
      select 'ex-' || user_id || '-' || ord, user_id,
             case when kind = 'practice' then 'bench-set-' || ord else 'mock-full-' || (ord % 4 + 1) end,
             case when kind = 'practice' then 'bk-' || user_id || '-' || ord end,
             case when kind = 'practice' then '数学 · 单选 · 第 ' || ord || ' 套' else '全真模考 ' || (ord % 4 + 1) end,
             kind, case when finished then 3 else 1 end, 12 + ord % 40,
             (select jsonb_agg(jsonb_build_object(
                 'index', s.i, 'name', s.name, 'kind', s.skind, 'difficulty', 2, 'limit', s.lim,
                 'startedAt', (extract(epoch from at) * 1000)::bigint, 'finishedAt', case when finished then (extract(epoch from at) * 1000)::bigint + s.lim * 900 else 0 end,
                 'used', s.lim * 9 / 10, 'finished', finished, 'auto', false,
                 'questions', (select jsonb_agg(jsonb_build_object(
                     'id', s.prefix || lpad(((q * 7 + ord + user_id) % 200 + 1)::text, 4, '0'),
                     'answer', jsonb_build_object('selects', jsonb_build_array((q + user_id) % 5), 'multi_selects', '[]'::jsonb,
                        'text', case when s.skind = 'issue' then repeat('I agree that practice matters. ', 40) else '' end, 'description', '', 'text2', ''),
                     'flagged', q % 9 = 0, 'used', 40 + (q * 13 + user_id) % 90, 'state', 2,
                     'answeredAt', (extract(epoch from at) * 1000)::bigint + q * 60000,
                     'correct', case when finished then (q + user_id + ord) % 3 <> 0 end))
                   from generate_series(0, s.n - 1) as q)) order by s.i)
              from (values (0, '数学', 'practice', 0, 10, 'ps-', 'practice'),
                           (0, 'Issue', 'issue', 1800, 1, 'is-', 'mock_full'), (1, 'Verbal 1', 'verbal', 1080, 12, 'tc-', 'mock_full'),
                           (2, 'Quant 1', 'quant', 1260, 12, 'qc-', 'mock_full'), (3, 'Verbal 2', 'verbal', 1380, 15, 'se-', 'mock_full'),
                           (4, 'Quant 2', 'quant', 1560, 15, 'ps-', 'mock_full')) as s(i, name, skind, lim, n, prefix, ekind)
              where s.ekind = kind),
             case when finished then jsonb_build_object(
               'correct', 7, 'total', case when kind = 'practice' then 10 else 55 end, 'answered', 10, 'avg_time_seconds', 71.5,
               'verbal', jsonb_build_object('correct', 18, 'total', 27), 'quantitative', jsonb_build_object('correct', 20, 'total', 27),
               'issue', jsonb_build_object('written', 1, 'total', 1), 'word', jsonb_build_object('correct', 0, 'total', 0),
               'knowledge', (select jsonb_agg(jsonb_build_object('tag_id', 'k' || k, 'name', '知识点' || k, 'correct', k % 3, 'total', 3)) from generate_series(1, 8) k),
               'difficulties', (select jsonb_agg(jsonb_build_object('difficulty', d, 'correct', d % 2 + 1, 'total', 2)) from generate_series(1, 5) d),
               'verbal_score', jsonb_build_object('score', 150 + user_id % 15, 'band', 3, 'items', 27),
               'quant_score', jsonb_build_object('score', 155 + user_id % 15, 'band', 3, 'items', 27),
               'issue_score', 4, 'adaptive', null, 'total_score', 305 + user_id % 30,
               'interpret', '语文约 150–160 分：阅读的推理题错得较多，先练长文章；数学稳定，注意数据分析题的单位与比例。') end,
             at, at + interval '40 minutes', case when finished then at + interval '40 minutes' end
      from bench_exams;
      insert into books (id, user_id, template_id, exam_id, title, status, created_at, updated_at)
        select 'bk-' || user_id || '-' || ord, user_id, 'bench-set-' || ord, 'ex-' || user_id || '-' || ord,
               '数学 · 单选 · 第 ' || ord || ' 套', case when finished then 2 else 1 end, at, at
        from bench_exams where kind = 'practice';
      insert into responses (user_id, exam_id, section_index, question_index, question_id, exam_kind, category, kind, difficulty,
          tag_ids, answered, correct, used_seconds, day, at)
        select user_id, 'ex-' || user_id || '-' || ord, s.i, q, s.prefix || lpad(((q * 7 + ord + user_id) % 200 + 1)::text, 4, '0'),
               kind, case when s.skind = 'verbal' then 1 else 2 end, s.qkind, 1 + (q + ord) % 5,
               array['k' || (q % 8 + 1), 'k' || ((q + 3) % 8 + 1)], true, (q + user_id + ord) % 3 <> 0,
               40 + (q * 13 + user_id) % 90, (at at time zone 'Asia/Shanghai')::date, at
        from bench_exams
        join (values (0, 'practice', 10, 'ps-', 'ps_single', 'practice'), (0, 'issue', 1, 'is-', 'issue', 'mock_full'),
                     (1, 'verbal', 12, 'tc-', 'tc1', 'mock_full'), (2, 'quant', 12, 'qc-', 'qc', 'mock_full'),
                     (3, 'verbal', 15, 'se-', 'se', 'mock_full'), (4, 'quant', 15, 'ps-', 'ps_single', 'mock_full'))
             as s(i, skind, n, prefix, qkind, ekind) on s.ekind = kind
        cross join lateral generate_series(0, s.n - 1) as q
        where finished`,
  },
  {
    label: 'daily activity and usage counters',
    sql: `with days as (
        select u.id as user_id, current_date - (k * 3 + u.id % 3)::int as day, k
        from users u cross join lateral generate_series(1, (select count(*) from exams e where e.user_id = u.id)::int + 1) as k
        where not u.is_demo)
      , d as (insert into daily_activity (user_id, day, signed, used_question, used_word, used_time_mins, used_seconds)
          select user_id, day, k % 2 = 0, 10 + k % 20, k % 50, 15 + k % 40, (15 + k % 40) * 60 from days
          returning 1)
      insert into usage_counters (user_id, day, subject, used)
        select user_id, day::text, 'question', 10 + k % 20 from days
        union all select id, 'total', 'question', 120 from users where role_kind = 1 and not is_demo`,
  },
  {
    label: 'essays',
    sql: `insert into essays (id, user_id, question_id, source, text, word_count, status, score, rank, comment, grader, attempts,
        created_at, updated_at, finished_at)
      select 'es-' || id, id, 'is-' || lpad((id % 40 + 1)::text, 4, '0'), 'idea',
             repeat('Some people believe that ambition is the engine of progress; others fear it. In my view, ' ||
                    'ambition tempered by responsibility serves both the person and the community. ', 12) || id,
             380, 2, 3 + (id % 7) * 0.5, (id % 100)::real,
             jsonb_build_object('overall', '论点清楚，例子具体；段落之间的过渡还可以更自然。',
               'traits', (select jsonb_agg(jsonb_build_object('trait', t, 'score', 4, 'comment', '这一项整体不错，注意举例与论点的联系。')) from generate_series(1, 4) t)),
             'builtin', 1, created_at + interval '5 days', created_at + interval '5 days', created_at + interval '5 days'
      from users where id % 10 < 3 and not is_demo`,
  },
];

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

function runScript(script: string, args: string[], env: Record<string, string>): Promise<Run> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, script), ...args], {
      cwd: root,
      env: { ...process.env, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, ms: performance.now() - started }));
  });
}

function must(r: Run, what: string): Run {
  if (r.code !== 0) throw new Error(`${what} failed (exit ${r.code}):\n${r.stdout}\n${r.stderr}`);
  return r;
}

const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(0)} MB`;
const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main() {
  if (!baseUrl) {
    console.log('bench:backup needs PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL.');
    process.exitCode = 1;
    return;
  }
  const tag = randomBytes(4).toString('hex');
  const names = { site: `gre_bench_backup_${tag}`, restored: `gre_bench_restored_${tag}` };
  const urlOf = (name: string) => {
    const u = new URL(baseUrl);
    u.pathname = `/${name}`;
    return u.toString();
  };
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'gre-bench-backup-'));
  const env = (name: string) => ({
    DATABASE_URL: urlOf(name),
    APP_ENV: 'devel',
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-0123456789',
    DATA_DIR: path.join(work, 'data'),
    BACKUP_DIR: path.join(work, 'backups'),
  });
  try {
    await admin.query(`create database ${names.site}`);
    await admin.query(`create database ${names.restored}`);
    console.log(`bench:backup: ${users.toLocaleString('en')} users on ${new URL(baseUrl).host} (BENCH_BACKUP_USERS)`);
    must(await runScript('apps/server/src/scripts/import-content.ts', [], env(names.site)), 'content import');

    const site = new pg.Client({ connectionString: urlOf(names.site) });
    site.on('error', () => {}); // the database is dropped with (force) if a step fails
    await site.connect();
    let t = performance.now();
    for (const step of fillSql) {
      const s = performance.now();
      await site.query('begin');
      if (step.sql.includes('$1')) await site.query(step.sql, [users]);
      else await site.query(step.sql);
      await site.query('commit');
      console.log(`  filled ${step.label}: ${sec(performance.now() - s)}`);
    }
    const fillMs = performance.now() - t;
    await site.query('vacuum analyze');
    const counts = (
      await site.query<Record<string, string>>(
        `select (select count(*) from users) as users, (select count(*) from sessions) as sessions,
                (select count(*) from exams) as exams, (select count(*) from responses) as responses,
                (select count(*) from daily_activity) as daily_activity, (select count(*) from essays) as essays,
                pg_database_size(current_database()) as bytes`,
      )
    ).rows[0] as Record<string, string>;
    await site.end();

    t = performance.now();
    const backup = must(await runScript('apps/server/src/scripts/backup.ts', [], env(names.site)), 'npm run backup');
    const backupMs = performance.now() - t;
    const file = path.join(work, 'backups', fs.readdirSync(path.join(work, 'backups'))[0] as string);
    const dumpBytes = fs.statSync(file).size;

    const restore = must(await runScript('apps/server/src/scripts/restore.ts', [file], env(names.restored)), 'restore');
    const restoredSize = await admin.query<{ bytes: string }>(`select pg_database_size($1) as bytes`, [names.restored]);
    const expected = `${counts.users} users, ${counts.exams} exams, ${counts.essays} essays`;
    if (!restore.stdout.includes(expected))
      throw new Error(`restore counts differ: ${restore.stdout} (expected ${expected})`);

    const row = {
      users: Number(counts.users),
      sessions: Number(counts.sessions),
      exams: Number(counts.exams),
      responses: Number(counts.responses),
      daily_activity: Number(counts.daily_activity),
      essays: Number(counts.essays),
      database_bytes: Number(counts.bytes),
      dump_bytes: dumpBytes,
      fill_ms: Math.round(fillMs),
      backup_ms: Math.round(backupMs),
      restore_ms: Math.round(restore.ms),
      restored_database_bytes: Number(restoredSize.rows[0]?.bytes),
      cpus: os.cpus().length,
    };
    console.log(backup.stdout.trim());
    console.log(restore.stdout.trim());
    console.log(
      '\n| users | exams | responses | daily activity | essays | database | dump | npm run backup | npm run restore |',
    );
    console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    console.log(
      `| ${row.users.toLocaleString('en')} | ${row.exams.toLocaleString('en')} | ${row.responses.toLocaleString('en')} | ` +
        `${row.daily_activity.toLocaleString('en')} | ${row.essays.toLocaleString('en')} | ${mb(row.database_bytes)} | ` +
        `${mb(row.dump_bytes)} | ${sec(row.backup_ms)} | ${sec(row.restore_ms)} |`,
    );
    console.log(
      `(filled in ${sec(row.fill_ms)}; restored database ${mb(row.restored_database_bytes)}; ${row.cpus} CPUs)`,
    );
    fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
    fs.writeFileSync(path.join(root, 'bench/results/backup.json'), `${JSON.stringify(row, null, 2)}\n`);
  } finally {
    await admin.query(`drop database if exists ${names.site} with (force)`);
    await admin.query(`drop database if exists ${names.restored} with (force)`);
    await admin.end();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

await main();

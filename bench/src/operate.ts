// npm run bench:operate — the operator console's user search (issue 17, ADR 0031) on PostgreSQL
// (BENCH_DATABASE_URL or TEST_DATABASE_URL): BENCH_OPERATE_USERS users (default 1,000,000, inserted
// directly, not through sign-up) in a database made for the run and dropped after it. Measured with the
// server's own `find_user` code (createOperate): queries by user id, phone, e-mail, a rare name prefix
// (one user), a common one (thousands) and a prefix nobody has; p50 / p95 per kind and over all. The
// baseline in the same run: the same name-prefix queries with index and bitmap scans off (what the
// search costs without users_name_prefix_idx and the unique indexes). Then get_report over a year
// (users' sign-ups spread over it, 200,000 orders, 2,000,000 exams, 5,000,000 active user-days, 200,000
// essays): the first report (which counts and stores the closed days, as the nightly job would) and the
// p50 and max of 5 runs after it, against the 1 s target.
import pg from 'pg';
import { createOperate } from '../../apps/server/src/modules/operate/operate.service.ts';
import { systemClock } from '../../apps/server/src/platform/clock.ts';
import { openPostgres } from '../../apps/server/src/platform/db.ts';
import { createInvalidationBus } from '../../apps/server/src/platform/invalidation.ts';

const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const userCount = Number(process.env.BENCH_OPERATE_USERS ?? 1_000_000);
const perKind = 100;

const ms = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e6;
const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0;
const pick = () => 1 + Math.floor(Math.random() * userCount);

/** Nicknames as sign-up gives them (考生1234) and as users change them (a few common words, then a number). */
const nameSql = `case when i % 3 = 0 then '考生' || i
  when i % 3 = 1 then (array['小明','GRE','Tiger','学霸','Anna','冲刺'])[1 + (i / 3) % 6] || '_' || i
  else 'u' || md5(i::text) end`;

async function main() {
  if (!baseUrl) {
    console.log('bench:operate needs PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL.');
    return;
  }
  const name = `gre_bench_operate_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 4);
  try {
    await database.migrate();
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    // The run's database is dropped with (force) at the end, also after a failure: not an error here.
    client.on('error', () => {});
    const t0 = process.hrtime.bigint();
    await client.query(
      `insert into users (email, phone, name, role_kind, created_at, updated_at)
       select 'u' || i || '@bench.local', '13' || lpad(i::text, 9, '0'), ${nameSql}, 1 + i % 4,
              now() - (i % 365) * interval '1 day' - (i % 86400) * interval '1 second', now()
       from generate_series(1, $1) i`,
      [userCount],
    );
    await client.query('analyze users');
    console.log(`${userCount} users inserted and analysed in ${(ms(t0) / 1000).toFixed(1)} s`);

    const operate = createOperate({ db: database.db, clock: systemClock, bus: await createInvalidationBus() });
    const kinds: Record<string, () => string> = {
      'user id': () => String(pick()),
      phone: () => `13${String(pick()).padStart(9, '0')}`,
      'e-mail (upper case)': () => `U${pick()}@BENCH.LOCAL`,
      'rare name prefix (a few users)': () => `考生${3 * Math.ceil(pick() / 3)}`,
      'common name prefix (thousands)': () =>
        ['小明_', 'GRE_', 'Tiger_', '学霸_', 'Anna_', '冲刺_'][pick() % 6] ?? '小明_',
      nobody: () => `无此人${pick()}`,
    };
    const all: number[] = [];
    const rows: string[] = [];
    for (const [kind, query] of Object.entries(kinds)) {
      for (let i = 0; i < 5; i++) await operate.find(query()); // warm
      const times: number[] = [];
      let found = 0;
      for (let i = 0; i < perKind; i++) {
        const s = process.hrtime.bigint();
        found += (await operate.find(query())).users.length;
        times.push(ms(s));
      }
      all.push(...times);
      rows.push(
        `| ${kind} | ${quantile(times, 0.5).toFixed(2)} | ${quantile(times, 0.95).toFixed(2)} | ${(found / perKind).toFixed(1)} |`,
      );
    }

    // The operations report over a year: 200,000 applied orders, 2,000,000 exams (one in ten a mock),
    // 5,000,000 active user-days, 200,000 graded essays, all spread over the last 365 days.
    const t1 = process.hrtime.bigint();
    await client.query(
      `insert into trades (id, user_id, kind, param, title, list_fen, price_fen, status, provider, created_at, updated_at, expires_at, paid_at, applied_at)
       select 'T' || i, 1 + (i::bigint * 7919) % $1, 1 + i % 3, 1 + i % 3, 'plan ' || (i % 9), 4900, 4900 - (i % 5) * 100, 3, 'sandbox',
              at, at, at, at, at
       from (select i, now() - (i % 365) * interval '1 day' - (i % 86400) * interval '1 second' as at
             from generate_series(1, 200000) i) s`,
      [userCount],
    );
    await client.query(
      `insert into exams (id, user_id, name, kind, status, sections, created_at, updated_at)
       select 'E' || i, 1 + (i::bigint * 104729) % $1, 'exam', case when i % 10 = 0 then 'mock_full' else 'practice' end, 3, '[]'::jsonb,
              now() - (i % 365) * interval '1 day' - (i % 86400) * interval '1 second', now()
       from generate_series(1, 2000000) i`,
      [userCount],
    );
    await client.query(
      `insert into daily_activity (user_id, day)
       select 1 + (i::bigint * 15485863) % $1, (now() - (i % 365) * interval '1 day')::date
       from generate_series(1, 5000000) i on conflict do nothing`,
      [userCount],
    );
    await client.query(
      `insert into essays (id, user_id, question_id, source, text, status, created_at, updated_at, finished_at, teacher_graded_at)
       select 'S' || i, 1 + (i::bigint * 31) % $1, 'i-' || (i % 50), 'idea', 'text', 2, at, at, at, case when i % 20 = 0 then at end
       from (select i, now() - (i % 365) * interval '1 day' - (i % 86400) * interval '1 second' as at
             from generate_series(1, 200000) i) s`,
      [userCount],
    );
    await client.query('analyze');
    console.log(`a year of orders, exams, activity and essays inserted in ${(ms(t1) / 1000).toFixed(1)} s`);
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const yearAgo = new Date(Date.now() + 8 * 3_600_000 - 364 * 86_400_000).toISOString().slice(0, 10);
    const reports: number[] = [];
    let totals: Record<string, number> = {};
    let estimated = false;
    // The first report counts every closed day from the events and stores its row (what the nightly
    // job otherwise does one day at a time): the cost of the report without rollups, plus the writes.
    const c0 = process.hrtime.bigint();
    await operate.report(yearAgo, today);
    const cold = ms(c0);
    for (let i = 0; i < 5; i++) {
      const s0 = process.hrtime.bigint();
      const r = await operate.report(yearAgo, today);
      reports.push(ms(s0));
      totals = r.totals;
      estimated = r.active_estimated;
    }

    // Baseline: the name-prefix arm alone, without indexes (sequential scan), a few queries.
    await client.query('set enable_indexscan = off; set enable_bitmapscan = off; set enable_indexonlyscan = off');
    const base: number[] = [];
    for (let i = 0; i < 5; i++) {
      const s = process.hrtime.bigint();
      await client.query(`select * from users where name like $1 or phone = $2 or email = $3 order by id limit 20`, [
        `考生${3 * Math.ceil(pick() / 3)}%`,
        'x',
        'x',
      ]);
      base.push(ms(s));
    }
    await client.end();

    console.log(`\n## find_user over ${userCount.toLocaleString('en')} users (${perKind} queries per kind)\n`);
    console.log('| query | p50 ms | p95 ms | users found (mean) |');
    console.log('| --- | --- | --- | --- |');
    for (const r of rows) console.log(r);
    const p95 = quantile(all, 0.95);
    console.log(`| **all kinds** | ${quantile(all, 0.5).toFixed(2)} | **${p95.toFixed(2)}** | |`);
    const b50 = quantile(base, 0.5);
    console.log(
      `\nbaseline (the same search with index and bitmap scans off): p50 ${b50.toFixed(0)} ms, ` +
        `${(b50 / Math.max(quantile(all, 0.5), 0.01)).toFixed(0)}× the indexed p50`,
    );
    console.log(`target p95 < 50 ms: ${p95 < 50 ? 'met' : 'NOT met'}`);
    const r50 = quantile(reports, 0.5);
    console.log(`\n## get_report ${yearAgo} → ${today} (365 days)\n`);
    console.log(`totals: ${JSON.stringify(totals)} (distinct active ${estimated ? 'estimated' : 'exact'})`);
    console.log(`first report, counting the 364 closed days from the events and storing them: ${cold.toFixed(0)} ms`);
    console.log(
      `${reports.length} runs from the stored days (today live): p50 ${r50.toFixed(0)} ms, max ${Math.max(...reports).toFixed(0)} ms` +
        ` (${(cold / r50).toFixed(0)}× faster than the first)`,
    );
    console.log(`target < 1 s: ${Math.max(...reports) < 1000 ? 'met' : 'NOT met'}`);
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

await main();

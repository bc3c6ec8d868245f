// npm run bench:mail — the figures of ADR 0030 (mail and notices) on PostgreSQL (BENCH_DATABASE_URL or
// TEST_DATABASE_URL): a site of BENCH_MAIL_USERS users (default 100,000) in a database made for the
// run and dropped after it. Measured with the server's own mail repo:
// - the send: what /api/mail/send_notice writes in the request (one notice row);
// - the delivery of a notice to everyone, batch by batch (5,000 users per transaction), and the
//   longest batch (how long one transaction holds its locks);
// - reading after 20 such notices (2M mail rows): a user's inbox page and unread counts.
import pg from 'pg';
import { createMailRepo } from '../../apps/server/src/modules/mail/mail.repo.ts';
import { openPostgres } from '../../apps/server/src/platform/db.ts';

const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const userCount = Number(process.env.BENCH_MAIL_USERS ?? 100_000);
const notices = 20;
const batch = 5000;

const ms = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e6;
const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0;

async function main() {
  if (!baseUrl) {
    console.log('bench:mail needs PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL.');
    return;
  }
  const name = `gre_bench_mail_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 10);
  try {
    await database.migrate();
    const { db } = database;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    await client.query(
      `insert into users (email, name, role_kind, created_at, updated_at)
       select 'u' || i || '@bench.local', '用户' || i, 1 + i % 4, now(), now() from generate_series(1, $1) i`,
      [userCount],
    );
    await client.query('analyze users');
    const repo = createMailRepo(db);
    const sends: number[] = [];
    const deliveries: number[] = [];
    let longestBatch = 0;
    for (let n = 0; n < notices; n++) {
      const now = new Date();
      let t0 = process.hrtime.bigint();
      const row = await repo.insertNotice({
        subject: `通知 ${n}`,
        content: '本周六凌晨 2:00–4:00 维护，届时无法登录。'.repeat(4),
        audience: { kind: 'all' },
        sendAt: now,
        createdAt: now,
      });
      sends.push(ms(t0));
      t0 = process.hrtime.bigint();
      for (;;) {
        const b0 = process.hrtime.bigint();
        const { more } = await repo.fanOutBatch(row.id, batch, new Date());
        longestBatch = Math.max(longestBatch, ms(b0));
        if (!more) break;
      }
      deliveries.push(ms(t0));
    }
    await client.query('analyze mails');
    const { rows } = await client.query<{ n: string; bytes: string }>(
      `select count(*)::bigint as n, pg_total_relation_size('mails')::bigint as bytes from mails`,
    );
    const reads: number[] = [];
    const counts: number[] = [];
    for (let i = 0; i < 200; i++) {
      const userId = 1 + Math.floor(Math.random() * userCount);
      let t0 = process.hrtime.bigint();
      await repo.page(userId, { status: 0 }, 1, 20);
      reads.push(ms(t0));
      t0 = process.hrtime.bigint();
      await repo.unreadByRace(userId);
      counts.push(ms(t0));
    }
    await client.end();
    const f = (x: number) => x.toFixed(1);
    console.log(
      `mail rows: ${rows[0]?.n} (${notices} notices × ${userCount} users), ${(Number(rows[0]?.bytes) / 1e6).toFixed(0)} MB with indexes`,
    );
    console.log(`send_notice write: p50 ${f(quantile(sends, 0.5))} ms`);
    console.log(
      `delivery to ${userCount} users: p50 ${f(quantile(deliveries, 0.5))} ms, max ${f(Math.max(...deliveries))} ms; longest batch of ${batch}: ${f(longestBatch)} ms`,
    );
    console.log(`inbox page (20): p50 ${f(quantile(reads, 0.5))} ms, p99 ${f(quantile(reads, 0.99))} ms`);
    console.log(`unread counts: p50 ${f(quantile(counts, 0.5))} ms, p99 ${f(quantile(counts, 0.99))} ms`);
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

await main();

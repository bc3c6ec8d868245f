import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { jwtSecret } from './accounts.ts';
import { flashRows } from './flash.ts';
import { type StormFigures as Figures, loginStormRows } from './login-storm.ts';
import { reviewRows } from './review.ts';
import { printRefusals, startProcess, stop, tempDataDir, withTempPostgres } from './server.ts';
import { wordRows } from './words.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const duration = Number(process.env.BENCH_SECONDS ?? 10);

async function measure(
  name: string,
  url: string,
  opts: { connections: number; body: unknown; token?: string; countRefusals?: boolean },
): Promise<Figures> {
  // Answers with `ok: false` (e.g. `busy` when the password-hashing queue is full) are HTTP 200 but
  // not served requests: they are counted apart so that a refusal never passes for throughput.
  let refused = 0;
  const r = await autocannon({
    url,
    method: 'POST',
    connections: opts.connections,
    duration,
    headers: { 'content-type': 'application/json', ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) },
    body: JSON.stringify(opts.body),
    // Reading every body costs the load generator CPU that the server shares: only where asked.
    ...(opts.countRefusals
      ? {
          requests: [
            {
              onResponse: (_status: number, body: string) => {
                if (body.startsWith('{"ok":false')) refused++;
              },
            },
          ],
        }
      : {}),
  });
  return {
    name: refused ? `${name} (${refused} refused)` : name,
    connections: opts.connections,
    rps: refused ? Math.max(0, r.requests.total - refused) / (r.duration || duration) : r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'vip@demo.gre-prep.cn', password: 'Demo1234' }),
  });
  const body = (await res.json()) as { ok: boolean; data: { token: string } };
  if (!body.ok) throw new Error('bench login failed');
  return body.data.token;
}

async function benchServer(label: string, env: Record<string, string>) {
  const port = '3298';
  const serverEnv = {
    PORT: port,
    HOST: '127.0.0.1',
    RATE_LIMIT_PER_MINUTE: '0',
    LOG_LEVEL: 'info',
    DEMO_MODE: 'true',
    JWT_SECRET: jwtSecret,
    ...env,
  };
  const ready = /is ready on/;
  const first = await startProcess(['apps/server/src/main.ts'], serverEnv, ready);
  await stop(first.proc);
  const later = await startProcess(['apps/server/src/main.ts'], serverEnv, ready);
  const base = `http://127.0.0.1:${port}`;
  try {
    const token = await login(base);
    const rows = [
      await measure(`${label} /api/user/get`, `${base}/api/user/get`, { connections: 100, body: {}, token }),
      await measure(`${label} /api/user/login`, `${base}/api/user/login`, {
        connections: 10,
        body: { account: 'vip@demo.gre-prep.cn', password: 'Demo1234' },
        countRefusals: true,
      }),
    ];
    // Logins must not starve the pages (issue 9, item 3): GET / idle and during login storms.
    rows.push(...(await loginStormRows(label, base, { duration, pid: later.proc.pid })));
    // The word list loaded after every login (issue 15): payload size, the full answer and the 304.
    rows.push(...(await wordRows(label, base, token, duration)));
    // The review loop's books and writes (issue 14): PostgreSQL, data inserted directly.
    if (env.DATABASE_URL) rows.push(...(await reviewRows(label, base, env.DATABASE_URL, duration)));
    // The flash cards' answers (issue 15): 500 learners, PostgreSQL.
    if (env.DATABASE_URL) rows.push(...(await flashRows(label, base, env.DATABASE_URL, duration)));
    return { label, firstStartMs: first.ms, laterStartMs: later.ms, rows };
  } finally {
    await stop(later.proc);
  }
}

const fmt = (n: number, d = 0) => n.toFixed(d).padStart(9);

async function main() {
  const baselineProc = await startProcess(['bench/src/baseline.ts'], { PORT: '3299' }, /ready/);
  let baseline: Figures;
  try {
    baseline = await measure('baseline fastify hello-world', 'http://127.0.0.1:3299/', { connections: 100, body: {} });
  } finally {
    await stop(baselineProc.proc);
  }

  const results = [];
  results.push(await benchServer('pglite', { DATA_DIR: tempDataDir() }));
  const onPostgres = await withTempPostgres((env) => benchServer('postgres', env));
  if (onPostgres) results.push(onPostgres);

  console.log(`\nautocannon, ${duration} s per row, ${os.cpus().length} cores, Node ${process.versions.node}`);
  console.log(`${'endpoint'.padEnd(46)} conns      req/s   p50 ms   p99 ms  ×baseline  errors  non2xx`);
  const line = (f: Figures) =>
    `${f.name.padEnd(46)} ${String(f.connections).padStart(5)} ${fmt(f.rps, 0)} ${fmt(f.p50, 1)} ${fmt(f.p99, 1)} ${fmt(f.rps / baseline.rps, 3)} ${String(f.errors).padStart(7)} ${String(f.non2xx).padStart(7)}`;
  console.log(line(baseline));
  for (const r of results) for (const f of r.rows) console.log(line(f));
  // The review and flash rows check every answer's envelope (review.ts); the others name their refusals.
  printRefusals(results.flatMap((r) => r.rows));
  console.log('\nstart-up (process spawn → ready):');
  for (const r of results) {
    console.log(
      `  ${r.label.padEnd(9)} first start (migrate + seed) ${(r.firstStartMs / 1000).toFixed(2)} s, later start ${(r.laterStartMs / 1000).toFixed(2)} s`,
    );
  }
  const pgRow = results.find((r) => r.label === 'postgres')?.rows[0];
  if (pgRow) {
    console.log(
      `\ntarget /api/user/get on PostgreSQL at 100 connections: p99 < 50 ms → ${pgRow.p99.toFixed(1)} ms; ` +
        `≥ 30% of baseline → ${((pgRow.rps / baseline.rps) * 100).toFixed(1)}%`,
    );
  }
  const pgRows = results.find((r) => r.label === 'postgres')?.rows ?? [];
  const paced = (prefix: string) => pgRows.find((r) => r.name.includes(prefix));
  const tree = paced('get_tree, 100 users');
  const writes = paced('update_v2, 200 users');
  if (tree && writes) {
    const cold = pgRows.filter((r) => r.name.includes('get_tree cold')).map((r) => r.p99.toFixed(1));
    console.log(
      `target get_tree p99 < 50 ms, 100 users with 5,000 crafts (1 call/s each) → ${tree.p99.toFixed(1)} ms ` +
        `(cold first calls, 100 at once: ${cold.join(' / ')} ms); update_v2 p99 < 30 ms, 200 users (1 save/s each) → ${writes.p99.toFixed(1)} ms`,
    );
  }
  const outDir = path.join(root, 'bench/results');
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(
    path.join(outDir, 'latest.json'),
    JSON.stringify({ at: new Date().toISOString(), baseline, results }, null, 2),
  );
}

await main();

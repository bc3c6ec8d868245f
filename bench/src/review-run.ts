// `npm run bench:review`: only the review loop's rows of `npm run bench` (issue 14), on a fresh
// PostgreSQL database (BENCH_DATABASE_URL or TEST_DATABASE_URL), for iterating on them alone.
// Besides the client's view, each timed row shows the server's own latency (its request log: from
// the request to the response), to tell the server apart from the load generator on the same cores.
import { jwtSecret } from './accounts.ts';
import { reviewRows } from './review.ts';
import { startProcess, stop, withTempPostgres } from './server.ts';

const duration = Number(process.env.BENCH_SECONDS ?? 10);
const fmt = (n: number, d = 0) => n.toFixed(d).padStart(9);
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};

const served: { url: string; time: number; ms: number }[] = [];
const gcs: { time: number; ms: number }[] = [];
const rows = await withTempPostgres(async (env) => {
  const port = '3297';
  const server = await startProcess(
    [...(process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(' ').filter(Boolean), 'apps/server/src/main.ts'],
    { PORT: port, HOST: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'info', JWT_SECRET: jwtSecret, ...env },
    /is ready on/,
  );
  let rest = '';
  server.proc.stdout?.on('data', (d: Buffer) => {
    const lines = (rest + d.toString()).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      // With BENCH_SERVER_NODE_FLAGS=--trace-gc: the server's long collections, when they happened.
      const gc = /Mark-Compact.*?([\d.]+) \/ ([\d.]+) ms/.exec(line);
      if (gc && Number(gc[1]) + Number(gc[2]) >= 20) gcs.push({ time: Date.now(), ms: Number(gc[1]) + Number(gc[2]) });
      if (!line.includes('"request"')) continue;
      try {
        served.push(JSON.parse(line) as { url: string; time: number; ms: number });
      } catch {}
    }
  });
  try {
    return await reviewRows('postgres', `http://127.0.0.1:${port}`, env.DATABASE_URL as string, duration);
  } finally {
    await stop(server.proc);
  }
});
if (!rows) process.exit(1);
for (const f of rows ?? []) {
  const long = gcs.filter((g) => f.from && f.to && g.time >= f.from && g.time <= f.to);
  if (long.length)
    console.log(
      `${f.name}: ${long.length} mark-compact collections ≥ 20 ms (${long.map((g) => g.ms.toFixed(0)).join(', ')} ms)`,
    );
}
console.log(`\n${duration} s per row; server = the server's own request-to-response time`);
console.log(`${'row'.padEnd(46)} conns      req/s   p50 ms   p99 ms  server p50  server p99  errors`);
for (const f of rows) {
  const mine = served.filter((s) => s.url === f.path && f.from && f.to && s.time >= f.from && s.time <= f.to);
  const ms = mine.map((s) => s.ms);
  console.log(
    `${f.name.padEnd(46)} ${String(f.connections).padStart(5)} ${fmt(f.rps)} ${fmt(f.p50, 1)} ${fmt(f.p99, 1)} ${fmt(pct(ms, 50), 0).padStart(11)} ${fmt(pct(ms, 99), 0).padStart(11)} ${String(f.errors).padStart(7)}`,
  );
}

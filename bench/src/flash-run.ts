// `npm run bench:flash`: only the flash cards' row of `npm run bench` (issue 15), on a fresh PostgreSQL
// database (BENCH_DATABASE_URL or TEST_DATABASE_URL).
import { jwtSecret } from './accounts.ts';
import { flashRows } from './flash.ts';
import { startProcess, stop, withTempPostgres } from './server.ts';

const duration = Number(process.env.BENCH_SECONDS ?? 10);
const fmt = (n: number, d = 0) => n.toFixed(d).padStart(9);

const rows = await withTempPostgres(async (env) => {
  const port = '3296';
  const server = await startProcess(
    ['apps/server/src/main.ts'],
    { PORT: port, HOST: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'info', JWT_SECRET: jwtSecret, ...env },
    /is ready on/,
  );
  try {
    return await flashRows('postgres', `http://127.0.0.1:${port}`, env.DATABASE_URL as string, duration);
  } finally {
    await stop(server.proc);
  }
});
if (!rows) process.exit(1);
console.log(`\n${duration} s per row`);
console.log(`${'row'.padEnd(52)} conns      req/s   p50 ms   p99 ms  errors`);
for (const f of rows) {
  console.log(
    `${f.name.padEnd(52)} ${String(f.connections).padStart(5)} ${fmt(f.rps)} ${fmt(f.p50, 1)} ${fmt(f.p99, 1)} ${String(f.errors).padStart(7)}`,
  );
}

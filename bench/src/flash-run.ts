// `npm run bench:flash`: only the flash cards' row of `npm run bench` (issue 15), on a fresh PostgreSQL
// database (BENCH_DATABASE_URL or TEST_DATABASE_URL), with the server's own latency beside the
// client's (as `npm run bench:review`).
import { jwtSecret } from './accounts.ts';
import { flashRows } from './flash.ts';
import { printWithServerTimes, readServerLog, type ServerLog, startProcess, stop, withTempPostgres } from './server.ts';

const duration = Number(process.env.BENCH_SECONDS ?? 10);

let log: ServerLog = { served: [], gcs: [] };
const rows = await withTempPostgres(async (env) => {
  const port = process.env.BENCH_PORT ?? '3296';
  const server = await startProcess(
    [...(process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(' ').filter(Boolean), 'apps/server/src/main.ts'],
    { PORT: port, HOST: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'info', JWT_SECRET: jwtSecret, ...env },
    /is ready on/,
  );
  log = readServerLog(server.proc);
  try {
    return await flashRows('postgres', `http://127.0.0.1:${port}`, env.DATABASE_URL as string, duration);
  } finally {
    await stop(server.proc);
  }
});
if (!rows) process.exit(1);
printWithServerTimes(rows, log, duration);

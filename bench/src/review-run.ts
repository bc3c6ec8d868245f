// `npm run bench:review`: only the review loop's rows of `npm run bench` (issue 14), on a fresh
// PostgreSQL database (BENCH_DATABASE_URL or TEST_DATABASE_URL), for iterating on them alone.
// Besides the client's view, each timed row shows the server's own latency (its request log: from
// the request to the response), to tell the server apart from the load generator on the same cores.
import { jwtSecret } from './accounts.ts';
import { reviewRows } from './review.ts';
import { printWithServerTimes, readServerLog, type ServerLog, startProcess, stop, withTempPostgres } from './server.ts';

const duration = Number(process.env.BENCH_SECONDS ?? 10);

let log: ServerLog = { served: [], gcs: [] };
const rows = await withTempPostgres(async (env) => {
  const port = process.env.BENCH_PORT ?? '3297';
  const server = await startProcess(
    [...(process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(' ').filter(Boolean), 'apps/server/src/main.ts'],
    { PORT: port, HOST: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'info', JWT_SECRET: jwtSecret, ...env },
    /is ready on/,
  );
  log = readServerLog(server.proc);
  try {
    return await reviewRows('postgres', `http://127.0.0.1:${port}`, env.DATABASE_URL as string, duration);
  } finally {
    await stop(server.proc);
  }
});
if (!rows) process.exit(1);
printWithServerTimes(rows, log, duration);

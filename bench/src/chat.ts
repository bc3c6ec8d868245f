// npm run bench:chat — the chat fan-out figure of ADR 0038: two server processes (main.ts) on one
// fresh PostgreSQL database (BENCH_DATABASE_URL or TEST_DATABASE_URL) and one Redis (BENCH_REDIS_URL
// or TEST_REDIS_URL), 1,000 live streams (GET /api/chat/stream) split evenly between them, all of
// teachers/admins (every one of them receives every message: the widest fan-out). A candidate sends
// messages through one process or the other; for each message: the time from the send until the
// first client, the median, the 99th-percentile and the last of the 1,000 clients have it. Not part
// of `npm test`.
//
// The figure is read against a baseline measured in the same run: the same fan-out (two processes,
// Redis pub/sub, the same 1,000 clients of this bench, frames of the same size) over bare node:http
// (chat-bare.ts), once before and once after the app's row, so a loaded machine shows as a slow
// baseline rather than as a slow app. The load average is printed at the start of each row. The
// clients are node:http streams in this process (lighter than fetch's web streams, so the bench's
// own reading takes as little of the shared CPU as it can; it is in the baseline too).
// BENCH_SERVER_NODE_FLAGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) go to both app processes.
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import { chatStreamPath } from '../../packages/contract/src/chat.ts';
import { benchAccounts, jwtSecret } from './accounts.ts';
import { root, stop, withTempPostgres } from './server.ts';

const clients = Number(process.env.BENCH_CHAT_CLIENTS ?? 1000);
const messages = 5;
/** A stream that has not said `: connected` by then is counted as failed. */
const streamOpenMs = 60_000;
/** A client that has not got a message by then counts as "not delivered". */
const deliveryMs = 30_000;
const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL;
const serverFlags = (process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(' ').filter(Boolean);

function startServer(
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
): Promise<{ proc: ChildProcess; base: string; ms: number }> {
  const t0 = performance.now();
  const proc = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env, REDIS_URL: redisUrl as string },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = ready.exec(out);
      if (m) {
        proc.stdout?.off('data', onData);
        proc.stderr?.off('data', onData);
        proc.stdout?.resume();
        proc.stderr?.resume();
        resolve({ proc, base: `http://127.0.0.1:${m[1]}`, ms: performance.now() - t0 });
      }
    };
    proc.stdout?.on('data', onData);
    proc.stderr?.on('data', onData);
    proc.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${out.slice(-2000)}`)));
  });
}

/** The app as deployed (main.ts); it names its address as http://localhost:<port> (bound to HOST). */
const startApp = (env: Record<string, string>) =>
  startServer(
    [...serverFlags, 'apps/server/src/main.ts'],
    { ...env, PORT: '0', HOST: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'info', JWT_SECRET: jwtSecret },
    /is ready on http:\/\/[^\s":/]+:(\d+)/,
  );

const startBare = (channel: string) =>
  startServer(['bench/src/chat-bare.ts'], { BARE_CHANNEL: channel }, /bare chat ready on port (\d+)/);

/** When each client first saw each message id; resolves `all(id)` once every client has it. */
function arrivals() {
  const times = new Map<string, { at: number[]; count: number }>();
  const waiters = new Map<string, () => void>();
  const of = (id: string) => {
    let t = times.get(id);
    if (!t) {
      t = { at: new Array<number>(clients).fill(Number.NaN), count: 0 };
      times.set(id, t);
    }
    return t;
  };
  return {
    record(id: string, client: number) {
      const t = of(id);
      if (!Number.isNaN(t.at[client] as number)) return;
      t.at[client] = performance.now();
      if (++t.count === clients) waiters.get(id)?.();
    },
    times: (id: string) => of(id).at,
    all(id: string, ms: number) {
      if (of(id).count === clients) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        waiters.set(id, () => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}

/** One server-sent-event stream read with node:http; records each `id:` line's first arrival. */
function listen(url: string, token: string, onId: (id: string) => void): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, headers: { authorization: `Bearer ${token}` } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`stream: HTTP ${res.statusCode}`));
        return;
      }
      res.setEncoding('utf8');
      let buf = '';
      res.on('data', (chunk: string) => {
        buf += chunk;
        let i = buf.indexOf('\n\n');
        while (i >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          if (block.startsWith(': connected')) {
            clearTimeout(timer);
            resolve(() => req.destroy());
          } else if (block.startsWith('id: ')) onId(block.slice(4, block.indexOf('\n')));
          i = buf.indexOf('\n\n');
        }
      });
      res.on('error', () => {});
    });
    req.on('error', (err) => reject(err));
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error('stream did not open'));
    }, streamOpenMs);
  });
}

function post(url: string, headers: Record<string, string>, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent: false, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => {
        text += d;
      });
      res.on('end', () => resolve(text));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0;
const loadNow = () => `${os.loadavg()[0]?.toFixed(2)} (${os.cpus().length} cores)`;

interface Row {
  message: number;
  via: string;
  answered: number;
  first: number;
  p50: number;
  p99: number;
  last: number;
  missing: number;
}

/**
 * One measured row: `clients` streams split between two servers, `messages` sends alternately
 * through each, the delivery times per message.
 */
async function measure(
  name: string,
  servers: [string, string],
  stream: (base: string, client: number) => string,
  token: (client: number) => string,
  send: (base: string, n: number) => Promise<string>,
): Promise<Row[]> {
  console.log(`\n${name}: load average ${loadNow()}`);
  const seen = arrivals();
  const closers: (() => void)[] = [];
  try {
    const t0 = performance.now();
    let failed = 0;
    for (let i = 0; i < clients; i += 50) {
      const batch = await Promise.allSettled(
        Array.from({ length: Math.min(50, clients - i) }, (_, j) => {
          const client = i + j;
          return listen(stream(servers[client % 2] as string, client), token(client), (id) => seen.record(id, client));
        }),
      );
      for (const r of batch) if (r.status === 'fulfilled') closers.push(r.value);
      failed += batch.filter((r) => r.status === 'rejected').length;
    }
    if (failed) throw new Error(`${failed} of ${clients} streams did not open within ${streamOpenMs / 1000} s`);
    console.log(`${clients} streams connected (half on each process) in ${Math.round(performance.now() - t0)} ms`);
    const rows: Row[] = [];
    for (let n = 0; n < messages; n++) {
      const via = servers[n % 2] as string;
      const sent = performance.now();
      const id = await send(via, n);
      const answered = performance.now() - sent;
      await seen.all(id, deliveryMs);
      const times = seen.times(id).map((t) => t - sent);
      const got = times.filter((x) => !Number.isNaN(x));
      rows.push({
        message: n + 1,
        via: n % 2 ? 'B' : 'A',
        answered,
        first: Math.min(...got),
        p50: quantile(got, 0.5),
        p99: quantile(got, 0.99),
        last: Math.max(...got),
        missing: clients - got.length,
      });
      await new Promise((r) => setTimeout(r, 500));
    }
    printRows(rows);
    return rows;
  } finally {
    for (const c of closers) c();
  }
}

function printRows(rows: Row[]) {
  const ms = (x: number) => Math.round(x).toLocaleString('en');
  console.log(
    `| message | sent via | send answered (ms) | first client (ms) | p50 client (ms) | p99 client (ms) | last of ${clients} (ms) | not delivered |`,
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of rows)
    console.log(
      `| ${r.message} | ${r.via} | ${ms(r.answered)} | ${ms(r.first)} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.last)} | ${r.missing} |`,
    );
}

/** The baseline row: two bare processes (chat-bare.ts), the same clients and frame size. */
async function bare(name: string): Promise<Row[]> {
  const channel = Math.random().toString(36).slice(2);
  const a = await startBare(channel);
  const b = await startBare(channel);
  try {
    return await measure(
      name,
      [a.base, b.base],
      (base) => `${base}/stream`,
      () => '',
      async (base, n) => {
        await post(`${base}/send?id=${n + 1}`, {}, '');
        return String(n + 1);
      },
    );
  } finally {
    await stop(a.proc);
    await stop(b.proc);
  }
}

const median = (xs: number[]) => quantile(xs, 0.5);

async function main() {
  if (!redisUrl) {
    console.log('bench:chat needs Redis: set BENCH_REDIS_URL or TEST_REDIS_URL.');
    return;
  }
  const load = os.loadavg();
  const done = await withTempPostgres(async (env) => {
    const a = await startApp(env);
    console.log(`server A ready in ${(a.ms / 1000).toFixed(1)} s (migrations and content import)`);
    const b = await startApp({ ...env, DATA_DIR: `${env.DATA_DIR}-b` });
    console.log(`server B ready in ${(b.ms / 1000).toFixed(1)} s`);
    try {
      const { tokens } = await benchAccounts(env.DATABASE_URL as string, clients + 1);
      const sender = tokens[clients] as string;
      const before = await bare('baseline (bare node:http + Redis pub/sub), before the app');
      const app = await measure(
        'the app (main.ts, GET /api/chat/stream, POST /api/chat/send)',
        [a.base, b.base],
        (base) => `${base}${chatStreamPath}`,
        (client) => tokens[client] as string,
        async (base, n) => {
          const text = await post(
            `${base}/api/chat/send`,
            { authorization: `Bearer ${sender}`, 'content-type': 'application/json' },
            JSON.stringify({ topic: 'site', content: `bench ${n}` }),
          );
          const body = JSON.parse(text) as { ok: boolean; data: { message: { id: string } }; err_data: unknown };
          if (!body.ok) throw new Error(JSON.stringify(body.err_data));
          return body.data.message.id;
        },
      );
      const after = await bare('baseline again, after the app');
      const lastOf = (rows: Row[]) => median(rows.map((r) => r.last));
      const floor = median([...before, ...after].map((r) => r.last));
      console.log(
        `\nlast of ${clients} clients, median of ${messages} messages: app ${Math.round(lastOf(app))} ms, ` +
          `baseline ${Math.round(floor)} ms (before ${Math.round(lastOf(before))}, after ${Math.round(lastOf(after))}); ` +
          `app over 1 s: ${app.filter((r) => r.last > 1000).length} of ${messages}; ` +
          `app's slowest ${Math.round(Math.max(...app.map((r) => r.last)))} ms`,
      );
    } finally {
      await stop(a.proc);
      await stop(b.proc);
    }
    return true;
  });
  const fmt = (l: number[]) => l.map((x) => x.toFixed(2)).join(' ');
  console.log(
    `load average (1, 5, 15 min) before ${fmt(load)}, after ${fmt(os.loadavg())} (${os.cpus().length} cores)`,
  );
  if (!done) console.log('bench:chat needs PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL.');
}

await main();

// npm run bench:chat — the chat fan-out figure of ADR 0038: two server processes (main.ts) on one
// fresh PostgreSQL database (BENCH_DATABASE_URL or TEST_DATABASE_URL) and one Redis (BENCH_REDIS_URL
// or TEST_REDIS_URL), 1,000 live streams (GET /api/chat/stream) split evenly between them, all of
// teachers/admins (every one of them receives every message: the widest fan-out). A candidate sends
// messages through one process or the other; for each message: the time from the send until every
// one of the 1,000 clients has it, and the median and 99th-percentile client. Not part of `npm test`.
// The machine may be busy: each server's start (the first one migrates and imports the content) is
// timed and printed, a stream that does not open within streamOpenMs fails the run with a count
// instead of hanging, and the load average is printed before and after.
import { type ChildProcess, spawn } from 'node:child_process';
import os from 'node:os';
import { chatStreamPath } from '../../packages/contract/src/chat.ts';
import { benchAccounts, jwtSecret } from './accounts.ts';
import { root, stop, withTempPostgres } from './server.ts';

const clients = Number(process.env.BENCH_CHAT_CLIENTS ?? 1000);
const messages = 5;
/** A stream that has not said `: connected` by then is counted as failed. */
const streamOpenMs = 60_000;
const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL;

function startServer(env: Record<string, string>): Promise<{ proc: ChildProcess; base: string }> {
  const proc = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: '0',
      HOST: '127.0.0.1',
      RATE_LIMIT_PER_MINUTE: '0',
      LOG_LEVEL: 'info',
      JWT_SECRET: jwtSecret,
      REDIS_URL: redisUrl as string,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      // main.ts names the address as http://localhost:<port> (the bind is HOST=127.0.0.1): the old
      // pattern ([\d.:]+) never matched it, which is why the bench never got past the first start.
      const m = /is ready on http:\/\/[^\s":/]+:(\d+)/.exec(out);
      if (m) {
        proc.stdout?.off('data', onData);
        proc.stderr?.off('data', onData);
        proc.stdout?.resume();
        proc.stderr?.resume();
        resolve({ proc, base: `http://127.0.0.1:${m[1]}` });
      }
    };
    proc.stdout?.on('data', onData);
    proc.stderr?.on('data', onData);
    proc.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${out.slice(-2000)}`)));
  });
}

/** A stream that records when each message id first arrives. */
async function listen(base: string, token: string, seen: Map<string, number>) {
  const ctrl = new AbortController();
  const res = await fetch(`${base}${chatStreamPath}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: ctrl.signal,
  });
  if (res.status !== 200 || !res.body) throw new Error(`stream: HTTP ${res.status}`);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buf = '';
  let opened: () => void = () => {};
  const open = new Promise<void>((r) => {
    opened = r;
  });
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buf += value;
        let i = buf.indexOf('\n\n');
        while (i >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          if (block.startsWith(': connected')) opened();
          const id = /^id: (\d+)$/m.exec(block)?.[1];
          if (id && !seen.has(id)) seen.set(id, performance.now());
          i = buf.indexOf('\n\n');
        }
      }
    } catch {
      // aborted at the end
    }
  })();
  const timer = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error('stream did not open')), streamOpenMs).unref(),
  );
  try {
    await Promise.race([open, timer]);
  } catch (err) {
    ctrl.abort();
    throw err;
  }
  return () => ctrl.abort();
}

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0;

async function main() {
  if (!redisUrl) {
    console.log('bench:chat needs Redis: set BENCH_REDIS_URL or TEST_REDIS_URL.');
    return;
  }
  const load = os.loadavg();
  const done = await withTempPostgres(async (env) => {
    let t = performance.now();
    const a = await startServer(env);
    console.log(`server A ready in ${((performance.now() - t) / 1000).toFixed(1)} s (migrations and content import)`);
    t = performance.now();
    const b = await startServer({ ...env, DATA_DIR: `${env.DATA_DIR}-b` });
    console.log(`server B ready in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const closers: (() => void)[] = [];
    try {
      const { tokens } = await benchAccounts(env.DATABASE_URL as string, clients + 1);
      const sender = tokens[clients] as string;
      const seen = tokens.slice(0, clients).map(() => new Map<string, number>());
      const t0 = performance.now();
      let failed = 0;
      for (let i = 0; i < clients; i += 50) {
        const batch = await Promise.allSettled(
          tokens
            .slice(i, Math.min(i + 50, clients))
            .map((tk, j) => listen(j % 2 ? b.base : a.base, tk, seen[i + j] as Map<string, number>)),
        );
        for (const r of batch) if (r.status === 'fulfilled') closers.push(r.value);
        failed += batch.filter((r) => r.status === 'rejected').length;
      }
      if (failed) throw new Error(`${failed} of ${clients} streams did not open within ${streamOpenMs / 1000} s`);
      console.log(`${clients} streams connected (half on each process) in ${Math.round(performance.now() - t0)} ms`);
      const rows: string[] = [];
      for (let n = 0; n < messages; n++) {
        const via = n % 2 ? b.base : a.base;
        const sent = performance.now();
        const res = await fetch(`${via}/api/chat/send`, {
          method: 'POST',
          headers: { authorization: `Bearer ${sender}`, 'content-type': 'application/json' },
          body: JSON.stringify({ topic: 'site', content: `bench ${n}` }),
        });
        const body = (await res.json()) as { ok: boolean; data: { message: { id: string } }; err_data: unknown };
        if (!body.ok) throw new Error(JSON.stringify(body.err_data));
        const id = body.data.message.id;
        const answered = performance.now() - sent;
        const end = Date.now() + 30_000;
        while (seen.some((s) => !s.has(id)) && Date.now() < end) await new Promise((r) => setTimeout(r, 5));
        const times = seen.map((s) => (s.get(id) ?? Number.NaN) - sent);
        const missing = times.filter((x) => Number.isNaN(x)).length;
        const got = times.filter((x) => !Number.isNaN(x));
        rows.push(
          `| ${n + 1} | ${via === a.base ? 'A' : 'B'} | ${Math.round(answered)} | ${Math.round(quantile(got, 0.5))} | ${Math.round(quantile(got, 0.99))} | ${Math.round(Math.max(...got))} | ${missing} |`,
        );
        await new Promise((r) => setTimeout(r, 500));
      }
      console.log(
        `\n| message | sent via | send answered (ms) | p50 client (ms) | p99 client (ms) | last of ${clients} clients (ms) | not delivered |`,
      );
      console.log('| --- | --- | --- | --- | --- | --- | --- |');
      for (const r of rows) console.log(r);
    } finally {
      for (const c of closers) c();
      await stop(a.proc);
      await stop(b.proc);
    }
    return true;
  });
  const fmt = (l: number[]) => l.map((x) => x.toFixed(2)).join(' ');
  console.log(`load average before ${fmt(load)}, after ${fmt(os.loadavg())} (${os.cpus().length} cores)`);
  if (!done) console.log('bench:chat needs PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL.');
}

await main();

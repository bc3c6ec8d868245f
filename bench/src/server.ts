// Starting and stopping server processes for the benchmarks.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Started {
  proc: ChildProcess;
  ms: number;
}

export function startProcess(args: string[], env: Record<string, string>, readyPattern: RegExp): Promise<Started> {
  const t0 = performance.now();
  const proc = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      if (readyPattern.test(out)) {
        // Ready: stop collecting (and scanning) the log, keep draining it.
        proc.stdout?.off('data', onData);
        proc.stderr?.off('data', onData);
        proc.stdout?.resume();
        proc.stderr?.resume();
        out = '';
        resolve({ proc, ms: performance.now() - t0 });
      }
    };
    proc.stdout?.on('data', onData);
    proc.stderr?.on('data', onData);
    proc.on('exit', (code) => reject(new Error(`process exited with ${code}:\n${out.slice(-2000)}`)));
  });
}

export function stop(p: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    p.removeAllListeners('exit');
    p.on('exit', () => resolve());
    p.kill('SIGTERM');
  });
}

/** A fresh data directory for a server under test. */
export const tempDataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'gre-bench-'));

/**
 * The app in demo mode on 127.0.0.1:`port` as the benches start it (no rate limit, info log, a fresh
 * embedded database unless `env` says otherwise); resolves once it says it is ready.
 */
export function startDemoServer(port: string, env: Record<string, string> = {}): Promise<Started> {
  return startProcess(
    ['apps/server/src/main.ts'],
    {
      PORT: port,
      HOST: '127.0.0.1',
      RATE_LIMIT_PER_MINUTE: '0',
      LOG_LEVEL: 'info',
      DEMO_MODE: 'true',
      DATA_DIR: tempDataDir(),
      ...env,
    },
    /is ready on/,
  );
}

/**
 * Runs `fn` with the environment of a server on a fresh PostgreSQL database (created on the server
 * named by BENCH_DATABASE_URL or TEST_DATABASE_URL and dropped afterwards); undefined when neither is set.
 */
export async function withTempPostgres<T>(fn: (env: Record<string, string>) => Promise<T>): Promise<T | undefined> {
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!pgUrl) {
    console.log('(PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it)');
    return undefined;
  }
  const name = `gre_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  try {
    return await fn({ DATABASE_URL: url.toString(), APP_ENV: 'devel', DATA_DIR: tempDataDir() });
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** What a bench server's own log says: each request's time (request log lines, LOG_LEVEL=info) and,
 * with `--trace-gc` among BENCH_SERVER_NODE_FLAGS, its long mark-compact collections. */
export interface ServerLog {
  served: { url: string; time: number; ms: number }[];
  gcs: { time: number; ms: number }[];
}

export function readServerLog(proc: ChildProcess): ServerLog {
  const log: ServerLog = { served: [], gcs: [] };
  let rest = '';
  proc.stdout?.on('data', (d: Buffer) => {
    const lines = (rest + d.toString()).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      const gc = /Mark-Compact.*?([\d.]+) \/ ([\d.]+) ms/.exec(line);
      if (gc && Number(gc[1]) + Number(gc[2]) >= 20)
        log.gcs.push({ time: Date.now(), ms: Number(gc[1]) + Number(gc[2]) });
      if (!line.includes('"request"')) continue;
      try {
        log.served.push(JSON.parse(line) as { url: string; time: number; ms: number });
      } catch {}
    }
  });
  return log;
}

const pctOf = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};

interface TimedRow {
  name: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Answers with `ok: false` (review.ts): a row with any is not a valid figure. */
  refused?: number;
  refusal?: string | undefined;
  path?: string;
  from?: number;
  to?: number;
}

/** Prints rows with the client's figures beside the server's own (its request log) for the same
 * path and time span, and the long collections that fell inside each row. */
export function printWithServerTimes(rows: TimedRow[], log: ServerLog, duration: number) {
  const fmt = (n: number, d = 0) => n.toFixed(d).padStart(9);
  for (const f of rows) {
    const long = log.gcs.filter((g) => f.from && f.to && g.time >= f.from && g.time <= f.to);
    if (long.length)
      console.log(
        `${f.name}: ${long.length} mark-compact collections ≥ 20 ms (${long.map((g) => g.ms.toFixed(0)).join(', ')} ms)`,
      );
  }
  console.log(`\n${duration} s per row; server = the server's own request-to-response time`);
  console.log(`${'row'.padEnd(52)} conns      req/s   p50 ms   p99 ms  server p50  server p99  errors  refused`);
  for (const f of rows) {
    const ms = log.served
      .filter((s) => s.url === f.path && f.from && f.to && s.time >= f.from && s.time <= f.to)
      .map((s) => s.ms);
    console.log(
      `${f.name.padEnd(52)} ${String(f.connections).padStart(5)} ${fmt(f.rps)} ${fmt(f.p50, 1)} ${fmt(f.p99, 1)} ${fmt(pctOf(ms, 50), 1).padStart(11)} ${fmt(pctOf(ms, 99), 1).padStart(11)} ${String(f.errors).padStart(7)} ${String(f.refused ?? '').padStart(8)}`,
    );
  }
  if (!printRefusals(rows) && rows.every((f) => f.refused !== undefined))
    console.log('every answer of every row checked: no refusals');
}

/** Says loudly which rows had refusals (their figures are not valid), with the first reason; how many. */
export function printRefusals(rows: { name: string; refused?: number; refusal?: string | undefined }[]): number {
  const bad = rows.filter((f) => f.refused);
  if (!bad.length) return 0;
  console.log(`\nNOT VALID: ${bad.length} row(s) had refusals (ok: false), their figures do not count:`);
  for (const f of bad) console.log(`  ${f.name}: ${f.refused} refused, first: ${f.refusal ?? '?'}`);
  return bad.length;
}

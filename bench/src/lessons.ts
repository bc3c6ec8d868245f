// `npm run bench:lessons` — lesson segment requests (issue 19, ADR 0039): the server (PGlite, demo
// mode, a fresh DATA_DIR: the shipped lessons are copied into its local media storage at start) serves
// a signed 720p segment to 10 connections: the signature checked, the file's size read, the bytes
// streamed; a ranged request of its second half; and, in the same run, a baseline: the same file of
// the same size from a bare node:http server (a process of its own, like the app) streaming it from
// disk. Target: p99 < 20 ms. Beside the client's latencies, each server's CPU time per request (from
// /proc, Linux): less sensitive than a p99 to the other programs on a loaded machine.
// BENCH_SECONDS per row (default 8); BENCH_ROUNDS (default 1) repeats the rows in turn and prints the
// median of each row's figures, so that a burst of load elsewhere does not land on one row only.
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { root, startDemoServer, startProcess, stop, tempDataDir } from './server.ts';

const duration = Number(process.env.BENCH_SECONDS ?? 8);
const rounds = Number(process.env.BENCH_ROUNDS ?? 1);
const connections = 10;
/** The app's port; the baseline listens on the next one. */
const port = process.env.BENCH_PORT ?? '3291';
const base = `http://127.0.0.1:${port}`;
const dataDir = tempDataDir();

interface Row {
  name: string;
  p50: number;
  p99: number;
  rps: number;
  errors: number;
  /** The serving process's CPU time per request, µs; NaN where /proc is missing. */
  cpuUs: number;
}

/** User + system CPU time of a process in ms (Linux /proc; NaN elsewhere). */
function cpuMs(pid: number | undefined): number {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = f.slice(f.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

async function measure(name: string, pid: number | undefined, url: string, headers: Record<string, string> = {}) {
  const before = cpuMs(pid);
  const r = await autocannon({ url, connections, duration, headers });
  const used = cpuMs(pid) - before;
  return {
    name,
    p50: r.latency.p50,
    p99: r.latency.p99,
    rps: r.requests.average,
    errors: r.errors + r.non2xx,
    cpuUs: (used * 1000) / Math.max(1, r.requests.total),
  } satisfies Row;
}

const file = path.join(root, 'content/lessons/qc-strategies/v720p/s001.ts');
const size = fs.statSync(file).size;
// The baseline: node:http and fs.createReadStream, nothing else, in its own process.
const baselineCode = `
const fs = require('node:fs'), http = require('node:http');
const file = process.argv[1];
http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'video/mp2t', 'content-length': fs.statSync(file).size });
  fs.createReadStream(file).pipe(res);
}).listen(Number(process.argv[2]), '127.0.0.1', () => console.log('baseline listening'));`;
const server = await startDemoServer(port, { DATA_DIR: dataDir });
const baselinePort = String(Number(port) + 1);
let baseline: Awaited<ReturnType<typeof startProcess>> | undefined;
try {
  baseline = await startProcess(['-e', baselineCode, file, baselinePort], {}, /baseline listening/);
  const post = async (p: string, body: unknown, token?: string) => {
    const res = await fetch(`${base}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { ok: boolean; data: Record<string, string>; err_data: unknown };
    if (!json.ok) throw new Error(`${p}: ${JSON.stringify(json.err_data)}`);
    return json.data;
  };
  const { token } = await post('/api/user/login', { account: 'vip@demo.gre-prep.cn', password: 'Demo1234' });
  const play = await post('/api/lesson/get', { id: 'qc-strategies' }, token);
  const master = await (await fetch(`${base}${play.master_url}`)).text();
  const variant = master.split('\n').filter((l) => l.startsWith('/media/'))[1] as string;
  const segments = (await (await fetch(`${base}${variant}`)).text()).split('\n').filter((l) => l.startsWith('/media/'));
  const segment = `${base}${segments[1]}`;
  const appPid = server.proc.pid;
  // Warm-up: the first requests compile the route's code (and the baseline's).
  await autocannon({ url: segment, connections, amount: 500 });
  await autocannon({ url: `http://127.0.0.1:${baselinePort}/s001.ts`, connections, amount: 500 });
  const all: Row[][] = [];
  for (let i = 0; i < rounds; i++)
    all.push([
      await measure(
        `baseline: bare node:http, the same file (${size} B)`,
        baseline.proc.pid,
        `http://127.0.0.1:${baselinePort}/s001.ts`,
      ),
      await measure(`signed segment, whole (${size} B)`, appPid, segment),
      await measure(`signed segment, range second half`, appPid, segment, { range: `bytes=${Math.floor(size / 2)}-` }),
      await measure('signed master playlist (rewritten per request)', appPid, `${base}${play.master_url}`),
    ]);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] as number;
  const rows: Row[] = (all[0] as Row[]).map((first, j) => {
    const of = (f: (r: Row) => number) => median(all.map((round) => f(round[j] as Row)));
    return {
      name: first.name,
      p50: of((r) => r.p50),
      p99: of((r) => r.p99),
      rps: of((r) => r.rps),
      cpuUs: of((r) => r.cpuUs),
      errors: all.reduce((n, round) => n + (round[j] as Row).errors, 0),
    };
  });
  console.log(
    `\n${duration} s per row, ${connections} connections, ${rounds} round(s)${rounds > 1 ? ' (medians)' : ''}`,
  );
  console.log(`${'row'.padEnd(52)}      req/s   p50 ms   p99 ms  CPU µs/req  errors`);
  for (const r of rows)
    console.log(
      `${r.name.padEnd(52)} ${r.rps.toFixed(0).padStart(10)} ${r.p50.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${r.cpuUs.toFixed(0).padStart(11)} ${String(r.errors).padStart(7)}`,
    );
  const [bare, whole, ranged] = rows as [Row, Row, Row];
  const worst = Math.max(whole.p99, ranged.p99);
  console.log(
    `\nwhole segment / baseline: p99 ${(whole.p99 / bare.p99).toFixed(2)}×, CPU per request ${(whole.cpuUs / bare.cpuUs).toFixed(2)}×`,
  );
  console.log(`segment p99 ${worst.toFixed(1)} ms: target < 20 ms ${worst < 20 ? 'met' : 'NOT met'}`);
} finally {
  if (baseline) await stop(baseline.proc);
  await stop(server.proc);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

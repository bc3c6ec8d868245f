// `npm run bench:lessons` — lesson segment requests (issue 19, ADR 0039): the server (PGlite, demo
// mode, a fresh DATA_DIR: the shipped lessons are copied into its local media storage at start) serves
// a signed 720p segment to 10 connections: the signature checked, the file's size read, the bytes
// streamed; a ranged request of its second half; and, in the same run, a baseline: the same file of
// the same size from a bare node:http server streaming it from disk. Target: p99 < 20 ms.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import { root, startDemoServer, stop, tempDataDir } from './server.ts';

const duration = Number(process.env.BENCH_SECONDS ?? 8);
const connections = 10;
const port = process.env.BENCH_PORT ?? '3291';
const base = `http://127.0.0.1:${port}`;
const dataDir = tempDataDir();

interface Row {
  name: string;
  p50: number;
  p99: number;
  rps: number;
  errors: number;
  bytes: number;
}

async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Row> {
  const r = await autocannon({ url, connections, duration, headers });
  return {
    name,
    p50: r.latency.p50,
    p99: r.latency.p99,
    rps: r.requests.average,
    errors: r.errors + r.non2xx,
    bytes: r.throughput.average,
  };
}

const server = await startDemoServer(port, { DATA_DIR: dataDir });
const file = path.join(root, 'content/lessons/qc-strategies/v720p/s001.ts');
const baseline = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'video/mp2t', 'content-length': fs.statSync(file).size });
  fs.createReadStream(file).pipe(res);
});
await new Promise<void>((r) => baseline.listen(0, '127.0.0.1', r));
try {
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
  const size = fs.statSync(file).size;
  const address = baseline.address() as { port: number };
  // Warm-up: the first requests compile the route's code.
  await autocannon({ url: segment, connections, amount: 500 });
  const rows = [
    await measure(`baseline: bare node:http, the same file (${size} B)`, `http://127.0.0.1:${address.port}/s001.ts`),
    await measure(`signed segment, whole (${size} B)`, segment),
    await measure(`signed segment, range second half`, segment, { range: `bytes=${Math.floor(size / 2)}-` }),
    await measure('signed master playlist (rewritten per request)', `${base}${play.master_url}`),
  ];
  console.log(`\n${duration} s per row, ${connections} connections`);
  console.log(`${'row'.padEnd(52)}      req/s   p50 ms   p99 ms  errors`);
  for (const r of rows)
    console.log(
      `${r.name.padEnd(52)} ${r.rps.toFixed(0).padStart(10)} ${r.p50.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${String(r.errors).padStart(7)}`,
    );
  const worst = Math.max(...rows.slice(1, 3).map((r) => r.p99));
  console.log(`\nsegment p99 ${worst.toFixed(1)} ms: target < 20 ms ${worst < 20 ? 'met' : 'NOT met'}`);
} finally {
  baseline.close();
  await stop(server.proc);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

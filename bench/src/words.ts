// Rows of `npm run bench` for the word list (issue 15, ADR 0026): `/api/word/get_all`, the whole
// GRE list with the caller's marks, loaded by every member after login.
// - its payload: bytes on the wire with brotli, gzip and none (target: under 300 KB compressed);
// - the full answer (brotli) at 10 connections: the first load of a session;
// - the 304 answer to If-None-Match at 100 connections: every later load of the session (autocannon
//   counts a 304 as non-2xx).
// `npm run bench:words` runs these rows alone against a fresh embedded database (or the PostgreSQL
// database of DATABASE_URL, migrated on start).
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { jwtSecret } from './accounts.ts';
import { startDemoServer, stop } from './server.ts';

export interface WordFigures {
  name: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

const path = '/api/word/get_all';

/** One raw answer: status, headers and the bytes as sent (not decompressed). */
function raw(base: string, token: string, headers: Record<string, string>) {
  return new Promise<{ status: number; etag: string; bytes: number; encoding: string }>((resolve, reject) => {
    const req = http.request(
      `${base}${path}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
      },
      (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => {
          bytes += c.length;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            etag: String(res.headers.etag ?? ''),
            bytes,
            encoding: String(res.headers['content-encoding'] ?? 'identity'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end('{}');
  });
}

async function cannon(
  name: string,
  base: string,
  connections: number,
  duration: number,
  headers: Record<string, string>,
) {
  const r = await autocannon({ url: `${base}${path}`, method: 'POST', connections, duration, headers, body: '{}' });
  return {
    name,
    connections,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

export async function wordRows(label: string, base: string, token: string, duration: number): Promise<WordFigures[]> {
  // Some marks, as a member who has studied a while would have.
  const words = (await (
    await fetch(`${base}/api/word/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ page_size: 100 }),
    })
  ).json()) as { data: { words: { word: string }[] } };
  await fetch(`${base}/api/word/add_words`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ words: words.data.words.map((w) => w.word) }),
  });
  const br = await raw(base, token, { 'accept-encoding': 'br' });
  const gz = await raw(base, token, { 'accept-encoding': 'gzip' });
  const plain = await raw(base, token, {});
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `(${label} ${path}, 7,504 words + 100 marks: brotli ${kb(br.bytes)}, gzip ${kb(gz.bytes)}, uncompressed ${kb(plain.bytes)}; target < 300 KB compressed: ${Math.max(br.bytes, gz.bytes) < 300 * 1024 ? 'met' : 'NOT met'})`,
  );
  const auth = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  return [
    await cannon(`${label} word/get_all full (br ${kb(br.bytes)})`, base, 10, duration, {
      ...auth,
      'accept-encoding': 'br',
    }),
    await cannon(`${label} word/get_all 304 (If-None-Match)`, base, 100, duration, {
      ...auth,
      'accept-encoding': 'br',
      'if-none-match': br.etag,
    }),
  ];
}

// `npm run bench:words`: these rows alone, on a fresh embedded database or DATABASE_URL's.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = '3297';
  const server = await startDemoServer(port, { JWT_SECRET: jwtSecret });
  const base = `http://127.0.0.1:${port}`;
  try {
    const login = (await (
      await fetch(`${base}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account: 'vip@demo.gre-prep.cn', password: 'Demo1234' }),
      })
    ).json()) as { data: { token: string } };
    const rows = await wordRows(
      process.env.DATABASE_URL ? 'postgres' : 'pglite',
      base,
      login.data.token,
      Number(process.env.BENCH_SECONDS ?? 10),
    );
    for (const r of rows)
      console.log(
        `${r.name.padEnd(46)} ${String(r.connections).padStart(4)} conns ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  errors ${r.errors}  non2xx ${r.non2xx}`,
      );
  } finally {
    await stop(server.proc);
  }
}

// `npm run bench:downloads` (issue 19, ADR 0040): the study materials' PDFs. Starts the server on a
// fresh embedded database (or DATABASE_URL's), logs in the demo VIP and times, from the client:
// - cold: prepare + GET of each material never generated before (the generation on the worker thread,
//   the storage write, the download); target for the whole word list (7,504 words): under 10 s;
// - cached: prepare + GET of the same file again, 20 times (median and worst);
// - 我的错题本 (my-wrongs) of the demo account with a history (study@): cold, then cached, the same way.
// The admin's list then shows each file's size, pages and the server's own generation time.
// BENCH_PDF_DIR=<dir> keeps the PDFs there (to look at them: pdftoppm -png).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { jwtSecret } from './accounts.ts';
import { startDemoServer, stop } from './server.ts';

const materials = ['words-all', 'words-band-1', 'formulas', 'issue-guides'] as const;

async function post<T>(base: string, url: string, token: string, body: unknown): Promise<T> {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const env = (await res.json()) as { ok: boolean; data: T; err_data: unknown };
  if (!env.ok) throw new Error(`${url}: ${JSON.stringify(env.err_data)}`);
  return env.data;
}

async function login(base: string, account: string): Promise<string> {
  return (await post<{ token: string }>(base, '/api/user/login', '', { account, password: 'Demo1234' })).token;
}

/** Times the cold and the cached downloads of one material, and keeps the file when asked. */
async function measure(base: string, token: string, id: string, keep: string | undefined) {
  const cold = await download(base, token, id);
  if (keep) {
    fs.mkdirSync(keep, { recursive: true });
    fs.writeFileSync(path.join(keep, `${id}.pdf`), cold.bytes);
  }
  const cached: number[] = [];
  for (let i = 0; i < 20; i++) cached.push((await download(base, token, id)).ms);
  cached.sort((a, b) => a - b);
  console.log(
    `${id.padEnd(14)} ${(cold.bytes.length / 1024).toFixed(0).padStart(6)} KB  cold ${cold.ms.toFixed(0).padStart(6)} ms  cached p50 ${(cached[10] ?? 0).toFixed(1)} ms  max ${(cached[19] ?? 0).toFixed(1)} ms`,
  );
}

/** One download as a member does it: prepare, then GET the address. Milliseconds and the bytes. */
async function download(base: string, token: string, id: string): Promise<{ ms: number; bytes: Buffer }> {
  const started = performance.now();
  const p = await post<{ url: string }>(base, '/api/download/prepare', token, { material_id: id });
  const res = await fetch(`${base}${p.url}`);
  if (res.status !== 200) throw new Error(`${p.url}: ${res.status} ${await res.text()}`);
  const bytes = Buffer.from(await res.arrayBuffer());
  return { ms: performance.now() - started, bytes };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = '3296';
  const server = await startDemoServer(port, { JWT_SECRET: jwtSecret });
  const base = `http://127.0.0.1:${port}`;
  const keep = process.env.BENCH_PDF_DIR;
  try {
    const vip = await login(base, 'vip@demo.gre-prep.cn');
    for (const id of materials) await measure(base, vip, id, keep);
    // The demo history is written in the background on the first start: wait for the wrong book.
    const study = await login(base, 'study@demo.gre-prep.cn');
    for (let i = 0; i < 120; i++) {
      const l = await post<{ materials: { id: string; wrongs: number | null }[] }>(
        base,
        '/api/download/list',
        study,
        {},
      );
      const n = l.materials.find((m) => m.id === 'my-wrongs')?.wrongs ?? 0;
      if (n > 0) {
        console.log(`my-wrongs: ${n} wrong questions`);
        break;
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
    await measure(base, study, 'my-wrongs', keep);
    const admin = await login(base, 'admin@demo.gre-prep.cn');
    const list = await post<{ materials: { id: string; pages: number | null; downloads: number | null }[] }>(
      base,
      '/api/download/list',
      admin,
      {},
    );
    for (const m of list.materials)
      if (m.pages !== null) console.log(`${m.id.padEnd(14)} ${m.pages} pages, ${m.downloads} downloads`);
  } finally {
    await stop(server.proc);
  }
}

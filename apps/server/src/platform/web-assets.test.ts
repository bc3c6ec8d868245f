// The built web app as a browser receives it: the compressed file it asked for, cache headers that
// let hashed files stay for a year while pages revalidate, HEAD and byte ranges intact, the page's
// security headers, and no source maps outside devel. A small dist folder stands in for the build.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../config.ts';
import { createTestApp, type TestApp, testDbKinds } from '../test/harness.ts';
import { cacheControl } from './web-assets.ts';

const script = '/assets/index-Ab3_x-9Z.js';
const sourceMap = `${script}.map`;

/** A dist folder as `vite build` leaves it: hashed assets with .br/.gz siblings, a map, public files. */
function makeDist(): { dir: string; js: Buffer; html: Buffer } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gre-web-assets-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const js = Buffer.from(
    Array.from({ length: 400 }, (_, i) => `export const value${i} = "题目 ${i}" + ${i * 7};\n`).join(''),
  );
  const html = Buffer.from(
    `<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8"><title>GRE 备考</title>` +
      `<script type="module" crossorigin src="${script}"></script></head><body><div id="root"></div></body></html>\n`.repeat(
        3,
      ),
  );
  const write = (rel: string, body: Buffer, compress: boolean) => {
    fs.writeFileSync(path.join(dir, rel), body);
    if (!compress) return;
    fs.writeFileSync(path.join(dir, `${rel}.br`), zlib.brotliCompressSync(body));
    fs.writeFileSync(path.join(dir, `${rel}.gz`), zlib.gzipSync(body));
  };
  write('index.html', html, true);
  write(script.slice(1), js, true);
  write(sourceMap.slice(1), Buffer.from('{"version":3,"sources":["secret.ts"],"mappings":""}'), false);
  write('favicon.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), false);
  return { dir, js, html };
}

function get(t: TestApp, url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') {
  return t.app.inject({ method, url, headers });
}

// Serving files never touches the database: one database kind is enough.
describe.each(testDbKinds().slice(0, 1))('the web app as served (app on %s)', (kind) => {
  const dist = makeDist();
  const apps = new Map<AppEnv, TestApp>();
  let t: TestApp;
  beforeAll(async () => {
    for (const appEnv of ['formal', 'pre', 'devel'] as const) {
      apps.set(appEnv, await createTestApp(kind, { appEnv, webDistDir: dist.dir }));
    }
    t = apps.get('formal') as TestApp;
  });
  afterAll(async () => {
    for (const app of apps.values()) await app.close();
    fs.rmSync(dist.dir, { recursive: true, force: true });
  });

  it('sends a hashed script brotli-compressed to a browser that accepts it, cached for a year', async () => {
    const res = await get(t, script, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(cacheControl.hashed);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(dist.js.length / 3);
    expect(zlib.brotliDecompressSync(res.rawPayload).equals(dist.js)).toBe(true);
  });

  it('sends gzip to a client without brotli, and the plain file to one that asks for no encoding', async () => {
    const gz = await get(t, script, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).equals(dist.js)).toBe(true);
    const plain = await get(t, script);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
    expect(plain.rawPayload.equals(dist.js)).toBe(true);
    expect(plain.headers['cache-control']).toBe(cacheControl.hashed);
  });

  it('answers HEAD with the headers of the compressed file and no body', async () => {
    const res = await get(t, script, { 'accept-encoding': 'br' }, 'HEAD');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(Number(res.headers['content-length'])).toBe(fs.statSync(path.join(dist.dir, `${script}.br`)).size);
    expect(res.rawPayload.length).toBe(0);
  });

  it('answers byte ranges of the representation it picked', async () => {
    const plain = await get(t, script, { range: 'bytes=0-99' });
    expect(plain.statusCode).toBe(206);
    expect(plain.headers['content-range']).toBe(`bytes 0-99/${dist.js.length}`);
    expect(plain.rawPayload.equals(dist.js.subarray(0, 100))).toBe(true);
    const br = await get(t, script, { range: 'bytes=0-9', 'accept-encoding': 'br' });
    const brFile = fs.readFileSync(path.join(dist.dir, `${script}.br`));
    expect(br.statusCode).toBe(206);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-range']).toBe(`bytes 0-9/${brFile.length}`);
    expect(br.rawPayload.equals(brFile.subarray(0, 10))).toBe(true);
  });

  it('serves index.html for deep links, compressed, revalidated every visit, with the security headers', async () => {
    for (const url of ['/', '/login', '/home', '/exam/abc?x=1', '/index.html']) {
      const res = await get(t, url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe(cacheControl.page);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(zlib.brotliDecompressSync(res.rawPayload).equals(dist.html), url).toBe(true);
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
    const etag = String((await get(t, '/home')).headers.etag);
    const again = await get(t, '/home', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
  });

  it('gives other public files a short lifetime', async () => {
    const res = await get(t, '/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(cacheControl.other);
  });

  it('answers 404, never the page, for a missing asset or a compressed sibling asked for by name', async () => {
    for (const url of ['/assets/gone-Zz9_Zz9_.js', `${script}.br`, `${script}.gz`]) {
      const res = await get(t, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).not.toMatch(/html/);
    }
  });

  it('keeps the API 404 in the envelope', async () => {
    const res = await get(t, '/api/nothing/here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ ok: false, err_data: { kind: 'not_found' } });
  });

  it('serves source maps in devel only', async () => {
    for (const appEnv of ['formal', 'pre'] as const) {
      const res = await get(apps.get(appEnv) as TestApp, sourceMap);
      expect(res.statusCode, appEnv).toBe(404);
      expect(res.body, appEnv).not.toContain('secret.ts');
    }
    const devel = await get(apps.get('devel') as TestApp, sourceMap);
    expect(devel.statusCode).toBe(200);
    expect(devel.body).toContain('secret.ts');
  });
});

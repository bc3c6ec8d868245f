// The first screen's weight (issue 9, docs/decisions/0019-web-delivery.md): the scripts index.html
// makes a browser fetch before anything shows (the entry and its modulepreload links) are brotli on
// the wire, cached for a year, and together at most 200 KB; the page itself is revalidated every
// visit and keeps its security headers. Byte counts are deterministic for a given build.
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { apiLogin } from './support.ts';

/** The budget of the first screen's scripts, compressed (entry + modulepreload). */
const firstScreenBudget = 200 * 1000;
/** Below this, brotli can come out larger than the file itself. */
const tinyFile = 512;

function firstScreenScripts(html: string): string[] {
  const entry = [...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1] as string);
  const preload = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1] as string);
  return [...entry, ...preload];
}

async function page(request: APIRequestContext, url: string) {
  const res = await request.get(url, { headers: { 'accept-encoding': 'br' } });
  expect(res.status(), url).toBe(200);
  const headers = res.headers();
  expect(headers['content-type'], url).toMatch(/^text\/html/);
  expect(headers['cache-control'], url).toBe('no-cache');
  expect(headers['content-encoding'], url).toBe('br');
  expect(headers['content-security-policy'], url).toContain("script-src 'self'");
  return res.text();
}

for (const url of ['/login', '/home']) {
  test(`${url}: the first screen's scripts are brotli, immutable and at most 200 KB on the wire`, async ({
    request,
  }) => {
    const scripts = firstScreenScripts(await page(request, url));
    expect(scripts.length).toBeGreaterThan(0);
    let wire = 0;
    const sizes: string[] = [];
    for (const src of scripts) {
      expect(src, 'a content-hashed asset').toMatch(/^\/assets\/[^/]+-[\w-]{8}\.js$/);
      const res = await request.get(src, { headers: { 'accept-encoding': 'br' } });
      expect(res.status(), src).toBe(200);
      const headers = res.headers();
      const bytes = Number(headers['content-length']);
      // A file of a few hundred bytes may not shrink: the build then keeps no .br copy of it.
      if (bytes >= tinyFile) expect(headers['content-encoding'], src).toBe('br');
      expect(headers['cache-control'], src).toBe('public, max-age=31536000, immutable');
      expect(headers.vary, src).toMatch(/accept-encoding/i);
      // Maps stay out of the scripts: no `sourceMappingURL` tells anyone where they are.
      expect(await res.text(), src).not.toContain('sourceMappingURL');
      expect(bytes, src).toBeGreaterThan(0);
      wire += bytes;
      sizes.push(`${src} ${bytes}`);
    }
    test
      .info()
      .annotations.push({ type: 'first-screen scripts (brotli)', description: `${wire} B: ${sizes.join(', ')}` });
    expect(wire, sizes.join('\n')).toBeLessThanOrEqual(firstScreenBudget);
  });
}

test('a browser gets every script brotli-compressed and still sees the pages', async ({ page: tab, request }) => {
  const encodings = new Map<string, string>();
  tab.on('response', async (res) => {
    if (!new URL(res.url()).pathname.endsWith('.js')) return;
    const headers = await res.allHeaders();
    if (Number(headers['content-length']) >= tinyFile) encodings.set(res.url(), headers['content-encoding'] ?? '');
  });
  await tab.goto('/login');
  await expect(tab.getByRole('heading', { name: '欢迎回来' })).toBeVisible();
  const token = await apiLogin(request, 'vip@demo.gre-prep.cn');
  await tab.evaluate((t) => localStorage.setItem('token', t), token);
  await tab.goto('/home');
  await expect(tab.getByRole('navigation', { name: '主导航' })).toBeVisible();
  await expect(tab.locator('main h1')).toBeVisible();
  await tab.waitForLoadState('networkidle');
  expect(encodings.size).toBeGreaterThan(3);
  expect([...encodings].filter(([, encoding]) => encoding !== 'br')).toEqual([]);
});

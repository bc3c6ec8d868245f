// The API reference UI at /api/docs: the contract's OpenAPI document in Swagger UI, assets from this
// process; on in devel and pre, off in formal unless API_DOCS=true. /openapi.json stays public.
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/harness.ts';
import { apiDocsEnabled } from './api-docs.ts';

async function withApp<T>(
  opts: Parameters<typeof createTestApp>[1],
  f: (get: (url: string) => Promise<{ status: number; type: string; body: string }>) => Promise<T>,
) {
  const t = await createTestApp('pglite', opts);
  try {
    return await f(async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      return { status: res.statusCode, type: String(res.headers['content-type'] ?? ''), body: res.body };
    });
  } finally {
    await t.close();
  }
}

describe('API docs', () => {
  it('follows APP_ENV unless API_DOCS says otherwise', () => {
    expect(apiDocsEnabled('auto', 'devel')).toBe(true);
    expect(apiDocsEnabled('auto', 'pre')).toBe(true);
    expect(apiDocsEnabled('auto', 'formal')).toBe(false);
    expect(apiDocsEnabled('true', 'formal')).toBe(true);
    expect(apiDocsEnabled('false', 'devel')).toBe(false);
  });

  it('serves Swagger UI over the contract document in devel, with its assets from this process', async () => {
    await withApp({ appEnv: 'devel' }, async (get) => {
      const contract = JSON.parse((await get('/openapi.json')).body) as { paths: Record<string, unknown> };
      const page = await get('/api/docs/');
      expect(page.status).toBe(200);
      expect(page.type).toContain('text/html');
      expect(page.body).toContain('swagger-ui');
      // The UI reads the same document: every contract path is there.
      const doc = await get('/api/docs/json');
      expect(doc.status).toBe(200);
      const served = JSON.parse(doc.body) as { paths: Record<string, unknown> };
      expect(Object.keys(served.paths).sort()).toEqual(Object.keys(contract.paths).sort());
      expect(Object.keys(served.paths)).toContain('/api/user/login');
      // The scripts come from here (no CDN: the page works on a closed network).
      const bundle = await get('/api/docs/static/swagger-ui-bundle.js');
      expect(bundle.status).toBe(200);
      expect(bundle.body.length).toBeGreaterThan(100_000);
      expect(page.body).not.toMatch(/https?:\/\/(cdn|unpkg|fonts)\./);
    });
  });

  it('is off in formal (a plain 404, not the web app), unless API_DOCS=true; /openapi.json stays', async () => {
    await withApp({ appEnv: 'formal' }, async (get) => {
      expect((await get('/api/docs/')).status).toBe(404);
      expect((await get('/api/docs/json')).status).toBe(404);
      expect((await get('/openapi.json')).status).toBe(200);
    });
    await withApp({ appEnv: 'formal', apiDocs: 'true' }, async (get) => {
      expect((await get('/api/docs/')).status).toBe(200);
    });
  });
});

// The built web app (apps/web/dist) as the browser should get it (docs/decisions/0019-web-delivery.md):
// brotli or gzip files made at build time, picked by Accept-Encoding (never compressed per request:
// that costs CPU on every hit and breaks byte ranges); content-hashed assets cached for a year,
// pages revalidated every visit so a deploy reaches everyone at once; source maps only in devel.
// Deep links (/home, /exam/…) get index.html; a missing file under /assets/ is a plain 404, never
// index.html (an old tab after a deploy would otherwise run HTML as a script).
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppEnv } from '../config.ts';
import { apiNotFound } from './http-errors.ts';

export const cacheControl = {
  /** Vite's content-hashed files: a new build gives them new names. */
  hashed: 'public, max-age=31536000, immutable',
  /** index.html (and every deep link): revalidated each visit, answered 304 when unchanged. */
  page: 'no-cache',
  /** Everything else in public/ (favicon, pictures): names stay, contents may change with a deploy. */
  other: 'public, max-age=3600',
} as const;

/** `assets/<name>-<8-character hash>.<ext>`, the only file names Vite derives from their contents. */
const hashedAsset = /^assets\/[^/]+-[\w-]{8}\.[a-z0-9]+$/i;

export function cacheControlFor(relativePath: string): string {
  if (relativePath === 'index.html') return cacheControl.page;
  return hashedAsset.test(relativePath) ? cacheControl.hashed : cacheControl.other;
}

export interface WebAssetOptions {
  /** apps/web/dist; unset or not built yet = a page that says how to build it. */
  distDir?: string;
  /** Source maps are answered in devel only (pre and formal: 404). */
  appEnv: AppEnv;
}

export async function registerWebAssets(app: FastifyInstance, opts: WebAssetOptions): Promise<void> {
  const dist = opts.distDir;
  const built = dist !== undefined && fs.existsSync(path.join(dist, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: dist,
      // One route per file found at start (no file-system lookups for unknown paths).
      wildcard: false,
      index: false,
      preCompressed: true,
      // The compressed siblings are representations, never files of their own; maps only in devel.
      globIgnore: ['**/*.br', '**/*.gz', ...(opts.appEnv === 'devel' ? [] : ['**/*.map'])],
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const relative = path.relative(dist, filePath).split(path.sep).join('/');
        reply.header('cache-control', cacheControlFor(relative.replace(/\.(br|gz)$/, '')));
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0] ?? '';
    if (pathname.startsWith('/api/') || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.code(404).send(apiNotFound(req.url));
    }
    if (pathname.startsWith('/assets/') || pathname.endsWith('.map')) {
      return reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('文件不存在');
    }
    if (built) return reply.sendFile('index.html');
    return reply
      .code(503)
      .type('text/html; charset=utf-8')
      .send(
        '<!doctype html><meta charset="utf-8"><p>前端尚未构建：请运行 <code>npm run build</code> 或 <code>npm start</code>。</p>',
      );
  });
}

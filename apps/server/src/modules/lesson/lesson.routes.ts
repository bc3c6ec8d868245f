// Lessons' calls (contract endpoints/lesson.ts) and their media (ADR 0039): GET /media/lessons/<id>/…
// with a signed, expiring query. Playlists are rewritten per request (every address in them signed for
// the same user and expiry); segments and the poster are streamed from the storage with HTTP ranges.
import * as lessonEp from '@gre/contract/endpoints/lesson';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Register } from '../../platform/endpoints.ts';
import type { MediaStorage } from '../../platform/storage.ts';
import type { LessonLinks } from './lesson.links.ts';
import { contentTypeOf } from './lesson.package.ts';
import { type LessonService, readText } from './lesson.service.ts';

export function registerLessonRoutes(register: Register, lessons: LessonService): void {
  register(lessonEp.listLessons, (_b, ctx) => lessons.list(ctx));
  register(lessonEp.getLesson, (b, ctx) => lessons.get(b.id, ctx));
  register(lessonEp.saveLessonProgress, (b, ctx) => lessons.saveProgress(b, ctx));
  register(lessonEp.manageLessons, () => lessons.manageList());
  register(lessonEp.uploadLesson, (b, ctx) => lessons.upload(b, ctx));
  register(lessonEp.deleteLesson, (b) => lessons.remove(b.id));
}

/** The files a lesson has: the master playlist, the poster, and each rendition's playlist and segments. */
const mediaPath =
  /^lessons\/[a-z0-9][a-z0-9-]{0,63}\/(?:master\.m3u8|poster\.jpg|captions\.vtt|v[0-9a-z]{1,8}\/(?:index\.m3u8|s\d{3,5}\.ts))$/;

/**
 * Headers of every media answer, in place of helmet's (whose per-request build of a page's policies is
 * work a video segment does not need): the bytes are what their type says, and other sites may not
 * embed them.
 */
const mediaHeaders = { 'x-content-type-options': 'nosniff', 'cross-origin-resource-policy': 'same-origin' };

const refuse = (reply: FastifyReply, status: number, text: string) =>
  reply.code(status).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(text);

/** One `bytes=a-b` range within `size` (a suffix `bytes=-n` too), or null when unsatisfiable. */
export function parseRange(header: string, size: number): { start: number; end: number } | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '') || size === 0) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  return start <= end && start < size ? { start, end } : null;
}

/**
 * GET /media/lessons/<id>/<file>?u=&e=&s=. After the signature check nothing is asked of the database:
 * a segment costs one open of the file and one read of the range (the local disk: open, fstat, one
 * read into a buffer, close, all synchronous up to `syncReadMax`, streamed beyond; S3: HEAD and a
 * ranged GET). Not counted by the per-address rate limit (a viewer fetches a
 * segment every few seconds, and many viewers may share one address), without helmet's headers, and
 * logged at debug when served (see `mediaHeaders`, app.ts's `quietSuccessLog`). Never compressed:
 * MPEG-TS, JPEG and playlists of a few lines gain nothing.
 */
export function registerLessonMedia(app: FastifyInstance, storage: MediaStorage, links: LessonLinks): void {
  app.get<{ Params: { '*': string }; Querystring: Record<string, string> }>(
    '/media/lessons/*',
    { helmet: false, config: { rateLimit: false, quietSuccessLog: true } },
    async (req, reply) => {
      reply.headers(mediaHeaders);
      const key = `lessons/${req.params['*']}`;
      if (!mediaPath.test(key)) return refuse(reply, 404, '视频文件不存在');
      const check = links.check(key, req.query);
      if (check === 'invalid') return refuse(reply, 403, '视频地址无效（签名不符），请重新打开课程页面');
      if (check === 'expired') return refuse(reply, 403, '视频地址已过期，请刷新课程页面后继续观看');
      const { u, e } = req.query as { u: string; e: string };
      const expiry = Number(e);
      if (key.endsWith('.m3u8')) {
        const text = await readText(storage, key);
        if (text === null) return refuse(reply, 404, '视频文件不存在或仍在处理中');
        const dir = key.slice(0, key.lastIndexOf('/') + 1);
        const signed = text
          .split('\n')
          .map((line) => {
            const uri = line.trim();
            if (!uri || uri.startsWith('#')) return line;
            const target = dir + uri;
            return mediaPath.test(target) ? links.url(u, target, expiry) : line;
          })
          .join('\n');
        return reply.type(contentTypeOf(key)).header('cache-control', 'private, no-store').send(signed);
      }
      const stored = await storage.open(key);
      if (!stored) return refuse(reply, 404, '视频文件不存在');
      const size = stored.size;
      // The address names the user, the file and the expiry: its bytes never change, so the browser
      // keeps them until the address expires without asking again.
      reply
        .type(contentTypeOf(key))
        .header('accept-ranges', 'bytes')
        .header('cache-control', `private, max-age=${links.secondsLeft(expiry)}, immutable`);
      const range = req.headers.range;
      const r = range ? parseRange(range, size) : { start: 0, end: size - 1 };
      if (!r || size === 0) {
        stored.close();
        if (!r) return reply.code(416).header('content-range', `bytes */${size}`).send();
        return reply.header('content-length', 0).send('');
      }
      const body = await stored.read(r.start, r.end);
      // A pooled buffer goes back once the response is done (sent, or the connection gone).
      reply.raw.once('close', () => stored.release());
      if (range) reply.code(206).header('content-range', `bytes ${r.start}-${r.end}/${size}`);
      return reply.header('content-length', r.end - r.start + 1).send(body);
    },
  );
}

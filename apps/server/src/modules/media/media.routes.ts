import * as upep from '@gre/contract/endpoints/upload';
import type { FastifyInstance } from 'fastify';
import type { Register } from '../../platform/endpoints.ts';
import type { Media } from './media.service.ts';

const idPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function registerMediaRoutes(app: FastifyInstance, register: Register, media: Media): void {
  register(upep.uploadImage, (b, ctx) => media.uploadImage(b.purpose, ctx));
  // A public image (ADR 0036): whoever has the address may see it; an id is a random UUID and the
  // stored bytes never change, so browsers keep a mark's picture for a year, a discussion picture for
  // ten minutes (its comment may be held again by reports, and it must stop being served soon after).
  // A discussion picture not shown by a visible comment (ADR 0037): only through its signed address,
  // which the server gives its uploader and staff alone; to anyone else it does not exist (404).
  app.get<{ Params: { id: string }; Querystring: { e?: unknown; s?: unknown } }>(
    '/media/images/:id',
    async (req, reply) => {
      const id = req.params.id.replace(/\.webp$/, '');
      const found = idPattern.test(id) ? await media.image(id, req.query ?? {}) : null;
      if (found === 'expired')
        return reply
          .code(403)
          .header('cache-control', 'no-store')
          .type('text/plain; charset=utf-8')
          .send('图片链接已过期，请刷新页面后再看');
      if (!found || found === 'private')
        return reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('图片不存在');
      return reply
        .type(found.mime)
        .header('content-length', found.bytes)
        .header(
          'cache-control',
          found.public
            ? found.purpose !== 'post'
              ? 'public, max-age=31536000, immutable'
              : 'public, max-age=600'
            : 'private, max-age=600',
        )
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .send(found.body);
    },
  );
}

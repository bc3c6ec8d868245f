import * as upep from '@gre/contract/endpoints/upload';
import type { FastifyInstance } from 'fastify';
import type { Register } from '../../platform/endpoints.ts';
import type { Media } from './media.service.ts';

const idPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function registerMediaRoutes(app: FastifyInstance, register: Register, media: Media): void {
  register(upep.uploadImage, (b, ctx) => media.uploadImage(b.purpose, ctx));
  // Public by link (ADR 0036): whoever has the address may see the image; an id is a random UUID and
  // the stored bytes never change, so browsers and proxies keep it for a year.
  app.get<{ Params: { id: string } }>('/media/images/:id', async (req, reply) => {
    const id = req.params.id.replace(/\.webp$/, '');
    const found = idPattern.test(id) ? await media.image(id) : null;
    if (!found) {
      return reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('图片不存在');
    }
    return reply
      .type(found.mime)
      .header('content-length', found.bytes)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .send(found.body);
  });
}

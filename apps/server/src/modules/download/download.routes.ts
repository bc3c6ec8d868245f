import * as dep from '@gre/contract/endpoints/download';
import type { FastifyInstance } from 'fastify';
import type { Register } from '../../platform/endpoints.ts';
import type { Downloads } from './download.service.ts';

export function registerDownloadRoutes(app: FastifyInstance, register: Register, downloads: Downloads): void {
  register(dep.listMaterials, (_b, ctx) => downloads.list(ctx));
  register(dep.prepareDownload, (b, ctx) => downloads.prepare(b.material_id, ctx));
  // The prepared address: a GET the browser saves to disk, streamed from the storage.
  app.get<{ Params: { token: string } }>('/api/download/file/:token', async (req, reply) => {
    const checked = await downloads.check(req.params.token);
    reply.header('cache-control', 'private, no-store');
    if (!checked.ok) return reply.code(checked.status).type('text/plain; charset=utf-8').send(checked.message);
    const file = await downloads.open(checked.id, checked.userId);
    if (!file) return reply.code(404).type('text/plain; charset=utf-8').send('资料文件暂时不可用，请稍后重试');
    return reply
      .type('application/pdf')
      .header('content-length', file.bytes)
      .header(
        'content-disposition',
        `attachment; filename="${file.fileName}"; filename*=UTF-8''${encodeURIComponent(`${file.title}.pdf`)}`,
      )
      .send(file.stream);
  });
}

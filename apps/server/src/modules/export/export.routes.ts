import { Readable } from 'node:stream';
import * as xep from '@gre/contract/endpoints/export';
import type { FastifyInstance } from 'fastify';
import type { Register } from '../../platform/endpoints.ts';
import type { StaffExport } from './export.service.ts';

export function registerExportRoutes(app: FastifyInstance, register: Register, staffExport: StaffExport): void {
  register(xep.prepareExport, (b, ctx) => staffExport.prepare(b, ctx));
  // The prepared address: a GET the browser saves to disk, streamed page by page from the database.
  app.get<{ Params: { token: string } }>('/api/export/download/:token', async (req, reply) => {
    const checked = await staffExport.check(req.params.token);
    reply.header('cache-control', 'no-store');
    if (!checked.ok) return reply.code(checked.status).type('text/plain; charset=utf-8').send(checked.message);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${staffExport.fileName(checked.request)}"`)
      .send(Readable.from(staffExport.lines(checked.request)));
  });
}

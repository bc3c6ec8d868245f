import * as ep from '@gre/contract/endpoints/archive';
import type { Register } from '../../platform/endpoints.ts';
import type { Archive } from './archive.service.ts';

export function registerArchiveRoutes(register: Register, archive: Archive): void {
  register(ep.listRetirable, () => archive.listRetirable());
  register(ep.setRetired, (b, ctx) => archive.setRetired(b, ctx));
  register(ep.listArchivedPicks, (_b, ctx) => archive.listPicks(ctx));
  register(ep.getArchivedPick, (b, ctx) => archive.getPick(b.template_id, ctx));
  register(ep.listArchivedSixTwo, (_b, ctx) => archive.listSixTwo(ctx));
  register(ep.getArchivedSixTwo, (b, ctx) => archive.getSixTwo(b, ctx));
}

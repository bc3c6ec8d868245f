import * as ep from '@gre/contract/endpoints/system';
import type { Register } from '../../platform/endpoints.ts';
import { type RightsSources, roleRights } from './rights-table.ts';
import type { SystemService } from './system.service.ts';

export function registerSystemRoutes(register: Register, system: SystemService, rights: RightsSources): void {
  register(ep.setMaintenance, (b, ctx) => system.setMaintenance(b.on, b.message, Number(ctx.caller.userId)));
  register(ep.getStatus, () => system.status());
  register(ep.getRights, async () => ({ roles: await roleRights(rights) }));
}

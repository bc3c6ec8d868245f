import * as ep from '@gre/contract/endpoints/system';
import { yuanToFen } from '@gre/contract/endpoints/system';
import type { Register } from '../../platform/endpoints.ts';
import type { Manage } from './manage.service.ts';
import { type RightsSources, roleRights } from './rights-table.ts';
import type { SystemService } from './system.service.ts';

export function registerSystemRoutes(
  register: Register,
  system: SystemService,
  rights: RightsSources,
  manage: Manage,
): void {
  register(ep.setMaintenance, (b, ctx) => system.setMaintenance(b.on, b.message, Number(ctx.caller.userId)));
  register(ep.getStatus, () => system.status());
  register(ep.getRights, async () => ({ roles: await roleRights(rights) }));
  register(ep.getManage, () => manage.get());
  register(ep.setMinVersion, (b, ctx) => system.setMinVersion(b.version, Number(ctx.caller.userId)));
  register(ep.setRoleRights, (b, ctx) => manage.setRoleRights(b, ctx));
  register(ep.setPlan, (b, ctx) => manage.setPlan({ ...b, price_fen: yuanToFen(b.price) }, ctx));
  register(ep.setStaff, (b, ctx) => manage.setStaff(b, ctx));
}

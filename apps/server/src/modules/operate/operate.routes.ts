import * as mep from '@gre/contract/endpoints/permission';
import type { Register } from '../../platform/endpoints.ts';
import type { Operate } from './operate.service.ts';

export function registerOperateRoutes(register: Register, operate: Operate): void {
  register(mep.findUser, (b) => operate.find(b.query));
  register(mep.getStaffUser, (b) => operate.get(b.user_id));
  register(mep.setHigher, (b, ctx) => operate.setHigher(b, ctx));
  register(mep.setHigh, (b, ctx) => operate.setHigh(b, ctx));
  register(mep.assignCustomTailorUse, (b, ctx) => operate.assignCustomTailor(b, ctx));
  register(mep.getCommonTailorUse, () => operate.commonTailor());
  register(mep.assignCommonTailorUse, (b, ctx) => operate.assignCommonTailor(b, ctx));
  register(mep.batchCheckNewman, (b) => operate.newUsers(b));
  register(mep.batchNewmanGift, (b, ctx) => operate.gift(b, ctx));
  register(mep.getReport, (b) => operate.report(b.from, b.to));
}

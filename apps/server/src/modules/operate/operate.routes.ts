import * as mep from '@gre/contract/endpoints/permission';
import * as uep from '@gre/contract/endpoints/user';
import type { Register } from '../../platform/endpoints.ts';
import { confirmed, type OpCheck } from './op-check.ts';
import type { Operate } from './operate.service.ts';

export function registerOperateRoutes(register: Register, operate: Operate, check: OpCheck): void {
  register(mep.findUser, (b) => operate.find(b.query));
  register(mep.getStaffUser, (b) => operate.get(b.user_id));
  register(
    mep.setHigher,
    confirmed(
      check,
      'set_higher',
      (b) => Number(b.user_id),
      (b, ctx) => operate.setHigher(b, ctx),
    ),
  );
  register(
    mep.setHigh,
    confirmed(
      check,
      'set_high',
      (b) => Number(b.user_id),
      (b, ctx) => operate.setHigh(b, ctx),
    ),
  );
  register(
    mep.assignCustomTailorUse,
    confirmed(
      check,
      'tailor',
      (b) => Number(b.user_id),
      (b, ctx) => operate.assignCustomTailor(b, ctx),
    ),
  );
  register(mep.getCommonTailorUse, () => operate.commonTailor());
  register(mep.assignCommonTailorUse, (b, ctx) => operate.assignCommonTailor(b, ctx));
  register(mep.batchCheckNewman, (b) => operate.newUsers(b));
  register(
    mep.batchNewmanGift,
    confirmed(
      check,
      'newman_gift',
      () => null,
      (b, ctx) => operate.gift(b, ctx),
    ),
  );
  register(uep.sendOpCheckCode, (b, ctx) => check.send(b.action, ctx));
  register(mep.getReport, (b) => operate.report(b.from, b.to));
  // Not confirmed by a check code: a mark changes no money or rights (ADR 0036).
  register(mep.setMark, (b, ctx) => operate.setMark(b, ctx));
}

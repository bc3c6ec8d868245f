import * as dep from '@gre/contract/endpoints/discount';
import * as pep from '@gre/contract/endpoints/pay';
import * as mep from '@gre/contract/endpoints/permission';
import type { Register } from '../../platform/endpoints.ts';
import { confirmed, type OpCheck } from '../operate/op-check.ts';
import type { PayService } from './pay.service.ts';
import type { PayStaff } from './pay.staff.ts';

/** The sensitive staff actions first use up the operator's check code (op-check.ts). */
export function registerPayRoutes(register: Register, pay: PayService, staff: PayStaff, check: OpCheck): void {
  const user = (b: { user_id: string }) => Number(b.user_id);
  register(pep.getPlans, () => pay.plans());
  register(pep.initPay, (b, ctx) => pay.init(b, ctx));
  register(pep.getTrade, (b, ctx) => pay.get(b.id, ctx));
  register(pep.listTrades, (_b, ctx) => pay.list(ctx));
  register(pep.checkPaid, (b, ctx) => pay.checkPaid(b.trade_id, ctx));
  register(pep.sandboxPay, (b, ctx) => pay.sandboxPayOwn(b, ctx));
  register(dep.checkCode, (b, ctx) => pay.checkCode(b.code, ctx));
  register(dep.createCode, (b, ctx) => staff.createCode(b, ctx));
  register(dep.getCodes, (b) => staff.getCodes(b));
  register(dep.markCodeInvalid, (b, ctx) => staff.markCodeInvalid(b, ctx));
  register(mep.getVouchers, () => staff.getVouchers());
  register(mep.addVoucher, (b, ctx) => staff.addVoucher(b, ctx));
  register(mep.updateVoucher, (b, ctx) => staff.updateVoucher(b, ctx));
  register(mep.deleteVoucher, (b, ctx) => staff.deleteVoucher(b, ctx));
  register(mep.redeemVoucher, (b, ctx) => staff.redeem(b, ctx));
  register(
    mep.manualGrantVip,
    confirmed(check, 'grant_vip', user, (b, ctx) => staff.manualGrantVip(b, ctx)),
  );
  register(
    mep.removeVip,
    confirmed(check, 'remove_vip', user, (b, ctx) => staff.removeVip(b, ctx)),
  );
  register(
    mep.manualChangeFlashCoin,
    confirmed(check, 'change_coin', user, (b, ctx) => staff.manualChangeFlashCoin(b, ctx)),
  );
  register(mep.checkCoin, (b, ctx) => staff.checkCoin(b, ctx));
  register(
    mep.refundTrade,
    confirmed(
      check,
      'refund',
      () => null,
      (b, ctx) => staff.refundTrade(b, ctx),
    ),
  );
  register(
    mep.invalidateTrade,
    confirmed(
      check,
      'void',
      () => null,
      (b, ctx) => staff.invalidateTrade(b, ctx),
    ),
  );
}

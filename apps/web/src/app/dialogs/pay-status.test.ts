import { PaymentKind, TradeStatus } from '@gre/contract/enums';
import { describe, expect, it } from 'vitest';
import { pollingStatuses, statusMessage } from './pay-status.ts';

describe('payment dialog statuses (spec section 4)', () => {
  it('says the spec message for each status', () => {
    const vip = (s: number) => statusMessage(s, PaymentKind.VIP).text;
    expect(vip(TradeStatus.PaySuccess)).toBe('已收到支付，处理中请稍候...');
    expect(vip(TradeStatus.PayTimeout)).toMatch(/^订单已超时/);
    expect(vip(TradeStatus.PayCancel)).toBe('已有新的订单, 当前订单已关闭');
    expect(vip(TradeStatus.ApplyFail)).toMatch(/^网络异常.*24 小时内联系客服.*支付成功但开通失败/);
    expect(vip(TradeStatus.ApplySuccess)).toMatch(/开通成功/);
    expect(statusMessage(TradeStatus.ApplySuccess, PaymentKind.FlashCoin).text).toMatch(/闪卡币已到账/);
    for (const other of [TradeStatus.Refund, TradeStatus.ManualInvalid, TradeStatus.PayFail, TradeStatus.InitPayFail])
      expect(vip(other)).toMatch(/^网络异常/);
  });
  it('polls while None, WaitPay or PaySuccess only', () => {
    expect(pollingStatuses.sort()).toEqual([TradeStatus.None, TradeStatus.WaitPay, TradeStatus.PaySuccess].sort());
  });
});

// How an order reads on screen, for the personal page's 我的订单 and the operator console.
import { TradeStatus } from '@gre/contract/enums';

export const tradeStatusLabel: Record<number, string> = {
  [TradeStatus.WaitPay]: '待支付',
  [TradeStatus.PaySuccess]: '已支付，处理中',
  [TradeStatus.ApplySuccess]: '已开通',
  [TradeStatus.ApplyFail]: '开通失败（请联系客服）',
  [TradeStatus.Refund]: '已退款',
  [TradeStatus.ManualInvalid]: '已作废',
  [TradeStatus.PayTimeout]: '已超时',
  [TradeStatus.PayCancel]: '已关闭',
  [TradeStatus.PayFail]: '支付失败',
  [TradeStatus.InitPayFail]: '下单失败',
};

export const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

/** A time in China, to the minute (2026/11/26 20:05). */
export const chinaTime = (iso: string) =>
  new Date(iso).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false }).replace(/:\d\d$/, '');

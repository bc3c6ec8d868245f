// Payments' shapes (spec sections 3, 4, 5, 7; issue 16; docs/decisions/0029-payments.md): plans with
// server prices, orders (trades) with the spec's status set, discount codes, vouchers, and the
// dialog's messages, worded once here for the web and the tests.
import { z } from 'zod';
import { paymentKindSchema, TradeStatus, tradeStatusSchema } from './enums.ts';

export const planSchema = z.object({
  kind: paymentKindSchema,
  /** VipPeriod for VIP / SVIP, FlashPack for coins. */
  param: z.number().int(),
  title: z.string(),
  /** Price in fen (分). */
  price_fen: z.number().int(),
  days: z.number().int(),
  coins: z.number().int(),
});
export type Plan = z.infer<typeof planSchema>;

export const tradeSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  kind: paymentKindSchema,
  param: z.number().int(),
  title: z.string(),
  /** The plan's price; `price_fen` after the discount code. */
  list_fen: z.number().int(),
  price_fen: z.number().int(),
  code: z.string().nullable(),
  status: tradeStatusSchema,
  provider: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  paid_at: z.string().nullable(),
  applied_at: z.string().nullable(),
});
export type Trade = z.infer<typeof tradeSchema>;

export const discountCodeSchema = z.object({
  code: z.string(),
  name: z.string(),
  info: z.string(),
  valid: z.boolean(),
});

/** A discount code as staff see it. */
export const discountCodeAdminSchema = z.object({
  code: z.string(),
  name: z.string(),
  info: z.string(),
  percent_off: z.number().int().nullable(),
  fen_off: z.number().int().nullable(),
  valid_from: z.string(),
  valid_until: z.string(),
  max_uses: z.number().int(),
  used_count: z.number().int(),
  invalid: z.boolean(),
});

export const voucherSchema = z.object({
  code: z.string(),
  kind: paymentKindSchema,
  days: z.number().int(),
  coins: z.number().int(),
  max_uses: z.number().int(),
  used_count: z.number().int(),
  valid_until: z.string(),
  note: z.string(),
});
export type Voucher = z.infer<typeof voucherSchema>;

/** Minutes an unpaid order stays open (the QR is valid) before it times out. */
export const payOrderMinutes = 15;
/** The dialog polls the order this often while it is None / WaitPay / PaySuccess (spec section 9). */
export const payPollMs = 3000;
/** After success: reload (VIP) or close (flash pack) this much later (spec section 9). */
export const paySuccessDelayMs = 1000;
/** Invalid discount codes a user may try per hour before the checks are blocked for an hour (ADR 0029). */
export const discountCodeTries = 5;

/** The dialog's texts (spec sections 4 and 5). */
export const payMessages = {
  waitPay: '请使用微信或支付宝扫码支付',
  paySuccess: '已收到支付，处理中请稍候...',
  applySuccessVip: '开通成功，页面即将刷新',
  applySuccessCoins: '购买成功，闪卡币已到账',
  payTimeout: '订单已超时，请关闭窗口后重试',
  payCancel: '已有新的订单, 当前订单已关闭',
  applyFail: '网络异常，请在 24 小时内联系客服并注明“支付成功但开通失败”',
  other: '网络异常，请关闭窗口后重试',
  checking: '订单确认中，请稍候...',
  retryHint: '如二维码无法加载或支付未完成，请关闭窗口 30 秒后重试',
  codeEmpty: '请输入折扣码',
  codeInvalid: '折扣码不可用',
  codeWarning: '请勿反复尝试无效的折扣码，多次尝试会导致账号被封禁',
  off: '在线支付暂未开放，如需开通请联系客服',
  nonRefundable: 'VIP 与超级 VIP 开通后不可退款、不可转让；闪卡币购买后不可退款',
} as const;

export const payProviderNames = ['sandbox', 'wechat', 'alipay'] as const;
export const payProviderSchema = z.enum(payProviderNames);

/** How an order's status reads (the personal page, the operator console, the staff CSV export). */
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

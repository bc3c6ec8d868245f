// Payments (spec section 7 "Payment", issue 16; ADR 0029): the plans and whether paying is on, a QR
// order, its status (polled by the dialog), "我已完成支付" (the server asks the provider at once), my
// orders, and the sandbox's "pay" for local runs and tests. A user only ever reads their own orders.
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { paymentKindSchema } from '../enums.ts';
import { payProviderSchema, planSchema, tradeSchema } from '../pay.ts';
import { userSchema } from '../user.ts';

const tradeId = z
  .string({ error: '订单号不正确' })
  .trim()
  .min(1, { error: '订单号不正确' })
  .max(40, { error: '订单号不正确' })
  .regex(/^[A-Za-z0-9_-]+$/, { error: '订单号不正确' });

/** A discount code as typed: letters, digits, - and _ (an empty one means none). */
export const discountCodeText = z
  .string({ error: '折扣码不正确' })
  .trim()
  .max(32, { error: '折扣码不可用' })
  .regex(/^[A-Za-z0-9_-]*$/, { error: '折扣码不可用' });

export const getPlans = endpoint({
  path: '/api/pay/get_plans',
  summary: '可购买的套餐与价格（分），以及在线支付是否开放（未开放时的提示）',
  access: 'optional',
  request: z.object({}),
  response: z.object({
    plans: z.array(planSchema),
    /** The active provider; null = payment off (`off_message` says so). */
    provider: payProviderSchema.nullable(),
    off_message: z.string(),
  }),
});

export const initPay = endpoint({
  path: '/api/pay/init',
  summary: '下单：关闭同类未支付订单，生成新订单与支付二维码（价格按套餐与折扣码计算）',
  access: 'user',
  errors: ['forbidden', 'not_found', 'buy_role_exist', 'code_invalid', 'rate_limited', 'busy'],
  rateLimit: { max: 30, timeWindowMs: 60_000 },
  request: z.object({
    user_id: z.string({ error: '用户不正确' }).trim().min(1, { error: '用户不正确' }).max(20, { error: '用户不正确' }),
    kind: paymentKindSchema,
    param: z.number({ error: '请选择套餐' }).int({ error: '请选择套餐' }).min(1, { error: '请选择套餐' }).max(9, {
      error: '请选择套餐',
    }),
    code: discountCodeText.optional(),
    device_id: z.string({ error: '设备号不正确' }).trim().max(64, { error: '设备号不正确' }).optional(),
  }),
  response: z.object({
    trade: tradeSchema,
    /** Price to pay, in fen. */
    price: z.number().int(),
    title: z.string(),
    qrcode_text: z.string(),
    /** The QR code as an SVG data: URL (270 px in the dialog). */
    qrcode_url: z.string(),
    /** Sandbox only: the local page where the payment is confirmed (the QR encodes it). */
    sandbox_url: z.string().nullable(),
  }),
});

export const getTrade = endpoint({
  path: '/api/trade/get',
  summary: '订单状态（支付对话框每 3 秒查询一次）与当前用户',
  access: 'user',
  errors: ['not_found'],
  request: z.object({ id: tradeId }),
  response: z.object({ trade: tradeSchema, user: userSchema }),
});

export const listTrades = endpoint({
  path: '/api/trade/list',
  summary: '我的订单（最近 50 个）',
  access: 'user',
  request: z.object({}),
  response: z.object({ trades: z.array(tradeSchema) }),
});

export const checkPaid = endpoint({
  path: '/api/pay/check_paid',
  summary: '“我已完成支付”：立即向支付渠道查询订单，已支付则开通',
  access: 'user',
  errors: ['not_found', 'busy'],
  rateLimit: { max: 30, timeWindowMs: 60_000 },
  request: z.object({ trade_id: tradeId }),
  response: z.object({ trade: tradeSchema }),
});

export const sandboxPay = endpoint({
  path: '/api/pay/sandbox_pay',
  summary: '沙箱支付（仅本地沙箱渠道开启时）：像沙箱支付页一样支付或拒绝自己的订单',
  access: 'user',
  errors: ['forbidden', 'not_found'],
  request: z.object({ trade_id: tradeId, refuse: z.boolean({ error: '参数不正确' }).default(false) }),
  response: z.object({ trade: tradeSchema }),
});

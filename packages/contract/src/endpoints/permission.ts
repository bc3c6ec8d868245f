// Staff money and membership actions (spec section 7 "Permission"; issue 16; ADR 0029): vouchers,
// manual VIP grants and removals, coin changes and balances, and the two exceptional order actions
// (refund through the provider, void). Every one is audited (staff_audit). A user redeems a voucher.
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { paymentKindSchema, roleKindSchema } from '../enums.ts';
import { tradeSchema, voucherSchema } from '../pay.ts';
import { markQrMax, markTextSchema, opCode } from '../user.ts';
import { uploadIdSchema } from './upload.ts';

const userId = z
  .string({ error: '请填写用户 ID' })
  .trim()
  .regex(/^\d{1,15}$/, { error: '用户 ID 不正确' });
const note = z.string({ error: '请填写原因' }).trim().min(1, { error: '请填写原因' }).max(200, { error: '原因过长' });
const voucherCode = z
  .string({ error: '请填写兑换码' })
  .trim()
  .min(4, { error: '兑换码不正确' })
  .max(32, { error: '兑换码不正确' })
  .regex(/^[A-Za-z0-9_-]+$/, { error: '兑换码不正确' });
const days = z.number({ error: '天数不正确' }).int({ error: '天数不正确' }).min(0).max(3660, { error: '天数不正确' });
const coins = z
  .number({ error: '闪卡币数不正确' })
  .int({ error: '闪卡币数不正确' })
  .min(0)
  .max(100_000, { error: '闪卡币数不正确' });
const tradeId = z
  .string({ error: '订单号不正确' })
  .trim()
  .min(1, { error: '订单号不正确' })
  .max(40, { error: '订单号不正确' })
  .regex(/^[A-Za-z0-9_-]+$/, { error: '订单号不正确' });

const voucherFields = z.object({
  kind: paymentKindSchema,
  days: days.default(0),
  coins: coins.default(0),
  max_uses: z.number({ error: '可用次数不正确' }).int().min(0).max(1_000_000).default(1),
  valid_until: z.iso.datetime({ offset: true, error: '时间格式不正确（ISO 8601）' }),
  note: z.string({ error: '备注不正确' }).trim().max(200, { error: '备注过长' }).default(''),
});
const grants = (v: { kind: number; days: number; coins: number }) => (v.kind === 3 ? v.coins > 0 : v.days > 0);

const authoritySchema = z.object({
  user_id: z.string(),
  role_kind: roleKindSchema,
  expire_at: z.string().nullable(),
  flash_coins: z.number().int(),
});

export const getVouchers = endpoint({
  path: '/api/permission/get_vouchers',
  summary: '运营：兑换码列表',
  access: 'operator',
  request: z.object({}),
  response: z.object({ vouchers: z.array(voucherSchema) }),
});

export const addVoucher = endpoint({
  path: '/api/permission/add_voucher',
  summary: '运营：新建兑换码（兑换 VIP / 超级 VIP 天数或闪卡币，无需付款）',
  access: 'operator',
  errors: ['invalid_param'],
  request: voucherFields
    .extend({ code: voucherCode })
    .refine(grants, { error: 'VIP / 超级 VIP 需填写天数，闪卡币需填写数量' }),
  response: z.object({ voucher: voucherSchema }),
});

export const updateVoucher = endpoint({
  path: '/api/permission/update_voucher',
  summary: '运营：修改兑换码（内容、可兑换人数、有效期、备注；可兑换人数不能少于已兑换人数）',
  access: 'operator',
  errors: ['not_found', 'invalid_param'],
  request: voucherFields
    .extend({ code: voucherCode })
    .refine(grants, { error: 'VIP / 超级 VIP 需填写天数，闪卡币需填写数量' }),
  response: z.object({ voucher: voucherSchema }),
});

export const deleteVoucher = endpoint({
  path: '/api/permission/delete_voucher',
  summary: '运营：删除兑换码（已兑换的不受影响）',
  access: 'operator',
  errors: ['not_found'],
  request: z.object({ code: voucherCode }),
  response: z.object({}),
});

export const redeemVoucher = endpoint({
  path: '/api/voucher/redeem',
  summary: '兑换码兑换：获得会员天数或闪卡币（每个兑换码每人一次）',
  access: 'user',
  errors: ['not_found', 'buy_role_exist', 'rate_limited'],
  rateLimit: { max: 10, timeWindowMs: 60_000 },
  request: z.object({ code: voucherCode }),
  response: z.object({ granted: z.string() }),
});

export const manualGrantVip = endpoint({
  path: '/api/permission/manual_grant_vip',
  summary: '运营：手动开通 VIP / 超级 VIP（天数累加到当前有效期）',
  access: 'operator',
  errors: ['not_found', 'code_invalid', 'rate_limited'],
  request: z.object({
    user_id: userId,
    role_kind: z.union([z.literal(3), z.literal(4)], { error: '只能开通 VIP 或超级 VIP' }),
    days: days.min(1, { error: '天数至少为 1' }),
    note,
    op_code: opCode,
  }),
  response: authoritySchema,
});

export const removeVip = endpoint({
  path: '/api/permission/remove_vip',
  summary: '运营：取消会员（立即变为普通会员）',
  access: 'operator',
  errors: ['not_found', 'code_invalid', 'rate_limited'],
  request: z.object({ user_id: userId, note, op_code: opCode }),
  response: authoritySchema,
});

export const manualChangeFlashCoin = endpoint({
  path: '/api/permission/manual_change_flash_coin',
  summary: '运营：增减闪卡币（余额不能小于 0）',
  access: 'operator',
  errors: ['not_found', 'invalid_param', 'code_invalid', 'rate_limited'],
  request: z.object({
    user_id: userId,
    delta: z
      .number({ error: '变动数量不正确' })
      .int({ error: '变动数量不正确' })
      .min(-100_000, { error: '变动数量不正确' })
      .max(100_000, { error: '变动数量不正确' })
      .refine((d) => d !== 0, { error: '变动数量不能为 0' }),
    note,
    op_code: opCode,
  }),
  response: authoritySchema,
});

export const checkCoin = endpoint({
  path: '/api/permission/check_coin',
  summary: '运营：查询用户的闪卡币余额与最近的变动',
  access: 'operator',
  errors: ['not_found'],
  request: z.object({ user_id: userId }),
  response: z.object({
    flash_coins: z.number().int(),
    ledger: z.array(
      z.object({ delta: z.number().int(), balance: z.number().int(), reason: z.string(), at: z.string() }),
    ),
  }),
});

export const refundTrade = endpoint({
  path: '/api/permission/refund_trade',
  summary: '管理员：例外退款（如重复支付），经支付渠道原路退回；订单变为已退款',
  access: 'admin',
  errors: ['not_found', 'invalid_param', 'busy', 'code_invalid', 'rate_limited'],
  request: z.object({
    trade_id: tradeId,
    /** Default: the whole price. */
    refund_fen: z.number({ error: '退款金额不正确' }).int().min(1, { error: '退款金额不正确' }).optional(),
    note,
    op_code: opCode,
  }),
  response: z.object({ trade: tradeSchema }),
});

export const invalidateTrade = endpoint({
  path: '/api/permission/invalidate_trade',
  summary: '管理员：作废订单（未支付的同时在渠道关闭）',
  access: 'admin',
  errors: ['not_found', 'invalid_param', 'code_invalid', 'rate_limited'],
  request: z.object({ trade_id: tradeId, note, op_code: opCode }),
  response: z.object({ trade: tradeSchema }),
});

// The operator console (/operate; issue 17): find a user, read what staff need about them, open the
// advanced bank. Every change is audited like the money actions above.

/** What the operator console shows of a user. */
export const staffUserSchema = z.object({
  user_id: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  role_kind: roleKindSchema,
  expire_at: z.string().nullable(),
  flash_coins: z.number().int(),
  is_freeze: z.boolean(),
  freeze_reason: z.string(),
  show_higher_collect: z.boolean(),
  /** The crown (set_high, ADR 0034): 精华 sets and questions whatever the role (SVIP has them anyway). */
  has_crown: z.boolean(),
  /** Custom exams (自选组卷) granted to this user beyond the role quota (assign_custom_tailor_use). */
  tailor_extra: z.number().int(),
  /** Of the extra ones (this user's and the common default), how many were used. */
  tailor_extra_used: z.number().int(),
  /** The practice page shows the user's own custom exams (我的组卷). */
  show_tailor_shelf: z.boolean(),
  is_staff: z.boolean(),
  created_at: z.string(),
  /** The user's mark (set_mark): the text and the QR images (id and address) the user sees on /personal. */
  mark: z.object({
    text: z.string(),
    qrs: z.array(z.object({ id: z.string(), url: z.string() })),
  }),
});
export type StaffUser = z.infer<typeof staffUserSchema>;

export const findUser = endpoint({
  path: '/api/permission/find_user',
  summary: '运营：按用户 ID、手机号、邮箱或昵称（前缀）查找用户，最多 20 个',
  access: 'operator',
  errors: [],
  request: z.object({
    query: z
      .string({ error: '请输入用户 ID、手机号、邮箱或昵称' })
      .trim()
      .min(1, { error: '请输入用户 ID、手机号、邮箱或昵称' })
      .max(100, { error: '查找内容过长' }),
  }),
  response: z.object({ users: z.array(staffUserSchema) }),
});

export const getStaffUser = endpoint({
  path: '/api/permission/get_user',
  summary: '运营：一个用户的资料、最近 20 个订单与最近 20 条操作记录',
  access: 'operator',
  errors: ['not_found'],
  request: z.object({ user_id: userId }),
  response: z.object({
    user: staffUserSchema,
    trades: z.array(tradeSchema),
    audit: z.array(
      z.object({
        action: z.string(),
        staff_name: z.string(),
        subject: z.string(),
        /** What changed, in words (VIP 会员（至 2026-12-27）, 闪卡币 0 → 5, 开通). */
        change: z.string(),
        at: z.string(),
      }),
    ),
  }),
});

export const setHigher = endpoint({
  path: '/api/permission/set_higher',
  summary: '运营：为用户开通或关闭高阶题库（及其收藏）',
  access: 'operator',
  errors: ['not_found', 'code_invalid', 'rate_limited'],
  request: z.object({ user_id: userId, on: z.boolean({ error: '请选择开通或关闭' }), note, op_code: opCode }),
  response: z.object({ user: staffUserSchema }),
});

export const setHigh = endpoint({
  path: '/api/permission/set_high',
  summary: '运营：授予或收回用户的皇冠（任何角色都可打开精华题与精华套题，不放宽每日额度）',
  access: 'operator',
  errors: ['not_found', 'code_invalid', 'rate_limited'],
  request: z.object({ user_id: userId, on: z.boolean({ error: '请选择授予或收回' }), note, op_code: opCode }),
  response: z.object({ user: staffUserSchema }),
});

/** Extra custom exams (自选组卷) beyond the role quota: for one user or the common default. */
const tailorExtra = z
  .number({ error: '请填写额外组卷次数' })
  .int({ error: '额外组卷次数须为整数' })
  .min(0, { error: '额外组卷次数不能小于 0' })
  .max(10_000, { error: '额外组卷次数最多 10000' });

export const assignCustomTailorUse = endpoint({
  path: '/api/permission/assign_custom_tailor_use',
  summary: '运营：设定一个用户在角色额度之外可额外自选组卷的次数（累计，用完为止），并可打开“我的组卷”书架',
  access: 'operator',
  errors: ['not_found', 'code_invalid', 'rate_limited'],
  request: z.object({
    user_id: userId,
    /** The user's granted extra custom exams in all (replaces the earlier number; used ones stay used). */
    extra: tailorExtra,
    /** Show the 我的组卷 shelf on the practice page; assigning extra exams (> 0) turns it on by default. */
    show_shelf: z.boolean({ error: '请选择是否显示我的组卷' }).optional(),
    note,
    op_code: opCode,
  }),
  response: z.object({ user: staffUserSchema }),
});

export const getCommonTailorUse = endpoint({
  path: '/api/permission/get_common_tailor_use',
  summary: '管理员：每个用户在角色额度之外都可额外自选组卷的次数（公共默认）',
  access: 'admin',
  errors: [],
  request: z.object({}),
  response: z.object({ extra: z.number().int() }),
});

export const assignCommonTailorUse = endpoint({
  path: '/api/permission/assign_common_tailor_use',
  summary: '管理员：设定每个用户在角色额度之外都可额外自选组卷的次数（公共默认，累计）',
  access: 'admin',
  errors: [],
  request: z.object({ extra: tailorExtra, note }),
  response: z.object({ extra: z.number().int() }),
});

// New-user gifts (spec "Permission": batch_check_newman, batch_newman_gift): the users who signed up in
// a period (staff excluded), and a gift of membership days or coins to each of them, once per gift.
type Period = { from: string; to: string };

const periodFields = z.object({
  from: z.iso.datetime({ offset: true, error: '开始时间格式不正确（ISO 8601）' }),
  to: z.iso.datetime({ offset: true, error: '结束时间格式不正确（ISO 8601）' }),
});

/** `schema` refusing a sign-up period that ends before it starts or is longer than 92 days. */
const withinNewmanPeriod = <T extends z.ZodType<Period>>(schema: T): T =>
  schema
    .refine((p) => Date.parse(p.from) < Date.parse(p.to), { error: '结束时间须晚于开始时间' })
    .refine((p) => Date.parse(p.to) - Date.parse(p.from) <= 92 * 86_400_000, { error: '一次最多查询 92 天' });

export const batchCheckNewman = endpoint({
  path: '/api/permission/batch_check_newman',
  summary: '运营：某段时间内注册的新用户（不含工作人员）：人数与最早的 20 个',
  access: 'operator',
  errors: [],
  request: withinNewmanPeriod(periodFields),
  response: z.object({ count: z.number().int(), users: z.array(staffUserSchema) }),
});

export const batchNewmanGift = endpoint({
  path: '/api/permission/batch_newman_gift',
  summary: '运营：给某段时间内注册的新用户每人赠送会员天数或闪卡币；同一份赠送重复提交不会重复发放',
  access: 'operator',
  errors: ['code_invalid', 'rate_limited'],
  request: withinNewmanPeriod(
    periodFields.extend({
      kind: paymentKindSchema,
      days: days.default(0),
      coins: coins.default(0),
      note,
      op_code: opCode,
    }),
  ).refine(grants, { error: '请填写赠送的天数或闪卡币数' }),
  response: z.object({
    /** Users given the gift by this call. */
    gifted: z.number().int(),
    /** Users of the period who had this gift already (an earlier run of the same batch). */
    skipped: z.number().int(),
  }),
});

// The operations report (spec "Permission": get_report; issue 17, ADR 0031): per China day of a period
// of at most 366 days, and for the whole period.
const reportCounts = z.object({
  /** Sign-ups (staff excluded). */
  signups: z.number().int(),
  /** Users with any practice, words or sign-in that day (daily_activity). */
  active: z.number().int(),
  /** Users whose first paid order was applied that day (trial or member turned buyer). */
  first_purchases: z.number().int(),
  /** Paid orders applied that day (refunded ones included) and their revenue in fen. */
  orders: z.number().int(),
  revenue_fen: z.number().int(),
  /** Mocks started that day (full, verbal, quant, section mocks). */
  mocks: z.number().int(),
  /** Issue essays the machine finished grading, and essays a teacher graded, that day. */
  essays_graded: z.number().int(),
  teacher_graded: z.number().int(),
});

/** A range of China days (YYYY-MM-DD, both included): the report's and the staff export's. */
export const chinaDayRangeFields = {
  from: z.iso.date({ error: '开始日期格式不正确（YYYY-MM-DD）' }),
  to: z.iso.date({ error: '结束日期格式不正确（YYYY-MM-DD）' }),
};

/** `schema` refusing a day range that ends before it starts or is longer than 366 days. */
export const withinChinaYear = <T extends z.ZodType<{ from: string; to: string }>>(schema: T): T =>
  schema
    .refine((p) => p.from <= p.to, { error: '结束日期不能早于开始日期' })
    .refine((p) => Date.parse(p.to) - Date.parse(p.from) <= 365 * 86_400_000, { error: '一次最多 366 天' });

export const getReport = endpoint({
  path: '/api/permission/get_report',
  summary: '运营：运营报表（按北京时间逐日与合计：注册、活跃、首次付费、订单与收入（按套餐）、模考、作文批改）',
  access: 'operator',
  errors: [],
  request: withinChinaYear(z.object(chinaDayRangeFields)),
  response: z.object({
    days: z.array(reportCounts.extend({ day: z.string() })),
    totals: reportCounts,
    /** Periods over 31 days estimate the distinct active users (about ±2%); shorter ones count them. */
    active_estimated: z.boolean(),
    plans: z.array(
      z.object({
        kind: paymentKindSchema,
        param: z.number().int(),
        title: z.string(),
        orders: z.number().int(),
        revenue_fen: z.number().int(),
      }),
    ),
  }),
});

// The user's mark (spec section 3 `mark`; ADR 0036): operators set a text and up to markQrMax QR
// images (uploaded first through /api/upload/image) that the user sees on their personal page.
export const setMark = endpoint({
  path: '/api/user/set_mark',
  summary: `运营：设置用户的标记（文字与最多 ${markQrMax} 张二维码图片，用户在个人中心看到）`,
  access: 'operator',
  errors: ['not_found', 'invalid_param'],
  request: z.object({
    user_id: userId,
    text: markTextSchema,
    qr_ids: z
      .array(uploadIdSchema, { error: '二维码图片不正确' })
      .max(markQrMax, { error: `二维码图片最多 ${markQrMax} 张` })
      .refine((ids) => new Set(ids).size === ids.length, { error: '二维码图片重复' })
      .default([]),
  }),
  response: z.object({ user: staffUserSchema }),
});

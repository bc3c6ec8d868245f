// Discount codes (spec sections 5 and 7 "Code"; issue 16; ADR 0029): a user checks one before paying;
// staff create, list and void them. Repeated invalid tries block the checks for an hour (logged).
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { discountCodeAdminSchema, discountCodeSchema } from '../pay.ts';
import { discountCodeText } from './pay.ts';

const isoTime = z.iso.datetime({ offset: true, error: '时间格式不正确（ISO 8601）' });

export const checkCode = endpoint({
  path: '/api/code/check',
  summary: '检查折扣码：名称、说明、是否可用（多次无效尝试会被暂时封禁）',
  access: 'user',
  errors: ['rate_limited'],
  request: z.object({ code: discountCodeText }),
  response: z.object({ code: discountCodeSchema }),
});

export const createCode = endpoint({
  path: '/api/code/create',
  summary: '运营：创建折扣码（按百分比或按金额优惠，有效期，可用次数）',
  access: 'operator',
  errors: ['invalid_param'],
  request: z
    .object({
      code: z
        .string({ error: '请填写折扣码' })
        .trim()
        .min(4, { error: '折扣码至少 4 位' })
        .max(32, { error: '折扣码最多 32 位' })
        .regex(/^[A-Za-z0-9_-]+$/, { error: '折扣码只能含字母、数字、- 和 _' }),
      name: z.string({ error: '请填写名称' }).trim().min(1, { error: '请填写名称' }).max(40, { error: '名称过长' }),
      info: z.string({ error: '说明不正确' }).trim().max(200, { error: '说明过长' }).default(''),
      percent_off: z
        .number({ error: '折扣比例不正确' })
        .int({ error: '折扣比例不正确' })
        .min(1, { error: '折扣比例为 1–99' })
        .max(99, { error: '折扣比例为 1–99' })
        .optional(),
      fen_off: z
        .number({ error: '优惠金额不正确' })
        .int({ error: '优惠金额不正确' })
        .min(1, { error: '优惠金额至少 1 分' })
        .max(1_000_000, { error: '优惠金额过大' })
        .optional(),
      valid_from: isoTime.optional(),
      valid_until: isoTime,
      max_uses: z
        .number({ error: '可用次数不正确' })
        .int({ error: '可用次数不正确' })
        .min(0, { error: '可用次数不正确' })
        .max(1_000_000, { error: '可用次数不正确' })
        .default(0),
    })
    .refine((b) => (b.percent_off === undefined) !== (b.fen_off === undefined), {
      error: '按百分比或按金额优惠，二选一',
    }),
  response: z.object({ code: discountCodeAdminSchema }),
});

export const getCodes = endpoint({
  path: '/api/code/get',
  summary: '运营：折扣码列表（或指定的一个）',
  access: 'operator',
  request: z.object({ code: discountCodeText.optional() }),
  response: z.object({ codes: z.array(discountCodeAdminSchema) }),
});

export const markCodeInvalid = endpoint({
  path: '/api/code/mark_invalid',
  summary: '运营：作废折扣码（已付款的订单不受影响）',
  access: 'operator',
  errors: ['not_found'],
  request: z.object({ code: discountCodeText.refine((c) => c !== '', { error: '请填写折扣码' }) }),
  response: z.object({ code: discountCodeAdminSchema }),
});

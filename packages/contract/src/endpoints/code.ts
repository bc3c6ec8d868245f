// One-time codes: spec section 7, "Codes".
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { codePurposeSchema, emailSchema, phoneSchema } from '../user.ts';

const sentSchema = z.object({ sent_to: z.string(), resend_after_seconds: z.number().int() });

export const sendEmailCode = endpoint({
  path: '/api/email/send_code',
  summary: '向邮箱发送 6 位验证码（10 分钟内有效，一次性）',
  access: 'anonymous',
  errors: ['account_exists', 'account_not_found'],
  backdrop: true,
  request: z.object({ email: emailSchema, purpose: codePurposeSchema }),
  response: sentSchema,
});

export const sendSmsCode = endpoint({
  path: '/api/sms/send_code',
  summary: '向手机发送 6 位验证码（10 分钟内有效，一次性）',
  access: 'anonymous',
  errors: ['account_exists', 'account_not_found'],
  backdrop: true,
  request: z.object({ phone: phoneSchema, purpose: codePurposeSchema }),
  response: sentSchema,
});

// Accounts: spec section 7, "User".
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import {
  accountSchema,
  codeSchema,
  nameSchema,
  opActionSchema,
  opCode,
  passwordSchema,
  plainText,
  profileSchema,
  sessionSchema,
  signatureSchema,
  todayAimSchema,
  userInfoSchema,
  userSchema,
} from '../user.ts';

const empty = z.object({}).strict();
const userIdSchema = z.string({ error: '请提供用户 ID' }).regex(/^\d{1,18}$/, { error: '用户 ID 不正确' });

export const register = endpoint({
  path: '/api/user/register',
  summary: '注册（手机号或邮箱 + 验证码 + 密码），新账号为试用用户',
  access: 'anonymous',
  errors: ['code_invalid', 'account_exists', 'busy'],
  backdrop: true,
  request: z.object({
    account: accountSchema,
    code: codeSchema,
    password: passwordSchema,
    name: nameSchema.optional(),
  }),
  response: sessionSchema,
  rateLimit: { max: 10, timeWindowMs: 60_000 },
});

export const login = endpoint({
  path: '/api/user/login',
  summary: '登录：账号 + 密码，或账号 + 验证码',
  access: 'anonymous',
  errors: ['login_failed', 'account_not_found', 'code_invalid', 'busy', 'server_upgrading'],
  backdrop: true,
  maintenanceExempt: true,
  request: z
    .object({ account: accountSchema, password: z.string().max(64).optional(), code: codeSchema.optional() })
    .refine((v) => (v.password === undefined) !== (v.code === undefined), { error: '请填写密码或验证码（二选一）' }),
  response: sessionSchema,
  // Per address (shared through Redis when set); per account and per (account, address) pair the
  // server counts failures (ADR 0006).
  rateLimit: { max: 30, timeWindowMs: 60_000 },
});

export const resumeLogin = endpoint({
  path: '/api/user/resume_login',
  summary: '用仍有效的登录凭证换一个新的（延长登录）',
  access: 'user',
  frozenAllowed: true,
  request: empty,
  response: sessionSchema,
});

export const logout = endpoint({
  path: '/api/user/logout',
  summary: '退出登录，当前凭证作废',
  access: 'user',
  frozenAllowed: true,
  maintenanceExempt: true,
  request: empty,
  response: z.object({}),
});

export const resetPassword = endpoint({
  path: '/api/user/reset_password',
  summary: '用验证码重设密码；所有已登录设备下线',
  access: 'anonymous',
  errors: ['code_invalid', 'account_not_found', 'busy'],
  backdrop: true,
  request: z.object({ account: accountSchema, code: codeSchema, password: passwordSchema }),
  response: z.object({}),
  rateLimit: { max: 10, timeWindowMs: 60_000 },
});

export const getUser = endpoint({
  path: '/api/user/get',
  summary: '当前用户的完整信息',
  access: 'user',
  errors: ['not_found'],
  frozenAllowed: true,
  request: empty,
  response: userSchema,
});

export const getInfo = endpoint({
  path: '/api/user/get_info',
  summary: '某个用户的公开信息',
  access: 'user',
  errors: ['not_found'],
  request: z.object({ user_id: userIdSchema }),
  response: userInfoSchema,
});

export const getInfos = endpoint({
  path: '/api/user/get_infos',
  summary: '批量获取用户公开信息（最多 100 个）',
  access: 'user',
  errors: ['not_found'],
  request: z.object({
    user_ids: z.array(userIdSchema).min(1, { error: '请提供用户 ID' }).max(100, { error: '一次最多 100 个用户' }),
  }),
  response: z.object({ infos: z.array(userInfoSchema) }),
});

export const getProfile = endpoint({
  path: '/api/user/get_profile',
  summary: '当前用户的个人资料',
  access: 'user',
  errors: ['not_found'],
  frozenAllowed: true,
  request: empty,
  response: profileSchema,
});

export const updateSignature = endpoint({
  path: '/api/user/update_signature',
  summary: '修改个性签名',
  access: 'user',
  request: z.object({ signature: signatureSchema }),
  response: z.object({ signature: z.string() }),
});

export const updateTodayAim = endpoint({
  path: '/api/user/update_today_aim',
  summary: '设置每日目标（题数、单词数、分钟数）',
  access: 'user',
  request: z.object({
    aim_question: z.number({ error: '请填写每日题数' }).int().min(0).max(500, { error: '每日题数最多 500' }),
    aim_word: z.number({ error: '请填写每日单词数' }).int().min(0).max(1000, { error: '每日单词数最多 1000' }),
    aim_time_mins: z
      .number({ error: '请填写每日学习分钟数' })
      .int()
      .min(0)
      .max(1440, { error: '每日学习时间最多 1440 分钟' }),
  }),
  response: todayAimSchema,
});

export const freeze = endpoint({
  path: '/api/user/freeze',
  summary: '管理员冻结或解冻用户；冻结时该用户所有设备下线',
  access: 'admin',
  errors: ['not_found', 'code_invalid', 'rate_limited'],
  request: z.object({
    user_id: userIdSchema,
    freeze: z.boolean({ error: '请指定冻结或解冻' }),
    reason: plainText(200, '原因').default(''),
    op_code: opCode,
  }),
  response: z.object({ user_id: z.string(), is_freeze: z.boolean() }),
});

export const sendOpCheckCode = endpoint({
  path: '/api/user/send_op_check_code',
  summary: '工作人员：向本人绑定的手机（无手机时为邮箱）发送操作验证码（6 位，10 分钟内有效，只能用于一次所选的操作）',
  access: 'operator',
  errors: ['rate_limited', 'invalid_param'],
  request: z.object({ action: opActionSchema }),
  response: z.object({
    /** The masked phone or e-mail the code went to (138****0000). */
    sent_to: z.string(),
    resend_after_seconds: z.number().int(),
    expires_in_seconds: z.number().int(),
  }),
});

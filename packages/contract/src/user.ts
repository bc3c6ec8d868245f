// The User of spec section 3 and the account inputs, with their validation rules.
import { z } from 'zod';
import { roleKindSchema } from './enums.ts';

/** Mainland China mobile numbers, with or without +86. */
export const phonePattern = /^(?:\+?86)?1[3-9]\d{9}$/;
export const phoneSchema = z
  .string({ error: '请输入手机号' })
  .trim()
  .regex(phonePattern, { error: '手机号格式不正确' })
  .transform((v) => v.replace(/^\+?86/, ''));

/** Unicode addresses (用户@例子.中国) are valid; stored lower-cased. */
export const emailSchema = z
  .string({ error: '请输入邮箱' })
  .trim()
  .max(254, { error: '邮箱过长' })
  .pipe(z.email({ pattern: z.regexes.unicodeEmail, error: '邮箱格式不正确' }))
  .transform((v) => v.toLowerCase());

/** An account is a phone number or an email address. */
export const accountSchema = z
  .string({ error: '请输入手机号或邮箱' })
  .trim()
  .min(1, { error: '请输入手机号或邮箱' })
  .max(254, { error: '账号过长' })
  .refine((v) => phonePattern.test(v) || z.email({ pattern: z.regexes.unicodeEmail }).safeParse(v).success, {
    error: '请输入正确的手机号或邮箱',
  });

/**
 * The rule for a new password, as the web shows it under every new-password field (ADR 0006). The
 * schema below checks what needs no dictionary; the server adds the strength check (zxcvbn), whose
 * Chinese hint comes back as an `invalid_param` refusal with `weakPasswordDetail` as its detail.
 * Logging in with a password set under older rules still works: the login schema only bounds length.
 */
export const passwordRule = '8–64 位，需同时包含字母和数字，首尾不能有空格，且不能是容易被猜到的常见密码';
export const weakPasswordDetail = 'weak_password';

export const passwordSchema = z
  .string({ error: '请输入密码' })
  .min(8, { error: '密码至少 8 位' })
  .max(64, { error: '密码最多 64 位' })
  .refine((v) => v.trim() !== '', { error: '密码不能只有空格', abort: true })
  .refine((v) => v.trim() === v, { error: '密码首尾不能有空格', abort: true })
  .refine((v) => /[A-Za-z]/.test(v) && /\d/.test(v), { error: '密码需同时包含字母和数字' });

export const codeSchema = z.string({ error: '请输入验证码' }).regex(/^\d{6}$/, { error: '验证码为 6 位数字' });

/**
 * The operator check code (spec "User": send_op_check_code; issue 17, ADR 0031): the sensitive staff
 * actions it confirms, each code bound to one of them, and the code field of their bodies.
 */
export const opActions = [
  'grant_vip',
  'remove_vip',
  'change_coin',
  'newman_gift',
  'set_higher',
  'set_high',
  'tailor',
  'freeze',
  'refund',
  'void',
] as const;
export type OpAction = (typeof opActions)[number];
export const opActionSchema = z.enum(opActions, { error: '操作类型不正确' });
/** What each confirmed action is called in the message and on the page. */
export const opActionText: Record<OpAction, string> = {
  grant_vip: '开通会员',
  remove_vip: '取消会员',
  change_coin: '增减闪卡币',
  newman_gift: '新人礼包',
  set_higher: '高阶题库',
  set_high: '授予或收回皇冠',
  tailor: '额外自选组卷',
  freeze: '冻结或解冻账号',
  refund: '订单退款',
  void: '作废订单',
};
export const opCode = z
  .string({ error: '请输入操作验证码' })
  .trim()
  .regex(/^\d{6}$/, { error: '操作验证码为 6 位数字' });

export const codePurposeSchema = z.enum(['register', 'login', 'reset'], { error: '验证码用途不正确' });
export type CodePurpose = z.infer<typeof codePurposeSchema>;

/** Control characters and bidi overrides have no place in names or notes (and NUL breaks Postgres). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const unsafeChars = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/;
export const plainText = (max: number, label: string) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .max(max, { error: `${label}最多 ${max} 个字` })
    .refine((v) => !unsafeChars.test(v), { error: `${label}包含不允许的字符` });

export const nameSchema = z
  .string({ error: '请输入昵称' })
  .trim()
  .min(1, { error: '请输入昵称' })
  .max(20, { error: '昵称最多 20 个字' })
  .refine((v) => !unsafeChars.test(v), { error: '昵称包含不允许的字符' });

export const signatureSchema = plainText(100, '签名');

/**
 * The user's mark (spec section 3 `mark`; ADR 0036): a text and a few QR images that operators set
 * (set_mark) for the user to see on their personal page, e.g. the study group or the teacher's contact.
 */
export const markTextMax = 500;
export const markQrMax = 4;
export const markTextSchema = plainText(markTextMax, '标记文字');

export const todayAimSchema = z.object({
  aim_question: z.number().int(),
  aim_word: z.number().int(),
  aim_time_mins: z.number().int(),
  used_question: z.number().int(),
  used_word: z.number().int(),
  used_time_mins: z.number().int(),
});
export type TodayAim = z.infer<typeof todayAimSchema>;

export const roleRecordSchema = z.object({
  role_kind: roleKindSchema,
  role_name: z.string(),
  start_date: z.string(),
  expire_date: z.string().nullable(),
  note: z.string(),
});

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  signature: z.string(),
  is_admin: z.boolean(),
  accessibility: z.object({
    has_crown: z.boolean(),
    show_tailor_shelf: z.boolean(),
    show_higher_collect: z.boolean(),
    can_visit_material: z.boolean(),
  }),
  data: z.object({
    remove_corrects: z.boolean(),
    has_archived_six_two_word: z.boolean(),
    has_archived_pick: z.boolean(),
    today_aim: todayAimSchema,
  }),
  /** Set by operators (set_mark); `qrs` are image addresses (/media/images/<id>), for this user only. */
  mark: z.object({
    user_index: z.number().int(),
    user_id: z.string(),
    text: z.string(),
    qrs: z.array(z.string()),
  }),
  authority: z.object({
    role_name: z.string(),
    role_kind: roleKindSchema,
    /** ISO date (China time) the paid role ends; null for roles that do not expire. */
    expire_date: z.string().nullable(),
    flash_coins: z.number().int(),
    is_freeze: z.boolean(),
    is_operator: z.boolean(),
    is_teacher: z.boolean(),
    records: z.array(roleRecordSchema),
  }),
});
export type User = z.infer<typeof userSchema>;

export const userInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  signature: z.string(),
  user_index: z.number().int(),
  role_kind: roleKindSchema,
  role_name: z.string(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const profileSchema = z.object({
  id: z.string(),
  user_index: z.number().int(),
  name: z.string(),
  signature: z.string(),
  /** Masked: 138****0000 / a***@example.com */
  phone: z.string().nullable(),
  email: z.string().nullable(),
  created_at: z.string(),
  role_kind: roleKindSchema,
  role_name: z.string(),
  expire_date: z.string().nullable(),
  flash_coins: z.number().int(),
});
export type Profile = z.infer<typeof profileSchema>;

export const sessionSchema = z.object({ token: z.string(), user: userSchema });

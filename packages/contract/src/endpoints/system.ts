// Site-wide switches run by staff.
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { paymentKindSchema } from '../enums.ts';
import { planSchema } from '../pay.ts';
import { roleRightsSchema } from '../rights.ts';
import { plainText } from '../user.ts';

export const maintenanceSchema = z.object({ on: z.boolean(), message: z.string() });

export const setMaintenance = endpoint({
  path: '/api/system/set_maintenance',
  summary: '管理员开关维护模式（维护时只有员工可以使用）',
  access: 'admin',
  maintenanceExempt: true,
  request: z.object({
    on: z.boolean({ error: '请指定开启或关闭' }),
    message: plainText(200, '说明').default(''),
  }),
  response: maintenanceSchema,
});

export const getStatus = endpoint({
  path: '/api/system/status',
  summary: '服务状态：版本要求与维护状态（调试页使用）',
  access: 'anonymous',
  maintenanceExempt: true,
  request: z.object({}).strict(),
  response: z.object({
    server_version: z.string(),
    min_api_version: z.string(),
    maintenance: maintenanceSchema,
    server_time: z.string(),
  }),
});

export const getRights = endpoint({
  path: '/api/system/get_rights',
  summary: '各角色的权益：可见题目与每日/试用额度（服务器执行的同一份数据；权益表、会员弹窗据此显示）',
  access: 'anonymous',
  maintenanceExempt: true,
  request: z.object({}).strict(),
  response: z.object({ roles: z.array(roleRightsSchema) }),
});

// The rest of /web_manage (issue 17, ADR 0031): the minimum web version, each role's rights and
// quotas, the plans and their prices, and the staff flags. Admins only; every change is audited and
// reaches every app process at once (the invalidation bus).

/** vX.Y.Z, as the web sends it in X-Api-Version. */
export const apiVersionSchema = z
  .string({ error: '请填写版本号' })
  .trim()
  .regex(/^v\d{1,4}\.\d{1,4}\.\d{1,4}$/, { error: '版本号格式应为 vX.Y.Z，例如 v1.2.0' });

export const setMinVersion = endpoint({
  path: '/api/system/set_min_version',
  summary: '管理员：设置最低网页版本（低于它的网页须刷新）；留空恢复部署时的默认值',
  access: 'admin',
  maintenanceExempt: true,
  errors: ['invalid_param'],
  request: z.object({
    version: z.union([z.literal(''), apiVersionSchema], { error: '版本号格式应为 vX.Y.Z，例如 v1.2.0' }),
  }),
  response: z.object({
    min_api_version: z.string(),
    /** The deployment's default (MIN_API_VERSION), in force while no admin setting exists. */
    default_min_api_version: z.string(),
  }),
});

const quotaCount = (label: string) =>
  z
    .number({ error: `${label}须为整数` })
    .int({ error: `${label}须为整数` })
    .min(-1, { error: `${label}须为 -1（不限）或不小于 0 的整数` })
    .max(1_000_000, { error: `${label}最大为 1000000` });

/** The quotas an admin sets for a role; -1 = unlimited. */
export const editableQuotaSchema = z
  .object({
    questions_per_day: quotaCount('每日做题数'),
    questions_total: quotaCount('做题总数'),
    mocks_per_day: quotaCount('每日模考次数'),
    mocks_total: quotaCount('模考总次数'),
    full_mocks: z.boolean({ error: '请选择是否可做全套模考' }),
    essays_per_day: quotaCount('每日作文批改篇数'),
    essays_total: quotaCount('作文批改总篇数'),
    collects_total: quotaCount('收藏题数上限'),
    notes_total: quotaCount('笔记题数上限'),
    flash_new_per_day: quotaCount('每日闪卡新词数'),
    tailors_per_day: quotaCount('每日自选组卷次数'),
    tailors_total: quotaCount('自选组卷总次数'),
    /** Absent = unchanged (callers older than the lessons right). */
    lessons: z.boolean({ error: '请选择是否可看全部课程' }).optional(),
    /** Absent = unchanged (callers older than the materials right). */
    materials: z.boolean({ error: '请选择是否可下载资料' }).optional(),
  })
  .strict();

/** The visibilities a role may be given: hidden and forbid stay staff-only (ADR 0011). */
export const grantableVisibilities = ['public', 'free', 'locked', 'lock', 'prevent', 'pick', 'best'] as const;

export const setRoleRights = endpoint({
  path: '/api/system/set_role_rights',
  summary: '管理员：修改一个角色（试用、普通会员、VIP、超级 VIP）可见的题目与额度',
  access: 'admin',
  errors: [],
  request: z.object({
    role_kind: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], {
      error: '只能修改试用用户、普通会员与付费会员的权益',
    }),
    visibilities: z
      .array(z.enum(grantableVisibilities, { error: '未知的题目可见性（隐藏与禁用题目只对工作人员可见）' }), {
        error: '请选择可见的题目',
      })
      .max(grantableVisibilities.length * 2, { error: '可见的题目重复过多' })
      .transform((v) => [...new Set(v)]),
    quota: editableQuotaSchema,
  }),
  response: z.object({ role: roleRightsSchema }),
});

export const managedPlanSchema = planSchema.extend({ active: z.boolean() });
export type ManagedPlan = z.infer<typeof managedPlanSchema>;

/** A price in yuan with at most two decimals, as typed: '68', '68.5', '68.00'. */
export const yuanSchema = z
  .string({ error: '请填写价格' })
  .trim()
  .regex(/^\d{1,6}(\.\d{1,2})?$/, { error: '价格应为元，最多两位小数，例如 68.00' })
  .refine((v) => Number(v) > 0, { error: '价格须大于 0' });

/** '68.50' → 6850 fen (string arithmetic: no floating-point rounding). */
export function yuanToFen(yuan: string): number {
  const [whole = '0', frac = ''] = yuan.trim().split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/** 6850 → '68.50'. */
export function fenToYuan(fen: number): string {
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

export const setPlan = endpoint({
  path: '/api/system/set_plan',
  summary: '管理员：修改套餐的名称、价格（元）与是否在售；已下的订单保持下单时的价格',
  access: 'admin',
  errors: ['not_found'],
  request: z.object({
    kind: paymentKindSchema,
    param: z.number({ error: '套餐不存在' }).int({ error: '套餐不存在' }).min(0).max(100),
    title: plainText(40, '套餐名称').refine((v) => v.length > 0, { error: '请输入套餐名称' }),
    price: yuanSchema,
    active: z.boolean({ error: '请选择是否在售' }),
  }),
  response: z.object({ plan: managedPlanSchema }),
});

export const staffFlagsSchema = z.object({
  user_id: z.string(),
  name: z.string(),
  is_admin: z.boolean(),
  is_operator: z.boolean(),
  is_teacher: z.boolean(),
});
export type StaffFlags = z.infer<typeof staffFlagsSchema>;

export const setStaff = endpoint({
  path: '/api/permission/set_staff',
  summary: '管理员：设置用户的管理员、运营、老师标记（立即生效；不能取消自己的管理员权限）',
  access: 'admin',
  errors: ['not_found', 'invalid_param'],
  request: z.object({
    user_id: z
      .string({ error: '请填写用户 ID' })
      .trim()
      .regex(/^\d{1,15}$/, { error: '用户 ID 不正确' }),
    is_admin: z.boolean({ error: '请选择是否为管理员' }),
    is_operator: z.boolean({ error: '请选择是否为运营' }),
    is_teacher: z.boolean({ error: '请选择是否为老师' }),
  }),
  response: z.object({ staff: staffFlagsSchema }),
});

export const getManage = endpoint({
  path: '/api/system/get_manage',
  summary: '管理员：网站管理页的数据：最低网页版本、各角色权益与额度、全部套餐（含下架的）、工作人员',
  access: 'admin',
  maintenanceExempt: true,
  errors: [],
  request: z.object({}).strict(),
  response: z.object({
    min_api_version: z.string(),
    default_min_api_version: z.string(),
    /** The web version this server's contract builds (the newest minimum an admin may set). */
    web_version: z.string(),
    roles: z.array(roleRightsSchema),
    plans: z.array(managedPlanSchema),
    staff: z.array(staffFlagsSchema),
  }),
});

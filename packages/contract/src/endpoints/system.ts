// Site-wide switches run by staff.
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
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

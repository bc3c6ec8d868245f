// The staff export (spec route /export; issue 17): users, orders and exam results of a range of China
// days as CSV. `prepare` checks the caller and the range, writes the staff audit and answers a
// download address signed for that caller and valid for a minute; the address streams the file
// (GET, so the browser saves it to disk however large it is).
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { chinaDayRangeFields, withinChinaYear } from './permission.ts';

export const exportKinds = ['users', 'orders', 'exams'] as const;
export type ExportKind = (typeof exportKinds)[number];

/** What each export holds, as the console names it (and the file name's Chinese part). */
export const exportKindLabel: Record<ExportKind, string> = {
  users: '注册用户',
  orders: '订单',
  exams: '考试成绩',
};

export const prepareExport = endpoint({
  path: '/api/export/prepare',
  summary: '员工：导出 CSV（注册用户、订单或考试成绩，按北京时间日期范围）：返回一分钟内有效的下载地址',
  access: 'operator',
  errors: [],
  request: withinChinaYear(
    z.object({
      kind: z.enum(exportKinds, { error: '请选择导出内容（注册用户、订单或考试成绩）' }),
      ...chinaDayRangeFields,
    }),
  ),
  response: z.object({
    /** Same-origin path of the file (GET); refused after `expires_at` or for anyone else. */
    url: z.string(),
    file_name: z.string(),
    expires_at: z.string(),
  }),
});

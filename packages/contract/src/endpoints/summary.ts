// Sign-in and the month calendar (the rest of spec section 7 "Summary" arrives with statistics).
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';

export const signInStateSchema = z.object({
  /** The China-time date (YYYY-MM-DD) the state is for. */
  date: z.string(),
  signed_today: z.boolean(),
  /** Consecutive days signed up to today (or up to yesterday when today is not signed yet). */
  streak: z.number().int(),
  total_days: z.number().int(),
});

export const signIn = endpoint({
  path: '/api/summary/sign_in',
  summary: '今日签到（重复签到不重复计数）',
  access: 'user',
  request: z.object({}).strict(),
  response: signInStateSchema,
});

export const monthActivity = endpoint({
  path: '/api/summary/month_activity',
  summary: '某月每天的签到与学习情况',
  access: 'user',
  request: z.object({
    year: z.number({ error: '请提供年份' }).int().min(2020, { error: '年份不正确' }).max(2100, { error: '年份不正确' }),
    month: z.number({ error: '请提供月份' }).int().min(1, { error: '月份不正确' }).max(12, { error: '月份不正确' }),
  }),
  response: z.object({
    year: z.number().int(),
    month: z.number().int(),
    days: z.array(
      z.object({
        date: z.string(),
        signed: z.boolean(),
        used_question: z.number().int(),
        used_word: z.number().int(),
        used_time_mins: z.number().int(),
      }),
    ),
    sign_in: signInStateSchema,
  }),
});

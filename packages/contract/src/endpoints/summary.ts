// The candidate's statistics (spec section 7 "Summary"): sign-in and the month calendar, the home
// summary, accuracy and time by category / kind / difficulty / knowledge point, score averages and
// trends over the stats ranges of spec section 9, and daily activity. Every figure is the caller's
// own; definitions: docs/decisions/0013-statistics-ranges-and-definitions.md.
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { statsRangeSchema } from '../enums.ts';
import { examKindSchema } from '../exam.ts';

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
        /** floor(seconds spent answering / 60) plus minutes recorded before seconds were kept. */
        used_time_mins: z.number().int(),
      }),
    ),
    sign_in: signInStateSchema,
  }),
});

// Statistics ---------------------------------------------------------------------------------------

/** The request of a ranged figure; the range defaults to 全部. */
const rangedRequest = z.object({ range: statsRangeSchema.default('all') });

/** The scores of one finished mock (null: the mock has no such score, or it is not graded yet). */
const mockScoresSchema = z.object({
  /** Verbal 130–170. */
  verbal: z.number().int().nullable(),
  /** Quant 130–170. */
  quant: z.number().int().nullable(),
  /** Verbal + Quant 260–340, only when both were scored. */
  total: z.number().int().nullable(),
  /** Issue essay 0–6 in half points. */
  issue: z.number().nullable(),
});

export const mockPointSchema = mockScoresSchema.extend({
  exam_id: z.string(),
  name: z.string(),
  kind: examKindSchema,
  /** China date (YYYY-MM-DD) the mock was finished. */
  date: z.string(),
  /** Unix ms. */
  finished_at: z.number().int(),
});
export type MockPoint = z.infer<typeof mockPointSchema>;

export const getSummary = endpoint({
  path: '/api/summary/get',
  summary: '首页概览：今日进度、签到、累计做题 / 正确率 / 单词 / 时长、最近一次模考成绩',
  access: 'user',
  request: z.object({}).strict(),
  response: z.object({
    /** Today's progress (China date), as daily_activity counts it while the candidate practises. */
    today: z.object({
      date: z.string(),
      used_question: z.number().int(),
      used_word: z.number().int(),
      used_time_mins: z.number().int(),
    }),
    sign_in: signInStateSchema,
    totals: z.object({
      /** Questions answered (first answers, word questions not included), all time. */
      questions: z.number().int(),
      /** Word questions answered, all time. */
      words: z.number().int(),
      /** Minutes spent answering, all time. */
      minutes: z.number().int(),
      /** Days with any practice. */
      days: z.number().int(),
      /** Answered questions of finished sets and mocks (Verbal and Quant) that accuracy rests on. */
      graded: z.number().int(),
      correct: z.number().int(),
      /** correct / graded, 0–1; null before the first finished set. */
      accuracy: z.number().nullable(),
    }),
    /** Finished mocks, all time. */
    mock_count: z.number().int(),
    /** The most recently finished mock; null before the first one. */
    last_mock: mockPointSchema.nullable(),
  }),
});

/** Answers of one group (a category, kind, difficulty or knowledge point). */
export const accuracyRowSchema = z.object({
  /** Category number, kind, difficulty number or tag id, as text. */
  key: z.string(),
  /** Chinese name. */
  label: z.string(),
  /** Questions shown (answered or not). */
  total: z.number().int(),
  answered: z.number().int(),
  correct: z.number().int(),
  /** correct / answered, 0–1; null when nothing was answered. */
  accuracy: z.number().nullable(),
  /** Average seconds per answered question; null when nothing was answered. */
  avg_seconds: z.number().nullable(),
});
export type AccuracyRow = z.infer<typeof accuracyRowSchema>;

export const getExercise = endpoint({
  path: '/api/summary/get_exercise',
  summary: '正确率与用时：按题目类别、题型、难度与知识点；最慢的题型与错得最多的题型（按统计范围）',
  access: 'user',
  request: rangedRequest,
  response: z.object({
    range: statsRangeSchema,
    /** Start of 本周 / 本月 (unix ms, China time); null for the other ranges. */
    since: z.number().int().nullable(),
    /** Finished sets and mocks: in the period (or all), and those the figures rest on. */
    sets: z.object({ available: z.number().int(), used: z.number().int() }),
    /** Why the figures rest on fewer sets than expected (Chinese), or null. */
    note: z.string().nullable(),
    overall: accuracyRowSchema,
    by_category: z.array(accuracyRowSchema),
    by_kind: z.array(accuracyRowSchema),
    by_difficulty: z.array(accuracyRowSchema),
    /** Knowledge points, most answered first (at most 30). */
    by_tag: z.array(accuracyRowSchema),
    /** Kinds slowest against the test's pace, slowest first (at least 3 answers each; at most 3). */
    slowest: z.array(
      z.object({
        kind: z.string(),
        label: z.string(),
        answered: z.number().int(),
        avg_seconds: z.number(),
        /** Seconds per question at the test's pace. */
        pace_seconds: z.number().int(),
      }),
    ),
    /** Kinds with the lowest accuracy, worst first (at least 3 answers and 1 miss each; at most 3). */
    most_missed: z.array(
      z.object({
        kind: z.string(),
        label: z.string(),
        answered: z.number().int(),
        wrong: z.number().int(),
        accuracy: z.number(),
      }),
    ),
  }),
});

const measureAverageSchema = z.object({
  /** Mean of the kept mocks' scores (one decimal); null when none is kept. */
  average: z.number().nullable(),
  /** Mocks the average rests on. */
  count: z.number().int(),
  /** Mocks with this score in the period (all mocks for 全部 / 最近 / 去掉最低). */
  available: z.number().int(),
});

export const getAvgScore = endpoint({
  path: '/api/summary/get_avg_score',
  summary: '模考平均分（语文、数学、总分、写作），按统计范围，并给出所依据的模考次数',
  access: 'user',
  request: rangedRequest,
  response: z.object({
    range: statsRangeSchema,
    since: z.number().int().nullable(),
    verbal: measureAverageSchema,
    quant: measureAverageSchema,
    total: measureAverageSchema,
    issue: measureAverageSchema,
    note: z.string().nullable(),
  }),
});

export const getTotalScore = endpoint({
  path: '/api/summary/get_total_score',
  summary: '成绩走势：每次完成的模考一个点（语文、数学、总分、写作与日期），按统计范围',
  access: 'user',
  request: rangedRequest,
  response: z.object({
    range: statsRangeSchema,
    since: z.number().int().nullable(),
    /** Oldest first; a score the range leaves out is null (each measure is ranged on its own). */
    points: z.array(mockPointSchema),
    note: z.string().nullable(),
  }),
});

export const getDaily = endpoint({
  path: '/api/summary/get_daily',
  summary: '最近 N 天每天的做题数、正确率与学习时长（中国日期，没有学习的日子为 0）',
  access: 'user',
  request: z.object({
    days: z
      .number({ error: '天数不正确' })
      .int({ error: '天数不正确' })
      .min(1, { error: '天数至少为 1' })
      .max(90, { error: '最多查看 90 天' })
      .default(30),
  }),
  response: z.object({
    days: z.array(
      z.object({
        date: z.string(),
        /** Questions answered that day (first answers), word questions not included. */
        questions: z.number().int(),
        words: z.number().int(),
        minutes: z.number().int(),
        /** Answered questions of sets and mocks finished that day, and how many were right. */
        graded: z.number().int(),
        correct: z.number().int(),
        /** correct / graded, 0–1; null on a day without a finished set. */
        accuracy: z.number().nullable(),
      }),
    ),
  }),
});

// The spec's enums with the spec's numeric values (product-spec sections 3, 4, 6 and 9).
// Each is a plain object plus a zod schema so that the wire carries numbers and code reads names.
import { z } from 'zod';

function numericEnum<const T extends Record<string, number>>(values: T) {
  const nums = Object.values(values) as number[];
  return z
    .number()
    .int()
    .refine((v) => nums.includes(v), { error: '取值不在允许范围内' }) as unknown as z.ZodType<T[keyof T]>;
}

export const QuestionCategory = { None: 0, Filling: 1, Reading: 2, Math: 3, Issue: 4, Word: 5 } as const;
export type QuestionCategory = (typeof QuestionCategory)[keyof typeof QuestionCategory];
export const questionCategorySchema = numericEnum(QuestionCategory);
/** The categories the Verbal and Quant measures are made of (word drills and essays are not). */
export const measuredCategories = [QuestionCategory.Filling, QuestionCategory.Reading, QuestionCategory.Math] as const;
/** The categories of the test itself: the measured ones and the Issue essay (not the word drills). */
export const testCategories = [...measuredCategories, QuestionCategory.Issue] as const;
export const questionCategoryLabel: Record<QuestionCategory, string> = {
  0: '全部',
  1: '填空',
  2: '阅读',
  3: '数学',
  4: '作文',
  5: '单词',
};

/** The names of the scores a candidate sees: the two measures, their total and the essay. */
export const measureLabel = { verbal: '语文', quant: '数学', total: '总分', issue: '写作' } as const;

export const RoleKind = { Stranger: 0, Trail: 1, FreeVIP: 2, VIP: 3, SVIP: 4 } as const;
export type RoleKind = (typeof RoleKind)[keyof typeof RoleKind];
export const roleKindSchema = numericEnum(RoleKind);
export const roleName: Record<RoleKind, string> = {
  0: '游客',
  1: '试用用户',
  2: '普通会员',
  3: 'VIP 会员',
  4: '超级 VIP',
};

export const QuestionState = { NotEncountered: 0, NotAnswered: 1, Answered: 2 } as const;
export type QuestionState = (typeof QuestionState)[keyof typeof QuestionState];
export const questionStateSchema = numericEnum(QuestionState);

export const ExamStatus = { NotStart: 0, Start: 1, PartCompleted: 2, Finished: 3, Close: 4 } as const;
export type ExamStatus = (typeof ExamStatus)[keyof typeof ExamStatus];
export const examStatusSchema = numericEnum(ExamStatus);

export const BookStatus = { NotOpen: 0, Start: 1, Finish: 2, Expired: 3 } as const;
export type BookStatus = (typeof BookStatus)[keyof typeof BookStatus];
export const bookStatusSchema = numericEnum(BookStatus);

export const FlashStatus = { NotStart: 0, Start: 1, Finish: 2 } as const;
export type FlashStatus = (typeof FlashStatus)[keyof typeof FlashStatus];
export const flashStatusSchema = numericEnum(FlashStatus);

export const FlashLevel = { NotSeen: 0, Learn: 1, Quiz: 2, Exam: 3, Master: 4 } as const;
export type FlashLevel = (typeof FlashLevel)[keyof typeof FlashLevel];
export const flashLevelSchema = numericEnum(FlashLevel);

export const IssueResultStatus = { Empty: 0, Judging: 1, Finished: 2, Failed: 3 } as const;
export type IssueResultStatus = (typeof IssueResultStatus)[keyof typeof IssueResultStatus];
export const issueResultStatusSchema = numericEnum(IssueResultStatus);

export const CommentReviewStatus = { Uploading: 0, Reviewed: 1, Rejected: 2 } as const;
export type CommentReviewStatus = (typeof CommentReviewStatus)[keyof typeof CommentReviewStatus];
export const commentReviewStatusSchema = numericEnum(CommentReviewStatus);

export const MailStatus = { Inbox: 0, Read: 1 } as const;
export type MailStatus = (typeof MailStatus)[keyof typeof MailStatus];
export const mailStatusSchema = numericEnum(MailStatus);

export const MailCategory = { Inbox: 0, Read: 1, Remind: 2, Notice: 3, Chat: 4 } as const;
export type MailCategory = (typeof MailCategory)[keyof typeof MailCategory];
export const mailCategorySchema = numericEnum(MailCategory);

/** None is the client's state before an order exists; the server never stores it. */
export const TradeStatus = {
  None: 0,
  WaitPay: 1,
  PaySuccess: 2,
  ApplySuccess: 3,
  ApplyFail: 4,
  Refund: 5,
  ManualInvalid: 6,
  PayTimeout: 7,
  PayCancel: 8,
  PayFail: 9,
  InitPayFail: 10,
} as const;
export type TradeStatus = (typeof TradeStatus)[keyof typeof TradeStatus];
export const tradeStatusSchema = numericEnum(TradeStatus);

export const PaymentKind = { VIP: 1, SVIP: 2, FlashCoin: 3 } as const;
export type PaymentKind = (typeof PaymentKind)[keyof typeof PaymentKind];
export const paymentKindSchema = numericEnum(PaymentKind);

export const VipPeriod = { Days7: 1, Month1: 2, Month2: 3, Month3: 4, Manual: 5 } as const;
export type VipPeriod = (typeof VipPeriod)[keyof typeof VipPeriod];
export const vipPeriodSchema = numericEnum(VipPeriod);
export const vipPeriodLabel: Record<VipPeriod, string> = {
  1: '7 天',
  2: '1 个月',
  3: '2 个月',
  4: '3 个月',
  5: '手动',
};

/** Flash-card quota packs: 50, 100 or 200 questions, codes 1, 2, 3. */
export const FlashPack = { Q50: 1, Q100: 2, Q200: 3 } as const;
export type FlashPack = (typeof FlashPack)[keyof typeof FlashPack];
export const flashPackSchema = numericEnum(FlashPack);
export const flashPackSize: Record<FlashPack, number> = { 1: 50, 2: 100, 3: 200 };

export const Difficulty = { Simple: 1, Medium: 2, Hard: 3 } as const;
export type Difficulty = (typeof Difficulty)[keyof typeof Difficulty];
export const difficultySchema = numericEnum(Difficulty);

export const Mastery = { L1: 1, L2: 2, L3: 3, L4: 4, L5: 5 } as const;
export type Mastery = (typeof Mastery)[keyof typeof Mastery];

export const CraftUpdateKind = { Note: 1, Collect: 2, Card: 3, Improvement: 4 } as const;
export type CraftUpdateKind = (typeof CraftUpdateKind)[keyof typeof CraftUpdateKind];

/** Question visibility: the general levels, then the levels that only questions use. */
export const visibilityValues = [
  'hidden',
  'forbid',
  'lock',
  'prevent',
  'free',
  'public',
  'locked',
  'pick',
  'best',
] as const;
export const visibilitySchema = z.enum(visibilityValues);
export type Visibility = z.infer<typeof visibilitySchema>;

export const statsRangeValues = [
  'all',
  'all_but_lowest_3',
  'last_3',
  'last_5',
  'last_10',
  'this_week',
  'this_month',
] as const;
export const statsRangeSchema = z.enum(statsRangeValues, { error: '统计范围不正确' });
export type StatsRange = z.infer<typeof statsRangeSchema>;
/** The range selector's labels (docs/decisions: statistics ranges and definitions). */
export const statsRangeLabel: Record<StatsRange, string> = {
  all: '全部',
  all_but_lowest_3: '去掉最低3次',
  last_3: '最近3次',
  last_5: '最近5次',
  last_10: '最近10次',
  this_week: '本周',
  this_month: '本月',
};

// Client-side runtime enums (spec section 2), shared so that server-rendered data can name them.
export const ExamStage = { StartIntro: 0, InExam: 1, EndIntro: 2, Review: 3, Result: 4 } as const;
export type ExamStage = (typeof ExamStage)[keyof typeof ExamStage];
export const FlashStage = { StartIntro: 0, InFlash: 1, RoundSummary: 2, Result: 3 } as const;
export type FlashStage = (typeof FlashStage)[keyof typeof FlashStage];
export const DisplayMode = { None: 0, Exam: 1, Search: 2, Report: 3, Flash: 4 } as const;
export type DisplayMode = (typeof DisplayMode)[keyof typeof DisplayMode];

export const environmentValues = ['devel', 'pre', 'formal'] as const;
export type Environment = (typeof environmentValues)[number];

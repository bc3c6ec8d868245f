// Practice sets (books) and the exam engine. The server owns the clock: deadlines, auto-commit of
// timed-out sections and the remaining time come from it; every write is saved as it happens.
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import {
  bookPageSchema,
  bookSchema,
  createOptionSchema,
  examProgressSchema,
  examRecordSchema,
  examViewSchema,
  practiceModeSchema,
  templateCardSchema,
} from '../exam.ts';
import { answerSchema } from '../question.ts';

const idSchema = (what: string) =>
  z
    .string({ error: `请提供${what}` })
    .trim()
    .min(1, { error: `请提供${what}` })
    .max(80, { error: `${what}不正确` })
    .regex(/^[a-z0-9][a-z0-9_.:-]*$/i, { error: `${what}不正确` });

const examIdSchema = idSchema('考试 ID');
const position = {
  exam_id: examIdSchema,
  section_index: z
    .number({ error: '部分序号不正确' })
    .int()
    .min(0, { error: '部分序号不正确' })
    .max(20, { error: '部分序号不正确' }),
  question_index: z
    .number({ error: '题号不正确' })
    .int()
    .min(0, { error: '题号不正确' })
    .max(200, { error: '题号不正确' }),
};
/** Seconds the candidate spent on the question since the last report (capped on the server). */
const spentSchema = z
  .number({ error: '用时不正确' })
  .int()
  .min(0, { error: '用时不正确' })
  .max(3600, { error: '用时不正确' });

/** A read of an exam may settle a timed-out section first: a write that can lose or land late. */
const examReadErrors = ['not_found', 'conflict', 'exam_finished', 'section_closed', 'section_timeout'] as const;
/** Every write to a running exam: the engine's refusals, and the quota a first answer takes. */
const examWriteErrors = [...examReadErrors, 'day_overflow', 'role_overflow'] as const;

export const listTemplates = endpoint({
  path: '/api/book/list_templates',
  summary: '某列表页的练习册与模考（index/pick/big/best/simulate/season/higher/math2），含我的进度',
  access: 'user',
  request: z.object({ page: bookPageSchema }),
  response: z.object({
    cards: z.array(templateCardSchema),
    /** The way this candidate took their last practice set (remembered per user); 'exam' at first. */
    practice_mode: practiceModeSchema.default('exam'),
  }),
});

export const openBook = endpoint({
  path: '/api/book/open',
  summary: '打开练习册或模考：第一次打开时建立我的册子和考试；restart 在完成后重做',
  access: 'user',
  errors: [
    'not_found',
    'forbidden',
    'limit',
    'public_only',
    'sim_no_perm',
    'day_overflow',
    'role_overflow',
    'book_not_open',
    'conflict',
  ],
  backdrop: true,
  request: z.object({
    template_id: idSchema('练习册 ID'),
    restart: z.boolean().default(false),
    /** Practice sets: 考试模式 (default) or 练习模式; mocks refuse 练习模式. */
    mode: practiceModeSchema.default('exam'),
  }),
  response: z.object({ book: bookSchema, exam_id: z.string() }),
});

export const createExam = endpoint({
  path: '/api/exam/create',
  summary: '按组卷选项建立自定义考试',
  access: 'user',
  errors: ['not_found', 'sim_no_perm', 'day_overflow', 'role_overflow'],
  backdrop: true,
  request: z.object({ create_option: createOptionSchema }),
  response: z.object({ exam_id: z.string() }),
});

export const getExam = endpoint({
  path: '/api/exam/get',
  summary: '读取考试（续考：光标与服务器计算的剩余时间；超时的部分此时自动提交）',
  access: 'user',
  errors: examReadErrors,
  request: z.object({ exam_id: examIdSchema }),
  response: examViewSchema,
});

export const openQuestion = endpoint({
  path: '/api/exam/open_question',
  summary: '打开一道题（未看过 → 未作答），并把光标移到这里；进入新部分时开始计时',
  access: 'user',
  errors: examWriteErrors,
  request: z.object(position),
  response: examProgressSchema,
});

export const saveAnswer = endpoint({
  path: '/api/exam/save_answer',
  summary: '保存答案（已作答，记录时间）；超过本部分截止时间则拒绝',
  access: 'user',
  errors: examWriteErrors,
  request: z.object({ ...position, answer: answerSchema, used_time_seconds: spentSchema.default(0) }),
  response: examProgressSchema,
});

export const submitQuestion = endpoint({
  path: '/api/exam/submit_question',
  summary: '练习模式：提交一道题（之后不能再改），随后读取考试即可看到本题答案与解析',
  access: 'user',
  errors: examWriteErrors,
  request: z.object({ ...position, answer: answerSchema, used_time_seconds: spentSchema.default(0) }),
  response: examProgressSchema,
});

export const skipQuestion = endpoint({
  path: '/api/exam/skip_question',
  summary: '练习模式：跳过一道题（报告里单列；之后作答即取消跳过），或取消跳过',
  access: 'user',
  errors: examWriteErrors,
  request: z.object({
    ...position,
    skip: z.boolean({ error: '请指定跳过或取消跳过' }).default(true),
    used_time_seconds: spentSchema.default(0),
  }),
  response: examProgressSchema,
});

export const flagQuestion = endpoint({
  path: '/api/exam/flag',
  summary: '标记或取消标记一道题',
  access: 'user',
  errors: examWriteErrors,
  request: z.object({ ...position, flagged: z.boolean({ error: '请说明是否标记' }) }),
  response: examProgressSchema,
});

export const moveCursor = endpoint({
  path: '/api/exam/move_cursor',
  summary: '移动光标（只能在当前部分内）',
  access: 'user',
  errors: examWriteErrors,
  request: z.object(position),
  response: examProgressSchema,
});

export const addUsedTime = endpoint({
  path: '/api/exam/add_time',
  summary: '累加一道题的用时（秒）',
  access: 'user',
  errors: examWriteErrors,
  request: z.object({ ...position, seconds: spentSchema }),
  response: examProgressSchema,
});

export const finishSection = endpoint({
  path: '/api/exam/finish_section',
  summary: '提交当前部分（记录用时）；最后一部分提交后考试完成',
  access: 'user',
  errors: examWriteErrors,
  request: z.object({ exam_id: examIdSchema, section_index: position.section_index }),
  response: examProgressSchema,
});

export const finishExam = endpoint({
  path: '/api/exam/finish',
  summary: '交卷：提交所有未完成的部分并评分',
  access: 'user',
  errors: examWriteErrors,
  backdrop: true,
  request: z.object({ exam_id: examIdSchema }),
  response: examProgressSchema,
});

export const listRecords = endpoint({
  path: '/api/exam/list_record',
  summary: '我做过的练习与考试（含成绩；未完成的可续做），按时间倒序分页',
  access: 'user',
  request: z.object({
    page: z.number({ error: '页码不正确' }).int().min(1, { error: '页码不正确' }).max(10_000).default(1),
    page_size: z.number().int().min(1).max(50, { error: '每页最多 50 条' }).default(20),
    mock_only: z.boolean().default(false),
    /** Only the custom exams the caller built with create_option (the 我的组卷 shelf; ADR 0034). */
    custom_only: z.boolean().default(false),
  }),
  response: z.object({
    page_control: z.object({ page: z.number().int(), page_size: z.number().int(), total: z.number().int() }),
    records: z.array(examRecordSchema),
  }),
});

export const getReport = endpoint({
  path: '/api/exam/get_report',
  summary: '完成后的报告：每道题我的答案、正确答案、用时、对错与解析（按考试或练习册）',
  access: 'user',
  errors: ['not_found', 'exam_finished'],
  request: z
    .object({ exam_id: examIdSchema.optional(), book_id: idSchema('练习册 ID').optional() })
    .refine((b) => !!b.exam_id !== !!b.book_id, { error: '请提供考试 ID 或练习册 ID（二选一）' }),
  response: examViewSchema.extend({ book: bookSchema.nullable() }),
});

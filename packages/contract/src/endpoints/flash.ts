// Flash cards (spec section 7 "Flash", issue 15; ADR 0028): what a new set will cost and whether the
// quota allows it, create, open, give up, answer one card, finish a round, my progress; collect a card
// and list my cards (personal/card). A user only ever reads and writes their own sets and cards.
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { flashLevelSchema } from '../enums.ts';
import { flashLimits, flashRangeKindSchema, flashSchema, flashSummarySchema, wordCardSchema } from '../flash.ts';

const flashId = z
  .string({ error: '请选择闪卡' })
  .trim()
  .min(1, { error: '请选择闪卡' })
  .max(40, { error: '闪卡不存在' })
  .regex(/^[a-z0-9-]+$/i, { error: '闪卡不存在' });

const wordText = z
  .string({ error: '请提供单词' })
  .trim()
  .min(1, { error: '请提供单词' })
  .max(60, { error: '单词过长' });

const rangeRequest = z
  .object({
    range_kind: flashRangeKindSchema,
    book_id: z
      .string({ error: '请选择词书' })
      .trim()
      .max(80, { error: '词书不存在' })
      .regex(/^[a-z0-9][a-z0-9_.-]*$/i, { error: '词书不存在' })
      .optional(),
    size: z
      .number({ error: '卡片数量不正确' })
      .int({ error: '卡片数量不正确' })
      .min(flashLimits.minCards, { error: `每组至少 ${flashLimits.minCards} 张卡片` })
      .max(flashLimits.maxCards, { error: `每组最多 ${flashLimits.maxCards} 张卡片` })
      .default(flashLimits.defaultCards),
  })
  .refine((b) => (b.range_kind === 'book') === (b.book_id !== undefined && b.book_id !== ''), {
    error: '按词书学习时请选择词书（其他范围不需要词书）',
  });

const round = z.number({ error: '轮次不正确' }).int({ error: '轮次不正确' }).min(0, { error: '轮次不正确' });

export const checkCreateFlash = endpoint({
  path: '/api/flash/check_create',
  summary: '创建闪卡前：卡片数、其中新词数、今日剩余免费新词额度、需要的闪卡币与余额、能否创建',
  access: 'user',
  errors: ['not_found'],
  request: rangeRequest,
  response: z.object({
    title: z.string(),
    /** Cards the set would hold. */
    cards: z.number().int(),
    /** Of them, words never studied before (they take the daily quota, then coins). */
    new_cards: z.number().int(),
    /** New cards per China day of the caller's role; -1 = unlimited. */
    per_day: z.number().int(),
    /** Free new cards left today; -1 = unlimited. */
    free_left: z.number().int(),
    /** Coins the set costs beyond the free quota (1 per new card). */
    coins_needed: z.number().int(),
    coins: z.number().int(),
    allowed: z.boolean(),
  }),
});

export const createFlash = endpoint({
  path: '/api/flash/create_flash',
  summary: '创建一组闪卡：新词先用今日免费额度，超出的每张扣 1 闪卡币（余额不足则拒绝，什么都不扣）',
  access: 'user',
  errors: ['not_found', 'day_overflow', 'invalid_param'],
  request: rangeRequest,
  response: z.object({ flash: flashSchema, coins: z.number().int(), coins_spent: z.number().int() }),
});

export const openFlash = endpoint({
  path: '/api/flash/open_flash',
  summary: '打开一组闪卡：当前轮的卡片、进度与各级数量',
  access: 'user',
  errors: ['not_found', 'forbidden'],
  request: z.object({ flash_id: flashId }),
  response: z.object({ flash: flashSchema }),
});

export const giveUpFlash = endpoint({
  path: '/api/flash/give_up_flash',
  summary: '放弃一组闪卡（已学的单词保留各自的等级与复习计划）',
  access: 'user',
  errors: ['not_found', 'invalid_param'],
  request: z.object({ flash_id: flashId }),
  response: z.object({ flash: flashSchema }),
});

export const updateChoice = endpoint({
  path: '/api/flash/update_choice',
  summary: '回答当前卡片：认识与否、所选选项或拼写；卡片升降一级，并记入该词的长期记忆（FSRS）',
  access: 'user',
  errors: ['not_found', 'invalid_param', 'forbidden', 'conflict'],
  request: z
    .object({
      flash_id: flashId,
      round,
      index: z.number({ error: '卡片序号不正确' }).int({ error: '卡片序号不正确' }).min(0, { error: '卡片序号不正确' }),
      word: wordText,
      /** learn: 1 = 认识, 0 = 不认识; quiz and exam: the option's index. */
      choice: z
        .number({ error: '请选择答案' })
        .int({ error: '请选择答案' })
        .min(0, { error: '请选择答案' })
        .max(9, { error: '请选择答案' })
        .optional(),
      /** spell: the word typed. */
      text: z.string({ error: '请输入拼写' }).trim().max(60, { error: '拼写过长' }).optional(),
      /** question: the options chosen (two for sentence equivalence). */
      choices: z
        .array(z.number({ error: '请选择答案' }).int({ error: '请选择答案' }).min(0, { error: '请选择答案' }).max(9), {
          error: '请选择答案',
        })
        .min(1, { error: '请选择答案' })
        .max(2, { error: '最多选择两个选项' })
        .optional(),
    })
    .refine((b) => [b.choice, b.text, b.choices].filter((x) => x !== undefined).length === 1, {
      error: '请选择答案或输入拼写（只能一种）',
    }),
  response: z.object({
    correct: z.boolean(),
    /** The right option (quiz, exam); null for learn, spell and question cards. */
    key: z.number().int().nullable(),
    /** The word; for a question card the right options' text. */
    answer: z.string(),
    /** A question card: the right options' indexes; else empty. */
    keys: z.array(z.number().int()),
    level: flashLevelSchema,
    cursor_index: z.number().int(),
    /** The word's next review (unix seconds). */
    due: z.number().int(),
  }),
});

export const finishRound = endpoint({
  path: '/api/flash/finish_round',
  summary: '结束一轮：核对本轮答题记录（不含词库内容），返回各级数量与答错的单词；全部掌握则完成',
  access: 'user',
  errors: ['not_found', 'invalid_param'],
  request: z.object({
    flash_id: flashId,
    round,
    runtimes: z
      .array(z.object({ word: wordText, level: flashLevelSchema, correct: z.boolean({ error: '答题记录不正确' }) }), {
        error: '答题记录不正确',
      })
      .max(flashLimits.maxCards, { error: '答题记录不正确' }),
  }),
  response: z.object({ flash: flashSchema, summary: flashSummarySchema, missed: z.array(z.string()) }),
});

export const getFlashProgress = endpoint({
  path: '/api/flash/get_progress',
  summary: '我的闪卡进度：今日学习的单词数与新词额度、今日到期的单词、各级数量、闪卡币、最近的闪卡',
  access: 'user',
  request: z.object({}),
  response: z.object({
    used_word: z.number().int(),
    new_today: z.number().int(),
    per_day: z.number().int(),
    due_today: z.number().int(),
    coins: z.number().int(),
    summary: flashSummarySchema,
    flashes: z.array(
      flashSchema.pick({
        id: true,
        status: true,
        range_kind: true,
        title: true,
        all_card_count: true,
        round_count: true,
        summary: true,
        created_at: true,
      }),
    ),
  }),
});

export const collectCard = endpoint({
  path: '/api/flash/collect_card',
  summary: '收藏或取消收藏一张闪卡（可在【我的闪卡-收藏】处查看）',
  access: 'user',
  errors: ['not_found'],
  request: z.object({ word: wordText, collected: z.boolean({ error: '请指定收藏或取消' }).default(true) }),
  response: z.object({ card: wordCardSchema }),
});

export const listCards = endpoint({
  path: '/api/flash/list_cards',
  summary: '我的闪卡：收藏的或已掌握的单词卡片，可按当前等级筛选（分页，每页 50 张）',
  access: 'user',
  request: z.object({
    kind: z.enum(['collected', 'finished'], { error: '请选择收藏或已掌握' }).default('collected'),
    /** Only cards at this level now (a finished card may have dropped since it was first mastered). */
    level: flashLevelSchema.optional(),
    page: z
      .number({ error: '页码不正确' })
      .int({ error: '页码不正确' })
      .min(1, { error: '页码不正确' })
      .max(1000, { error: '页码不正确' })
      .default(1),
  }),
  response: z.object({
    total: z.number().int(),
    page_size: z.number().int(),
    cards: z.array(wordCardSchema.extend({ gloss: z.string() })),
  }),
});

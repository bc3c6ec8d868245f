// The GRE vocabulary (ECDICT, MIT) and the user's words (spec section 7 "Word", issue 15; ADR 0026):
// a word's details, the whole list with my marks (loaded at start, cached by ETag), my list
// (生词本: add, delete, merge a book), 熟词, word books with their progress, and the list's search.
// A user only ever reads and writes their own marks.
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import {
  wordBandLabel,
  wordBookSchema,
  wordBriefSchema,
  wordDetailSchema,
  wordLimits,
  wordMarkFilterSchema,
  wordMarkSchema,
  wordPosSchema,
} from '../word.ts';

const wordText = z
  .string({ error: '请提供单词' })
  .trim()
  .min(1, { error: '请提供单词' })
  .max(60, { error: '单词过长' });

/** Words as the caller typed or picked them (the server checks each is in the GRE list). */
const wordList = z
  .array(wordText, { error: '请选择单词' })
  .min(1, { error: '请选择单词' })
  .max(wordLimits.bulk, { error: `一次最多 ${wordLimits.bulk} 个单词` });

/** `band-3`, `root-bene`, `similar-12`, `wrong`, `sixtwo`, `mine` (server/word.books.ts). */
const bookId = z
  .string({ error: '请选择词书' })
  .trim()
  .min(1, { error: '请选择词书' })
  .max(80, { error: '词书不存在' })
  .regex(/^[a-z0-9][a-z0-9_.-]*$/i, { error: '词书不存在' });

const page = z.number({ error: '页码不正确' }).int({ error: '页码不正确' }).min(1, { error: '页码不正确' }).default(1);
const pageSize = z
  .number({ error: '每页数量不正确' })
  .int({ error: '每页数量不正确' })
  .min(1, { error: '每页数量不正确' })
  .max(wordLimits.pageSize, { error: `每页最多 ${wordLimits.pageSize} 个` })
  .default(50);

export const getWordDetails = endpoint({
  path: '/api/word/get_details',
  summary: '单词详情：音标、GRE 释义在前的中英文释义、词形、词根、近义词辨析、题库中的例句、我的标记',
  access: 'user',
  errors: ['not_found', 'forbidden'],
  request: z.object({ word: wordText }),
  response: wordDetailSchema,
});

export const getAllWords = endpoint({
  path: '/api/word/get_all',
  summary: '整个 GRE 词表（每词一行释义）与我的单词标记；登录后加载一次，按 ETag 缓存、压缩传输',
  access: 'user',
  cacheable: true,
  request: z.object({}),
  response: z.object({
    words: z.array(wordBriefSchema),
    marks: z.array(wordMarkSchema),
  }),
});

const marksResponse = z.object({
  /** How many words changed. */
  changed: z.number().int(),
  /** The marks of the words of the call, as they are now (a word with no mark left: both times null). */
  marks: z.array(wordMarkSchema),
});

export const addWords = endpoint({
  path: '/api/word/add_words',
  summary: '把单词加入我的生词本（已在其中的保持原加入时间）',
  access: 'user',
  errors: ['not_found'],
  request: z.object({ words: wordList }),
  response: marksResponse,
});

export const deleteWords = endpoint({
  path: '/api/word/delete',
  summary: '把单词移出我的生词本（熟词标记不变）',
  access: 'user',
  errors: ['not_found'],
  request: z.object({ words: wordList }),
  response: marksResponse,
});

export const markSimple = endpoint({
  path: '/api/word/mark_simple',
  summary: '标为熟词（离开所有复习计划）或取消熟词',
  access: 'user',
  errors: ['not_found'],
  request: z.object({ words: wordList, simple: z.boolean({ error: '请指定标为熟词或取消' }).default(true) }),
  response: marksResponse,
});

export const mergeWords = endpoint({
  path: '/api/word/merge',
  summary: '把一本词书或选中的单词并入我的生词本',
  access: 'user',
  errors: ['not_found'],
  request: z
    .object({ book_id: bookId.optional(), words: wordList.optional() })
    .refine((b) => (b.book_id === undefined) !== (b.words === undefined), {
      error: '请选择一本词书或一些单词（二选一）',
    }),
  response: marksResponse.omit({ marks: true }).extend({ total: z.number().int() }),
});

export const listWordBooks = endpoint({
  path: '/api/word/list_books',
  summary: '词书列表与各自的学习进度',
  access: 'user',
  request: z.object({}),
  response: z.object({ books: z.array(wordBookSchema) }),
});

export const getDetailsByBook = endpoint({
  path: '/api/word/get_details_by_book',
  summary: '一本词书的单词（分页）：释义、词形、词根、近义词与我的标记，以及词书进度',
  access: 'user',
  errors: ['not_found'],
  request: z.object({ book_id: bookId, page, page_size: pageSize }),
  response: z.object({
    book: wordBookSchema,
    total: z.number().int(),
    words: z.array(wordDetailSchema.omit({ examples: true })),
  }),
});

export const searchWords = endpoint({
  path: '/api/word/search',
  summary: '在 GRE 词表中查找：按拼写或中文释义，按词频段、词性、词根、我的标记筛选，分页',
  access: 'user',
  request: z.object({
    text: z.string({ error: '请输入要查找的内容' }).trim().max(60, { error: '查找内容最多 60 个字' }).default(''),
    band: z
      .number({ error: '词频段不正确' })
      .int({ error: '词频段不正确' })
      .min(1, { error: `词频段为 1–4（${Object.values(wordBandLabel).join('、')}）` })
      .max(4, { error: `词频段为 1–4（${Object.values(wordBandLabel).join('、')}）` })
      .optional(),
    pos: wordPosSchema.optional(),
    root: z.string({ error: '词根不正确' }).trim().max(40, { error: '词根不正确' }).default(''),
    mark: wordMarkFilterSchema.default('all'),
    page,
    page_size: pageSize,
  }),
  response: z.object({
    total: z.number().int(),
    words: z.array(wordBriefSchema.extend({ mark: wordMarkSchema.nullable() })),
  }),
});

// Archives (spec routes archived_pick and archived_six_two; issue 19, ADR 0041): an admin retires a 精选
// practice set or the six-two word book; it leaves the normal lists, and everyone who had opened it
// finds it read-only in their archive with their records (the reports of their attempts, their word
// marks). Un-retiring brings it back and empties those archives.
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { examRecordSchema } from '../exam.ts';
import { wordBookSchema, wordDetailSchema, wordLimits } from '../word.ts';

export const archiveKinds = ['pick', 'sixtwo'] as const;
export const archiveKindSchema = z.enum(archiveKinds, { error: '类型应为精选练习（pick）或六选二词书（sixtwo）' });
export type ArchiveKind = z.infer<typeof archiveKindSchema>;
export const archiveKindLabel: Record<ArchiveKind, string> = { pick: '精选练习', sixtwo: '六选二词书' };

const itemId = z
  .string({ error: '请选择练习册或词书' })
  .trim()
  .min(1, { error: '请选择练习册或词书' })
  .max(80, { error: '练习册或词书不存在' })
  .regex(/^[a-z0-9][a-z0-9_.-]*$/i, { error: '练习册或词书不存在' });

/** An item an admin may retire, as the admin sees it. */
export const retirableSchema = z.object({
  kind: archiveKindSchema,
  id: z.string(),
  title: z.string(),
  retired: z.boolean(),
  /** Unix ms; 0 while not retired. */
  retired_at: z.number().int(),
  /** Users who had opened it (who get it in their archive on retirement). */
  opened_by: z.number().int(),
  /** Users holding it in their archive now. */
  archived_for: z.number().int(),
});
export type Retirable = z.infer<typeof retirableSchema>;

export const listRetirable = endpoint({
  path: '/api/archive/list_retirable',
  summary: '管理员：可下架的精选练习册与六选二词书，含是否已下架、打开过的人数与存档人数',
  access: 'admin',
  request: z.object({}),
  response: z.object({ items: z.array(retirableSchema) }),
});

export const setRetired = endpoint({
  path: '/api/archive/set_retired',
  summary: '管理员：下架（打开过的用户获得只读存档）或恢复一套精选练习或六选二词书，记入员工操作记录',
  access: 'admin',
  errors: ['not_found'],
  request: z.object({
    kind: archiveKindSchema,
    id: itemId,
    retired: z.boolean({ error: '请说明下架还是恢复' }),
  }),
  response: retirableSchema,
});

/** A retired 精选 set in the caller's archive, with every attempt of theirs (newest first). */
export const archivedPickSchema = z.object({
  template_id: z.string(),
  title: z.string(),
  question_count: z.number().int(),
  retired_at: z.number().int(),
  records: z.array(examRecordSchema),
});
export type ArchivedPick = z.infer<typeof archivedPickSchema>;

export const listArchivedPicks = endpoint({
  path: '/api/archive/list_pick',
  summary: '我的已下架精选练习（只读存档）与每套的作答记录',
  access: 'user',
  request: z.object({}),
  response: z.object({ sets: z.array(archivedPickSchema) }),
});

export const getArchivedPick = endpoint({
  path: '/api/archive/get_pick',
  summary: '我的一套已下架精选练习（只读）与作答记录；未打开过的练习册没有存档',
  access: 'user',
  errors: ['not_found'],
  request: z.object({ template_id: itemId }),
  response: archivedPickSchema,
});

export const listArchivedSixTwo = endpoint({
  path: '/api/archive/list_six_two',
  summary: '我的已下架六选二词书（只读存档）与我的进度',
  access: 'user',
  request: z.object({}),
  response: z.object({ books: z.array(wordBookSchema.extend({ retired_at: z.number().int() })) }),
});

export const getArchivedSixTwo = endpoint({
  path: '/api/archive/get_six_two',
  summary: '我的一本已下架六选二词书的单词（只读，分页）与我的标记；未打开过的词书没有存档',
  access: 'user',
  errors: ['not_found'],
  request: z.object({
    book_id: itemId,
    page: z.number({ error: '页码不正确' }).int({ error: '页码不正确' }).min(1, { error: '页码不正确' }).default(1),
    page_size: z
      .number({ error: '每页数量不正确' })
      .int({ error: '每页数量不正确' })
      .min(1, { error: '每页数量不正确' })
      .max(wordLimits.pageSize, { error: `每页最多 ${wordLimits.pageSize} 个` })
      .default(50),
  }),
  response: z.object({
    book: wordBookSchema,
    retired_at: z.number().int(),
    total: z.number().int(),
    words: z.array(wordDetailSchema.omit({ examples: true })),
  }),
});

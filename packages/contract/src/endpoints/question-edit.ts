// Edit mode (spec §4 "admin mode", issue 17, ADR 0035): an admin edits a question's analysis, key
// words, tags, difficulty and visibility in place. The edits are an overlay over the imported bank
// (an import never overwrites them); `admin_get` reads the question with its answers, the file's
// values and the edit; `admin_edit` saves, `admin_edit_revert` drops the edit (the file's values
// again). Every change is in the staff audit and reloads the catalogue of every process.
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { questionGroupSchema, questionSchema } from '../question.ts';

/** The visibilities a bank item can have (content/README.md). */
export const bankVisibilities = ['public', 'locked', 'pick', 'best', 'hidden'] as const;

const editQuestionId = z
  .string({ error: '请提供题目 ID' })
  .trim()
  .min(1, { error: '请提供题目 ID' })
  .max(80, { error: '题目 ID 不正确' })
  .regex(/^[a-z0-9][a-z0-9_.-]*$/i, { error: '题目 ID 不正确' });

const term = (what: string) =>
  z
    .string({ error: `${what}应为文字` })
    .trim()
    .min(1, { error: `${what}不能为空` })
    .max(60, { error: `${what}最多 60 个字` });

export const editKeyWordSchema = z.strictObject(
  {
    word: term('关键词'),
    meaning: term('关键词的释义'),
    synonyms: z.array(term('同义词'), { error: '同义词应为列表' }).max(8, { error: '同义词最多 8 个' }),
    antonyms: z.array(term('反义词'), { error: '反义词应为列表' }).max(8, { error: '反义词最多 8 个' }),
  },
  { error: '关键词格式不正确' },
);

/** The fields edit mode changes, whole (as the form shows them). */
export const editableFieldsSchema = z.strictObject(
  {
    analysis: z.string({ error: '解析应为文字' }).max(20_000, { error: '解析最多 20000 个字' }),
    key_words: z.array(editKeyWordSchema, { error: '关键词应为列表' }).max(8, { error: '关键词最多 8 个' }),
    tags: z
      .array(
        z
          .string({ error: '标签应为文字' })
          .trim()
          .min(1, { error: '标签不能为空' })
          .max(20, { error: '标签最多 20 个字' }),
        { error: '标签应为列表' },
      )
      .min(1, { error: '至少要有 1 个标签' })
      .max(4, { error: '标签最多 4 个' }),
    difficulty: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: '难度应为 1、2 或 3' }),
    visibility: z.enum(bankVisibilities, { error: '可见性应为 public、locked、pick、best 或 hidden' }),
  },
  { error: '修改内容格式不正确' },
);
export type EditableFields = z.infer<typeof editableFieldsSchema>;
export const editableFieldNames = ['analysis', 'key_words', 'tags', 'difficulty', 'visibility'] as const;
export type EditableFieldName = (typeof editableFieldNames)[number];

const editSchema = z.object({
  /** Only the fields that differ from the file's item. */
  fields: z.array(z.enum(editableFieldNames)),
  edited_by: z.number().int(),
  edited_at: z.string(),
  /** The file changed the item since the edit: /sync lists it until the admin keeps one. */
  conflict: z.boolean(),
});

const editedQuestionSchema = z.object({
  /** The question as the catalogue serves it (the edit applied), answers included. */
  question: questionSchema,
  group: questionGroupSchema.nullable(),
  /** What the form shows: the file's values with the edit over them. */
  current: editableFieldsSchema,
  /** The values of the file's item. */
  file: editableFieldsSchema,
  edit: editSchema.nullable(),
});
export type EditedQuestion = z.infer<typeof editedQuestionSchema>;

export const adminGetQuestion = endpoint({
  path: '/api/question/admin_get',
  summary: '管理员：读取一道题（含答案、解析）、题库文件中的原值与管理员的修改',
  access: 'admin',
  errors: ['not_found'],
  request: z.object({ id: editQuestionId }),
  response: editedQuestionSchema,
});

export const adminEditQuestion = endpoint({
  path: '/api/question/admin_edit',
  summary: '管理员：修改一道题的解析、关键词、标签、难度和可见性（覆盖在导入的题库之上，导入不会覆盖）',
  access: 'admin',
  errors: ['not_found'],
  request: z.object({ id: editQuestionId, fields: editableFieldsSchema }),
  response: editedQuestionSchema,
});

export const adminRevertQuestion = endpoint({
  path: '/api/question/admin_edit_revert',
  summary: '管理员：撤销对一道题的修改，恢复题库文件中的内容',
  access: 'admin',
  errors: ['not_found'],
  request: z.object({ id: editQuestionId }),
  response: editedQuestionSchema,
});

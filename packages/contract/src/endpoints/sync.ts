// Content sync (spec route /sync; issue 17): an admin imports the question bank from the server's
// content/ folder without a restart. `sync_plan` is the dry run: it reads and validates every file and
// lists what an import would add, change and retire (or every problem, named by file) without
// writing; `sync_apply` imports exactly what that plan saw (refused when the files or the bank moved
// since), and every app process reloads its catalogue.
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';

const item = z.object({ id: z.string(), file: z.string() });
const listed = z.object({
  count: z.number().int(),
  /** The first 200, in file order. */
  items: z.array(item),
});

export const syncPlanSchema = z.object({
  /** Names this dry run's files and bank state; `sync_apply` takes it back. */
  plan_id: z.string(),
  files: z.number().int(),
  questions: z.number().int(),
  added: listed,
  changed: listed,
  retired: listed,
  unchanged: z.number().int(),
  /** The GRE list, its glosses or the word-question generator changed: word questions are rebuilt. */
  vocabulary_changed: z.boolean(),
  /** Problems that block the import, each starting with its file. */
  problems: z.array(z.string()),
  /**
   * Items an admin edited (edit mode, ADR 0035) whose file item changed since the edit: `sync_apply`
   * needs the admin's choice for each (all of them, not only the first 200 listed).
   */
  conflicts: z.object({
    count: z.number().int(),
    items: z.array(
      z.object({
        id: z.string(),
        file: z.string(),
        /** The edited fields. */
        fields: z.array(z.string()),
        edited_at: z.string(),
      }),
    ),
  }),
});
export type SyncPlan = z.infer<typeof syncPlanSchema>;

export const syncPlan = endpoint({
  path: '/api/system/sync_plan',
  summary: '管理员：题库同步预演（读取并校验 content/，列出将新增、修改、下线的题目或文件错误；不写入）',
  access: 'admin',
  errors: [],
  request: z.object({}),
  response: syncPlanSchema,
});

export const syncApply = endpoint({
  path: '/api/system/sync_apply',
  summary: '管理员：按预演结果导入题库（文件或题库在预演后有变化则拒绝），各进程重新加载题库',
  access: 'admin',
  errors: ['conflict'],
  request: z.object({
    plan_id: z.string({ error: '请先预演' }).regex(/^[0-9a-f]{24}$/, { error: '预演编号不正确，请重新预演' }),
    /**
     * Per conflicting item of the plan (`conflicts`): `edit` keeps the admin's edit over the new file
     * item, `file` takes the file and drops the edit. Every conflict needs one.
     */
    keep: z
      .record(
        z.string().max(80, { error: '题目 ID 不正确' }),
        z.enum(['edit', 'file'], { error: '冲突的处理应为保留修改（edit）或采用文件（file）' }),
        { error: '冲突的处理格式不正确' },
      )
      .default({}),
  }),
  response: z.object({
    added: z.number().int(),
    changed: z.number().int(),
    retired: z.number().int(),
    /** Word questions rebuilt (null: the vocabulary did not change). */
    word_questions: z.number().int().nullable(),
    /** Conflicts resolved: edits kept over the new file item, edits dropped for the file's. */
    kept_edits: z.number().int(),
    dropped_edits: z.number().int(),
    ms: z.number().int(),
  }),
});

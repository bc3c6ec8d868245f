// Edit mode (spec §4 "admin mode", issue 17, ADR 0035): an admin's edits of a question's analysis,
// key words, tags, difficulty and visibility live in `question_edits`, an overlay over the imported
// rows. The catalogue applies them when it loads (`applyEdits`), and it reloads after every import,
// so an import by stable id never overwrites them. Each edit is one transaction with its staff-audit
// row (before and after), then every process replaces the question's catalogue entry at once (the
// invalidation bus, key = the question's id) and reloads the whole catalogue in the background.
import type { EditableFields, EditedQuestion } from '@gre/contract/endpoints/question-edit';
import { editableFieldNames } from '@gre/contract/endpoints/question-edit';
import { eq } from 'drizzle-orm';
import { questionEdits, questions, tags } from '../../db/schema/question.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import type { AuthedContext } from '../../platform/endpoints.ts';
import { errors } from '../../platform/errors.ts';
import { writeStaffAudit } from '../operate/staff-audit.ts';
import type { Catalogue } from './catalogue.ts';
import { tagId } from './content-import.ts';
import type { QuestionRowLike } from './question.mapper.ts';

export type EditFields = Partial<EditableFields>;
type EditRow = typeof questionEdits.$inferSelect;

interface StoredKeyWord {
  word: string;
  meaning: string;
  synonyms?: string[];
  antonyms?: string[];
}

/** The editable fields of a stored row, tags as names. */
export function fieldsOfRow(row: QuestionRowLike, tagNames: Map<string, string>): EditableFields {
  const b = row.body as { analysis?: string; key_words?: StoredKeyWord[] };
  return {
    analysis: String(b.analysis ?? ''),
    key_words: (b.key_words ?? []).map((k) => ({
      word: k.word,
      meaning: k.meaning,
      synonyms: k.synonyms ?? [],
      antonyms: k.antonyms ?? [],
    })),
    tags: row.tagIds.map((t) => tagNames.get(t) ?? t),
    difficulty: row.difficulty as 1 | 2 | 3,
    visibility: row.visibility as EditableFields['visibility'],
  };
}

/** The row with an edit over it (the catalogue's view). */
export function withEdit<R extends QuestionRowLike>(row: R, fields: EditFields): R {
  const body = { ...(row.body as Record<string, unknown>) };
  if (fields.analysis !== undefined) body.analysis = fields.analysis;
  if (fields.key_words !== undefined) body.key_words = fields.key_words;
  return {
    ...row,
    body,
    difficulty: fields.difficulty ?? row.difficulty,
    visibility: fields.visibility ?? row.visibility,
    tagIds: fields.tags ? fields.tags.map(tagId) : row.tagIds,
  };
}

/** Applies every edit to the loaded rows (in place in the array). */
export function applyEdits<R extends QuestionRowLike>(rows: R[], edits: { questionId: string; fields: unknown }[]) {
  if (!edits.length) return;
  const byId = new Map(edits.map((e) => [e.questionId, e.fields as EditFields]));
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as R;
    const f = byId.get(row.id);
    if (f) rows[i] = withEdit(row, f);
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields of `wanted` that differ from the file's. */
function diff(file: EditableFields, wanted: EditableFields): EditFields {
  const out: Record<string, unknown> = {};
  for (const k of editableFieldNames) if (!same(file[k], wanted[k])) out[k] = wanted[k];
  return out as EditFields;
}

export function createQuestionEdits(deps: {
  db: Db;
  clock: Clock;
  catalogue: () => Promise<Catalogue>;
  /** Replaces the question's catalogue entry here and in every process (the bus), without waiting for a full load. */
  questionChanged: (id: string) => void;
}) {
  const { db, clock } = deps;

  async function storedRow(dbOrTx: Db, id: string) {
    const [row] = await dbOrTx.select().from(questions).where(eq(questions.id, id));
    if (!row || row.retired) throw errors.notFound('题目不存在或已下线');
    return row;
  }

  async function tagNameMap(dbOrTx: Db) {
    return new Map((await dbOrTx.select().from(tags)).map((t) => [t.id, t.name]));
  }

  async function read(id: string): Promise<EditedQuestion> {
    const row = await storedRow(db, id);
    const [edit] = await db.select().from(questionEdits).where(eq(questionEdits.questionId, id));
    const file = fieldsOfRow(row, await tagNameMap(db));
    const current = { ...file, ...((edit?.fields as EditFields | undefined) ?? {}) };
    const c = await deps.catalogue();
    const entry = c.byId.get(id);
    if (!entry) throw errors.notFound('题目不存在或已下线');
    const group = entry.question.group_id ? (c.groups.get(entry.question.group_id) ?? null) : null;
    return { question: entry.question, group, current, file, edit: edit ? editOut(edit, row.hash) : null };
  }

  const editOut = (e: EditRow, fileHash: string) => ({
    fields: editableFieldNames.filter((k) => k in (e.fields as object)),
    edited_by: e.editedBy,
    edited_at: e.editedAt.toISOString(),
    conflict: e.baseHash !== fileHash,
  });

  /** Saves (or, when nothing differs from the file, drops) the edit; audited; every catalogue replaces the entry. */
  async function save(id: string, wanted: EditableFields | null, ctx: AuthedContext, action: string) {
    await db.transaction(async (tx) => {
      const [row] = await tx.select().from(questions).where(eq(questions.id, id)).for('update');
      if (!row || row.retired) throw errors.notFound('题目不存在或已下线');
      const [had] = await tx.select().from(questionEdits).where(eq(questionEdits.questionId, id));
      if (!wanted && !had) throw errors.notFound('这道题没有修改，无需撤销');
      const file = fieldsOfRow(row, await tagNameMap(tx));
      const before = { ...file, ...((had?.fields as EditFields | undefined) ?? {}) };
      const fields = wanted ? diff(file, wanted) : {};
      const now = clock.now();
      if (Object.keys(fields).length === 0) {
        if (had) await tx.delete(questionEdits).where(eq(questionEdits.questionId, id));
      } else {
        for (const name of fields.tags ?? [])
          await tx
            .insert(tags)
            .values({ id: tagId(name), name })
            .onConflictDoNothing();
        const values = {
          questionId: id,
          fields,
          baseHash: row.hash,
          editedBy: Number(ctx.caller.userId),
          editedAt: now,
        };
        await tx
          .insert(questionEdits)
          .values(values)
          .onConflictDoUpdate({ target: questionEdits.questionId, set: values });
      }
      await writeStaffAudit(tx, {
        staffId: Number(ctx.caller.userId),
        action,
        target: null,
        subject: id,
        before,
        after: { ...file, ...fields },
        at: now,
      });
    });
    // The answer comes from this process's catalogue with the entry replaced (ms), not a full load (seconds).
    deps.questionChanged(id);
    return read(id);
  }

  return {
    read,
    edit: (id: string, fields: EditableFields, ctx: AuthedContext) => save(id, fields, ctx, 'question_edit'),
    revert: (id: string, ctx: AuthedContext) => save(id, null, ctx, 'question_edit_revert'),
  };
}

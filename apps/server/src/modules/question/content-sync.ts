// Content sync (/sync; issue 17, ADR 0024 amendment): the admin's import of content/ without a
// restart. The plan is a dry run over the files and the stored bank (nothing written): every problem
// named by its file, or the questions an import would add, change (or bring back) and retire. Apply
// re-plans, imports only when the plan is the one the admin saw (files and bank unchanged since),
// audits, and reloads the catalogue of every process through the invalidation bus.
import { editableFieldNames } from '@gre/contract/endpoints/question-edit';
import type { SyncPlan } from '@gre/contract/endpoints/sync';
import { eq, ne } from 'drizzle-orm';
import { contentSets, questionEdits, questions } from '../../db/schema/question.ts';
import { settings } from '../../db/schema/system.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import type { AuthedContext } from '../../platform/endpoints.ts';
import { errors } from '../../platform/errors.ts';
import { writeStaffAudit } from '../operate/staff-audit.ts';
import { ContentError, contentFilesHash, hashOf, readContentSets } from './content-files.ts';
import { importContent, rowsOfSet, vocabularySetId, vocabularyVersion } from './content-import.ts';

/** Items listed per kind of change (the counts are whole). */
const listLimit = 200;

export function createContentSync(deps: { db: Db; clock: Clock; contentDir: string; invalidate: () => void }) {
  const { db, clock, contentDir } = deps;

  async function plan(): Promise<SyncPlan> {
    return (await planned()).plan;
  }

  /** The plan, and the new file hash of each conflicting item (what a kept edit is rebased on). */
  async function planned(): Promise<{ plan: SyncPlan; conflictHashes: Map<string, string> }> {
    const vocabulary = vocabularyVersion(contentDir);
    const [stored, sets, known, edits] = await Promise.all([
      db
        .select({ id: questions.id, hash: questions.hash, retired: questions.retired, setId: questions.setId })
        .from(questions)
        .where(ne(questions.setId, vocabularySetId)),
      db.select({ id: contentSets.id, file: contentSets.file }).from(contentSets),
      db.select().from(settings),
      db.select().from(questionEdits),
    ]);
    const bank = hashOf(
      [
        ...stored.map((q) => `${q.id}:${q.hash}:${q.retired ? 1 : 0}`),
        ...edits.map((e) => `edit:${e.questionId}:${e.baseHash}`),
      ]
        .sort()
        .join('|'),
    );
    const planId = hashOf({ files: contentFilesHash(contentDir), vocabulary, bank });
    const empty = { count: 0, items: [] as { id: string; file: string }[] };
    const vocabularyChanged = known.find((s) => s.key === 'vocabulary_version')?.value !== vocabulary;
    let loaded: ReturnType<typeof readContentSets>;
    try {
      loaded = readContentSets(contentDir);
    } catch (err) {
      if (!(err instanceof ContentError)) throw err;
      const failed: SyncPlan = {
        plan_id: planId,
        files: 0,
        questions: 0,
        added: empty,
        changed: empty,
        retired: empty,
        unchanged: 0,
        vocabulary_changed: vocabularyChanged,
        problems: [...err.problems],
        conflicts: { count: 0, items: [] },
      };
      return { plan: failed, conflictHashes: new Map() };
    }
    const now = clock.now();
    const problems: string[] = [];
    const byId = new Map(stored.map((q) => [q.id, q]));
    const fileOfSet = new Map(sets.map((s) => [s.id, s.file]));
    const added: { id: string; file: string }[] = [];
    const changed: { id: string; file: string }[] = [];
    const present = new Set<string>();
    let unchanged = 0;
    const editOf = new Map(edits.map((e) => [e.questionId, e]));
    const conflicts: SyncPlan['conflicts']['items'] = [];
    const conflictHashes = new Map<string, string>();
    for (const s of loaded) {
      const r = rowsOfSet(s, now);
      problems.push(...r.problems);
      for (const row of r.rows) {
        present.add(row.id);
        // An edited item whose file item is not the one the edit was made against (ADR 0035).
        const e = editOf.get(row.id);
        if (e && e.baseHash !== row.hash) {
          conflictHashes.set(row.id, row.hash);
          conflicts.push({
            id: row.id,
            file: s.file,
            fields: editableFieldNames.filter((k) => k in (e.fields as object)),
            edited_at: e.editedAt.toISOString(),
          });
        }
        const had = byId.get(row.id);
        if (!had) added.push({ id: row.id, file: s.file });
        else if (had.hash !== row.hash || had.retired) changed.push({ id: row.id, file: s.file });
        else unchanged++;
      }
    }
    const retired = stored
      .filter((q) => !q.retired && !present.has(q.id))
      .map((q) => ({ id: q.id, file: fileOfSet.get(q.setId) ?? q.setId }));
    const listed = (xs: { id: string; file: string }[]) => ({ count: xs.length, items: xs.slice(0, listLimit) });
    const result: SyncPlan = {
      plan_id: planId,
      files: loaded.length,
      questions: present.size,
      added: listed(added),
      changed: listed(changed),
      retired: listed(retired),
      unchanged,
      vocabulary_changed: vocabularyChanged,
      problems,
      conflicts: { count: conflicts.length, items: conflicts.slice(0, listLimit) },
    };
    return { plan: result, conflictHashes };
  }

  return {
    plan,

    async apply(planId: string, keep: Record<string, 'edit' | 'file'>, ctx: AuthedContext) {
      const { plan: p, conflictHashes } = await planned();
      if (p.plan_id !== planId) throw errors.conflict('题库文件或题库在预演后有变化，请重新预演');
      if (p.problems.length) throw errors.conflict('内容文件有错误，未导入：请先修正预演列出的问题');
      const undecided = [...conflictHashes.keys()].filter((id) => keep[id] !== 'edit' && keep[id] !== 'file');
      if (undecided.length)
        throw errors.conflict(
          `有 ${undecided.length} 道题的修改与文件冲突，请逐一选择保留修改或采用文件（如 ${undecided[0]}）`,
        );
      const stats = await importContent(db, { contentDir, clock });
      const staffId = Number(ctx.caller.userId);
      const now = clock.now();
      let kept = 0;
      let dropped = 0;
      // The admin's choice per conflict (ADR 0035): keep = the edit now stands over the new file item;
      // file = the edit is dropped. Each choice audited with the edit it concerned.
      await db.transaction(async (tx) => {
        for (const [id, hash] of conflictHashes) {
          const [e] = await tx.select().from(questionEdits).where(eq(questionEdits.questionId, id)).for('update');
          if (!e) continue;
          if (keep[id] === 'edit') {
            await tx.update(questionEdits).set({ baseHash: hash }).where(eq(questionEdits.questionId, id));
            kept++;
          } else {
            await tx.delete(questionEdits).where(eq(questionEdits.questionId, id));
            dropped++;
          }
          await writeStaffAudit(tx, {
            staffId,
            action: keep[id] === 'edit' ? 'sync_keep_edit' : 'sync_take_file',
            target: null,
            subject: id,
            before: e.fields,
            after: keep[id] === 'edit' ? e.fields : null,
            at: now,
          });
        }
      });
      deps.invalidate();
      const result = {
        added: p.added.count,
        changed: p.changed.count,
        retired: p.retired.count,
        word_questions: stats.words === 'unchanged' ? null : stats.words.questions,
        ms: stats.ms,
        kept_edits: kept,
        dropped_edits: dropped,
      };
      await db.transaction((tx) =>
        writeStaffAudit(tx, {
          staffId,
          action: 'sync_content',
          target: null,
          subject: planId,
          before: null,
          after: result,
          at: now,
        }),
      );
      return result;
    },
  };
}

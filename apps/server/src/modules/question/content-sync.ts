// Content sync (/sync; issue 17, ADR 0024 amendment): the admin's import of content/ without a
// restart. The plan is a dry run over the files and the stored bank (nothing written): every problem
// named by its file, or the questions an import would add, change (or bring back) and retire. Apply
// re-plans, imports only when the plan is the one the admin saw (files and bank unchanged since),
// audits, and reloads the catalogue of every process through the invalidation bus.
import type { SyncPlan } from '@gre/contract/endpoints/sync';
import { ne } from 'drizzle-orm';
import { contentSets, questions } from '../../db/schema/question.ts';
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
    const vocabulary = vocabularyVersion(contentDir);
    const [stored, sets, known] = await Promise.all([
      db
        .select({ id: questions.id, hash: questions.hash, retired: questions.retired, setId: questions.setId })
        .from(questions)
        .where(ne(questions.setId, vocabularySetId)),
      db.select({ id: contentSets.id, file: contentSets.file }).from(contentSets),
      db.select().from(settings),
    ]);
    const bank = hashOf(
      stored
        .map((q) => `${q.id}:${q.hash}:${q.retired ? 1 : 0}`)
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
      return {
        plan_id: planId,
        files: 0,
        questions: 0,
        added: empty,
        changed: empty,
        retired: empty,
        unchanged: 0,
        vocabulary_changed: vocabularyChanged,
        problems: [...err.problems],
      };
    }
    const now = clock.now();
    const problems: string[] = [];
    const byId = new Map(stored.map((q) => [q.id, q]));
    const fileOfSet = new Map(sets.map((s) => [s.id, s.file]));
    const added: { id: string; file: string }[] = [];
    const changed: { id: string; file: string }[] = [];
    const present = new Set<string>();
    let unchanged = 0;
    for (const s of loaded) {
      const r = rowsOfSet(s, now);
      problems.push(...r.problems);
      for (const row of r.rows) {
        present.add(row.id);
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
    return {
      plan_id: planId,
      files: loaded.length,
      questions: present.size,
      added: listed(added),
      changed: listed(changed),
      retired: listed(retired),
      unchanged,
      vocabulary_changed: vocabularyChanged,
      problems,
    };
  }

  return {
    plan,

    async apply(planId: string, ctx: AuthedContext) {
      const p = await plan();
      if (p.plan_id !== planId) throw errors.conflict('题库文件或题库在预演后有变化，请重新预演');
      if (p.problems.length) throw errors.conflict('内容文件有错误，未导入：请先修正预演列出的问题');
      const stats = await importContent(db, { contentDir, clock });
      deps.invalidate();
      const result = {
        added: p.added.count,
        changed: p.changed.count,
        retired: p.retired.count,
        word_questions: stats.words === 'unchanged' ? null : stats.words.questions,
        ms: stats.ms,
      };
      await db.transaction((tx) =>
        writeStaffAudit(tx, {
          staffId: Number(ctx.caller.userId),
          action: 'sync_content',
          target: null,
          subject: planId,
          before: null,
          after: result,
          at: clock.now(),
        }),
      );
      return result;
    },
  };
}

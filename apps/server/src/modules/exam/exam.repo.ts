// SQL for templates, books and exams. An exam is one row with a version; writers save only over the
// version they read (saveIfVersion), so parallel saves on the same exam never lose each other's changes.
import { ExamStatus } from '@gre/contract/enums';
import { and, count, desc, eq, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm';
import { books, bookTemplates, exams } from '../../db/schema/exam.ts';
import { responses } from '../../db/schema/scoring.ts';
import { dailyActivity } from '../../db/schema/summary.ts';
import { users } from '../../db/schema/user.ts';
import { type Db, excluded, type Tx } from '../../platform/db.ts';

import type { TemplateDef } from './exam.templates.ts';

export type ExamRow = typeof exams.$inferSelect;
export type BookRow = typeof books.$inferSelect;
export type ResponseRow = typeof responses.$inferInsert;
/** Today's practice (China day): first answers to questions or words, and seconds spent. */
export interface Activity {
  day: string;
  question: number;
  word: number;
  seconds: number;
}

export function createExamRepo(db: Db) {
  return {
    db,

    /** Upserts the templates derived from the bank (stable ids; nothing is deleted). */
    async upsertTemplates(defs: TemplateDef[], now: Date) {
      for (let i = 0; i < defs.length; i += 200) {
        const values = defs.slice(i, i + 200).map((d) => ({
          id: d.template.id,
          page: d.template.page,
          position: d.template.index,
          title: d.template.title,
          param: d.template.param,
          kinds: d.template.kinds,
          examKind: d.template.exam_kind,
          unlockAt: d.unlockAt ? new Date(d.unlockAt) : null,
          limitDays: d.template.limit,
          hide: d.template.hide,
          label: d.template.label,
          spec: d.sections,
          updatedAt: now,
        }));
        await db
          .insert(bookTemplates)
          .values(values)
          .onConflictDoUpdate({
            target: bookTemplates.id,
            set: excluded(
              'page',
              'position',
              'title',
              'param',
              'kinds',
              'examKind',
              'unlockAt',
              'limitDays',
              'label',
              'spec',
              'updatedAt',
            ),
          });
      }
    },

    async higherFlag(userId: number): Promise<boolean> {
      const [r] = await db.select({ f: users.showHigherCollect }).from(users).where(eq(users.id, userId));
      return r?.f ?? false;
    },

    async booksOf(userId: number, templateIds: string[]) {
      if (!templateIds.length) return [];
      return db
        .select({ book: books, status: exams.status, result: exams.result })
        .from(books)
        .innerJoin(exams, eq(exams.id, books.examId))
        .where(and(eq(books.userId, userId), inArray(books.templateId, templateIds)));
    },

    async findBook(userId: number, bookId: string) {
      const [r] = await db
        .select()
        .from(books)
        .where(and(eq(books.userId, userId), eq(books.id, bookId)));
      return r;
    },

    async findBookByTemplate(tx: Tx | Db, userId: number, templateId: string) {
      const [r] = await tx
        .select()
        .from(books)
        .where(and(eq(books.userId, userId), eq(books.templateId, templateId)));
      return r;
    },

    /** Serialises opening the same template by the same user (double clicks, two tabs). */
    async lockUserTemplate(tx: Tx, userId: number, templateId: string) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`book:${userId}:${templateId}`}))`);
    },

    async insertBook(tx: Tx, row: typeof books.$inferInsert) {
      await tx.insert(books).values(row);
    },

    async updateBook(tx: Tx | Db, id: string, set: Partial<typeof books.$inferInsert>) {
      await tx.update(books).set(set).where(eq(books.id, id));
    },

    async insertExam(tx: Tx, row: typeof exams.$inferInsert) {
      await tx.insert(exams).values(row);
    },

    async closeExam(tx: Tx, id: string, now: Date) {
      await tx
        .update(exams)
        .set({ status: ExamStatus.Close, updatedAt: now, version: sql`${exams.version} + 1` })
        .where(eq(exams.id, id));
    },

    async findExam(userId: number, examId: string) {
      const [r] = await db
        .select()
        .from(exams)
        .where(and(eq(exams.userId, userId), eq(exams.id, examId)));
      return r;
    },

    async lockExam(tx: Tx, userId: number, examId: string) {
      const [r] = await tx
        .select()
        .from(exams)
        .where(and(eq(exams.userId, userId), eq(exams.id, examId)))
        .for('update');
      return r;
    },

    /**
     * Saves `row` only when the stored exam is still at `version` (optimistic concurrency: every
     * update bumps the version, so a writer that read an older copy saves nothing and retries).
     * With `activity`, today's practice counters are added in the same statement. Returns whether
     * the exam was saved.
     *
     * `commit: 'async'` lets the transaction this statement runs in (its own, or `tx`) commit without
     * waiting for the WAL flush (`synchronous_commit = off` for that transaction only, set by the
     * statement itself, so it costs no round trip): answers, flags, cursor moves and time reports. A
     * save's latency is otherwise the disk's fsync latency, which on a busy disk reaches hundreds of
     * milliseconds (docs/decisions/0012-exam-engine.md, "saves do not wait for the disk"). The next
     * flush (at most ~0.6 s later, or the next durable commit) makes it durable.
     */
    async saveIfVersion(
      tx: Tx | Db,
      row: ExamRow,
      version: number,
      activity?: Activity,
      commit: 'durable' | 'async' = 'durable',
    ): Promise<boolean> {
      const update = sql`update ${exams} set
          status = ${row.status}, cursor_section = ${row.cursorSection}, cursor_question = ${row.cursorQuestion},
          is_auto_commit = ${row.isAutoCommit}, sections = ${JSON.stringify(row.sections)}::jsonb,
          result = ${row.result === null ? null : JSON.stringify(row.result)}::jsonb,
          updated_at = ${row.updatedAt.toISOString()}, finished_at = ${row.finishedAt ? row.finishedAt.toISOString() : null},
          deadline_at = ${row.deadlineAt ? row.deadlineAt.toISOString() : null}, version = version + 1
        where id = ${row.id} and version = ${version} returning user_id`;
      const relaxed = commit === 'async' ? sql`, set_config('synchronous_commit', 'off', true) as relaxed` : sql``;
      const q = activity
        ? sql`with u as (${update}), a as (
            insert into ${dailyActivity} (user_id, day, used_question, used_word, used_seconds)
            select user_id, ${activity.day}, ${activity.question}, ${activity.word}, ${activity.seconds} from u
            on conflict (user_id, day) do update set
              used_question = ${dailyActivity}.used_question + excluded.used_question,
              used_word = ${dailyActivity}.used_word + excluded.used_word,
              used_seconds = ${dailyActivity}.used_seconds + excluded.used_seconds)
          select count(*)::int as n${relaxed} from u`
        : sql`with u as (${update}) select count(*)::int as n${relaxed} from u`;
      const { rows } = (await tx.execute(q)) as unknown as { rows: { n: number }[] };
      return (rows[0]?.n ?? 0) > 0;
    },

    /** The mode of the user's latest practice-set exam (null before the first). */
    async lastPracticeMode(userId: number): Promise<'exam' | 'practice' | null> {
      const [row] = await db
        .select({ sections: exams.sections })
        .from(exams)
        .where(and(eq(exams.userId, userId), eq(exams.kind, 'practice')))
        .orderBy(desc(exams.createdAt))
        .limit(1);
      if (!row) return null;
      return (row.sections as { practiceMode?: boolean }[])[0]?.practiceMode ? 'practice' : 'exam';
    },

    /** Of `ids`, those the user answered in another exam finished before `before` (a mock's "seen before"). */
    async seenBefore(userId: number, examId: string, ids: string[], before: Date): Promise<string[]> {
      if (!ids.length) return [];
      const rows = await db
        .selectDistinct({ id: responses.questionId })
        .from(responses)
        .where(
          and(
            eq(responses.userId, userId),
            ne(responses.examId, examId),
            eq(responses.answered, true),
            lt(responses.at, before),
            inArray(responses.questionId, ids),
          ),
        );
      const seen = new Set(rows.map((r) => r.id));
      return ids.filter((id) => seen.has(id));
    },

    /** Running exams whose current section's deadline has passed (oldest first). */
    async expired(now: Date, limit: number) {
      return db
        .select({ id: exams.id, userId: exams.userId })
        .from(exams)
        .where(
          and(
            isNotNull(exams.deadlineAt),
            lt(exams.deadlineAt, now),
            inArray(exams.status, [ExamStatus.Start, ExamStatus.PartCompleted]),
          ),
        )
        .orderBy(exams.deadlineAt)
        .limit(limit);
    },

    /** Writes the response log of a finished exam (idempotent). */
    async logResponses(tx: Tx, rows: ResponseRow[]) {
      for (let i = 0; i < rows.length; i += 200) {
        await tx
          .insert(responses)
          .values(rows.slice(i, i + 200))
          .onConflictDoNothing();
      }
    },

    async records(userId: number, page: number, pageSize: number, mockOnly: boolean, customOnly = false) {
      const where = and(
        eq(exams.userId, userId),
        mockOnly ? sql`${exams.kind} like 'mock%'` : undefined,
        // Built with create_option (自选组卷); redo sets and template books have none.
        customOnly ? sql`${exams.createOption} is not null` : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(exams)
          .where(where)
          .orderBy(desc(exams.createdAt), desc(exams.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(exams).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}

export type ExamRepo = ReturnType<typeof createExamRepo>;

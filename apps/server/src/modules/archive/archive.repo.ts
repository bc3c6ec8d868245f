// SQL of the archives (ADR 0041): retired items, the users' archive rows and their stored flags, who
// opened a word book. Retiring and un-retiring run in one transaction under an advisory lock per item.

import type { ArchiveKind } from '@gre/contract/endpoints/archive';
import { ExamStatus } from '@gre/contract/enums';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { archives, retiredItems, wordBookOpens } from '../../db/schema/archive.ts';
import { books, exams } from '../../db/schema/exam.ts';
import { users } from '../../db/schema/user.ts';
import type { Db, Tx } from '../../platform/db.ts';

const flagColumn = { pick: 'has_archived_pick', sixtwo: 'has_archived_six_two_word' } as const;

export function createArchiveRepo(db: Db) {
  return {
    db,

    /** The retired items of a kind: id → when. */
    async retired(kind: ArchiveKind): Promise<Map<string, Date>> {
      const rows = await db
        .select({ id: retiredItems.itemId, at: retiredItems.retiredAt })
        .from(retiredItems)
        .where(eq(retiredItems.kind, kind));
      return new Map(rows.map((r) => [r.id, r.at]));
    },

    async lockItem(tx: Tx, kind: ArchiveKind, id: string) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`retire:${kind}:${id}`}))`);
    },

    async findRetired(tx: Tx, kind: ArchiveKind, id: string) {
      const [r] = await tx
        .select()
        .from(retiredItems)
        .where(and(eq(retiredItems.kind, kind), eq(retiredItems.itemId, id)));
      return r;
    },

    /**
     * Retires an item: its row, an archive row for everyone who opened it, their flag; a 精选 set's
     * unfinished attempts are closed (the archive is read-only). Returns the users who got it.
     */
    async retire(tx: Tx, kind: ArchiveKind, id: string, title: string, by: number, now: Date): Promise<number[]> {
      await tx.insert(retiredItems).values({ kind, itemId: id, title, retiredAt: now, retiredBy: by });
      const openers =
        kind === 'pick'
          ? sql`select distinct ${books.userId} from ${books} where ${books.templateId} = ${id}`
          : sql`select ${wordBookOpens.userId} from ${wordBookOpens} where ${wordBookOpens.bookId} = ${id}`;
      await tx.execute(
        sql`insert into ${archives} (user_id, kind, item_id, archived_at) select u, ${kind}, ${id}, ${now} from (${openers}) as o(u) on conflict do nothing`,
      );
      await tx.execute(
        sql`update ${users} set ${sql.raw(flagColumn[kind])} = true where ${users.id} in (select ${archives.userId} from ${archives} where ${archives.kind} = ${kind} and ${archives.itemId} = ${id})`,
      );
      if (kind === 'pick') {
        await tx
          .update(exams)
          .set({ status: ExamStatus.Close, updatedAt: now, version: sql`${exams.version} + 1` })
          .where(
            and(
              eq(exams.templateId, id),
              inArray(exams.status, [ExamStatus.NotStart, ExamStatus.Start, ExamStatus.PartCompleted]),
            ),
          );
      }
      const held = await tx
        .select({ userId: archives.userId })
        .from(archives)
        .where(and(eq(archives.kind, kind), eq(archives.itemId, id)));
      return held.map((h) => h.userId);
    },

    /** Un-retires an item: back in the lists, gone from every archive; flags recomputed. Returns the users who lost it. */
    async unretire(tx: Tx, kind: ArchiveKind, id: string): Promise<number[]> {
      await tx.delete(retiredItems).where(and(eq(retiredItems.kind, kind), eq(retiredItems.itemId, id)));
      const gone = await tx
        .delete(archives)
        .where(and(eq(archives.kind, kind), eq(archives.itemId, id)))
        .returning({ userId: archives.userId });
      const ids = gone.map((g) => g.userId);
      for (let i = 0; i < ids.length; i += 5000) {
        const part = ids.slice(i, i + 5000);
        await tx
          .update(users)
          .set({
            [kind === 'pick' ? 'hasArchivedPick' : 'hasArchivedSixTwoWord']:
              sql`exists (select 1 from ${archives} where ${archives.userId} = ${users.id} and ${archives.kind} = ${kind})`,
          })
          .where(inArray(users.id, part));
      }
      return ids;
    },

    /** Per item of a kind: users who opened it, users holding it in their archive. */
    async counts(kind: ArchiveKind, ids: string[]): Promise<Map<string, { opened: number; archived: number }>> {
      const out = new Map(ids.map((id) => [id, { opened: 0, archived: 0 }]));
      if (!ids.length) return out;
      const opened =
        kind === 'pick'
          ? await db
              .select({ id: books.templateId, n: count() })
              .from(books)
              .where(inArray(books.templateId, ids))
              .groupBy(books.templateId)
          : await db
              .select({ id: wordBookOpens.bookId, n: count() })
              .from(wordBookOpens)
              .where(inArray(wordBookOpens.bookId, ids))
              .groupBy(wordBookOpens.bookId);
      const archived = await db
        .select({ id: archives.itemId, n: count() })
        .from(archives)
        .where(and(eq(archives.kind, kind), inArray(archives.itemId, ids)))
        .groupBy(archives.itemId);
      for (const r of opened) {
        const c = out.get(r.id);
        if (c) c.opened = r.n;
      }
      for (const r of archived) {
        const c = out.get(r.id);
        if (c) c.archived = r.n;
      }
      return out;
    },

    /** The caller's archive of a kind: item id → retired at (only items still retired). */
    async archiveOf(userId: number, kind: ArchiveKind, id?: string): Promise<Map<string, Date>> {
      const rows = await db
        .select({ id: archives.itemId, at: retiredItems.retiredAt })
        .from(archives)
        .innerJoin(retiredItems, and(eq(retiredItems.kind, archives.kind), eq(retiredItems.itemId, archives.itemId)))
        .where(
          and(
            eq(archives.userId, userId),
            eq(archives.kind, kind),
            id === undefined ? undefined : eq(archives.itemId, id),
          ),
        )
        .orderBy(desc(retiredItems.retiredAt), archives.itemId);
      return new Map(rows.map((r) => [r.id, r.at]));
    },

    /** The caller's attempts of some templates, newest first. */
    async attempts(userId: number, templateIds: string[]) {
      if (!templateIds.length) return [];
      return db
        .select()
        .from(exams)
        .where(and(eq(exams.userId, userId), inArray(exams.templateId, templateIds)))
        .orderBy(desc(exams.createdAt), desc(exams.id));
    },

    /** A word book's first reading by this user (who opened it, for its retirement). */
    async markOpened(userId: number, bookId: string, now: Date) {
      await db.insert(wordBookOpens).values({ userId, bookId, openedAt: now }).onConflictDoNothing();
    },
  };
}

export type ArchiveRepo = ReturnType<typeof createArchiveRepo>;

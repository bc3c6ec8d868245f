// SQL of the review loop. Every statement names the user: a craft is only ever read or written by
// its owner. Books are aggregated in the database (one scan for the groupings, one for the arrays);
// lists page through (user_id, updated_at).
import type { ReviewScope } from '@gre/contract/craft';
import { and, eq, getTableColumns, inArray, is, SQL, sql } from 'drizzle-orm';
import { collectTags, crafts, wrongLog } from '../../db/schema/craft.ts';
import { users } from '../../db/schema/user.ts';
import type { Db, Tx } from '../../platform/db.ts';

export type CraftRow = typeof crafts.$inferSelect;
export type CraftInsert = typeof crafts.$inferInsert;
type Runner = Db | Tx;

const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

/** The filter of a review book. */
export interface BookFilter {
  scope: ReviewScope;
  higher: boolean;
  category?: number;
  kind?: string;
  tagId?: string;
  collectId?: number;
  mastery?: number;
  reasonId?: string;
  source?: string;
  from?: Date;
  to?: Date;
  /** Due by this time. */
  dueBy?: Date;
}

export function scopeWhere(userId: number, f: BookFilter): SQL {
  const parts: SQL[] = [sql`user_id = ${userId}`, sql`in_higher = ${f.higher}`];
  parts.push(f.scope === 'wrongs' ? sql`wrong` : f.scope === 'collect' ? sql`collected` : sql`noted`);
  if (f.category !== undefined) parts.push(sql`category = ${f.category}`);
  if (f.kind !== undefined) parts.push(sql`kind = ${f.kind}`);
  if (f.tagId !== undefined) parts.push(sql`${f.tagId} = any(tag_ids)`);
  if (f.collectId !== undefined) parts.push(sql`${f.collectId}::bigint = any(collect_ids)`);
  if (f.mastery !== undefined) parts.push(sql`mastery = ${f.mastery}`);
  if (f.reasonId !== undefined) parts.push(sql`${f.reasonId} = any(reason_ids)`);
  if (f.source !== undefined) parts.push(sql`source_name = ${f.source}`);
  if (f.from) parts.push(sql`updated_at >= ${f.from.toISOString()}::timestamptz`);
  if (f.to) parts.push(sql`updated_at < ${f.to.toISOString()}::timestamptz`);
  if (f.dueBy) parts.push(sql`scheduled and due_at <= ${f.dueBy.toISOString()}::timestamptz`);
  return sql.join(parts, sql` and `);
}

export interface TreeGroups {
  kinds: { category: number; kind: string; count: number }[];
  mastery: { mastery: number; count: number }[];
  sources: { name: string; count: number }[];
  tags: { category: number; kind: string; tag: string; count: number }[];
  reasons: { id: string; count: number }[];
  collects: { id: number; count: number }[];
}

export function createCraftRepo(db: Db) {
  async function rows<T>(query: SQL, on: Runner = db): Promise<T[]> {
    return ((await on.execute(query)) as unknown as { rows: T[] }).rows;
  }

  return {
    db,

    async get(userId: number, questionId: string, on: Runner = db): Promise<CraftRow | undefined> {
      const [r] = await on
        .select()
        .from(crafts)
        .where(and(eq(crafts.userId, userId), eq(crafts.questionId, questionId)));
      return r;
    },

    async gets(userId: number, questionIds: string[], on: Runner = db): Promise<CraftRow[]> {
      if (!questionIds.length) return [];
      return on
        .select()
        .from(crafts)
        .where(and(eq(crafts.userId, userId), inArray(crafts.questionId, questionIds)));
    },

    /** Inserts or replaces the row (every column of `row`; the key is (user, question)). */
    async put(row: CraftInsert | CraftRow, on: Runner = db): Promise<CraftRow> {
      const { userId: _u, questionId: _q, noted: _n, ...set } = row as CraftRow;
      const values = { ...set, userId: row.userId, questionId: row.questionId };
      const [r] = await on
        .insert(crafts)
        .values(values)
        .onConflictDoUpdate({ target: [crafts.userId, crafts.questionId], set })
        .returning();
      return r as CraftRow;
    },

    /**
     * One statement: inserts `insert` for a new row, or changes only `set` on an existing one (its
     * values may be SQL over the existing row). No read before, no transaction: the common write.
     */
    /**
     * Writes one craft. `commit: 'async'` lets the transaction this statement runs in (its own, or
     * `on`'s) commit without waiting for the WAL flush: `synchronous_commit = off` for that
     * transaction only, set by the statement itself (a RETURNING column, so no extra round trip), as
     * exam saves do (ADR 0012, ADR 0025 "writes do not wait for the disk").
     */
    async upsert(
      insert: CraftInsert,
      set: Record<string, unknown>,
      on: Runner = db,
      commit: 'durable' | 'async' = 'durable',
    ): Promise<CraftRow> {
      const base = on
        .insert(crafts)
        .values(insert)
        .onConflictDoUpdate({ target: [crafts.userId, crafts.questionId], set });
      if (commit === 'durable') return ((await base.returning()) as CraftRow[])[0] as CraftRow;
      const [r] = await base.returning({
        ...getTableColumns(crafts),
        relaxed: sql<string>`set_config('synchronous_commit', 'off', true)`,
      });
      const { relaxed: _, ...row } = r as CraftRow & { relaxed: string };
      return row;
    },

    /**
     * update_v2 for a role with a finite limit, in one statement (ADR 0025 amendment, issue 14): the
     * user's row is locked and its counter read (`users.craft_collects` / `craft_notes`, kept by
     * triggers on `crafts`; under the lock PostgreSQL reads its latest committed version, so a
     * concurrent write of the same user has been counted), then the craft is inserted or changed only
     * if it was already collected / noted or the counter is below `limit`. Returns null when the limit
     * refused it (nothing written). `limit` null: no check (a write that cannot newly collect / note,
     * or an unlimited role), only the lock.
     *
     * The guard is checked twice because of one statement's one snapshot: the insert's proposal is let
     * through if the craft exists in the snapshot (then ON CONFLICT decides on the craft's latest
     * version), else only below the limit. A craft inserted by a concurrent request of the same user
     * after this statement's snapshot is not seen by the first check, which may then refuse a
     * question that was just collected; the caller asks once more (a fresh snapshot) before refusing.
     */
    async upsertWithinQuota(
      insert: CraftInsert,
      set: Record<string, unknown>,
      quota: { counter: 'collected' | 'noted'; limit: number | null },
    ): Promise<CraftRow | null> {
      const counter = quota.counter === 'collected' ? users.craftCollects : users.craftNotes;
      const flag = quota.counter === 'collected' ? crafts.collected : crafts.noted;
      const held = db.$with('quota_held').as(
        db
          .select({ n: sql<number>`${counter}`.as('n') })
          .from(users)
          .where(eq(users.id, insert.userId))
          // Not `for update`: that would also hold back other tables' foreign-key checks on the user.
          .for('no key update'),
      );
      const values = Object.entries(getTableColumns(crafts))
        .filter(([, col]) => !col.generated)
        .map(([key, col]) => {
          const v = (insert as Record<string, unknown>)[key];
          const value =
            v !== undefined
              ? sql.param(v, col)
              : col.default === undefined
                ? sql`null`
                : is(col.default, SQL)
                  ? col.default
                  : sql.param(col.default, col);
          return sql`(${value})::${sql.raw(col.getSQLType())}`;
        });
      // No limit (an uncollect, a note emptied): the same statement, for the same lock order
      // (the user's row, then the craft) as the limited writes of the same user.
      const below = quota.limit === null ? sql`true` : sql`(select n from quota_held) < ${quota.limit}`;
      const [r] = await db
        .with(held)
        .insert(crafts)
        .select(
          sql`select ${sql.join(values, sql`, `)} from quota_held
              where ${below} or exists (select 1 from crafts
                where user_id = ${insert.userId} and question_id = ${insert.questionId})`,
        )
        .onConflictDoUpdate({
          target: [crafts.userId, crafts.questionId],
          set,
          ...(quota.limit === null ? {} : { setWhere: sql`${flag} or ${below}` }),
        })
        .returning({
          ...getTableColumns(crafts),
          relaxed: sql<string>`set_config('synchronous_commit', 'off', true)`,
        });
      if (!r) return null;
      const { relaxed: _, ...row } = r as CraftRow & { relaxed: string };
      return row;
    },

    /** Serialises one user's limited writes (collect and note limits) within `tx`. */
    async lockUser(tx: Tx, userId: number) {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    },

    async counts(userId: number, on: Runner = db) {
      const [r] = await rows<Record<string, unknown>>(
        sql`select
          count(*) filter (where collected and not in_higher) as collects,
          count(*) filter (where wrong and not in_higher) as wrongs,
          count(*) filter (where noted and not in_higher) as notes,
          count(*) filter (where collected and in_higher) as higher_collects,
          count(*) filter (where wrong and in_higher) as higher_wrongs,
          count(*) filter (where noted and in_higher) as higher_notes,
          count(*) filter (where collected) as all_collects,
          count(*) filter (where noted) as all_notes,
          count(*) filter (where scheduled) as scheduled
        from crafts where user_id = ${userId}`,
        on,
      );
      const n = (k: string) => num(r?.[k]);
      return {
        collects: n('collects'),
        wrongs: n('wrongs'),
        notes: n('notes'),
        higherCollects: n('higher_collects'),
        higherWrongs: n('higher_wrongs'),
        higherNotes: n('higher_notes'),
        allCollects: n('all_collects'),
        allNotes: n('all_notes'),
        scheduled: n('scheduled'),
      };
    },

    async dueCount(userId: number, by: Date): Promise<number> {
      const [r] = await rows<{ n: unknown }>(
        sql`select count(*) as n from crafts
            where user_id = ${userId} and scheduled and due_at <= ${by.toISOString()}::timestamptz`,
      );
      return num(r?.n);
    },

    async dueIds(userId: number, by: Date, limit: number): Promise<string[]> {
      const r = await rows<{ question_id: string }>(
        sql`select question_id from crafts
            where user_id = ${userId} and scheduled and due_at <= ${by.toISOString()}::timestamptz
            order by due_at, question_id limit ${limit}`,
      );
      return r.map((x) => x.question_id);
    },

    /** The groupings of a book's tree: one scan for category/kind, mastery and source, one for the arrays. */
    async tree(userId: number, f: BookFilter): Promise<TreeGroups> {
      const where = scopeWhere(userId, f);
      const [groups, arrays] = await Promise.all([
        rows<{ g: number; category: number; kind: string; mastery: number; source_name: string; n: unknown }>(
          sql`select grouping(category, kind, mastery, source_name) as g, category, kind, mastery, source_name,
                count(*) as n
              from crafts where ${where}
              group by grouping sets ((category, kind), (mastery), (source_name))`,
        ),
        rows<{ t: string; category: number; kind: string; v: string; n: unknown }>(
          sql`select 't' as t, category, kind, v, count(*) as n
                from crafts, unnest(tag_ids) as v where ${where} group by category, kind, v
              union all
              select 'r', 0, '', v, count(*) from crafts, unnest(reason_ids) as v where ${where} group by v
              union all
              select 'c', 0, '', v::text, count(*) from crafts, unnest(collect_ids) as v where ${where} group by v`,
        ),
      ]);
      // grouping() bits (category, kind, mastery, source_name): 3 = by category/kind, 13 = by mastery, 14 = by source.
      const out: TreeGroups = { kinds: [], mastery: [], sources: [], tags: [], reasons: [], collects: [] };
      for (const r of groups) {
        const g = Number(r.g);
        if (g === 3) out.kinds.push({ category: Number(r.category), kind: r.kind, count: num(r.n) });
        else if (g === 13) out.mastery.push({ mastery: Number(r.mastery), count: num(r.n) });
        else if (g === 14) out.sources.push({ name: r.source_name, count: num(r.n) });
      }
      for (const r of arrays) {
        if (r.t === 't') out.tags.push({ category: Number(r.category), kind: r.kind, tag: r.v, count: num(r.n) });
        else if (r.t === 'r') out.reasons.push({ id: r.v, count: num(r.n) });
        else out.collects.push({ id: Number(r.v), count: num(r.n) });
      }
      return out;
    },

    /** A page of a book, newest change first, with the total and the first `idLimit` ids. */
    async list(userId: number, f: BookFilter, page: number, pageSize: number, idLimit: number) {
      const where = scopeWhere(userId, f);
      const [items, ids] = await Promise.all([
        db
          .select()
          .from(crafts)
          .where(where)
          .orderBy(sql`updated_at desc, question_id`)
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        rows<{ question_id: string; total: unknown }>(
          sql`select question_id, count(*) over () as total from crafts where ${where}
              order by updated_at desc, question_id limit ${idLimit}`,
        ),
      ]);
      return { items, total: num(ids[0]?.total), ids: ids.map((r) => r.question_id) };
    },

    /**
     * The version basis of the user's 错题本 PDF (ADR 0040): how many wrong questions the book holds and
     * when the latest of them changed (an answer, a note, mastery, reasons all move updated_at). One
     * index range (crafts_user_updated_idx).
     */
    async wrongBookBasis(userId: number): Promise<{ count: number; basis: string }> {
      const [r] = await rows<{ n: unknown; at: string | null }>(
        sql`select count(*) as n, to_char(max(updated_at) at time zone 'UTC', 'YYYYMMDDHH24MISSUS') as at
            from crafts where user_id = ${userId} and wrong and not in_higher`,
      );
      const count = num(r?.n);
      return { count, basis: `${count}.${r?.at ?? '0'}` };
    },

    /** The user's wrong book (not the 高阶 one): its latest `limit` questions, latest first. */
    async wrongBook(userId: number, limit: number): Promise<CraftRow[]> {
      return db
        .select()
        .from(crafts)
        .where(scopeWhere(userId, { scope: 'wrongs', higher: false }))
        .orderBy(sql`updated_at desc, question_id`)
        .limit(limit);
    },

    async logWrongs(entries: { userId: number; questionId: string; kind: string; at: Date }[], on: Runner = db) {
      if (entries.length) await on.insert(wrongLog).values(entries);
    },

    /** Wrong answers since `since` by week (Monday, China time), with the craft's checked reasons. */
    async wrongsByWeek(userId: number, since: Date) {
      return rows<{ week: string; kind: string; reason_ids: string[] | null; n: unknown }>(
        sql`select to_char(date_trunc('week', w.at at time zone 'Asia/Shanghai'), 'YYYY-MM-DD') as week,
              w.kind, c.reason_ids, count(*) as n
            from wrong_log w
            left join crafts c on c.user_id = w.user_id and c.question_id = w.question_id
            where w.user_id = ${userId} and w.at >= ${since.toISOString()}::timestamptz
            group by 1, 2, 3`,
      );
    },

    /** Mastery levels over every wrong or noted question. */
    async masteryCounts(userId: number) {
      return rows<{ mastery: number; n: unknown }>(
        sql`select mastery, count(*) as n from crafts where user_id = ${userId} and (wrong or noted) group by mastery`,
      );
    },

    // Collect tags --------------------------------------------------------------------------------

    async tags(userId: number) {
      return db
        .select()
        .from(collectTags)
        .where(eq(collectTags.userId, userId))
        .orderBy(collectTags.createdAt, collectTags.id);
    },

    /** Questions collected per tag of the user. */
    async tagCounts(userId: number): Promise<Map<number, number>> {
      const r = await rows<{ v: unknown; n: unknown }>(
        sql`select v, count(*) as n from crafts, unnest(collect_ids) as v
            where user_id = ${userId} and collected group by v`,
      );
      return new Map(r.map((x) => [Number(x.v), num(x.n)]));
    },

    async addTag(tx: Tx, row: typeof collectTags.$inferInsert) {
      const [r] = await tx.insert(collectTags).values(row).onConflictDoNothing().returning();
      return r;
    },

    async countTags(userId: number, on: Runner = db): Promise<number> {
      const [r] = await rows<{ n: unknown }>(sql`select count(*) as n from collect_tags where user_id = ${userId}`, on);
      return num(r?.n);
    },

    async ownTagIds(userId: number, ids: number[], on: Runner = db): Promise<Set<number>> {
      if (!ids.length) return new Set();
      const r = await on
        .select({ id: collectTags.id })
        .from(collectTags)
        .where(and(eq(collectTags.userId, userId), inArray(collectTags.id, ids)));
      return new Set(r.map((x) => x.id));
    },

    async deleteTag(userId: number, id: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const gone = await tx
          .delete(collectTags)
          .where(and(eq(collectTags.userId, userId), eq(collectTags.id, id)))
          .returning({ id: collectTags.id });
        if (!gone.length) return false;
        await tx.execute(
          sql`update crafts set collect_ids = array_remove(collect_ids, ${id}::bigint)
              where user_id = ${userId} and ${id}::bigint = any(collect_ids)`,
        );
        return true;
      });
    },

    // Settings -----------------------------------------------------------------------------------

    /** The user's review settings; with `lock`, the user's row is locked for `on`'s transaction. */
    async settings(userId: number, on: Runner = db, opts: { lock?: boolean } = {}) {
      const q = on
        .select({ removeCorrects: users.removeCorrects, desiredRetention: users.desiredRetention })
        .from(users)
        .where(eq(users.id, userId));
      const [r] = opts.lock ? await q.for('no key update') : await q;
      return r ?? { removeCorrects: false, desiredRetention: 0.9 };
    },

    async updateSettings(userId: number, set: { removeCorrects?: boolean; desiredRetention?: number }) {
      if (Object.keys(set).length) await db.update(users).set(set).where(eq(users.id, userId));
    },

    async higherFlag(userId: number): Promise<boolean> {
      const [r] = await db.select({ f: users.showHigherCollect }).from(users).where(eq(users.id, userId));
      return r?.f ?? false;
    },
  };
}

export type CraftRepo = ReturnType<typeof createCraftRepo>;

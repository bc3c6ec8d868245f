// SQL of mail and notices (ADR 0030). Every statement on `mails` a user's call makes names that user;
// a notice mail's text is read from its notice (the row carries none).
import { MailRace, MailStatus } from '@gre/contract/mail';
import { and, count, desc, eq, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { mails, notices, type StoredAudience } from '../../db/schema/mail.ts';
import { users } from '../../db/schema/user.ts';
import type { Db, Tx } from '../../platform/db.ts';

export type Runner = Db | Tx;

export type NoticeRow = typeof notices.$inferSelect;

/** A mail as read: a notice mail's text and link come from its notice. */
export interface MailView {
  id: number;
  race: number;
  subject: string;
  content: string;
  link: string;
  status: number;
  noticeId: number | null;
  createdAt: Date;
}

/** What a category lists: inbox = unread, read = read, the others one race. */
export type MailFilter = { status: number } | { race: number };

const view = {
  id: mails.id,
  race: mails.race,
  subject: sql<string>`coalesce(${mails.subject}, ${notices.subject}, '')`,
  content: sql<string>`coalesce(${mails.content}, ${notices.content}, '')`,
  link: sql<string>`coalesce(${mails.link}, ${notices.link}, '')`,
  status: mails.status,
  noticeId: mails.noticeId,
  createdAt: mails.createdAt,
};

const filterOf = (userId: number, f: MailFilter): SQL =>
  and(eq(mails.userId, userId), 'status' in f ? eq(mails.status, f.status) : eq(mails.race, f.race)) as SQL;

/** The users a notice's audience names, as SQL over `users` (roles: the effective role at `now`). */
function audienceOf(a: StoredAudience, now: Date): SQL {
  switch (a.kind) {
    case 'all':
      return sql`true`;
    case 'role':
      return sql`(case when ${users.roleKind} in (3, 4) and ${users.roleExpireAt} <= ${now.toISOString()}::timestamptz then 2 else ${users.roleKind} end) in (${sql.join(
        a.role_kinds.map((r) => sql`${r}`),
        sql`, `,
      )})`;
    case 'users':
      return inArray(users.id, a.user_ids.map(Number));
  }
}

export function createMailRepo(db: Db) {
  return {
    db,

    async page(userId: number, f: MailFilter, page: number, pageSize: number) {
      const where = filterOf(userId, f);
      const [rows, [total]] = await Promise.all([
        db
          .select(view)
          .from(mails)
          .leftJoin(notices, eq(notices.id, mails.noticeId))
          .where(where)
          .orderBy(desc(mails.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(mails).where(where),
      ]);
      return { rows: rows as MailView[], total: total?.n ?? 0 };
    },

    /** Unread mail per race. */
    async unreadByRace(userId: number, on: Runner = db): Promise<Map<number, number>> {
      const rows = await on
        .select({ race: mails.race, n: count() })
        .from(mails)
        .where(and(eq(mails.userId, userId), eq(mails.status, MailStatus.Inbox)))
        .groupBy(mails.race);
      return new Map(rows.map((r) => [r.race, r.n]));
    },

    async byIds(userId: number, ids: number[]): Promise<MailView[]> {
      const rows = await db
        .select(view)
        .from(mails)
        .leftJoin(notices, eq(notices.id, mails.noticeId))
        .where(and(eq(mails.userId, userId), inArray(mails.id, ids)))
        .orderBy(desc(mails.id));
      return rows as MailView[];
    },

    /** Of `ids`, the ones that are this user's mail. */
    async ownIds(tx: Runner, userId: number, ids: number[]): Promise<number[]> {
      const rows = await tx
        .select({ id: mails.id })
        .from(mails)
        .where(and(eq(mails.userId, userId), inArray(mails.id, ids)));
      return rows.map((r) => r.id);
    },

    /** Marks this user's unread mail read: by ids, or all of a race (none = every race). */
    async markRead(tx: Runner, userId: number, target: { ids: number[] } | { race: number | null }, now: Date) {
      const which =
        'ids' in target
          ? inArray(mails.id, target.ids)
          : target.race === null
            ? undefined
            : eq(mails.race, target.race);
      const rows = await tx
        .update(mails)
        .set({ status: MailStatus.Read, readAt: now })
        .where(and(eq(mails.userId, userId), eq(mails.status, MailStatus.Inbox), which))
        .returning({ id: mails.id });
      return rows.length;
    },

    async insertMail(
      on: Runner,
      m: { userId: number; race: number; subject: string; content: string; link: string; now: Date },
    ) {
      const [row] = await on
        .insert(mails)
        .values({
          userId: m.userId,
          race: m.race,
          subject: m.subject,
          content: m.content,
          link: m.link,
          createdAt: m.now,
        })
        .returning({ id: mails.id });
      return row?.id as number;
    },

    // Notices -----------------------------------------------------------------------------------------

    async insertNotice(n: typeof notices.$inferInsert): Promise<NoticeRow> {
      const [row] = await db.insert(notices).values(n).returning();
      return row as NoticeRow;
    },

    async notice(id: number): Promise<NoticeRow | undefined> {
      const [row] = await db.select().from(notices).where(eq(notices.id, id));
      return row;
    },

    async notices(page: number, pageSize: number) {
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(notices)
          .orderBy(desc(notices.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(notices),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** Mailboxes each notice reached. */
    async deliveredCounts(ids: number[]): Promise<Map<number, number>> {
      if (!ids.length) return new Map();
      const rows = await db
        .select({ id: mails.noticeId, n: count() })
        .from(mails)
        .where(inArray(mails.noticeId, ids))
        .groupBy(mails.noticeId);
      return new Map(rows.map((r) => [r.id as number, r.n]));
    },

    /** The user ids among `ids` that exist. */
    async existingUsers(ids: number[]): Promise<Set<number>> {
      const rows = await db.select({ id: users.id }).from(users).where(inArray(users.id, ids));
      return new Set(rows.map((r) => r.id));
    },

    /** Notices due and not fully delivered (the sweeper's list). */
    async dueNotices(now: Date, limit: number) {
      return db
        .select({ id: notices.id })
        .from(notices)
        .where(and(isNull(notices.deliveredAt), lte(notices.sendAt, now)))
        .orderBy(notices.sendAt)
        .limit(limit);
    },

    /** Delivered notices whose e-mail copies are not all sent. */
    async unmailedNotices(deliveredBefore: Date, limit: number) {
      return db
        .select({ id: notices.id })
        .from(notices)
        .where(and(eq(notices.emailCopy, true), isNull(notices.emailedAt), lte(notices.deliveredAt, deliveredBefore)))
        .limit(limit);
    },

    /**
     * One batch of a notice's delivery, in one transaction: the next `size` users of its audience
     * after the cursor get their row (a repeat writes nothing twice), the cursor moves on; the
     * notice is delivered when a batch comes back short. Answers whether more remain.
     */
    async fanOutBatch(noticeId: number, size: number, now: Date): Promise<{ more: boolean; written: number }> {
      return db.transaction(async (tx) => {
        // The row lock makes two runs of one notice's delivery (a retry, the sweeper) take turns.
        const [n] = await tx.select().from(notices).where(eq(notices.id, noticeId)).for('update');
        if (!n || n.deliveredAt) return { more: false, written: 0 };
        const { rows } = (await tx.execute(sql`
          with batch as (
            select ${users.id} as id from ${users}
            where ${users.id} > ${n.fanCursor} and ${audienceOf(n.audience, now)}
            order by ${users.id} limit ${size}
          ), written as (
            insert into ${mails} (user_id, race, status, notice_id, created_at)
            select id, ${MailRace.Notice}, ${MailStatus.Inbox}, ${n.id}, ${n.sendAt.toISOString()}::timestamptz from batch
            on conflict (notice_id, user_id) do nothing
            returning 1
          )
          select (select max(id) from batch)::bigint as last, (select count(*) from batch)::int as taken,
                 (select count(*) from written)::int as written`)) as unknown as {
          rows: { last: string | number | null; taken: number; written: number }[];
        };
        const r = rows[0] ?? { last: null, taken: 0, written: 0 };
        const more = r.taken === size;
        await tx
          .update(notices)
          .set({
            ...(r.last !== null ? { fanCursor: Number(r.last) } : {}),
            ...(more ? {} : { deliveredAt: now, ...(n.emailCopy ? {} : { emailedAt: now }) }),
          })
          .where(eq(notices.id, n.id));
        return { more, written: r.written };
      });
    },

    /**
     * Takes the next `size` unsent e-mail copies of a notice (recipients with an address who did not
     * unsubscribe): marked taken in the same statement, so two workers never take the same copy.
     */
    async claimEmails(noticeId: number, size: number, now: Date) {
      const { rows } = (await db.execute(sql`
        update ${mails} set email_at = ${now.toISOString()}::timestamptz
        where id in (
          select m.id from ${mails} m join ${users} u on u.id = m.user_id
          where m.notice_id = ${noticeId} and m.email_at is null and u.email is not null and not u.notice_email_off
          order by m.id limit ${size}
          for update of m skip locked
        )
        returning id, user_id`)) as unknown as { rows: { id: string | number; user_id: string | number }[] };
      if (!rows.length) return { taken: 0, copies: [] };
      const ids = rows.map((r) => Number(r.user_id));
      const people = await db
        .select({ id: users.id, email: users.email, name: users.name, off: users.noticeEmailOff })
        .from(users)
        .where(inArray(users.id, ids));
      const byId = new Map(people.map((p) => [p.id, p]));
      const copies = rows.flatMap((r) => {
        const p = byId.get(Number(r.user_id));
        return p?.email && !p.off ? [{ mailId: Number(r.id), userId: p.id, email: p.email, name: p.name }] : [];
      });
      return { taken: rows.length, copies };
    },

    /** Gives copies back (a send failed): the next run sends them. */
    async releaseEmails(mailIds: number[]) {
      if (!mailIds.length) return;
      await db.update(mails).set({ emailAt: null }).where(inArray(mails.id, mailIds));
    },

    async markEmailed(noticeId: number, now: Date) {
      await db.update(notices).set({ emailedAt: now }).where(eq(notices.id, noticeId));
    },

    /** A notice as one user received it: their mail row joined with the notice. */
    async noticesOf(userId: number, o: { noticeId?: number; unreadOnly: boolean; limit: number }) {
      return db
        .select({
          mailId: mails.id,
          status: mails.status,
          id: notices.id,
          subject: notices.subject,
          content: notices.content,
          link: notices.link,
          sendAt: notices.sendAt,
          createdAt: notices.createdAt,
        })
        .from(mails)
        .innerJoin(notices, eq(notices.id, mails.noticeId))
        .where(
          and(
            eq(mails.userId, userId),
            eq(mails.race, MailRace.Notice),
            o.noticeId === undefined ? undefined : eq(mails.noticeId, o.noticeId),
            o.unreadOnly ? eq(mails.status, MailStatus.Inbox) : undefined,
          ),
        )
        .orderBy(desc(mails.id))
        .limit(o.limit);
    },

    async userName(userId: number): Promise<string | undefined> {
      const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
      return row?.name;
    },

    /** Notice e-mails on (true) or off; null when the user does not exist. */
    async emailNotices(userId: number, on?: boolean): Promise<boolean | null> {
      const rows =
        on === undefined
          ? await db.select({ off: users.noticeEmailOff }).from(users).where(eq(users.id, userId))
          : await db
              .update(users)
              .set({ noticeEmailOff: !on })
              .where(eq(users.id, userId))
              .returning({ off: users.noticeEmailOff });
      return rows[0] ? !rows[0].off : null;
    },

    /** The unsubscribe link's flag; false when the user does not exist. */
    async unsubscribe(userId: number): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ noticeEmailOff: true })
        .where(eq(users.id, userId))
        .returning({ id: users.id });
      return rows.length > 0;
    },
  };
}

export type MailRepo = ReturnType<typeof createMailRepo>;

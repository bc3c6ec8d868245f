// Mail and notices (issue 18, docs/decisions/0030-mail-and-notices.md). `mails`: one row per message
// to one user (remind, notice, chat), its status Inbox (unread) or Read. `notices`: one row per notice
// a staff member sent (text, audience, time, e-mail copy); its delivery writes one text-less `mails`
// row per recipient in batches on the job queue (`fan_cursor`: the last user id reached), so a notice
// to 100k users is 100k small rows written off the request, and reading, counting and marking treat
// it like any other mail.
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './user.ts';

/** Who a notice goes to, as sent (the contract's noticeAudienceSchema). */
export type StoredAudience =
  | { kind: 'all' }
  | { kind: 'role'; role_kinds: number[] }
  | { kind: 'users'; user_ids: string[] };

export const notices = pgTable(
  'notices',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    subject: text().notNull(),
    content: text().notNull(),
    link: text().notNull().default(''),
    audience: jsonb().$type<StoredAudience>().notNull(),
    emailCopy: boolean().notNull().default(false),
    /** When it is delivered: now, or the scheduled time. */
    sendAt: timestamp({ withTimezone: true }).notNull(),
    createdBy: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** Delivery progress: users with ids up to this one have their row. */
    fanCursor: bigint({ mode: 'number' }).notNull().default(0),
    /** Every recipient's row written. */
    deliveredAt: timestamp({ withTimezone: true }),
    /** Every e-mail copy sent (or none was asked for). */
    emailedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('notices_pending_idx').on(t.sendAt).where(sql`${t.deliveredAt} is null`)],
);

export const mails = pgTable(
  'mails',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The contract's MailRace: 1 remind, 2 notice, 3 chat. */
    race: smallint().notNull(),
    /** Null on notice mail: the text is the notice's. */
    subject: text(),
    content: text(),
    link: text(),
    /** 0 Inbox (unread), 1 Read. */
    status: smallint().notNull().default(0),
    noticeId: bigint({ mode: 'number' }).references(() => notices.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    readAt: timestamp({ withTimezone: true }),
    /** Notice mail: when its e-mail copy was taken for sending (null = not sent). */
    emailAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('mails_user_status_idx').on(t.userId, t.status, t.id),
    index('mails_user_race_idx').on(t.userId, t.race, t.id),
    uniqueIndex('mails_notice_user_key').on(t.noticeId, t.userId),
  ],
);

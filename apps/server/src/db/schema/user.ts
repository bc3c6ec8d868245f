// Accounts, sessions, one-time codes, login failures and role history.

import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    phone: text(),
    email: text(),
    passwordHash: text(),
    name: text().notNull(),
    signature: text().notNull().default(''),
    roleKind: smallint().notNull().default(1),
    roleExpireAt: timestamp({ withTimezone: true }),
    flashCoins: integer().notNull().default(0),
    isAdmin: boolean().notNull().default(false),
    isOperator: boolean().notNull().default(false),
    isTeacher: boolean().notNull().default(false),
    isFreeze: boolean().notNull().default(false),
    freezeReason: text().notNull().default(''),
    hasCrown: boolean().notNull().default(false),
    showTailorShelf: boolean().notNull().default(false),
    /** Custom exams granted beyond the role quota, in all (assign_custom_tailor_use; ADR 0034). */
    tailorExtra: integer().notNull().default(0),
    showHigherCollect: boolean().notNull().default(false),
    canVisitMaterial: boolean().notNull().default(false),
    removeCorrects: boolean().notNull().default(false),
    /** Desired retention of the review schedule and the flash cards (ADR 0025). */
    desiredRetention: real().notNull().default(0.9),
    /**
     * The user's collected and noted crafts (ADR 0025 amendment): kept by triggers on `crafts`, so the
     * quota check of update_v2 reads them from this row, locked, in the same statement as its write.
     */
    craftCollects: integer().notNull().default(0),
    craftNotes: integer().notNull().default(0),
    hasArchivedSixTwoWord: boolean().notNull().default(false),
    hasArchivedPick: boolean().notNull().default(false),
    aimQuestion: integer().notNull().default(30),
    aimWord: integer().notNull().default(100),
    aimTimeMins: integer().notNull().default(60),
    /** The mark operators set (set_mark; ADR 0036): a text and the ids of up to four uploaded QR images. */
    markText: text().notNull().default(''),
    markQrs: jsonb().$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    isDemo: boolean().notNull().default(false),
    /** Unsubscribed from notice e-mails through the link in one (ADR 0030); site mail still arrives. */
    noticeEmailOff: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_phone_key').on(t.phone),
    uniqueIndex('users_email_key').on(t.email),
    // The operator console's name-prefix search (LIKE 'x%') in any collation (ADR 0031).
    index('users_name_prefix_idx').on(t.name.op('text_pattern_ops')),
    // New users of a period (batch_check_newman, batch_newman_gift; the operations report).
    index('users_created_idx').on(t.createdAt),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text().notNull().default(''),
    ip: text().notNull().default(''),
    userAgent: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    revokedReason: text(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channel: text().notNull(),
    target: text().notNull(),
    purpose: text().notNull(),
    codeHash: text().notNull(),
    ip: text().notNull(),
    attempts: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    consumedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('codes_target_idx').on(t.target, t.createdAt), index('codes_ip_idx').on(t.ip, t.createdAt)],
);

export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    account: text().notNull(),
    ip: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('login_failures_account_idx').on(t.account, t.at), index('login_failures_ip_idx').on(t.ip, t.at)],
);

export const roleRecords = pgTable(
  'role_records',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleKind: smallint().notNull(),
    startAt: timestamp({ withTimezone: true }).notNull(),
    expireAt: timestamp({ withTimezone: true }),
    note: text().notNull().default(''),
    /** What wrote it (ADR 0029): `trade:<id>`, `voucher:<code>`, `staff:<id>`, `expired`; '' for the first record. */
    source: text().notNull().default(''),
  },
  (t) => [index('role_records_user_idx').on(t.userId)],
);

// Practice sets and exams: templates derived from the bank, users' books, exams (one row each,
// sections and runtimes as JSON, written under a row lock), mock/question quotas per role and the
// race-free usage counters behind them.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './user.ts';

/** Templates are rebuilt from the catalogue (stable ids) and upserted; users' books point at them. */
export const bookTemplates = pgTable(
  'book_templates',
  {
    id: text().primaryKey(),
    page: text().notNull(),
    position: integer().notNull(),
    title: text().notNull(),
    param: text().notNull(),
    kinds: text().array().notNull().default(sql`'{}'::text[]`),
    examKind: text().notNull(),
    unlockAt: timestamp({ withTimezone: true }),
    limitDays: integer().notNull().default(0),
    hide: boolean().notNull().default(false),
    label: text().notNull().default(''),
    /** Sections with their question ids and time limits. */
    spec: jsonb().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('book_templates_page_idx').on(t.page, t.position)],
);

export const books = pgTable(
  'books',
  {
    id: text().primaryKey(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    templateId: text().notNull(),
    examId: text().notNull(),
    title: text().notNull(),
    status: smallint().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('books_user_template_key').on(t.userId, t.templateId)],
);

export const exams = pgTable(
  'exams',
  {
    id: text().primaryKey(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    templateId: text().notNull().default(''),
    bookId: text(),
    name: text().notNull(),
    kind: text().notNull(),
    status: smallint().notNull(),
    createOption: jsonb(),
    cursorSection: integer().notNull().default(0),
    cursorQuestion: integer().notNull().default(0),
    isAutoCommit: boolean().notNull().default(false),
    /** Bumped by every update: writers save only over the version they read (exam.repo.ts). */
    version: integer().notNull().default(0),
    /** The running section's deadline (null when none runs or it is untimed): the settle job's index. */
    deadlineAt: timestamp({ withTimezone: true }),
    /** StoredSection[] (exam.engine.ts): question ids, clocks and each question's action. */
    sections: jsonb().notNull(),
    result: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('exams_user_created_idx').on(t.userId, t.createdAt),
    index('exams_deadline_idx').on(t.deadlineAt).where(sql`${t.deadlineAt} is not null`),
    // The operations report: mocks started by day (index-only).
    index('exams_mock_created_idx').on(t.createdAt).where(sql`${t.kind} like 'mock%'`),
  ],
);

/** What each role may do (documented defaults in exam.quota.ts, editable by admins later). */
export const roleQuotas = pgTable('role_quotas', {
  roleKind: smallint().primaryKey(),
  /** Questions answered per China day; -1 = unlimited. */
  questionsPerDay: integer().notNull(),
  /** Mock exams started per China day; -1 = unlimited. */
  mocksPerDay: integer().notNull(),
  /** For a trial: questions in total; -1 = no total. */
  questionsTotal: integer().notNull(),
  /** For a trial: mocks in total; -1 = no total. */
  mocksTotal: integer().notNull(),
  /** May start full and single-measure mocks (otherwise sim_no_perm); single sections need mocksPerDay > 0. */
  fullMocks: boolean().notNull(),
  /** Essay gradings per China day; -1 = unlimited (the default row values live in exam.quota.ts). */
  essaysPerDay: integer().notNull().default(-1),
  /** For a trial: essay gradings in total; -1 = no total. */
  essaysTotal: integer().notNull().default(-1),
  /** Questions collected at a time; -1 = unlimited (ADR 0025). */
  collectsTotal: integer().notNull().default(-1),
  /** Questions with a note, reasons or an improvement plan at a time; -1 = unlimited. */
  notesTotal: integer().notNull().default(-1),
  /** New flash cards per China day, free of coins; -1 = unlimited (ADR 0028). */
  flashNewPerDay: integer().notNull().default(-1),
  /** Custom exams (自选组卷) per China day and in all; -1 = unlimited (ADR 0034). */
  tailorsPerDay: integer().notNull().default(-1),
  tailorsTotal: integer().notNull().default(-1),
  /** May watch the member lessons (ADR 0039); VIP and SVIP by default (migration). */
  lessons: boolean().notNull().default(false),
  /** May download the study materials and the own 错题本 PDF (ADR 0040); VIP and SVIP by default (migration). */
  materials: boolean().notNull().default(false),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
});

/** Units used per user, China day (or 'total') and subject; only changed by conditional upserts. */
export const usageCounters = pgTable(
  'usage_counters',
  {
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: text().notNull(),
    subject: text().notNull(),
    used: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.subject] })],
);

/**
 * Answers of a timed exam's questions served to its candidate while the exam was not finished
 * (docs/decisions/0017): to staff, who see answers during their own exams, or after the exam's time
 * was over but before it was finished. One row per exam and question (the first time); calibration
 * leaves these exams' responses out.
 */
export const examExposures = pgTable(
  'exam_exposures',
  {
    examId: text().notNull(),
    questionId: text().notNull(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'staff' (the exam was running; staff are served and logged) or 'lapsed' (its time was over, unfinished). */
    reason: text().notNull(),
    /** The endpoint that served it. */
    path: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.examId, t.questionId] })],
);

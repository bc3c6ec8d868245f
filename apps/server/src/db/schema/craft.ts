// The review loop (ADR 0025): one craft per user and question (collected with tags, wrong, last
// answer, note, reasons, mastery, improvement plan, flash-card state, the memory schedule), the
// user's collect tags, and a log of wrong answers (the error-cause trends). Category, kind and
// knowledge tags are copied from the catalogue when the row is written, so a book's tree is one
// aggregate over the user's rows.
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

export const crafts = pgTable(
  'crafts',
  {
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: text().notNull(),
    category: smallint().notNull(),
    kind: text().notNull(),
    /** Knowledge-point tag ids of the question. */
    tagIds: text().array().notNull().default(sql`'{}'::text[]`),
    /** Met in the advanced (高阶) bank: its books are personal/higher_*. */
    inHigher: boolean().notNull().default(false),
    collected: boolean().notNull().default(false),
    /** The user's collect tags on this question. */
    collectIds: bigint({ mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    collectedAt: timestamp({ withTimezone: true }),
    /** In the wrong-answer book. */
    wrong: boolean().notNull().default(false),
    wrongCount: integer().notNull().default(0),
    /** The last answer and its verdict (null for an essay or a retired question). */
    lastAnswer: jsonb(),
    lastCorrect: boolean(),
    /** Has a note, reasons, a mastery level or an improvement plan (the 笔记 book); kept by the database. */
    noted: boolean().generatedAlwaysAs(
      sql`mastery > 0 or cardinality(reason_ids) > 0 or reasons_text <> '' or improvement <> ''
        or coalesce(text_input->>'note', '') <> '' or coalesce(text_input->>'review', '') <> ''
        or coalesce(text_input->>'difficulty', '') <> '' or coalesce(text_input->>'new_way', '') <> ''
        or coalesce(text_input->>'puzzle', '') <> ''`,
    ),
    textInput: jsonb(),
    /** 掌握程度 1–5; 0 = not set. */
    mastery: smallint().notNull().default(0),
    reasonsText: text().notNull().default(''),
    improvement: text().notNull().default(''),
    /** [{reason_id, type, checked}] as the contract has them. */
    reasons: jsonb().notNull().default(sql`'[]'::jsonb`),
    /** The checked reason ids (filters and counts). */
    reasonIds: text().array().notNull().default(sql`'{}'::text[]`),
    /** Flash-card state of the question (the vocabulary issue reads it). */
    card: jsonb(),
    /** {name, exam_id, template_id, update_time_stamp} of the last update. */
    source: jsonb(),
    sourceName: text().notNull().default(''),
    /** On the review schedule. */
    scheduled: boolean().notNull().default(false),
    /** The FSRS card (ts-fsrs fields) while scheduled. */
    memory: jsonb(),
    /** When the next review is due (copied from memory for the index). */
    dueAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.questionId] }),
    index('crafts_user_updated_idx').on(t.userId, t.updatedAt),
    index('crafts_user_due_idx').on(t.userId, t.dueAt).where(sql`${t.scheduled}`),
  ],
);

export const collectTags = pgTable(
  'collect_tags',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    desp: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('collect_tags_user_name_idx').on(t.userId, t.name)],
);

/** Every wrong answer recorded (the error-cause trends read it with the craft's reasons). */
export const wrongLog = pgTable(
  'wrong_log',
  {
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: text().notNull(),
    kind: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('wrong_log_user_at_idx').on(t.userId, t.at)],
);

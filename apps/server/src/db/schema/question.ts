// The question bank: sets, groups (a passage or a figure), questions, tags, the vocabulary and the
// role rights for question visibility. Content rows are upserted by stable ids from content/.
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

export const contentSets = pgTable('content_sets', {
  id: text().primaryKey(),
  title: text().notNull(),
  category: smallint().notNull(),
  source: text().notNull(),
  file: text().notNull(),
  hash: text().notNull(),
  importedAt: timestamp({ withTimezone: true }).notNull(),
});

export const questionGroups = pgTable('question_groups', {
  id: text().primaryKey(),
  setId: text().notNull(),
  kind: text().notNull(),
  title: text().notNull(),
  topic: text().notNull().default(''),
  text: text().notNull().default(''),
  translation: text().notNull().default(''),
  figure: jsonb(),
  hash: text().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
});

export const questions = pgTable(
  'questions',
  {
    id: text().primaryKey(),
    setId: text().notNull(),
    category: smallint().notNull(),
    kind: text().notNull(),
    difficulty: smallint().notNull(),
    groupId: text(),
    visibility: text().notNull(),
    tagIds: text().array().notNull().default(sql`'{}'::text[]`),
    sourceName: text().notNull(),
    /** Everything else of the item (stem, options, key, analysis, checks...), as imported. */
    body: jsonb().notNull(),
    hash: text().notNull(),
    /** Set when the item left content/ (kept so users' answers and notes still resolve). */
    retired: boolean().notNull().default(false),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('questions_category_kind_idx').on(t.category, t.kind), index('questions_set_idx').on(t.setId)],
);

export const tags = pgTable('tags', {
  id: text().primaryKey(),
  name: text().notNull().unique(),
});

export const words = pgTable('words', {
  word: text().primaryKey(),
  phonetic: text().notNull().default(''),
  definition: text().notNull().default(''),
  translation: text().notNull().default(''),
  pos: text().notNull().default(''),
  exchange: text().notNull().default(''),
  frequency: integer().notNull().default(0),
  bnc: integer().notNull().default(0),
});

export const wordRoots = pgTable('word_roots', {
  root: text().primaryKey(),
  kind: text().notNull().default(''),
  meaning: text().notNull().default(''),
  examples: text().array().notNull().default(sql`'{}'::text[]`),
});

export const wordSimilarGroups = pgTable('word_similar_groups', {
  id: integer().primaryKey(),
  words: text().array().notNull(),
  note: text().notNull(),
});

/** Which question visibilities each role may open (documented defaults, editable by admins). */
export const roleRights = pgTable('role_rights', {
  roleKind: smallint().primaryKey(),
  visibilities: text().array().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * Admin edits of questions (edit mode, issue 17, ADR 0035): an overlay over the imported rows, applied
 * when the catalogue loads, so an import (which rewrites `questions` from content/) never loses them.
 * `fields` holds only the fields that differ from the file item (analysis, key_words, tags as names,
 * difficulty, visibility); `baseHash` is the file item's hash the edit was made against: a file
 * change to the item (another hash) is a conflict /sync lists until the admin keeps one side.
 */
export const questionEdits = pgTable('question_edits', {
  questionId: text().primaryKey(),
  fields: jsonb().notNull(),
  baseHash: text().notNull(),
  editedBy: bigint({ mode: 'number' }).notNull(),
  editedAt: timestamp({ withTimezone: true }).notNull(),
});

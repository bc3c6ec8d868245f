// Lessons (issue 19, ADR 0039): one row per lesson video, its packaging state, and each user's
// position in it. The HLS files live in the media storage (platform/storage.ts) under lessons/<id>/.
import { bigint, boolean, index, integer, pgTable, primaryKey, real, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './user.ts';

export const lessons = pgTable(
  'lessons',
  {
    /** Also its address: /video/<id>. Lower-case letters, digits, dashes (a storage key part). */
    id: text().primaryKey(),
    title: text().notNull(),
    /** What it teaches. */
    summary: text().notNull(),
    /** verbal | quant | strategy (contract lessonTopics). */
    topic: text().notNull(),
    /** The question kinds that practise it (contract QuestionKind). */
    kinds: text().array().notNull(),
    /** Open to every logged-in user; otherwise to roles whose role_quotas.lessons is on. */
    free: boolean().notNull().default(false),
    /** ready | packaging | failed. */
    status: text().notNull(),
    /** Packaging progress 0–100. */
    progress: integer().notNull().default(0),
    /** Why packaging failed, in Chinese. */
    failure: text(),
    durationS: real().notNull().default(0),
    /** Shipped with the repository (content/lessons), seeded at start; not deletable. */
    builtin: boolean().notNull().default(false),
    /** The catalogue's order within a topic. */
    sort: integer().notNull().default(0),
    createdBy: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('lessons_topic_sort_idx').on(t.topic, t.sort)],
);

export const lessonProgress = pgTable(
  'lesson_progress',
  {
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: text()
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    positionS: real().notNull(),
    watched: boolean().notNull().default(false),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lessonId] })],
);

// Scoring data: every scored answer of a finished section (the response log that statistics and
// item calibration read) and the item-response parameters of each question.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './user.ts';

/**
 * One row per question of a committed section (written once, when the section is committed, so
 * the hot answer-save path never touches it). Unanswered questions are logged too
 * (answered = false, correct = false): statistics and calibration decide how to count them.
 */
export const responses = pgTable(
  'responses',
  {
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    examId: text().notNull(),
    sectionIndex: integer().notNull(),
    questionIndex: integer().notNull(),
    questionId: text().notNull(),
    /** Exam kind (mock_full, practice, custom…) so statistics can separate mocks from practice. */
    examKind: text().notNull(),
    category: smallint().notNull(),
    kind: text().notNull(),
    difficulty: smallint().notNull(),
    tagIds: text().array().notNull().default(sql`'{}'::text[]`),
    answered: boolean().notNull(),
    correct: boolean().notNull(),
    usedSeconds: integer().notNull(),
    /** China date (YYYY-MM-DD) of the section's commit. */
    day: date({ mode: 'string' }).notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.examId, t.sectionIndex, t.questionIndex] }),
    index('responses_user_at_idx').on(t.userId, t.at),
    index('responses_question_idx').on(t.questionId),
  ],
);

/** Item parameters of the scoring model (docs/scoring.md); absent rows mean "use the prior". */
export const itemParams = pgTable('item_params', {
  questionId: text().primaryKey(),
  /** Discrimination. */
  a: real().notNull(),
  /** Difficulty on the ability scale. */
  b: real().notNull(),
  /** Answers the estimate rests on. */
  n: integer().notNull(),
  /** 'prior' or 'calibrated'. */
  source: text().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
});

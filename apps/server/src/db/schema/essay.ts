// Issue essays and their grading: one row per submission (from a mock's Issue section or from the
// idea page). Status follows spec §4 (Empty 0 → Judging 1 → Finished 2 | Failed 3); grading runs
// on the job queue (platform/jobs.ts) and writes score, rank and the per-trait comment here.
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, real, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './user.ts';

export const essays = pgTable(
  'essays',
  {
    id: text().primaryKey(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The Issue prompt (a question id of kind `issue`). */
    questionId: text().notNull(),
    /** 'exam' (an Issue section) or 'idea' (the idea page). */
    source: text().notNull(),
    examId: text(),
    sectionIndex: integer(),
    text: text().notNull(),
    wordCount: integer().notNull().default(0),
    /** IssueStatus: Empty 0, Judging 1, Finished 2, Failed 3. */
    status: smallint().notNull(),
    /** 0–6 in half points, when Finished. */
    score: real(),
    /** Percentile (0–100) among finished essays on the same prompt, when Finished. */
    rank: real(),
    /** Chinese feedback: overall text and one entry per trait (shape in the contract). */
    comment: jsonb(),
    /** Which grader produced the score ('builtin', 'model:<name>', later 'teacher:<id>'). */
    grader: text().notNull().default(''),
    /** Why grading failed (Chinese, shown to the user), when Failed. */
    failure: text().notNull().default(''),
    attempts: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
    finishedAt: timestamp({ withTimezone: true }),
    /**
     * A teacher's grade (issue 13), kept beside the machine's score and grader, also on essays
     * already Finished: 0–6 in half points, per-trait comments, who and when.
     */
    teacherScore: real(),
    teacherComment: jsonb(),
    teacherId: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    teacherGradedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('essays_user_created_idx').on(t.userId, t.createdAt),
    index('essays_question_score_idx').on(t.questionId, t.status, t.score),
    index('essays_exam_idx').on(t.examId),
    index('essays_teacher_graded_idx').on(t.teacherGradedAt),
    // The operations report: essays the machine finished by day.
    index('essays_finished_idx').on(t.finishedAt).where(sql`${t.finishedAt} is not null`),
    // The teacher grading queue (ADR 0032): ungraded essays with text, oldest first.
    index('essays_teacher_queue_idx').on(t.createdAt, t.id).where(sql`${t.teacherScore} is null and ${t.status} <> 0`),
  ],
);

/**
 * The built-in scorer's weights refitted on teacher-graded essays (the `essay.refit` job): the
 * newest row is in use; none = the committed fit (builtin-weights.json).
 */
export const essayScorerWeights = pgTable('essay_scorer_weights', {
  id: serial().primaryKey(),
  /** Teacher-graded essays the fit used (fit and held-out splits together). */
  essays: integer().notNull(),
  /** The FittedWeights object (builtin-weights.ts), held-out figures included. */
  weights: jsonb().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});

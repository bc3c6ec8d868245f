// Long-term memory (ADR 0027): every review of an FSRS card appends one row to the review log (the
// review loop's questions `q:<id>` today, flash cards' words `w:<word>` later), and each user has one
// row of memory parameters: how many reviews the log holds, and the FSRS weights fitted to them by the
// optimizer once there are enough (null = the defaults).
import {
  bigint,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './user.ts';

/** One row per review, as the FSRS optimizer reads them: per item, in order, with the days between. */
export const reviewLog = pgTable(
  'review_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What was reviewed: `q:<question id>`, `w:<word>`. */
    itemKey: text().notNull(),
    /** 1 Again, 2 Hard, 3 Good, 4 Easy. */
    rating: smallint().notNull(),
    /** The card's FSRS state before the review (0 new, 1 learning, 2 review, 3 relearning). */
    state: smallint().notNull(),
    /** Days since the item's previous review as the scheduler counted them (0 for the first). */
    elapsedDays: integer().notNull(),
    reviewedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('review_log_user_item_idx').on(t.userId, t.itemKey, t.reviewedAt)],
);

/** A user's memory model: the review count and, once fitted, their own FSRS weights. */
export const memoryParams = pgTable('memory_params', {
  userId: bigint({ mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Rows of the user's review log (kept with every append). */
  reviews: integer().notNull().default(0),
  /** The review count the weights were fitted on (0 = never fitted). */
  fittedReviews: integer().notNull().default(0),
  /** The fitted FSRS weights (21 numbers); null = the defaults. */
  weights: doublePrecision().array(),
  /** The fit's figures on the user's own log: {items, log_loss, rmse_bins, default_log_loss, default_rmse_bins}. */
  fit: jsonb(),
  fittedAt: timestamp({ withTimezone: true }),
});

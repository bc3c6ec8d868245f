// Per-user, per-day activity (China date): sign-in and today's progress.
import { bigint, boolean, date, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { users } from './user.ts';

export const dailyActivity = pgTable(
  'daily_activity',
  {
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    signed: boolean().notNull().default(false),
    usedQuestion: integer().notNull().default(0),
    usedWord: integer().notNull().default(0),
    usedTimeMins: integer().notNull().default(0),
    /** Seconds spent answering (used_time_mins = floor(usedSeconds / 60)). */
    usedSeconds: integer().notNull().default(0),
  },
  // The day index: the operations report's active users per day.
  (t) => [primaryKey({ columns: [t.userId, t.day] }), index('daily_activity_day_idx').on(t.day, t.userId)],
);

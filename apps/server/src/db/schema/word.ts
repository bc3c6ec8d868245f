// The user's words (ADR 0026): one row per user and word they marked: in my list (生词本) since
// `added_at`, 熟词 since `simple_at`. A row with neither is deleted. The flash cards (the next issue)
// add their card state to this row. `word` is the GRE list's spelling (words.word, lower case);
// no foreign key, because the vocabulary is re-imported by replacing its rows.
import { bigint, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './user.ts';

export const userWords = pgTable(
  'user_words',
  {
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    word: text().notNull(),
    addedAt: timestamp({ withTimezone: true }),
    simpleAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  // Every read names the user: the primary key serves them all.
  (t) => [primaryKey({ columns: [t.userId, t.word] })],
);

// Flash cards (issue 15, ADR 0028): a set of word cards played in rounds (`flashes`, the round's
// cards in `runtimes`), each user's lasting card per word (`word_cards`: level, FSRS memory, due,
// collected, finished; across sets), and the flash-coin ledger (`flash_coin_ledger`: every change of
// users.flash_coins, written in the same transaction as the change).
import { bigint, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './user.ts';

/** One card of a round as stored (the key and distractors stay on the server until answered). */
export interface StoredRuntime {
  word: string;
  /** The card's level when the round began. */
  level: number;
  /** `question`: a question card (`word` is then the question's id; options and key stay in the catalogue). */
  kind: 'learn' | 'quiz' | 'exam' | 'spell' | 'question';
  /** quiz and exam: the options' words (the key among them), in the order shown. */
  options: string[];
  /** The right option's index (quiz, exam), else -1. */
  key: number;
  answered: { correct: boolean; level: number } | null;
}

export const flashes = pgTable(
  'flashes',
  {
    id: text().primaryKey(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 0 NotStart, 1 Start, 2 Finish. */
    status: smallint().notNull(),
    rangeKind: text().notNull(),
    rangeId: text().notNull(),
    title: text().notNull(),
    /** The set's words, in order. */
    words: text().array().notNull(),
    /** The current round's cards and where the learner is. */
    runtimes: jsonb().$type<StoredRuntime[]>().notNull(),
    cursorIndex: integer().notNull().default(0),
    roundCount: integer().notNull().default(0),
    stageCount: integer().notNull().default(0),
    /** The words missed in the last finished round. */
    missed: text().array().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('flashes_user_created_idx').on(t.userId, t.createdAt)],
);

/** A user's card of a word, across sets. `memory` is the FSRS card (modules/memory), `due` its due time. */
export const wordCards = pgTable(
  'word_cards',
  {
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    word: text().notNull(),
    /** 0 NotSeen … 4 Master. */
    level: smallint().notNull().default(0),
    memory: jsonb(),
    due: timestamp({ withTimezone: true }),
    reviews: integer().notNull().default(0),
    collectedAt: timestamp({ withTimezone: true }),
    /** First reached Master. */
    finishedAt: timestamp({ withTimezone: true }),
    /** The first time the word was put in a set (the new-card quota counts these per day). */
    firstAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.word] }), index('word_cards_user_due_idx').on(t.userId, t.due)],
);

/** Every change of a user's flash coins: the amount (negative = spent), the balance after, why. */
export const flashCoinLedger = pgTable(
  'flash_coin_ledger',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer().notNull(),
    balance: integer().notNull(),
    /** 'create_flash' (new cards beyond the day's quota), later purchases and admin changes. */
    reason: text().notNull(),
    flashId: text(),
    /** The trade, voucher or staff action behind a credit or a staff change (ADR 0029). */
    ref: text(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('flash_coin_ledger_user_idx').on(t.userId, t.at)],
);

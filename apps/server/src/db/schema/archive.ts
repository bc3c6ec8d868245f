// Archives (issue 19, ADR 0041): retired 精选 sets and six-two word books. An admin's retirement is one
// `retired_items` row (gone from the normal lists while it exists); everyone who had opened the item
// gets an `archives` row (read-only from /archived_pick or /archived_six_two) and their stored flag
// (users.has_archived_pick / has_archived_six_two_word). Who opened a 精选 set is its `books` row; who
// opened a word book is `word_book_opens`, written when its words are first read.
import { bigint, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './user.ts';

/** 'pick': a 精选 practice set (its template id); 'sixtwo': a six-two word book (its book id). */
export const retiredItems = pgTable(
  'retired_items',
  {
    kind: text().notNull(),
    itemId: text().notNull(),
    title: text().notNull(),
    retiredAt: timestamp({ withTimezone: true }).notNull(),
    retiredBy: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.itemId] })],
);

export const archives = pgTable(
  'archives',
  {
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    itemId: text().notNull(),
    archivedAt: timestamp({ withTimezone: true }).notNull(),
  },
  // A user's archive reads by the key; un-retiring deletes by item.
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.itemId] }), index('archives_item_idx').on(t.kind, t.itemId)],
);

export const wordBookOpens = pgTable(
  'word_book_opens',
  {
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bookId: text().notNull(),
    openedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.bookId] }), index('word_book_opens_book_idx').on(t.bookId)],
);

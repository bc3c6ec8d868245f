// The chat dialog (issue 18, docs/decisions/0038-live-chat.md). `chat_conversations`: one row per
// candidate and topic (a question id or 'site'), with the queue's state (waiting_since: the oldest
// candidate message no teacher has answered yet) and each side's read mark. `chat_messages`: the
// messages, ids ascending (one identity for all conversations, so one "last id seen" serves a
// reconnecting client across its conversations).
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './user.ts';

export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topic: text().notNull(),
    closedAt: timestamp({ withTimezone: true }),
    /** The oldest unanswered candidate message's time; null once a teacher answered. */
    waitingSince: timestamp({ withTimezone: true }),
    lastMessageId: bigint({ mode: 'number' }).notNull().default(0),
    lastAt: timestamp({ withTimezone: true }).notNull(),
    /** The candidate read staff messages up to this id; staff read the candidate's up to staff_read_id. */
    userReadId: bigint({ mode: 'number' }).notNull().default(0),
    staffReadId: bigint({ mode: 'number' }).notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('chat_conversations_user_topic_idx').on(t.userId, t.topic),
    index('chat_conversations_queue_idx')
      .on(t.waitingSince)
      .where(sql`${t.closedAt} is null and ${t.waitingSince} is not null`),
    index('chat_conversations_last_idx').on(t.lastAt),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: bigint({ mode: 'number' })
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    authorId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromStaff: boolean().notNull(),
    content: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('chat_messages_conversation_idx').on(t.conversationId, t.id),
    // The per-user rate limit counts a sender's messages of the last minute.
    index('chat_messages_author_idx').on(t.authorId, t.createdAt),
  ],
);

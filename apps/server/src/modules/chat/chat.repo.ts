// SQL of the chat dialog (ADR 0038). A candidate's calls name the candidate in every statement that
// reads conversations; staff reads go through the queue. Unread counts are per side: the candidate's
// are staff messages past user_read_id, the staff's are candidate messages past staff_read_id.
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { chatConversations as c, chatMessages as m } from '../../db/schema/chat.ts';
import { users } from '../../db/schema/user.ts';
import type { Db, Tx } from '../../platform/db.ts';

type Runner = Db | Tx;

export interface ConversationRow {
  id: number;
  userId: number;
  userName: string;
  topic: string;
  closedAt: Date | null;
  waitingSince: Date | null;
  lastMessageId: number;
  lastAt: Date;
  /** Staff messages the candidate has not read; candidate messages no staff member has read. */
  unreadUser: number;
  unreadStaff: number;
}

export interface MessageRow {
  id: number;
  conversationId: number;
  fromStaff: boolean;
  authorName: string;
  content: string;
  createdAt: Date;
}

const conversationView = {
  id: c.id,
  userId: c.userId,
  userName: users.name,
  topic: c.topic,
  closedAt: c.closedAt,
  waitingSince: c.waitingSince,
  lastMessageId: c.lastMessageId,
  lastAt: c.lastAt,
  unreadUser:
    sql<number>`(select count(*) from ${m} where ${m.conversationId} = ${c.id} and ${m.fromStaff} and ${m.id} > ${c.userReadId})`.mapWith(
      Number,
    ),
  unreadStaff:
    sql<number>`(select count(*) from ${m} where ${m.conversationId} = ${c.id} and not ${m.fromStaff} and ${m.id} > ${c.staffReadId})`.mapWith(
      Number,
    ),
};

/** A message's author (the conversation's candidate is `users`). */
const author = alias(users, 'author');

const messageView = {
  id: m.id,
  conversationId: m.conversationId,
  fromStaff: m.fromStaff,
  authorName: users.name,
  content: m.content,
  createdAt: m.createdAt,
};

export function createChatRepo(db: Db) {
  const conversations = (on: Runner, where: SQL | undefined) =>
    on.select(conversationView).from(c).innerJoin(users, eq(users.id, c.userId)).where(where);

  return {
    db,

    async conversation(on: Runner, id: number): Promise<ConversationRow | null> {
      const [row] = await conversations(on, eq(c.id, id));
      return row ?? null;
    },

    /** The caller's own conversations, latest first. */
    async ofUser(userId: number, limit: number): Promise<ConversationRow[]> {
      return conversations(db, eq(c.userId, userId)).orderBy(desc(c.lastAt), desc(c.id)).limit(limit);
    },

    /** The shared queue: open conversations waiting for an answer, longest waiting first. */
    async waiting(limit: number): Promise<ConversationRow[]> {
      return conversations(db, and(isNull(c.closedAt), isNotNull(c.waitingSince)))
        .orderBy(asc(c.waitingSince), asc(c.id))
        .limit(limit);
    },

    /** Conversations nothing waits in (answered or closed), latest first. */
    async answered(limit: number): Promise<ConversationRow[]> {
      return conversations(db, sql`(${c.closedAt} is not null or ${c.waitingSince} is null)`)
        .orderBy(desc(c.lastAt), desc(c.id))
        .limit(limit);
    },

    async byIds(ids: number[]): Promise<ConversationRow[]> {
      if (!ids.length) return [];
      return conversations(db, inArray(c.id, ids));
    },

    /**
     * The candidate's conversation about `topic`, created or opened again, locked for this
     * transaction: the insert locks a new row, the conflict's update an existing one.
     */
    async openForCandidate(tx: Tx, userId: number, topic: string, now: Date): Promise<number> {
      const [row] = await tx
        .insert(c)
        .values({ userId, topic, lastAt: now, createdAt: now })
        .onConflictDoUpdate({ target: [c.userId, c.topic], set: { closedAt: null } })
        .returning({ id: c.id });
      return (row as { id: number }).id;
    },

    /** Locks a conversation for a write; null if there is none. */
    async lock(tx: Tx, id: number) {
      const [row] = await tx
        .select({ id: c.id, userId: c.userId, topic: c.topic, closedAt: c.closedAt })
        .from(c)
        .where(eq(c.id, id))
        .for('update');
      return row ?? null;
    },

    async reopen(tx: Tx, id: number) {
      await tx.update(c).set({ closedAt: null }).where(eq(c.id, id));
    },

    /** Appends a message and moves the conversation's queue state and last message. */
    async append(
      tx: Tx,
      x: { conversationId: number; authorId: number; fromStaff: boolean; content: string; now: Date },
    ): Promise<number> {
      const [row] = await tx
        .insert(m)
        .values({
          conversationId: x.conversationId,
          authorId: x.authorId,
          fromStaff: x.fromStaff,
          content: x.content,
          createdAt: x.now,
        })
        .returning({ id: m.id });
      const id = (row as { id: number }).id;
      await tx
        .update(c)
        .set(
          x.fromStaff
            ? // An answer: nothing waits any more, and staff have read what they answered.
              { lastMessageId: id, lastAt: x.now, waitingSince: null, staffReadId: id }
            : {
                lastMessageId: id,
                lastAt: x.now,
                waitingSince: sql`coalesce(${c.waitingSince}, ${x.now})`,
                userReadId: sql`greatest(${c.userReadId}, (select coalesce(max(${m.id}), 0) from ${m} where ${m.conversationId} = ${x.conversationId} and ${m.fromStaff}))`,
              },
        )
        .where(eq(c.id, x.conversationId));
      return id;
    },

    /** A message just written and its conversation as it now stands, in one statement (the live event). */
    async written(on: Runner, id: number): Promise<{ conversation: ConversationRow; message: MessageRow } | null> {
      const [row] = await on
        .select({ conversation: conversationView, message: { ...messageView, authorName: author.name } })
        .from(m)
        .innerJoin(c, eq(c.id, m.conversationId))
        .innerJoin(users, eq(users.id, c.userId))
        .innerJoin(author, eq(author.id, m.authorId))
        .where(eq(m.id, id));
      return row ?? null;
    },

    async messagesAfter(conversationId: number, afterId: number, limit: number): Promise<MessageRow[]> {
      return db
        .select(messageView)
        .from(m)
        .innerJoin(users, eq(users.id, m.authorId))
        .where(and(eq(m.conversationId, conversationId), gt(m.id, afterId)))
        .orderBy(asc(m.id))
        .limit(limit);
    },

    /**
     * What a reconnecting client missed: messages after `afterId` in the candidate's own
     * conversations (userId), or in every conversation (staff: null).
     */
    async missed(userId: number | null, afterId: number, limit: number): Promise<MessageRow[]> {
      const q = db.select(messageView).from(m).innerJoin(users, eq(users.id, m.authorId));
      const rows =
        userId === null
          ? q.where(gt(m.id, afterId))
          : q.innerJoin(c, eq(c.id, m.conversationId)).where(and(eq(c.userId, userId), gt(m.id, afterId)));
      return rows.orderBy(asc(m.id)).limit(limit);
    },

    /** Messages `authorId` sent since `since` (the per-user rate limit). */
    async sentSince(on: Runner, authorId: number, since: Date): Promise<number> {
      const [row] = await on
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(m)
        .where(and(eq(m.authorId, authorId), sql`${m.createdAt} > ${since}`));
      return row?.n ?? 0;
    },

    async markRead(id: number, side: 'user' | 'staff', upTo: number) {
      const col = side === 'user' ? c.userReadId : c.staffReadId;
      await db
        .update(c)
        .set(
          side === 'user'
            ? { userReadId: sql`greatest(${col}, least(${upTo}, ${c.lastMessageId}))` }
            : { staffReadId: sql`greatest(${col}, least(${upTo}, ${c.lastMessageId}))` },
        )
        .where(eq(c.id, id));
    },

    async close(id: number, now: Date) {
      await db
        .update(c)
        .set({ closedAt: now, waitingSince: null })
        .where(and(eq(c.id, id), isNull(c.closedAt)));
    },
  };
}

export type ChatRepo = ReturnType<typeof createChatRepo>;

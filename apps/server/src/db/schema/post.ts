// Discussions under questions (issue 18, docs/decisions/0037-discussions.md). `posts`: one per question
// topic, made by its first comment, with the count of visible comments. `comments`: top-level comments
// (root_id null) and replies (root_id = the top-level comment, parent_id = the comment answered),
// review status 0 Uploading (held), 1 Reviewed, 2 Rejected; like, reply and report counts kept on
// the row by the statements that change them. Partial indexes serve the pages: a topic's visible
// top-level comments newest or most-liked first, a comment's visible replies, the review queue.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './user.ts';

export const posts = pgTable('posts', {
  id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  topicId: text().notNull().unique(),
  /** Visible (Reviewed, not deleted) comments and replies. */
  commentCount: integer().notNull().default(0),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});

export const comments = pgTable(
  'comments',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    postId: bigint({ mode: 'number' })
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A reply: the top-level comment it sits under, and the comment it answers. */
    rootId: bigint({ mode: 'number' }),
    parentId: bigint({ mode: 'number' }),
    content: text().notNull(),
    anonymous: boolean().notNull().default(false),
    /** The contract's ReviewStatus: 0 Uploading (held), 1 Reviewed, 2 Rejected. */
    status: smallint().notNull(),
    likeCount: integer().notNull().default(0),
    /** Visible replies (top-level comments only). */
    replyCount: integer().notNull().default(0),
    /** Reports since the last review. */
    reportCount: integer().notNull().default(0),
    /** Sensitive words it matched when written. */
    matched: jsonb().$type<string[]>().notNull().default([]),
    /** Uploaded images (uploads.id of the writer, purpose 'post') with their alt text, in order. */
    images: jsonb().$type<{ id: string; alt: string }[]>().notNull().default([]),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    deletedAt: timestamp({ withTimezone: true }),
    reviewedAt: timestamp({ withTimezone: true }),
    reviewedBy: bigint({ mode: 'number' }),
  },
  (t) => [
    // Ascending, read backwards: `order by id desc` and `order by like_count desc, id desc` are these
    // indexes' backward scans, and the row-comparison cursor `(like_count, id) < (…)` is a range of
    // them. (Indexes declared `desc` are DESC NULLS LAST, which `order by … desc`, NULLS FIRST, cannot
    // use: the most-liked page was a scan and sort of the whole topic until migration posts_keyset.)
    index('comments_top_new_idx')
      .on(t.postId, t.id)
      .where(sql`${t.rootId} is null and ${t.status} = 1 and ${t.deletedAt} is null`),
    index('comments_top_hot_idx')
      .on(t.postId, t.likeCount, t.id)
      .where(sql`${t.rootId} is null and ${t.status} = 1 and ${t.deletedAt} is null`),
    index('comments_replies_idx')
      .on(t.rootId, t.id)
      .where(sql`${t.rootId} is not null and ${t.status} = 1 and ${t.deletedAt} is null`),
    /** The rate limit (my recent comments) and my own held comments. */
    index('comments_user_idx').on(t.userId, t.createdAt),
    /** A reader's own comments nobody else sees yet (held, rejected): looked up on every page. */
    index('comments_own_unreviewed_idx').on(t.userId, t.postId).where(sql`${t.status} <> 1 and ${t.deletedAt} is null`),
    index('comments_held_idx').on(t.id).where(sql`${t.status} = 0 and ${t.deletedAt} is null`),
  ],
);

export const commentLikes = pgTable(
  'comment_likes',
  {
    commentId: bigint({ mode: 'number' })
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] }), index('comment_likes_user_idx').on(t.userId, t.commentId)],
);

export const postSubscriptions = pgTable(
  'post_subscriptions',
  {
    postId: bigint({ mode: 'number' })
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);

export const commentReports = pgTable(
  'comment_reports',
  {
    commentId: bigint({ mode: 'number' })
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text().notNull(),
    detail: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] })],
);

// SQL of the discussions (ADR 0037). Pages are keyset pages over the partial indexes of
// db/schema/post.ts: a topic's visible top-level comments by id (newest) or by (like_count, id)
// (most liked), a comment's visible replies by id; the caller's own held comments are read apart
// (few) and shown on the first page. Counts on the rows change in the statement that changes them.
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db.ts';

export type Runner = Db | Tx;

/** A comment as read, with its author's name and the name of the comment it answers. */
export interface CommentRow {
  id: string;
  postId: string;
  topicId: string;
  userId: string;
  rootId: string | null;
  parentId: string | null;
  content: string;
  anonymous: boolean;
  status: number;
  likeCount: number;
  replyCount: number;
  reportCount: number;
  matched: string[];
  images: { id: string; alt: string }[];
  at: number;
  reviewed: boolean;
  name: string;
  parentAnonymous: boolean | null;
  parentName: string | null;
}

const columns = sql`c.id::text as id, c.post_id::text as "postId", po.topic_id as "topicId", c.user_id::text as "userId",
  c.root_id::text as "rootId", c.parent_id::text as "parentId", c.content, c.anonymous, c.status::int as status,
  c.like_count as "likeCount", c.reply_count as "replyCount", c.report_count as "reportCount", c.matched, c.images,
  (extract(epoch from c.created_at) * 1000)::float8 as at, (c.reviewed_at is not null) as reviewed,
  u.name, p.anonymous as "parentAnonymous", pu.name as "parentName"`;

const joins = sql`join posts po on po.id = c.post_id join users u on u.id = c.user_id
  left join comments p on p.id = c.parent_id left join users pu on pu.id = p.user_id`;

/** A reader's likes of one topic read whole (and cached) up to this many; beyond, per page. */
export const readerLikesCap = 200;

const list = (ids: readonly (string | number)[]) =>
  sql.join(
    ids.map((i) => sql`${Number(i)}::bigint`),
    sql`, `,
  );

async function rows(on: Runner, q: SQL): Promise<CommentRow[]> {
  const r = (await on.execute(q)) as unknown as { rows: CommentRow[] };
  return r.rows.map((x) => ({ ...x, at: Number(x.at), likeCount: Number(x.likeCount) }));
}

export function createPostRepo(db: Db) {
  return {
    db,

    async post(topicId: string, on: Runner = db) {
      const r = (await on.execute(
        sql`select id::text as id, comment_count as "commentCount", (extract(epoch from created_at) * 1000)::float8 as at
            from posts where topic_id = ${topicId}`,
      )) as unknown as { rows: { id: string; commentCount: number; at: number }[] };
      return r.rows[0] ?? null;
    },

    /** The topic's post, made on first use. */
    async ensurePost(tx: Runner, topicId: string, now: Date): Promise<string> {
      const r = (await tx.execute(
        sql`insert into posts (topic_id, created_at) values (${topicId}, ${now.toISOString()}::timestamptz)
            on conflict (topic_id) do update set topic_id = excluded.topic_id returning id::text as id`,
      )) as unknown as { rows: { id: string }[] };
      return r.rows[0]?.id as string;
    },

    async subscribed(postId: string, userId: number) {
      const r = (await db.execute(
        sql`select 1 from post_subscriptions where post_id = ${Number(postId)} and user_id = ${userId}`,
      )) as unknown as { rows: unknown[] };
      return r.rows.length > 0;
    },

    async setSubscribed(tx: Runner, postId: string, userId: number, on: boolean, now: Date) {
      if (on)
        await tx.execute(sql`insert into post_subscriptions (post_id, user_id, created_at)
          values (${Number(postId)}, ${userId}, ${now.toISOString()}::timestamptz) on conflict do nothing`);
      else
        await tx.execute(sql`delete from post_subscriptions where post_id = ${Number(postId)} and user_id = ${userId}`);
    },

    async subscribers(tx: Runner, postId: string): Promise<number[]> {
      const r = (await tx.execute(
        sql`select user_id::text as id from post_subscriptions where post_id = ${Number(postId)}`,
      )) as unknown as { rows: { id: string }[] };
      return r.rows.map((x) => Number(x.id));
    },

    /** One comment, not deleted; `lock` takes its row lock. */
    async comment(id: string | number, on: Runner = db, lock = false): Promise<CommentRow | null> {
      const r = await rows(
        on,
        sql`select ${columns} from comments c ${joins} where c.id = ${Number(id)} and c.deleted_at is null
            ${lock ? sql`for update of c` : sql``}`,
      );
      return r[0] ?? null;
    },

    /** A page of visible top-level comments; `after` is the last row's sort values. */
    async topPage(postId: string, sort: 'new' | 'hot', after: { likes: number; id: number } | null, limit: number) {
      const base = sql`c.post_id = ${Number(postId)} and c.root_id is null and c.status = 1 and c.deleted_at is null`;
      if (sort === 'new')
        return rows(
          db,
          sql`select ${columns} from comments c ${joins} where ${base} ${after ? sql`and c.id < ${after.id}` : sql``}
              order by c.id desc limit ${limit}`,
        );
      return rows(
        db,
        sql`select ${columns} from comments c ${joins} where ${base}
            ${after ? sql`and (c.like_count, c.id) < (${after.likes}, ${after.id})` : sql``}
            order by c.like_count desc, c.id desc limit ${limit}`,
      );
    },

    /** The caller's own comments not (yet) visible to others: held or rejected, top-level or replies under `roots`. */
    async ownUnreviewed(postId: string, userId: number, roots: readonly string[] | null) {
      return rows(
        db,
        sql`select ${columns} from comments c ${joins} where c.user_id = ${userId} and c.post_id = ${Number(postId)}
            and c.status <> 1 and c.deleted_at is null
            and ${roots === null ? sql`c.root_id is null` : roots.length ? sql`c.root_id in (${list(roots)})` : sql`false`}
            order by c.id desc limit 100`,
      );
    },

    /** The first `n` visible replies under each of `roots`, oldest first. */
    async replyPreviews(roots: readonly string[], n: number) {
      if (!roots.length) return [];
      return rows(
        db,
        sql`select r.* from (values ${sql.join(
          roots.map((id) => sql`(${Number(id)}::bigint)`),
          sql`, `,
        )}) as root(id)
            cross join lateral (select ${columns} from comments c ${joins}
              where c.root_id = root.id and c.status = 1 and c.deleted_at is null order by c.id limit ${n}) r`,
      );
    },

    async replyPage(rootId: string, afterId: number | null, limit: number) {
      return rows(
        db,
        sql`select ${columns} from comments c ${joins} where c.root_id = ${Number(rootId)} and c.status = 1
            and c.deleted_at is null ${afterId ? sql`and c.id > ${afterId}` : sql``} order by c.id limit ${limit}`,
      );
    },

    /**
     * Everything of one reader on a topic, in one query: which comments they liked (of `ids`, or of
     * the whole topic when `ids` is null, at most `readerLikesCap` then `complete` is false), whether
     * they subscribe, and their own comments of the topic nobody else sees (held or rejected; few,
     * read through comments_own_unreviewed_idx).
     */
    async viewerState(postId: string, userId: number, ids: readonly string[] | null) {
      const likes =
        ids === null
          ? sql`(select 'l' as k, l.comment_id::text as id, null::text as root from comment_likes l
                 join comments c on c.id = l.comment_id
                 where l.user_id = ${userId} and c.post_id = ${Number(postId)} limit ${readerLikesCap + 1}) union all`
          : ids.length
            ? sql`select 'l' as k, comment_id::text as id, null::text as root from comment_likes where user_id = ${userId} and comment_id in (${list(ids)}) union all`
            : sql``;
      const r = (await db.execute(sql`
        ${likes}
        select 's', null, null from post_subscriptions where post_id = ${Number(postId)} and user_id = ${userId}
        union all
        (select 'o', id::text, root_id::text from comments where user_id = ${userId} and post_id = ${Number(postId)}
          and status <> 1 and deleted_at is null limit 100)`)) as unknown as {
        rows: { k: 'l' | 's' | 'o'; id: string | null; root: string | null }[];
      };
      const liked = new Set<string>();
      let subscribed = false;
      const own: { id: string; root: string | null }[] = [];
      for (const x of r.rows) {
        if (x.k === 'l' && x.id) liked.add(x.id);
        else if (x.k === 's') subscribed = true;
        else if (x.k === 'o' && x.id) own.push({ id: x.id, root: x.root });
      }
      return { liked, subscribed, own, complete: ids !== null || liked.size <= readerLikesCap };
    },

    async likedOf(userId: number, ids: readonly string[]): Promise<Set<string>> {
      if (!ids.length) return new Set();
      const r = (await db.execute(
        sql`select comment_id::text as id from comment_likes where user_id = ${userId} and comment_id in (${list(ids)})`,
      )) as unknown as { rows: { id: string }[] };
      return new Set(r.rows.map((x) => x.id));
    },

    /** Of `ids`, the uploads `userId` made for a discussion (purpose 'post'). */
    async ownImages(tx: Runner, userId: number, ids: readonly string[]): Promise<Set<string>> {
      if (!ids.length) return new Set();
      const r = (await tx.execute(
        sql`select id::text as id from uploads where user_id = ${userId} and purpose = 'post'
            and id in (${sql.join(
              ids.map((i) => sql`${i}::uuid`),
              sql`, `,
            )})`,
      )) as unknown as { rows: { id: string }[] };
      return new Set(r.rows.map((x) => x.id));
    },

    /**
     * After a comment's status changed (approved, rejected, held by reports, deleted): each of its
     * pictures is public exactly while a visible comment of its uploader shows it (a picture may sit
     * on one comment and on a reply of the same writer). Served privately otherwise (media.links.ts).
     */
    async syncImages(tx: Runner, images: readonly { id: string }[]) {
      if (!images.length) return;
      await tx.execute(sql`update uploads u set public = exists (
          select 1 from comments c where c.user_id = u.user_id and c.status = 1 and c.deleted_at is null
            and c.images @> jsonb_build_array(jsonb_build_object('id', u.id::text)))
        where u.purpose = 'post' and u.id in (${sql.join(
          images.map((i) => sql`${i.id}::uuid`),
          sql`, `,
        )})`);
    },

    /** Serialises one user's posting (the rate limit's count and the insert). */
    async lockUser(tx: Runner, userId: number) {
      await tx.execute(sql`select pg_advisory_xact_lock(7301, ${userId % 2_000_000_000}::int)`);
    },

    async recentCounts(tx: Runner, userId: number, now: Date) {
      const r = (await tx.execute(sql`
        select count(*) filter (where created_at > ${new Date(now.getTime() - 60_000).toISOString()}::timestamptz)::int as minute,
               count(*)::int as hour
        from comments where user_id = ${userId} and created_at > ${new Date(now.getTime() - 3_600_000).toISOString()}::timestamptz`)) as unknown as {
        rows: { minute: number; hour: number }[];
      };
      return r.rows[0] ?? { minute: 0, hour: 0 };
    },

    async insertComment(
      tx: Runner,
      c: {
        postId: string;
        userId: number;
        rootId: string | null;
        parentId: string | null;
        content: string;
        anonymous: boolean;
        status: number;
        matched: string[];
        images: { id: string; alt: string }[];
        now: Date;
      },
    ): Promise<string> {
      const r = (await tx.execute(sql`
        insert into comments (post_id, user_id, root_id, parent_id, content, anonymous, status, matched, images, created_at)
        values (${Number(c.postId)}, ${c.userId}, ${c.rootId === null ? null : Number(c.rootId)},
          ${c.parentId === null ? null : Number(c.parentId)}, ${c.content}, ${c.anonymous}, ${c.status},
          ${JSON.stringify(c.matched)}::jsonb, ${JSON.stringify(c.images)}::jsonb, ${c.now.toISOString()}::timestamptz)
        returning id::text as id`)) as unknown as { rows: { id: string }[] };
      return r.rows[0]?.id as string;
    },

    /** A comment became visible (+1) or stopped being visible (-1): its post's and root's counts. */
    async countVisible(tx: Runner, c: { postId: string; rootId: string | null; replyCount: number }, sign: 1 | -1) {
      // A top-level comment hidden takes its replies out of sight with it.
      const n = c.rootId === null ? 1 + c.replyCount : 1;
      await tx.execute(
        sql`update posts set comment_count = greatest(comment_count + ${sign * n}, 0) where id = ${Number(c.postId)}`,
      );
      if (c.rootId !== null)
        await tx.execute(
          sql`update comments set reply_count = greatest(reply_count + ${sign}, 0) where id = ${Number(c.rootId)}`,
        );
    },

    async setLike(tx: Runner, commentId: string, userId: number, liked: boolean, now: Date): Promise<number> {
      const changed = liked
        ? ((await tx.execute(sql`insert into comment_likes (comment_id, user_id, created_at)
            values (${Number(commentId)}, ${userId}, ${now.toISOString()}::timestamptz) on conflict do nothing returning 1`)) as unknown as {
            rows: unknown[];
          })
        : ((await tx.execute(sql`delete from comment_likes where comment_id = ${Number(commentId)} and user_id = ${userId}
            returning 1`)) as unknown as { rows: unknown[] });
      const step = changed.rows.length ? (liked ? 1 : -1) : 0;
      const r = (await tx.execute(
        sql`update comments set like_count = like_count + ${step} where id = ${Number(commentId)} returning like_count`,
      )) as unknown as { rows: { like_count: number }[] };
      return Number(r.rows[0]?.like_count ?? 0);
    },

    /** A first report by this user: true; a repeat: false. */
    async addReport(tx: Runner, commentId: string, userId: number, reason: string, detail: string, now: Date) {
      const r = (await tx.execute(sql`insert into comment_reports (comment_id, user_id, reason, detail, created_at)
        values (${Number(commentId)}, ${userId}, ${reason}, ${detail}, ${now.toISOString()}::timestamptz)
        on conflict do nothing returning 1`)) as unknown as { rows: unknown[] };
      if (!r.rows.length) return null;
      const u = (await tx.execute(
        sql`update comments set report_count = report_count + 1 where id = ${Number(commentId)} returning report_count`,
      )) as unknown as { rows: { report_count: number }[] };
      return Number(u.rows[0]?.report_count ?? 0);
    },

    async setStatus(tx: Runner, id: string, status: number, review?: { by: number; at: Date }) {
      await tx.execute(sql`update comments set status = ${status}
        ${review ? sql`, reviewed_at = ${review.at.toISOString()}::timestamptz, reviewed_by = ${review.by}, report_count = 0` : sql``}
        where id = ${Number(id)}`);
    },

    async markDeleted(tx: Runner, id: string, now: Date) {
      await tx.execute(
        sql`update comments set deleted_at = ${now.toISOString()}::timestamptz where id = ${Number(id)}`,
      );
    },

    async heldPage(afterId: number | null, limit: number) {
      return rows(
        db,
        sql`select ${columns} from comments c ${joins} where c.status = 0 and c.deleted_at is null
            ${afterId ? sql`and c.id > ${afterId}` : sql``} order by c.id limit ${limit}`,
      );
    },

    async heldCount(): Promise<number> {
      const r = (await db.execute(
        sql`select count(*)::int as n from comments where status = 0 and deleted_at is null`,
      )) as unknown as { rows: { n: number }[] };
      return Number(r.rows[0]?.n ?? 0);
    },

    async reasonsOf(ids: readonly string[]): Promise<Map<string, string[]>> {
      const out = new Map<string, string[]>();
      if (!ids.length) return out;
      const r = (await db.execute(
        sql`select comment_id::text as id, reason from comment_reports where comment_id in (${list(ids)}) order by created_at`,
      )) as unknown as { rows: { id: string; reason: string }[] };
      for (const x of r.rows) out.set(x.id, [...(out.get(x.id) ?? []), x.reason]);
      return out;
    },
  };
}

export type PostRepo = ReturnType<typeof createPostRepo>;

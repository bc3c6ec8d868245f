// Discussions under questions (issue 18, docs/decisions/0037-discussions.md).
// - Every call on a topic (or on a comment of it) checks the question: it exists, the caller may open
//   it, and it is not in the caller's running timed exam (the answer gate's runningIds: comments could
//   give its answers away).
// - A comment matching the sensitive-word list is stored held (Uploading): its author sees it with
//   审核中, the teachers in their queue, nobody else. reportsToHold reports hold a visible one.
// - Anonymous: the author's id and name are kept for staff and never put in an answer (or a mail) to
//   anyone else: toComment is the one place a row becomes a contract comment.
// - A new visible comment or reply sends a remind mail to the topic's subscribers, and a reply to the
//   author of the comment it answers (never to the writer).

import {
  anonymousName,
  type Comment,
  CommentKind,
  commentImage,
  postLimits,
  postRefusals,
  type Reply,
  type ReviewItem,
  ReviewStatus,
} from '@gre/contract/post';
import type { Question } from '@gre/contract/question';
import { questionKindLabel } from '@gre/contract/question';
import type { Clock } from '../../platform/clock.ts';
import { type AuthedContext, isStaff, type RequestContext } from '../../platform/endpoints.ts';
import { errors } from '../../platform/errors.ts';
import { everything, type InvalidationBus } from '../../platform/invalidation.ts';
import { TtlCache } from '../../platform/ttl-cache.ts';
import { writeStaffAudit } from '../operate/staff-audit.ts';
import type { Catalogue } from '../question/catalogue.ts';
import type { Rights } from '../question/rights.ts';
import type { WordFilter } from './post.filter.ts';
import type { CommentRow, PostRepo, Runner } from './post.repo.ts';

export interface PostServiceDeps {
  repo: PostRepo;
  clock: Clock;
  filter: WordFilter;
  catalogue: () => Promise<Catalogue>;
  rights: () => Promise<Rights>;
  runningIds: (ctx: RequestContext) => Promise<((id: string) => boolean) | null>;
  /** The mock-only pool (ADR 0021): not discussed, except by staff. */
  mockOnly: (c: Catalogue) => Set<string>;
  /** modules/mail's remind(), in the caller's transaction. */
  remind: (userId: number, m: { subject: string; content: string; link: string }, on: Runner) => Promise<unknown>;
  /** Every process drops its cached pages of a topic when a comment of it changes (`posts`). */
  bus: InvalidationBus;
  /** Signed addresses of pictures that are not public (a held or rejected comment's: media.links.ts). */
  imageLinks: { url(id: string): string };
}

/** What every reader of a topic's page shares: the post, the page's rows and their first replies. */
interface SharedPage {
  post: { id: string; commentCount: number; at: number } | null;
  page: CommentRow[];
  previews: CommentRow[];
}

/** What every reader of a comment's replies shares: the comment (null: gone) and a page of replies. */
interface SharedReplies {
  comment: CommentRow | null;
  page: CommentRow[];
}

/** A reader's state on a topic (viewerState read whole). */
type ReaderState = Awaited<ReturnType<PostRepo['viewerState']>>;

/**
 * Readers' states kept at most, over all topics (the oldest go first). With at most `readerLikesCap`
 * likes each, the cache stays under ~100 MB even if every entry were full; a typical entry holds a
 * handful of ids.
 */
const readerStatesMax = 10_000;

/** Cached pages live this long at most (a lost bus message heals by then). */
const pageTtlMs = 30_000;

/** Where a topic's discussion opens in the web (the search question view, 讨论 section). */
export const discussLink = (topicId: string) => `/search/q/${encodeURIComponent(topicId)}#discuss`;

const excerpt = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}…` : s);

/**
 * The one mapping of a row to what a caller sees: anonymous authors hidden from non-staff. A comment
 * that is not visible (held, rejected) reaches only its author and staff; its pictures are not public
 * and are named by their signed addresses (`signed`).
 */
function toComment(
  r: CommentRow,
  viewer: AuthedContext['caller'],
  liked: ReadonlySet<string>,
  signed: (id: string) => string,
): Reply {
  const staff = isStaff(viewer);
  const visible = r.status === ReviewStatus.Reviewed;
  const hide = r.anonymous && !staff;
  return {
    id: r.id,
    kind: r.rootId === null ? CommentKind.Comment : CommentKind.Reply,
    topic_id: r.topicId,
    user_id: hide ? null : r.userId,
    nick_name: hide ? anonymousName : r.name,
    content: r.content,
    images: r.images.map((i, n) => (visible ? commentImage(i, n + 1) : commentImage(i, n + 1, signed(i.id)))),
    like_count: r.likeCount,
    liked: liked.has(r.id),
    anonymous: r.anonymous,
    review_status: r.status,
    mine: r.userId === viewer.userId,
    parent_id: r.parentId,
    reply_to: r.parentId === null ? '' : r.parentAnonymous && !staff ? anonymousName : (r.parentName ?? ''),
    created_at: Math.round(r.at),
  };
}

function parseCursor(c: string): { likes: number; id: number } | null {
  if (!c) return null;
  const [a, b] = c.split(':');
  const id = Number(b ?? a);
  if (!Number.isSafeInteger(id) || id <= 0) throw errors.invalidParam('分页位置不正确');
  return { likes: b === undefined ? 0 : Number(a), id };
}

export function createPostService(deps: PostServiceDeps) {
  const { repo, clock, filter, bus } = deps;
  const me = (ctx: AuthedContext) => Number(ctx.caller.userId);

  // Every page of a topic (per sort, cursor and page size) and every page of a comment's replies,
  // shared by all readers: the caller's liked, subscribed and own held comments are merged per
  // request (one query). The entry is the read's promise, so 100 readers arriving at once share one
  // read; a change deletes every entry of its topic (the key starts with the topic id), and a read
  // begun before the change is never stored again (it is not re-inserted). First pages and deeper
  // ones are kept apart, so a reader walking far down a long discussion cannot push first pages out.
  const firstPages = new TtlCache<string, Promise<SharedPage>>(clock, pageTtlMs, 2_000);
  const deeperPages = new TtlCache<string, Promise<SharedPage | SharedReplies>>(clock, pageTtlMs, 500);
  // A comment's topic never changes: where a reply page's key is found without a query.
  const commentTopics = new TtlCache<string, string>(clock, 10 * 60_000, 50_000);
  // Each reader's own state on a topic (likes, subscription, own unseen comments), keyed `user|topic`,
  // read once and kept like the pages. A write changes one user's state (a like, a subscription, a
  // comment or a deletion: the writer's; a review or a hold by reports: the author's): it publishes
  // `post-reader` with that key, which drops that one entry; other readers keep theirs.
  const readerStates = new TtlCache<string, Promise<ReaderState>>(clock, pageTtlMs, readerStatesMax);
  bus.subscribe((topic, key) => {
    if (topic === everything) {
      firstPages.clear();
      deeperPages.clear();
      readerStates.clear();
    } else if (topic === 'posts') {
      firstPages.deleteWhere((_, k) => k.startsWith(`${key}|`));
      deeperPages.deleteWhere((_, k) => k.startsWith(`${key}|`));
      // Readers' states stay: a change of the topic's pages is not a change of what each reader did.
    } else if (topic === 'post-reader') {
      readerStates.delete(key);
    }
  });
  /**
   * After a change of a topic has committed, here and in every other process: its shared pages are
   * dropped, and the state of the one user whose own view of it changed.
   */
  const changed = (topicId: string, userId: string | number) => {
    bus.publish('posts', topicId);
    bus.publish('post-reader', `${userId}|${topicId}`);
  };

  function shared<T>(cache: TtlCache<string, Promise<T>>, key: string, read: () => Promise<T>): Promise<T> {
    const hit = cache.get(key);
    if (hit) return hit;
    const p = read();
    cache.set(key, p);
    p.catch(() => {
      if (cache.get(key) === p) cache.delete(key);
    });
    return p;
  }

  function sharedPage(
    topicId: string,
    sort: 'new' | 'hot',
    after: { likes: number; id: number } | null,
    limit: number,
  ): Promise<SharedPage> {
    const read = async (): Promise<SharedPage> => {
      const post = await repo.post(topicId);
      if (!post) return { post: null, page: [], previews: [] };
      const page = await repo.topPage(post.id, sort, after, limit);
      const previews = await repo.replyPreviews(
        page.slice(0, limit - 1).map((c) => c.id),
        postLimits.repliesPreview,
      );
      return { post, page, previews };
    };
    if (!after) return shared(firstPages, `${topicId}|${sort}|${limit}`, read);
    return shared(
      deeperPages as TtlCache<string, Promise<SharedPage>>,
      `${topicId}|${sort}|${after.likes}:${after.id}|${limit}`,
      read,
    );
  }

  /**
   * The reader's state on a topic for a page showing `ids()`: from the cache of readers' states (one
   * query per reader and topic until their state changes), or, for a reader with more likes in the
   * topic than a cached state holds, read for the page alone (only then are the ids listed).
   */
  async function readerState(topicId: string, postId: string, userId: number, ids: () => readonly string[]) {
    const state = await shared(readerStates, `${userId}|${topicId}`, () => repo.viewerState(postId, userId, null));
    return state.complete ? state : repo.viewerState(postId, userId, ids());
  }

  /** A page of a comment's replies (of its top-level comment's, for a reply), shared by its readers. */
  async function sharedReplies(commentId: string, afterId: number | null, limit: number): Promise<SharedReplies> {
    let topicId = commentTopics.get(commentId);
    let known: CommentRow | null = null;
    if (!topicId) {
      known = await repo.comment(commentId);
      if (!known) return { comment: null, page: [] };
      topicId = known.topicId;
      commentTopics.set(commentId, topicId);
    }
    return shared(
      deeperPages as TtlCache<string, Promise<SharedReplies>>,
      `${topicId}|r|${commentId}|${afterId ?? ''}|${limit}`,
      async () => {
        const c = known ?? (await repo.comment(commentId));
        return { comment: c, page: c ? await repo.replyPage(c.rootId ?? c.id, afterId, limit) : [] };
      },
    );
  }

  /** The question of a topic, if the caller may discuss it now. */
  async function topicOf(topicId: string, ctx: AuthedContext): Promise<Question> {
    const c = await deps.catalogue();
    const e = c.byId.get(topicId);
    if (!e || e.question.visibility === 'hidden') throw errors.notFound(postRefusals.noQuestion);
    if (!isStaff(ctx.caller) && deps.mockOnly(c).has(topicId)) throw errors.forbidden(postRefusals.mockOnly);
    const running = await deps.runningIds(ctx);
    if (running?.(topicId)) throw errors.forbidden(postRefusals.running);
    (await deps.rights()).assertCanOpen(ctx.caller, e.question.visibility);
    return e.question;
  }

  /** A comment the caller may see (visible, or their own), on a topic they may discuss. */
  async function visibleComment(id: string, ctx: AuthedContext, on: Runner = repo.db, lock = false) {
    const c = await repo.comment(id, on, lock);
    if (!c || (c.status !== ReviewStatus.Reviewed && c.userId !== ctx.caller.userId))
      throw errors.notFound(postRefusals.noComment);
    await topicOf(c.topicId, ctx);
    return c;
  }

  async function notify(tx: Runner, c: CommentRow, parent: CommentRow | null) {
    const who = c.anonymous ? anonymousName : c.name;
    const link = discussLink(c.topicId);
    const text = `${who}：${excerpt(c.content, 200)}`;
    const told = new Set<number>([Number(c.userId)]);
    if (parent && !told.has(Number(parent.userId))) {
      told.add(Number(parent.userId));
      await deps.remind(Number(parent.userId), { subject: `${who} 回复了你的评论`, content: text, link }, tx);
    }
    for (const u of await repo.subscribers(tx, c.postId)) {
      if (told.has(u)) continue;
      told.add(u);
      const subject = c.rootId === null ? '你订阅的讨论有新评论' : '你订阅的讨论有新回复';
      await deps.remind(u, { subject, content: text, link }, tx);
    }
  }

  function reviewItem(r: CommentRow, viewer: AuthedContext['caller'], reasons: string[]): ReviewItem {
    return {
      ...toComment(r, viewer, new Set(), deps.imageLinks.url),
      report_count: r.reportCount,
      matched: r.matched,
      reasons,
    };
  }

  return {
    async get(b: { topic_id: string; sort: 'new' | 'hot'; cursor: string; page_size: number }, ctx: AuthedContext) {
      const q = await topicOf(b.topic_id, ctx);
      const after = parseCursor(b.cursor);
      const shared = await sharedPage(b.topic_id, b.sort, after, b.page_size + 1);
      const post = shared.post;
      const root = {
        id: post?.id ?? '',
        kind: CommentKind.Topic,
        topic_id: b.topic_id,
        user_id: null,
        nick_name: '',
        content: `${questionKindLabel[q.kind]} ${q.id}`,
        images: [],
        like_count: 0,
        liked: false,
        anonymous: false,
        review_status: ReviewStatus.Reviewed,
        mine: false,
        parent_id: null,
        reply_to: '',
        created_at: Math.round(post?.at ?? 0),
      };
      const subject = { title: root.content, detail: q.description };
      if (!post)
        return {
          post: {
            id: '',
            topic_id: b.topic_id,
            subject,
            root_comment: { ...root, replies: [] },
            comment_count: 0,
            subscribed: false,
          },
          next_cursor: null,
        };
      const userId = me(ctx);
      const { page, previews } = shared;
      const more = page.length > b.page_size;
      const pageRows = page.slice(0, b.page_size);
      // The reader's likes on this page, subscription, own unseen comments (cached per topic).
      const state = await readerState(b.topic_id, post.id, userId, () => [
        ...pageRows.map((c) => c.id),
        ...previews.map((r) => r.id),
      ]);
      let own: CommentRow[] = [];
      let ownReplies: CommentRow[] = [];
      const pageIds = new Set(pageRows.map((c) => c.id));
      // Rare: the reader has held or rejected comments here (shown to them alone).
      if (state.own.some((o) => (o.root === null ? !after : pageIds.has(o.root)))) {
        own = after ? [] : await repo.ownUnreviewed(post.id, userId, null);
        ownReplies = await repo.ownUnreviewed(post.id, userId, [...own.map((c) => c.id), ...pageIds]);
      }
      const shown = [...own, ...pageRows];
      const replies = [...previews, ...ownReplies];
      const liked =
        own.length || ownReplies.length
          ? new Set([
              ...state.liked,
              ...(await repo.likedOf(
                userId,
                [...own, ...ownReplies].map((r) => r.id),
              )),
            ])
          : state.liked;
      const byRoot = new Map<string, CommentRow[]>();
      for (const r of replies) byRoot.set(r.rootId as string, [...(byRoot.get(r.rootId as string) ?? []), r]);
      const comments: Comment[] = shown.map((c) => ({
        ...toComment(c, ctx.caller, liked, deps.imageLinks.url),
        reply_count: c.replyCount,
        replies: (byRoot.get(c.id) ?? [])
          .sort((x, y) => Number(x.id) - Number(y.id))
          .map((r) => toComment(r, ctx.caller, liked, deps.imageLinks.url)),
      }));
      const last = page[b.page_size - 1];
      return {
        post: {
          id: post.id,
          topic_id: b.topic_id,
          subject,
          root_comment: { ...root, replies: comments },
          comment_count: post.commentCount,
          subscribed: state.subscribed,
        },
        next_cursor: more && last ? (b.sort === 'hot' ? `${last.likeCount}:${last.id}` : last.id) : null,
      };
    },

    async replies(b: { comment_id: string; cursor: string; page_size: number }, ctx: AuthedContext) {
      const after = parseCursor(b.cursor)?.id ?? null;
      const { comment: c, page } = await sharedReplies(b.comment_id, after, b.page_size + 1);
      if (!c || (c.status !== ReviewStatus.Reviewed && c.userId !== ctx.caller.userId))
        throw errors.notFound(postRefusals.noComment);
      await topicOf(c.topicId, ctx);
      const userId = me(ctx);
      const rootId = c.rootId ?? c.id;
      const pageRows = page.slice(0, b.page_size);
      // The reader's likes on this page and own unseen comments of the topic (cached per topic).
      const state = await readerState(c.topicId, c.postId, userId, () => pageRows.map((r) => r.id));
      let own: CommentRow[] = [];
      let liked = state.liked;
      // Rare: the reader's own held or rejected replies here, shown to them alone after the first page.
      if (!after && state.own.some((o) => o.root === rootId)) {
        own = await repo.ownUnreviewed(c.postId, userId, [rootId]);
        liked = new Set([
          ...liked,
          ...(await repo.likedOf(
            userId,
            own.map((r) => r.id),
          )),
        ]);
      }
      const shown = [...pageRows, ...own];
      const last = page[b.page_size - 1];
      return {
        replies: shown.map((r) => toComment(r, ctx.caller, liked, deps.imageLinks.url)),
        next_cursor: page.length > b.page_size && last ? last.id : null,
      };
    },

    async create(
      b: {
        topic_id: string;
        parent_id?: string;
        content: string;
        anonymous: boolean;
        images: { id: string; alt: string }[];
      },
      ctx: AuthedContext,
    ) {
      await topicOf(b.topic_id, ctx);
      const userId = me(ctx);
      const now = clock.now();
      const matched = filter.check(b.content);
      const id = await repo.db.transaction(async (tx) => {
        await repo.lockUser(tx, userId);
        const recent = await repo.recentCounts(tx, userId, now);
        if (recent.minute >= postLimits.perMinute) throw errors.rateLimited(postRefusals.perMinute);
        if (recent.hour >= postLimits.perHour) throw errors.rateLimited(postRefusals.perHour);
        // Only the writer's own discussion uploads: an id seen elsewhere (someone's mark, another
        // user's picture) is refused, so a comment cannot re-show another person's image.
        const own = await repo.ownImages(
          tx,
          userId,
          b.images.map((i) => i.id),
        );
        if (b.images.some((i) => !own.has(i.id))) throw errors.invalidParam(postRefusals.notMyImage);
        let parent: CommentRow | null = null;
        if (b.parent_id) {
          parent = await repo.comment(b.parent_id, tx);
          if (
            !parent ||
            parent.topicId !== b.topic_id ||
            (parent.status !== ReviewStatus.Reviewed && parent.userId !== ctx.caller.userId)
          )
            throw errors.notFound(postRefusals.noComment);
          if (parent.status !== ReviewStatus.Reviewed) throw errors.forbidden(postRefusals.replyHeld);
        }
        const postId = await repo.ensurePost(tx, b.topic_id, now);
        // Words are checked by the filter; pictures only by a teacher: both are held until reviewed.
        const status = matched.length || b.images.length ? ReviewStatus.Uploading : ReviewStatus.Reviewed;
        const newId = await repo.insertComment(tx, {
          postId,
          userId,
          rootId: parent ? (parent.rootId ?? parent.id) : null,
          parentId: parent?.id ?? null,
          content: b.content,
          anonymous: b.anonymous,
          status,
          matched,
          images: b.images,
          now,
        });
        const row = (await repo.comment(newId, tx)) as CommentRow;
        if (status === ReviewStatus.Reviewed) {
          await repo.countVisible(tx, row, 1);
          await notify(tx, row, parent);
        }
        return newId;
      });
      // Also a held one: the post may be new, and its author reads it on the first page.
      changed(b.topic_id, userId);
      const row = (await repo.comment(id)) as CommentRow;
      return {
        comment: { ...toComment(row, ctx.caller, new Set(), deps.imageLinks.url), replies: [], reply_count: 0 },
      };
    },

    async like(b: { comment_id: string; liked: boolean }, ctx: AuthedContext) {
      const c = await visibleComment(b.comment_id, ctx);
      const count = await repo.db.transaction((tx) => repo.setLike(tx, c.id, me(ctx), b.liked, clock.now()));
      changed(c.topicId, me(ctx));
      return { comment_id: c.id, liked: b.liked, like_count: count };
    },

    async subscribe(b: { topic_id: string; subscribed: boolean }, ctx: AuthedContext) {
      await topicOf(b.topic_id, ctx);
      const now = clock.now();
      await repo.db.transaction(async (tx) => {
        const postId = await repo.ensurePost(tx, b.topic_id, now);
        await repo.setSubscribed(tx, postId, me(ctx), b.subscribed, now);
      });
      changed(b.topic_id, me(ctx));
      return { topic_id: b.topic_id, subscribed: b.subscribed };
    },

    async report(b: { comment_id: string; reason: string; detail: string }, ctx: AuthedContext) {
      const c = await visibleComment(b.comment_id, ctx);
      if (c.userId === ctx.caller.userId) throw errors.invalidParam(postRefusals.ownReport);
      await repo.db.transaction(async (tx) => {
        const locked = (await repo.comment(c.id, tx, true)) as CommentRow;
        const n = await repo.addReport(tx, c.id, me(ctx), b.reason, b.detail, clock.now());
        if (n === null) throw errors.invalidParam(postRefusals.reported);
        if (n >= postLimits.reportsToHold && locked.status === ReviewStatus.Reviewed) {
          await repo.setStatus(tx, c.id, ReviewStatus.Uploading);
          await repo.countVisible(tx, locked, -1);
          await repo.syncImages(tx, locked.images);
        }
      });
      // Held by reports: its author's own view changes (审核中).
      changed(c.topicId, c.userId);
      return { reported: true as const };
    },

    async remove(b: { comment_id: string }, ctx: AuthedContext) {
      const topicId = await repo.db.transaction(async (tx) => {
        const c = await repo.comment(b.comment_id, tx, true);
        if (!c || (c.status !== ReviewStatus.Reviewed && c.userId !== ctx.caller.userId))
          throw errors.notFound(postRefusals.noComment);
        if (c.userId !== ctx.caller.userId) throw errors.forbidden(postRefusals.notMine);
        await repo.markDeleted(tx, c.id, clock.now());
        if (c.status === ReviewStatus.Reviewed) await repo.countVisible(tx, c, -1);
        await repo.syncImages(tx, c.images);
        return c.topicId;
      });
      changed(topicId, me(ctx));
      return { deleted: true as const };
    },

    async reviewQueue(b: { cursor: string; page_size: number }, ctx: AuthedContext) {
      const after = parseCursor(b.cursor)?.id ?? null;
      const [page, total] = await Promise.all([repo.heldPage(after, b.page_size + 1), repo.heldCount()]);
      const shown = page.slice(0, b.page_size);
      const reasons = await repo.reasonsOf(shown.map((c) => c.id));
      const last = shown.at(-1);
      return {
        comments: shown.map((c) => reviewItem(c, ctx.caller, reasons.get(c.id) ?? [])),
        next_cursor: page.length > b.page_size && last ? last.id : null,
        total,
      };
    },

    async review(b: { comment_id: string; decision: 'approve' | 'reject' }, ctx: AuthedContext) {
      const now = clock.now();
      await repo.db.transaction(async (tx) => {
        const c = await repo.comment(b.comment_id, tx, true);
        if (!c) throw errors.notFound(postRefusals.noComment);
        if (c.status !== ReviewStatus.Uploading) throw errors.invalidParam(postRefusals.notHeld);
        const status = b.decision === 'approve' ? ReviewStatus.Reviewed : ReviewStatus.Rejected;
        await repo.setStatus(tx, c.id, status, { by: me(ctx), at: now });
        // Approved: its pictures become public; rejected: they stay private (author and staff).
        await repo.syncImages(tx, c.images);
        if (status === ReviewStatus.Reviewed) {
          await repo.countVisible(tx, c, 1);
          // Held when written: its readers hear of it now (one held by reports was announced before).
          if (!c.reviewed && (c.matched.length || c.images.length)) {
            const parent = c.parentId ? await repo.comment(c.parentId, tx) : null;
            await notify(tx, c, parent);
          }
        }
        await writeStaffAudit(tx, {
          staffId: me(ctx),
          action: `comment_${b.decision}`,
          target: Number(c.userId),
          subject: c.id,
          before: { status: c.status, report_count: c.reportCount, matched: c.matched },
          after: { status },
          at: now,
        });
      });
      const row = (await repo.comment(b.comment_id)) as CommentRow;
      changed(row.topicId, row.userId);
      const reasons = await repo.reasonsOf([row.id]);
      return { comment: reviewItem(row, ctx.caller, reasons.get(row.id) ?? []) };
    },
  };
}

export type PostService = ReturnType<typeof createPostService>;

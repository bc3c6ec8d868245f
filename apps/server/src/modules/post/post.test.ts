// Discussions under questions (issue 18, ADR 0037) on a real database: comments and replies paged
// newest and most-liked first, likes counted right under races, anonymous authors never named to a
// non-staff caller by any endpoint or mail, held comments seen only by their author and the
// teachers, reports, review with the staff audit, subscriptions' remind mail, the posting limit,
// frozen accounts and roles.

import type { Endpoint } from '@gre/contract/endpoint';
import * as pep from '@gre/contract/endpoints/post';
import * as qep from '@gre/contract/endpoints/question';
import { uploadImage } from '@gre/contract/endpoints/upload';
import * as uep from '@gre/contract/endpoints/user';
import { RoleKind } from '@gre/contract/enums';
import { postLimits, postRefusals, ReviewStatus } from '@gre/contract/post';
import { and, eq, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mails } from '../../db/schema/mail.ts';
import { staffAudit } from '../../db/schema/pay.ts';
import { users } from '../../db/schema/user.ts';
import { opCheckCode, staffUser, userWithRole } from '../../test/accounts.ts';
import { buildSecondApp, createTestApp, type TestApp, testDbKinds, testSecret } from '../../test/harness.ts';
import { multipartBody } from '../../test/multipart.ts';
import { createImageLinks } from '../media/media.links.ts';
import { createWordFilter } from './post.filter.ts';
import { readerLikesCap } from './post.repo.ts';

describe('the sensitive-word filter', () => {
  const f = createWordFilter();
  it('finds listed words through case, spaces and full-width forms, and contact spam with digits', () => {
    expect(f.check('这题选 B，因为 whereas 表转折')).toEqual([]);
    expect(f.check('你是 傻 逼 吗')).toContain('傻逼');
    expect(f.check('包过！加 微信 详聊')).toEqual(expect.arrayContaining(['包过', '加微信']));
    expect(f.check('ＱＱ群：１２３４５６７８')).toContain('联系方式');
    expect(f.check('vx 13800138000')).toContain('联系方式');
    expect(f.check('要多加vocabulary练习，第12题')).toEqual([]);
  });
});

describe.each(testDbKinds())('discussions on %s', { timeout: 120_000 }, (kind) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  const uid: Record<string, string> = {};
  let topic = '';
  let topic2 = '';

  /** The signed address the server names now for a picture that is not public. */
  const signedUrl = (id: string) => createImageLinks(testSecret, t.clock).url(id);
  const call = <E extends Endpoint>(e: E, body: unknown, who: string) => t.call(e, body, { token: tok[who] });
  const ok = async <E extends Endpoint>(e: E, body: unknown, who: string) => {
    const res = await call(e, body, who);
    if (!res.body.ok || !res.body.data) throw new Error(`${e.path}: ${JSON.stringify(res.body.err_data)}`);
    return res.body.data as NonNullable<typeof res.body.data>;
  };
  const comment = (who: string, content: string, extra: object = {}, topicId = topic) =>
    ok(pep.createComment, { topic_id: topicId, content, ...extra }, who).then((d) => d.comment);
  /** Every comment and reply of a topic as `who` reads it, page after page. */
  const readAll = async (who: string, sort: 'new' | 'hot' = 'new', topicId = topic, pageSize = 7) => {
    const out: { id: string; like_count: number; replies: { id: string }[]; reply_count: number }[] = [];
    let cursor = '';
    for (let i = 0; i < 100; i++) {
      const d = await ok(pep.getPost, { topic_id: topicId, sort, cursor, page_size: pageSize }, who);
      out.push(...d.post.root_comment.replies);
      if (!d.next_cursor) return { comments: out, post: d.post };
      cursor = d.next_cursor;
    }
    throw new Error('paging did not end');
  };
  /** The ids of every comment and reply a page shows. */
  const idsIn = (d: { post: { root_comment: { replies: { id: string; replies: { id: string }[] }[] } } }) =>
    d.post.root_comment.replies.flatMap((c) => [c.id, ...c.replies.map((r) => r.id)]);
  const remindsOf = async (who: string) =>
    t.database.db
      .select()
      .from(mails)
      .where(and(eq(mails.userId, Number(uid[who])), eq(mails.race, 1)));

  beforeAll(async () => {
    t = await createTestApp(kind, { content: true });
    // Members with names of their own (inserted: registering hashes a password each, slow on a busy machine).
    for (const name of ['ann', 'bob', 'cat', 'dan', 'eve']) {
      const r = await userWithRole(t, RoleKind.FreeVIP);
      await t.database.db
        .update(users)
        .set({ name: `Reader${name}` })
        .where(eq(users.email, r.email));
      tok[name] = r.token;
      uid[name] = r.user.id;
    }
    tok.teacher = (await staffUser(t, { isTeacher: true })).token;
    tok.admin = (await staffUser(t, { isAdmin: true })).token;
    tok.operator = (await staffUser(t, { isOperator: true })).token;
    tok.vip = (await userWithRole(t, 3)).token;
    const found = await ok(qep.searchQuestions, { category: 1, page_size: 10 }, 'ann');
    // Two questions a member may open (and so discuss).
    const open: string[] = [];
    for (const q of found.question_infos)
      if ((await call(pep.getPost, { topic_id: q.id }, 'ann')).body.ok && open.length < 2) open.push(q.id);
    topic = open[0] as string;
    topic2 = open[1] as string;
    expect(topic && topic2).toBeTruthy();
  }, 600_000);
  afterAll(async () => {
    await t?.close();
  }, 30_000);

  it('an empty discussion reads as an empty post', async () => {
    const d = await ok(pep.getPost, { topic_id: topic2 }, 'ann');
    expect(d.post).toMatchObject({ id: '', topic_id: topic2, comment_count: 0, subscribed: false });
    expect(d.post.root_comment.replies).toEqual([]);
    expect(d.next_cursor).toBeNull();
    const missing = await call(pep.getPost, { topic_id: 'no-such-question' }, 'ann');
    expect(missing.body.err_data).toMatchObject({ kind: 'not_found', show: postRefusals.noQuestion });
  });

  it('comments and replies page newest first and most liked first, every one exactly once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) {
      t.clock.advance(13_000); // under the per-minute limit
      ids.push((await comment(['ann', 'bob', 'cat'][i % 3] as string, `第 ${i} 条：这题的关键是转折词`)).id);
    }
    // Replies under the third comment: a preview of 3, the rest paged.
    const target = ids[2] as string;
    const replyIds: string[] = [];
    for (let i = 0; i < 8; i++) {
      t.clock.advance(13_000);
      replyIds.push((await comment('dan', `回复 ${i}`, { parent_id: target })).id);
    }
    // Likes make an order for 最热.
    for (const [i, id] of ids.entries())
      if (i % 4 === 0) await ok(pep.likeComment, { comment_id: id, liked: true }, 'eve');
    await ok(pep.likeComment, { comment_id: ids[5], liked: true }, 'eve');
    await ok(pep.likeComment, { comment_id: ids[5], liked: true }, 'dan');

    const byNew = await readAll('eve');
    expect(byNew.comments.map((c) => c.id)).toEqual([...ids].reverse());
    expect(byNew.post.comment_count).toBe(23 + 8);
    const withReplies = byNew.comments.find((c) => c.id === target);
    expect(withReplies?.reply_count).toBe(8);
    expect(withReplies?.replies.map((r) => r.id)).toEqual(replyIds.slice(0, postLimits.repliesPreview));

    const byHot = await readAll('eve', 'hot');
    expect(byHot.comments.map((c) => c.id).sort()).toEqual([...ids].sort());
    const likes = byHot.comments.map((c) => c.like_count);
    expect(likes).toEqual([...likes].sort((a, b) => b - a));
    expect(byHot.comments[0]?.id).toBe(ids[5]);
    expect(likes[0]).toBe(2);

    const replies: string[] = [];
    let cursor = '';
    do {
      const d = await ok(pep.getReplies, { comment_id: target, cursor, page_size: 3 }, 'eve');
      replies.push(...d.replies.map((r) => r.id));
      expect(d.replies.every((r) => r.reply_to === 'Readercat')).toBe(true);
      cursor = d.next_cursor ?? '';
    } while (cursor);
    expect(replies).toEqual(replyIds);
  });

  it('likes are idempotent and counted right under concurrent clicks', async () => {
    const c = await comment('ann', '点赞计数测试');
    const who = ['bob', 'cat', 'dan', 'eve', 'vip'];
    const results = await Promise.all(
      who.flatMap((w) => [1, 2, 3].map(() => call(pep.likeComment, { comment_id: c.id, liked: true }, w))),
    );
    expect(results.every((r) => r.body.ok)).toBe(true);
    const view = (await readAll('ann')).comments.find((x) => x.id === c.id);
    expect(view?.like_count).toBe(5);
    const off = await Promise.all(
      ['bob', 'bob', 'cat'].map((w) => call(pep.likeComment, { comment_id: c.id, liked: false }, w)),
    );
    expect(off.every((r) => r.body.ok)).toBe(true);
    const again = await ok(pep.likeComment, { comment_id: c.id, liked: true }, 'dan');
    expect(again).toEqual({ comment_id: c.id, liked: true, like_count: 3 });
    const mine = await ok(pep.getPost, { topic_id: topic }, 'dan');
    expect(mine.post.root_comment.replies.find((x) => x.id === c.id)?.liked).toBe(true);
  });

  it('an anonymous author is named to nobody but staff: lists, replies, reply names, mail', async () => {
    t.clock.advance(61_000);
    await ok(pep.subscribePost, { topic_id: topic2, subscribed: true }, 'eve');
    const a = await comment('cat', '匿名说一句：这题考的是让步', { anonymous: true }, topic2);
    // The author too reads 匿名用户 (the name is off the answer for every non-staff caller); mine says it is theirs.
    expect(a).toMatchObject({ user_id: null, nick_name: '匿名用户', mine: true, anonymous: true });
    const reply = await comment('bob', '同意', { parent_id: a.id }, topic2);
    expect(reply.reply_to).toBe('匿名用户');
    const anonReply = await comment('cat', '谢谢', { parent_id: reply.id, anonymous: true }, topic2);
    expect(anonReply.reply_to).toBe('Readerbob');

    /** The author named: by name anywhere, or by id in any user_id field. */
    const leaks = (body: unknown) => {
      const s = JSON.stringify(body);
      return s.includes('Readercat') || s.includes(`"user_id":"${uid.cat}"`);
    };
    for (const who of ['ann', 'bob', 'eve', 'vip']) {
      const list = await call(pep.getPost, { topic_id: topic2 }, who);
      expect(list.body.ok).toBe(true);
      expect(leaks(list.body), who).toBe(false);
      const shown = list.body.data?.post.root_comment.replies[0];
      expect(shown).toMatchObject({ user_id: null, nick_name: '匿名用户', anonymous: true, mine: false });
      const hot = await call(pep.getPost, { topic_id: topic2, sort: 'hot' }, who);
      expect(leaks(hot.body)).toBe(false);
      const replies = await call(pep.getReplies, { comment_id: a.id }, who);
      expect(leaks(replies.body)).toBe(false);
      expect(replies.body.data?.replies.map((r) => r.nick_name)).toEqual(['Readerbob', '匿名用户']);
    }
    const liked = await call(pep.likeComment, { comment_id: a.id, liked: true }, 'ann');
    expect(leaks(liked.body)).toBe(false);
    // Mail: the subscriber and the replied-to author hear of replies without the name.
    const eveMail = await remindsOf('eve');
    expect(eveMail.length).toBe(3);
    expect(eveMail.some((m) => m.subject?.includes('匿名用户'))).toBe(false);
    expect(eveMail.map((m) => m.content).join('\n')).toContain('匿名用户：谢谢');
    expect(JSON.stringify(eveMail.map((m) => [m.subject, m.content, m.link]))).not.toContain('Readercat');
    const bobMail = await remindsOf('bob');
    expect(bobMail.map((m) => m.subject)).toContain('匿名用户 回复了你的评论');
    expect(JSON.stringify(bobMail.map((m) => [m.subject, m.content, m.link]))).not.toContain('Readercat');
    // Staff see who wrote it.
    for (const who of ['teacher', 'admin', 'operator']) {
      const list = await ok(pep.getPost, { topic_id: topic2 }, who);
      expect(list.post.root_comment.replies[0]).toMatchObject({ user_id: uid.cat, nick_name: 'Readercat' });
    }
  });

  it('subscribers and the replied-to author get a remind mail; the writer never does', async () => {
    t.clock.advance(61_000);
    const before = (await remindsOf('ann')).length;
    const annBefore = await remindsOf('dan');
    await ok(pep.subscribePost, { topic_id: topic, subscribed: true }, 'ann');
    const c = await comment('ann', '我订阅了，欢迎讨论');
    const r = await comment('bob', '这里 whereas 是对比', { parent_id: c.id });
    const annMail = await remindsOf('ann');
    expect(annMail.length).toBe(before + 1);
    const last = annMail.at(-1);
    expect(last).toMatchObject({ subject: 'Readerbob 回复了你的评论', content: 'Readerbob：这里 whereas 是对比' });
    expect(last?.link).toBe(`/search/q/${encodeURIComponent(topic)}#discuss`);
    expect((await remindsOf('dan')).length).toBe(annBefore.length);
    // Unsubscribed: replies to others' comments no longer arrive.
    await ok(pep.subscribePost, { topic_id: topic, subscribed: false }, 'ann');
    await comment('cat', '再补充一句', { parent_id: r.id });
    expect((await remindsOf('ann')).length).toBe(before + 1);
    const d = await ok(pep.getPost, { topic_id: topic }, 'ann');
    expect(d.post.subscribed).toBe(false);
  });

  it('a comment with a listed word is held: its author sees 审核中, others nothing, teachers approve or reject with an audit', async () => {
    t.clock.advance(61_000);
    const held = await comment('dan', '想要真题的加微信 abc12345678 私聊', {}, topic2);
    expect(held.review_status).toBe(ReviewStatus.Uploading);
    const heldReply = await comment(
      'dan',
      '包过哦',
      { parent_id: (await readAll('ann', 'new', topic2)).comments[0]?.id },
      topic2,
    );
    expect(heldReply.review_status).toBe(ReviewStatus.Uploading);
    const count = (await ok(pep.getPost, { topic_id: topic2 }, 'ann')).post.comment_count;
    for (const who of ['ann', 'eve', 'vip']) {
      const d = await ok(pep.getPost, { topic_id: topic2 }, who);
      const s = JSON.stringify(d);
      expect(idsIn(d)).not.toContain(held.id);
      expect(s).not.toContain('abc12345678');
      expect(s).not.toContain('包过哦');
      const like = await call(pep.likeComment, { comment_id: held.id, liked: true }, who);
      expect(like.body.err_data).toMatchObject({ kind: 'not_found', show: postRefusals.noComment });
      const reply = await call(pep.createComment, { topic_id: topic2, parent_id: held.id, content: '?' }, who);
      expect(reply.body.err_data?.kind).toBe('not_found');
    }
    const own = await ok(pep.getPost, { topic_id: topic2 }, 'dan');
    expect(own.post.root_comment.replies[0]).toMatchObject({ id: held.id, review_status: 0, mine: true });
    expect(JSON.stringify(own)).toContain('包过哦');
    // The queue: teachers and admins only.
    for (const who of ['ann', 'vip', 'operator']) {
      const q = await call(pep.reviewQueue, {}, who);
      expect(q.body.err_data?.kind, who).toBe('forbidden');
      const r = await call(pep.reviewComment, { comment_id: held.id, decision: 'approve' }, who);
      expect(r.body.err_data?.kind, who).toBe('forbidden');
    }
    const queue = await ok(pep.reviewQueue, {}, 'teacher');
    const item = queue.comments.find((c) => c.id === held.id);
    expect(item).toMatchObject({ user_id: uid.dan, nick_name: 'Readerdan' });
    expect(item?.matched.sort()).toEqual(['加微信', '联系方式']);
    expect(queue.comments.find((c) => c.id === heldReply.id)?.matched).toEqual(['包过']);
    expect((await ok(pep.reviewQueue, {}, 'admin')).total).toBe(queue.total);

    const approved = await ok(pep.reviewComment, { comment_id: held.id, decision: 'approve' }, 'teacher');
    expect(approved.comment.review_status).toBe(ReviewStatus.Reviewed);
    const again = await call(pep.reviewComment, { comment_id: held.id, decision: 'reject' }, 'teacher');
    expect(again.body.err_data).toMatchObject({ kind: 'invalid_param', show: postRefusals.notHeld });
    await ok(pep.reviewComment, { comment_id: heldReply.id, decision: 'reject' }, 'admin');
    const annView = await ok(pep.getPost, { topic_id: topic2 }, 'ann');
    expect(idsIn(annView)).toContain(held.id);
    expect(JSON.stringify(annView)).not.toContain('包过哦');
    expect(annView.post.comment_count).toBe(count + 1);
    const audit = await t.database.db.select().from(staffAudit).where(eq(staffAudit.subject, held.id));
    expect(audit).toEqual([
      expect.objectContaining({ action: 'comment_approve', targetUserId: Number(uid.dan), after: { status: 1 } }),
    ]);
  });

  /** An image `who` uploads through /api/upload/image. */
  const upload = async (who: string, purpose: 'post' | 'mark' = 'post') => {
    const png = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#3070c0' } })
      .png()
      .toBuffer();
    const { body, contentType } = multipartBody([
      { name: 'purpose', data: purpose },
      { name: 'file', filename: 'figure.png', type: 'image/png', data: png },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: uploadImage.path,
      headers: { 'content-type': contentType, authorization: `Bearer ${tok[who]}` },
      payload: body,
    });
    const id = res.json().data?.id as string;
    expect(id, res.body).toBeTruthy();
    return id;
  };

  it("a comment with images is held for review, shows them with alt text once approved; others' image ids are refused", async () => {
    t.clock.advance(61_000);
    const mine = await upload('cat');
    const second = await upload('cat');
    const bobs = await upload('bob');
    const mark = await upload('cat', 'mark');
    const commentsBefore = (await readAll('ann', 'new', topic2, 50)).comments.length;
    // Someone else's picture, a mark's picture, an unknown id: refused in Chinese, nothing written.
    for (const images of [
      [{ id: bobs }],
      [{ id: mine }, { id: bobs }],
      [{ id: mark }],
      [{ id: '00000000-0000-4000-8000-000000000000' }],
    ]) {
      const res = await call(pep.createComment, { topic_id: topic2, content: '看图', images }, 'cat');
      expect(res.body.err_data).toMatchObject({ kind: 'invalid_param', show: postRefusals.notMyImage });
    }
    for (const images of [
      [{ id: 'x' }],
      [{ id: mine }, { id: mine }],
      Array.from({ length: postLimits.images + 1 }, () => ({ id: mine })),
      [{ id: mine, alt: 'a'.repeat(postLimits.imageAlt + 1) }],
      'not a list',
    ]) {
      const res = await call(pep.createComment, { topic_id: topic2, content: '看图', images }, 'cat');
      expect(res.body.err_data?.kind).toBe('invalid_param');
      expect(res.body.err_data?.show).toMatch(/[\u4e00-\u9fff]/);
    }
    const own = await t.database.db
      .select()
      .from(mails)
      .where(eq(mails.userId, Number(uid.cat)));
    const c = await comment(
      'cat',
      '这道题的句子结构见图',
      { images: [{ id: mine, alt: '句子结构分析图' }, { id: second }] },
      topic2,
    );
    expect(c.review_status).toBe(ReviewStatus.Uploading);
    // Held: its pictures are named to the writer by signed addresses (not public yet).
    expect(c.images).toEqual([
      { id: mine, url: signedUrl(mine), alt: '句子结构分析图' },
      { id: second, url: signedUrl(second), alt: '评论配图 2' },
    ]);
    // Held: only the writer and the teachers see it.
    expect(idsIn(await ok(pep.getPost, { topic_id: topic2, page_size: 50 }, 'ann'))).not.toContain(c.id);
    expect((await ok(pep.getPost, { topic_id: topic2 }, 'cat')).post.root_comment.replies[0]).toMatchObject({
      id: c.id,
      review_status: ReviewStatus.Uploading,
      images: c.images,
    });
    const item = (await ok(pep.reviewQueue, { page_size: 50 }, 'teacher')).comments.find((x) => x.id === c.id);
    expect(item).toMatchObject({ images: c.images, matched: [] });
    await ok(pep.reviewComment, { comment_id: c.id, decision: 'approve' }, 'teacher');
    const seen = (await readAll('ann', 'new', topic2, 50)).comments;
    expect(seen.length).toBe(commentsBefore + 1);
    expect(seen.find((x) => x.id === c.id)).toMatchObject({
      images: [
        { id: mine, url: `/media/images/${mine}`, alt: '句子结构分析图' },
        { id: second, url: `/media/images/${second}`, alt: '评论配图 2' },
      ],
    });
    // A reply with a picture is held the same way.
    const r = await comment('cat', '补充一张', { parent_id: c.id, images: [{ id: second, alt: '补充' }] }, topic2);
    expect(r.review_status).toBe(ReviewStatus.Uploading);
    expect(JSON.stringify(await ok(pep.getReplies, { comment_id: c.id }, 'ann'))).not.toContain('补充一张');
    expect(
      (
        await t.database.db
          .select()
          .from(mails)
          .where(eq(mails.userId, Number(uid.cat)))
      ).length,
    ).toBe(own.length);
  });

  it("a held or rejected comment's pictures reach only its author and staff; public once approved, private again when held", async () => {
    t.clock.advance(61_000);
    /** GET an image address; `who` adds a login token (the image route reads none: nobody is special). */
    const get = async (url: string, who?: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: who ? { authorization: `Bearer ${tok[who]}` } : {},
      });
      return {
        status: res.statusCode,
        cache: res.headers['cache-control'],
        type: res.headers['content-type'],
        text: res.body,
      };
    };
    const plain = (id: string) => `/media/images/${id}`;
    const kept = await upload('eve');
    const dropped = await upload('eve');
    // Just uploaded, on no comment: only the uploader's signed address works.
    expect(await get(plain(kept))).toMatchObject({ status: 404 });
    expect(await get(plain(kept), 'eve')).toMatchObject({ status: 404 });
    const held = await comment('eve', '看这张图', { images: [{ id: kept }] }, topic2);
    const rejected = await comment('eve', '另一张图', { images: [{ id: dropped }] }, topic2);
    const url = held.images[0]?.url as string;
    expect(url).toBe(signedUrl(kept));
    expect(await get(url)).toMatchObject({ status: 200, type: 'image/webp', cache: 'private, max-age=600' });
    // Another member and an anonymous request: the plain address does not exist for them, and no
    // page, reply list or queue of theirs names the comment (or a signed address).
    for (const who of [undefined, 'ann', 'bob']) expect((await get(plain(kept), who)).status).toBe(404);
    const annPages = JSON.stringify(await readAll('ann', 'new', topic2, 50));
    expect(annPages).not.toContain(kept);
    expect(annPages).not.toContain(dropped);
    // A forged, truncated or garbage signature: 404; an old one: 403 in Chinese.
    for (const bad of [
      // One character of the signature changed (never to itself: 'x' when it was 'y', else 'y').
      url.replace(/s=(.)/, (_, c: string) => `s=${c === 'y' ? 'x' : 'y'}`),
      url.replace(/e=\d+/, 'e=99999999999'),
      `${plain(kept)}?e=abc&s=${'x'.repeat(43)}`,
      `${plain(kept)}?e=1&s=${'x'.repeat(5000)}`,
      `${plain(kept)}?e[]=1&s[]=2`,
    ])
      expect((await get(bad)).status).toBe(404);
    // Staff see the pictures in the queue through signed addresses too.
    const queue = (await ok(pep.reviewQueue, { page_size: 50 }, 'teacher')).comments;
    const queued = queue.find((x) => x.id === held.id)?.images[0]?.url as string;
    expect(queued).toMatch(/\?e=\d+&s=/);
    expect((await get(queued)).status).toBe(200);
    // Rejected: still private; its author sees it (未通过) with the picture, nobody else.
    await ok(pep.reviewComment, { comment_id: rejected.id, decision: 'reject' }, 'teacher');
    for (const who of [undefined, 'ann']) expect((await get(plain(dropped), who)).status).toBe(404);
    const evePage = (await ok(pep.getPost, { topic_id: topic2, page_size: 50 }, 'eve')).post.root_comment.replies;
    const own = evePage.find((x) => x.id === rejected.id);
    expect(own).toMatchObject({
      review_status: ReviewStatus.Rejected,
      images: [{ id: dropped, url: signedUrl(dropped) }],
    });
    expect((await get(own?.images[0]?.url as string)).status).toBe(200);
    // Approved: public for everyone at the plain address (a short cache: it may be held again).
    await ok(pep.reviewComment, { comment_id: held.id, decision: 'approve' }, 'teacher');
    for (const who of [undefined, 'ann'])
      expect(await get(plain(kept), who)).toMatchObject({ status: 200, cache: 'public, max-age=600' });
    const shown = (await readAll('ann', 'new', topic2, 50)).comments.find((x) => x.id === held.id) as unknown as {
      images: { url: string }[];
    };
    expect(shown.images[0]?.url).toBe(plain(kept));
    // Held again by reports: private again.
    for (const who of ['ann', 'bob', 'dan']) await ok(pep.reportComment, { comment_id: held.id, reason: 'other' }, who);
    expect((await get(plain(kept))).status).toBe(404);
    expect((await get(signedUrl(kept))).status).toBe(200);
    // Signed addresses expire (one to two hours): then 403 with a Chinese hint.
    const early = signedUrl(kept);
    t.clock.advance(2 * 3_600_000 + 1_000);
    const late = await get(early);
    expect(late.status).toBe(403);
    expect(late.text).toMatch(/过期/);
  });

  it(`${postLimits.reportsToHold} reports hold a comment; one report per user; not my own`, async () => {
    t.clock.advance(61_000);
    const c = await comment('ann', '这题答案是 C 吧');
    const own = await call(pep.reportComment, { comment_id: c.id, reason: 'ads' }, 'ann');
    expect(own.body.err_data).toMatchObject({ show: postRefusals.ownReport });
    await ok(pep.reportComment, { comment_id: c.id, reason: 'spoiler', detail: '剧透' }, 'bob');
    const twice = await call(pep.reportComment, { comment_id: c.id, reason: 'abuse' }, 'bob');
    expect(twice.body.err_data).toMatchObject({ show: postRefusals.reported });
    await ok(pep.reportComment, { comment_id: c.id, reason: 'abuse' }, 'cat');
    expect(idsIn(await ok(pep.getPost, { topic_id: topic }, 'eve'))).toContain(c.id);
    await ok(pep.reportComment, { comment_id: c.id, reason: 'other' }, 'dan');
    expect(idsIn(await ok(pep.getPost, { topic_id: topic }, 'eve'))).not.toContain(c.id);
    const item = (await ok(pep.reviewQueue, { page_size: 50 }, 'teacher')).comments.find((x) => x.id === c.id);
    expect(item).toMatchObject({ report_count: 3, reasons: ['spoiler', 'abuse', 'other'] });
    await ok(pep.reviewComment, { comment_id: c.id, decision: 'approve' }, 'teacher');
    expect(idsIn(await ok(pep.getPost, { topic_id: topic }, 'eve'))).toContain(c.id);
  });

  it('only the author deletes a comment; it disappears with its replies', async () => {
    t.clock.advance(61_000);
    const c = await comment('bob', '待删除的评论');
    await comment('cat', '对它的回复', { parent_id: c.id });
    const before = (await ok(pep.getPost, { topic_id: topic }, 'eve')).post.comment_count;
    const other = await call(pep.deleteComment, { comment_id: c.id }, 'cat');
    expect(other.body.err_data).toMatchObject({ kind: 'forbidden', show: postRefusals.notMine });
    await ok(pep.deleteComment, { comment_id: c.id }, 'bob');
    const after = await ok(pep.getPost, { topic_id: topic }, 'eve');
    expect(idsIn(after)).not.toContain(c.id);
    expect(after.post.comment_count).toBe(before - 2);
    const gone = await call(pep.deleteComment, { comment_id: c.id }, 'bob');
    expect(gone.body.err_data?.kind).toBe('not_found');
  });

  it(`at most ${postLimits.perMinute} comments a minute per user; then refused in Chinese, nothing written`, async () => {
    t.clock.advance(61_000);
    for (let i = 0; i < postLimits.perMinute; i++) await comment('eve', `限频 ${i}`, {}, topic2);
    const res = await call(pep.createComment, { topic_id: topic2, content: '第六条' }, 'eve');
    expect(res.body.err_data).toMatchObject({ kind: 'rate_limited', show: postRefusals.perMinute });
    expect(JSON.stringify(await ok(pep.getPost, { topic_id: topic2, page_size: 50 }, 'ann'))).not.toContain('第六条');
    // Another user is not limited by eve's comments.
    await comment('ann', '我不受影响', {}, topic2);
    t.clock.advance(61_000);
    await comment('eve', '一分钟后可以了', {}, topic2);
  });

  it('text is stored and served as written (the web renders it as text); bad bodies refused in Chinese', async () => {
    t.clock.advance(61_000);
    const c = await comment('ann', '<img src=x onerror=alert(1)> & <b>粗体</b>');
    expect(c.content).toBe('<img src=x onerror=alert(1)> & <b>粗体</b>');
    for (const body of [
      { topic_id: topic, content: '' },
      { topic_id: topic, content: '   ' },
      { topic_id: topic, content: 'x'.repeat(postLimits.content + 1) },
      { topic_id: topic, content: 'a\u0000b' },
      { topic_id: topic, content: 'ok', parent_id: 'abc' },
      { topic_id: '../etc', content: 'ok' },
    ]) {
      const res = await call(pep.createComment, body, 'bob');
      expect(res.body.ok, JSON.stringify(body).slice(0, 50)).toBe(false);
      expect(res.body.err_data?.show).toMatch(/[\u4e00-\u9fff]/);
    }
    const bad = await call(pep.getPost, { topic_id: topic, cursor: '9:x' }, 'bob');
    expect(bad.body.err_data?.kind).toBe('invalid_param');
  });

  it('a frozen account reads the discussion but cannot write', { timeout: 180_000 }, async () => {
    const f = await userWithRole(t, RoleKind.FreeVIP);
    await ok(
      uep.freeze,
      {
        user_id: f.user.id,
        freeze: true,
        reason: '违规',
        op_code: await opCheckCode(t, tok.admin as string, 'freeze'),
      },
      'admin',
    );
    const login = await t.call(uep.login, { account: f.email, password: 'Staff1234' });
    tok.frozen = login.body.data?.token as string;
    expect((await call(pep.getPost, { topic_id: topic }, 'frozen')).body.ok).toBe(true);
    for (const [e, body] of [
      [pep.createComment, { topic_id: topic, content: '冻结了还能发吗' }],
      [pep.subscribePost, { topic_id: topic, subscribed: true }],
    ] as const) {
      const res = await call(e, body, 'frozen');
      expect(res.body.err_data?.kind).toBe('frozen');
    }
    expect(JSON.stringify(await readAll('ann'))).not.toContain('冻结了还能发吗');
  });

  it("a reader's own view of a topic is cached, and follows their likes, a hold by reports and a held comment", async () => {
    const found = await ok(qep.searchQuestions, { category: 1, page_size: 20 }, 'dan');
    let topic3 = '';
    for (const q of found.question_infos)
      if (!topic3 && q.id !== topic && q.id !== topic2 && (await call(pep.getPost, { topic_id: q.id }, 'dan')).body.ok)
        topic3 = q.id;
    const mine = async (id: string) =>
      (await ok(pep.getPost, { topic_id: topic3 }, 'dan')).post.root_comment.replies.find((c) => c.id === id);
    t.clock.advance(61_000);
    const c = await comment('dan', '这题先找转折词，再看空格前后的态度', {}, topic3);
    // Read once: dan's state on the topic (no likes, nothing held) is now cached.
    expect(await mine(c.id)).toMatchObject({ review_status: ReviewStatus.Reviewed, liked: false, mine: true });
    await ok(pep.likeComment, { comment_id: c.id, liked: true }, 'eve');
    expect(await mine(c.id)).toMatchObject({ like_count: 1, liked: false });
    await ok(pep.likeComment, { comment_id: c.id, liked: true }, 'dan');
    expect(await mine(c.id)).toMatchObject({ like_count: 2, liked: true });
    // Held by three reports: gone for everyone else, shown to its author as 审核中.
    for (const who of ['ann', 'bob', 'cat']) await ok(pep.reportComment, { comment_id: c.id, reason: 'other' }, who);
    expect(await mine(c.id)).toMatchObject({ review_status: ReviewStatus.Uploading });
    expect(idsIn(await ok(pep.getPost, { topic_id: topic3 }, 'eve'))).not.toContain(c.id);
    await ok(pep.reviewComment, { comment_id: c.id, decision: 'approve' }, 'teacher');
    expect(await mine(c.id)).toMatchObject({ review_status: ReviewStatus.Reviewed, liked: true });
    // A held comment of dan's own shows to dan at once.
    const held = await comment('dan', '加微信 12345678 包过', {}, topic3);
    expect(await mine(held.id)).toMatchObject({ review_status: ReviewStatus.Uploading, mine: true });
    expect(idsIn(await ok(pep.getPost, { topic_id: topic3 }, 'eve'))).not.toContain(held.id);
    await ok(pep.subscribePost, { topic_id: topic3, subscribed: true }, 'dan');
    expect((await ok(pep.getPost, { topic_id: topic3 }, 'dan')).post.subscribed).toBe(true);
    expect((await ok(pep.getPost, { topic_id: topic3 }, 'eve')).post.subscribed).toBe(false);
  });

  it('a reader with more likes in a topic than a cached state holds still sees each of them', async () => {
    const found = await ok(qep.searchQuestions, { category: 1, page_size: 30 }, 'eve');
    let topic4 = '';
    for (const q of found.question_infos) {
      if (topic4) break;
      const d = await call(pep.getPost, { topic_id: q.id }, 'eve');
      if (d.body.ok && (d.body.data as { post: { id: string } }).post.id === '') topic4 = q.id;
    }
    t.clock.advance(61_000);
    const first = await comment('ann', '先看转折词', {}, topic4);
    const postId = Number((await ok(pep.getPost, { topic_id: topic4 }, 'ann')).post.id);
    // More comments than readerLikesCap, all liked by eve (written directly: no page of this topic is
    // cached yet beyond ann's, which the like below drops).
    await t.database.db.execute(
      sql`insert into comments (post_id, user_id, content, anonymous, status, like_count, reply_count, created_at)
          select ${postId}, ${Number(uid.ann)}, '第 ' || i || ' 条', false, 1, 1, 0, now()
          from generate_series(1, ${readerLikesCap + 20}) i`,
    );
    await t.database.db.execute(
      sql`insert into comment_likes (comment_id, user_id, created_at)
          select id, ${Number(uid.eve)}, now() from comments where post_id = ${postId} and id <> ${Number(first.id)}`,
    );
    await ok(pep.likeComment, { comment_id: first.id, liked: true }, 'eve');
    type Flags = { id: string; liked: boolean }[];
    const all = (await readAll('eve', 'new', topic4, 50)).comments as unknown as Flags;
    expect(all.length).toBe(readerLikesCap + 21);
    expect(all.filter((c) => !c.liked).map((c) => c.id)).toEqual([]);
    await ok(pep.likeComment, { comment_id: first.id, liked: false }, 'eve');
    const again = (await readAll('eve', 'new', topic4, 50)).comments as unknown as Flags;
    expect(again.filter((c) => !c.liked).map((c) => c.id)).toEqual([first.id]);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe('the shared pages across processes', () => {
  let a: TestApp;
  const clients: Redis[] = [];
  afterAll(async () => {
    await a?.close();
    for (const c of clients) c.disconnect();
  }, 30_000);

  it.runIf(!!redisUrl)(
    'a comment, like or subscription written through one process shows at once on the cached page of the other',
    async () => {
      const redis = () => {
        const r = new Redis(redisUrl as string);
        clients.push(r);
        return r;
      };
      a = await createTestApp('pglite', { redis: redis(), content: true });
      const b = await buildSecondApp(a, redis());
      try {
        const reader = await userWithRole(a, RoleKind.FreeVIP);
        const writer = await userWithRole(a, RoleKind.FreeVIP);
        const onB = async () => {
          const res = await b.inject({
            method: 'POST',
            url: pep.getPost.path,
            headers: { authorization: `Bearer ${reader.token}`, 'content-type': 'application/json' },
            payload: { topic_id: topic },
          });
          return res.json().data.post as {
            comment_count: number;
            subscribed: boolean;
            root_comment: { replies: { id: string; like_count: number; liked: boolean }[] };
          };
        };
        const found = await a.call(qep.searchQuestions, { category: 1, page_size: 10 }, { token: reader.token });
        let topic = '';
        for (const q of (found.body.data as { question_infos: { id: string }[] }).question_infos)
          if (!topic && (await a.call(pep.getPost, { topic_id: q.id }, { token: reader.token })).body.ok) topic = q.id;
        const first = await a.call(pep.createComment, { topic_id: topic, content: '第一条' }, { token: writer.token });
        const id = (first.body.data as { comment: { id: string } }).comment.id;
        // B reads (and caches) the first page.
        expect((await onB()).root_comment.replies.map((c) => c.id)).toContain(id);
        // Written through A: B's cached page is dropped through Redis and the next read has it.
        const second = await a.call(pep.createComment, { topic_id: topic, content: '第二条' }, { token: writer.token });
        const id2 = (second.body.data as { comment: { id: string } }).comment.id;
        await expect
          .poll(async () => (await onB()).root_comment.replies.map((c) => c.id), { timeout: 5_000 })
          .toContain(id2);
        // The reader's own state on B (likes, subscription) is cached per topic too, and dropped the same way.
        expect((await onB()).root_comment.replies.find((c) => c.id === id)?.liked).toBe(false);
        await a.call(pep.likeComment, { comment_id: id, liked: true }, { token: reader.token });
        await expect
          .poll(
            async () => {
              const c = (await onB()).root_comment.replies.find((x) => x.id === id);
              return [c?.like_count, c?.liked];
            },
            { timeout: 5_000 },
          )
          .toEqual([1, true]);
        expect((await onB()).subscribed).toBe(false);
        await a.call(pep.subscribePost, { topic_id: topic, subscribed: true }, { token: reader.token });
        await expect.poll(async () => (await onB()).subscribed, { timeout: 5_000 }).toBe(true);
        // Deeper pages and reply pages are shared (cached) too, and dropped the same way.
        const onBCall = async (path: string, payload: object) =>
          (
            await b.inject({
              method: 'POST',
              url: path,
              headers: { authorization: `Bearer ${reader.token}`, 'content-type': 'application/json' },
              payload,
            })
          ).json().data;
        const deep = async () =>
          (await onBCall(pep.getPost.path, { topic_id: topic, page_size: 1, cursor: id2 })).post.root_comment
            .replies as { id: string; like_count: number; liked: boolean }[];
        const replies = async () =>
          (await onBCall(pep.getReplies.path, { comment_id: id })).replies as { id: string }[];
        expect((await deep()).map((c) => c.id)).toEqual([id]);
        expect(await replies()).toEqual([]);
        const reply = await a.call(
          pep.createComment,
          { topic_id: topic, content: '回复', parent_id: id },
          { token: writer.token },
        );
        const replyId = (reply.body.data as { comment: { id: string } }).comment.id;
        await expect.poll(async () => (await replies()).map((r) => r.id), { timeout: 5_000 }).toEqual([replyId]);
        await a.call(pep.likeComment, { comment_id: id, liked: false }, { token: reader.token });
        await expect
          .poll(async () => [(await deep())[0]?.like_count, (await deep())[0]?.liked], { timeout: 5_000 })
          .toEqual([0, false]);
      } finally {
        await b.close();
      }
    },
    600_000,
  );
});

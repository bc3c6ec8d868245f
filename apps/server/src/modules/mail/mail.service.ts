// Mail and notices (issue 18, docs/decisions/0030-mail-and-notices.md).
// - My mail: the five categories are views over one table (inbox = unread, read = read, remind /
//   notice / chat = one race); every read and write names the caller, so nobody reaches another
//   user's mail.
// - remind(): the one way other modules write a remind mail (essay graded today; orders and
//   memberships call it from the payments work), in their own transaction when they pass one.
// - Notices: send_notice stores one row and answers; the job queue delivers it (now, or at its
//   time: a delayed job, and a sweeper every minute as the backstop) in batches of users, then sends
//   the e-mail copies in batches, each with its signed public link and an unsubscribe link.

import type { NoticeAudience, SentNotice } from '@gre/contract/mail';
import {
  type MailCategory,
  MailRace,
  MailStatus,
  mailLimits,
  raceCategory,
  type UnreadCounts,
} from '@gre/contract/mail';
import type { Clock } from '../../platform/clock.ts';
import type { AuthedContext } from '../../platform/endpoints.ts';
import { AppError, errors } from '../../platform/errors.ts';
import type { JobQueue, QueuedJob } from '../../platform/jobs.ts';
import type { Mailer } from '../../platform/messaging.ts';
import type { MailLinks } from './mail.links.ts';
import type { MailRepo, MailView, NoticeRow, Runner } from './mail.repo.ts';

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface MailServiceDeps {
  repo: MailRepo;
  clock: Clock;
  mailer: Mailer;
  links: MailLinks;
  log?: Logger;
  /** Users written per delivery batch (one transaction each); default 5,000. */
  deliverBatch?: number;
  /** E-mail copies per job; default 100. */
  emailBatch?: number;
}

export const deliverQueue = 'mail.notice_deliver';
export const emailQueue = 'mail.notice_email';
export const noticeSweepQueue = 'mail.notice_sweep';
/** A delivered notice whose e-mails are not all sent after this long gets its e-mail job again. */
const emailResendAfterMs = 5 * 60_000;
/** A notice's time may lie this far in the past (the compose form's clock, the request's trip). */
const pastSlackMs = 5 * 60_000;

const dayMs = 86_400_000;

const toMail = (m: MailView) => ({
  id: String(m.id),
  race: m.race,
  subject: m.subject,
  content: m.content,
  status: m.status,
  link: m.link,
  notice_id: m.noticeId === null ? null : String(m.noticeId),
  created_at: m.createdAt.getTime(),
});

const toNotice = (n: Pick<NoticeRow, 'id' | 'subject' | 'content' | 'link' | 'sendAt' | 'createdAt'>) => ({
  id: String(n.id),
  subject: n.subject,
  content: n.content,
  link: n.link,
  send_at: n.sendAt.getTime(),
  created_at: n.createdAt.getTime(),
});

/** What a category lists: inbox and read by status, the others by race. */
function filterOf(category: MailCategory) {
  switch (category) {
    case 'inbox':
      return { status: MailStatus.Inbox };
    case 'read':
      return { status: MailStatus.Read };
    case 'remind':
      return { race: MailRace.Remind };
    case 'notice':
      return { race: MailRace.Notice };
    case 'chat':
      return { race: MailRace.Chat };
  }
}

export function createMailService(deps: MailServiceDeps) {
  const { repo, clock, links, log } = deps;
  const deliverBatch = deps.deliverBatch ?? 5000;
  const emailBatch = deps.emailBatch ?? 100;
  let jobs: JobQueue | null = null;

  const me = (ctx: AuthedContext) => Number(ctx.caller.userId);

  async function unread(userId: number, on?: Runner): Promise<UnreadCounts> {
    const byRace = await repo.unreadByRace(userId, on);
    const counts: UnreadCounts = { inbox: 0, remind: 0, notice: 0, chat: 0 };
    for (const [race, n] of byRace) {
      counts.inbox += n;
      const category = raceCategory[race as MailRace];
      if (category && category !== 'inbox' && category !== 'read') counts[category] += n;
    }
    return counts;
  }

  function stateOf(n: NoticeRow, now: Date): SentNotice['state'] {
    if (n.deliveredAt) return 'delivered';
    return n.sendAt > now ? 'scheduled' : 'delivering';
  }

  function toSent(n: NoticeRow, delivered: number): SentNotice {
    return {
      ...toNotice(n),
      audience: n.audience as NoticeAudience,
      email_copy: n.emailCopy,
      state: stateOf(n, clock.now()),
      delivered,
    };
  }

  async function enqueueDelivery(n: NoticeRow) {
    if (!jobs) return;
    const wait = Math.ceil((n.sendAt.getTime() - clock.now().getTime()) / 1000);
    await jobs.send(deliverQueue, { notice_id: n.id }, wait > 0 ? { delaySeconds: wait } : {});
  }

  /** Delivers a notice whose time has come: batch after batch, then its e-mail copies' first job. */
  async function deliver(job: QueuedJob<{ notice_id: number }>) {
    const id = job.data.notice_id;
    for (;;) {
      const n = await repo.notice(id);
      // Gone, done, or early (a delayed job a little ahead of this process's clock: the sweeper sends it again).
      if (!n || n.deliveredAt || n.sendAt > clock.now()) return;
      if (job.signal.aborted) throw new Error('notice delivery stopped; it is retried');
      const { more } = await repo.fanOutBatch(id, deliverBatch, clock.now());
      if (!more) {
        if (n.emailCopy && jobs) await jobs.send(emailQueue, { notice_id: id });
        log?.info({ noticeId: id }, 'notice delivered');
        return;
      }
    }
  }

  function emailOf(n: NoticeRow, to: { userId: number; name: string }) {
    const expires = new Date(clock.now().getTime() + mailLimits.noticeLinkDays * dayMs);
    const lines = [
      `${to.name}，你好：`,
      '',
      n.content,
      '',
      `查看通知（${mailLimits.noticeLinkDays} 天内无需登录）：${links.noticeUrl(to.userId, n.id, expires)}`,
      '',
      `不想再收到通知邮件？点此退订（站内通知照常）：${links.unsubscribeUrl(to.userId)}`,
    ];
    return { subject: `【GRE 备考】${n.subject}`, text: lines.join('\n') };
  }

  /** One batch of a notice's e-mail copies; queues the next batch while copies remain. */
  async function sendEmails(job: QueuedJob<{ notice_id: number }>) {
    const id = job.data.notice_id;
    const n = await repo.notice(id);
    if (!n?.deliveredAt || n.emailedAt || !n.emailCopy) return;
    const { taken, copies } = await repo.claimEmails(id, emailBatch, clock.now());
    for (let i = 0; i < copies.length; i++) {
      const c = copies[i] as (typeof copies)[number];
      try {
        await deps.mailer.send({ to: c.email, ...emailOf(n, c) });
      } catch (err) {
        // The rest go back to the pile; the retry (or the sweeper) sends them.
        await repo.releaseEmails(copies.slice(i).map((x) => x.mailId));
        throw err;
      }
    }
    if (taken === emailBatch && jobs) await jobs.send(emailQueue, { notice_id: id });
    else if (taken < emailBatch) await repo.markEmailed(id, clock.now());
  }

  /** Every minute: due notices not delivered, delivered notices whose e-mails stalled. */
  async function sweep() {
    if (!jobs) return;
    const now = clock.now();
    for (const { id } of await repo.dueNotices(now, 100)) await jobs.send(deliverQueue, { notice_id: id });
    for (const { id } of await repo.unmailedNotices(new Date(now.getTime() - emailResendAfterMs), 100)) {
      await jobs.send(emailQueue, { notice_id: id });
    }
  }

  const linkRefusal = (reason: 'invalid' | 'expired', what: 'notice' | 'unsubscribe') =>
    reason === 'expired'
      ? new AppError('forbidden', {
          show: `链接已过期（通知邮件中的链接 ${mailLimits.noticeLinkDays} 天内有效），请登录后在「邮件 · 通知」中查看`,
        })
      : new AppError('forbidden', {
          show:
            what === 'notice'
              ? '链接无效：请完整复制邮件中的链接，或登录后在「邮件 · 通知」中查看'
              : '退订链接无效：请完整复制邮件中的链接',
        });

  return {
    async startWorkers(queue: JobQueue) {
      jobs = queue;
      await queue.define(deliverQueue, { retryLimit: 5, expireInSeconds: 900 });
      await queue.define(emailQueue, { retryLimit: 5, retryDelaySeconds: 30, expireInSeconds: 600 });
      await queue.define(noticeSweepQueue, { retryLimit: 0, expireInSeconds: 120 });
      await queue.work(deliverQueue, deliver);
      await queue.work(emailQueue, sendEmails);
      await queue.work(noticeSweepQueue, () => sweep());
      await queue.schedule(noticeSweepQueue, '* * * * *');
    },

    /**
     * A remind mail to one user (essay graded; orders and memberships from the payments work). Pass
     * the caller's transaction to write it with the event it reports.
     */
    async remind(userId: number, m: { subject: string; content: string; link?: string }, on?: Runner) {
      return repo.insertMail(on ?? repo.db, {
        userId,
        race: MailRace.Remind,
        subject: m.subject.slice(0, mailLimits.subject),
        content: m.content.slice(0, mailLimits.content),
        link: m.link ?? '',
        now: clock.now(),
      });
    },

    /**
     * A chat mail to one user (a teacher answered their chat: modules/chat, ADR 0038), written in the
     * caller's transaction with the answer.
     */
    async chat(userId: number, m: { subject: string; content: string; link?: string }, on?: Runner) {
      return repo.insertMail(on ?? repo.db, {
        userId,
        race: MailRace.Chat,
        subject: m.subject.slice(0, mailLimits.subject),
        content: m.content.slice(0, mailLimits.content),
        link: m.link ?? '',
        now: clock.now(),
      });
    },

    async inbox(b: { category: MailCategory; page: number; page_size: number }, ctx: AuthedContext) {
      const userId = me(ctx);
      const [{ rows, total }, counts] = await Promise.all([
        repo.page(userId, filterOf(b.category), b.page, b.page_size),
        unread(userId),
      ]);
      return {
        page_control: { page: b.page, page_size: b.page_size, total },
        mails: rows.map(toMail),
        unread: counts,
      };
    },

    async markRead(b: { mail_ids?: string[]; category?: 'inbox' | 'remind' | 'notice' | 'chat' }, ctx: AuthedContext) {
      const userId = me(ctx);
      const now = clock.now();
      const marked = await repo.db.transaction(async (tx) => {
        if (b.mail_ids) {
          const ids = [...new Set(b.mail_ids.map(Number))];
          const own = await repo.ownIds(tx, userId, ids);
          // Any id that is not the caller's: refused whole, nothing marked (and nothing said about whose it is).
          if (own.length !== ids.length) throw errors.notFound('邮件不存在');
          return repo.markRead(tx, userId, { ids }, now);
        }
        const category = b.category ?? 'inbox';
        const race = category === 'inbox' ? null : (filterOf(category) as { race: number }).race;
        return repo.markRead(tx, userId, { race }, now);
      });
      return { marked, unread: await unread(userId) };
    },

    async gets(b: { mail_ids: string[] }, ctx: AuthedContext) {
      const rows = await repo.byIds(me(ctx), [...new Set(b.mail_ids.map(Number))]);
      return { mails: rows.map(toMail) };
    },

    async sendNotice(
      b: {
        subject: string;
        content: string;
        link: string;
        audience: NoticeAudience;
        send_at?: number;
        email_copy: boolean;
      },
      ctx: AuthedContext,
    ) {
      const now = clock.now();
      const sendAt = b.send_at === undefined ? now : new Date(b.send_at);
      if (sendAt.getTime() < now.getTime() - pastSlackMs) {
        throw new AppError('bad_request', { show: '定时发送的时间已经过去，请选择将来的时间（或不定时，立即发送）' });
      }
      if (sendAt.getTime() > now.getTime() + mailLimits.scheduleDays * dayMs) {
        throw new AppError('bad_request', { show: `定时发送最多提前 ${mailLimits.scheduleDays} 天` });
      }
      let audience = b.audience;
      if (audience.kind === 'users') {
        const ids = [...new Set(audience.user_ids.map(Number))];
        const found = await repo.existingUsers(ids);
        const missing = ids.filter((id) => !found.has(id));
        if (missing.length) {
          throw new AppError('bad_request', {
            show: `以下用户 ID 不存在：${missing.slice(0, 10).join('、')}${missing.length > 10 ? ` 等 ${missing.length} 个` : ''}`,
          });
        }
        audience = { kind: 'users', user_ids: ids.map(String) };
      } else if (audience.kind === 'role') {
        audience = { kind: 'role', role_kinds: [...new Set(audience.role_kinds)].sort() };
      }
      const row = await repo.insertNotice({
        subject: b.subject,
        content: b.content,
        link: b.link,
        audience,
        emailCopy: b.email_copy,
        sendAt: sendAt < now ? now : sendAt,
        createdBy: me(ctx),
        createdAt: now,
      });
      await enqueueDelivery(row);
      return toSent(row, 0);
    },

    async listNotices(b: { page: number; page_size: number }) {
      const { rows, total } = await repo.notices(b.page, b.page_size);
      const counts = await repo.deliveredCounts(rows.map((r) => r.id));
      return {
        page_control: { page: b.page, page_size: b.page_size, total },
        notices: rows.map((r) => toSent(r, counts.get(r.id) ?? 0)),
      };
    },

    async getNotice(b: { notice_id?: string; unread_only: boolean; limit: number }, ctx: AuthedContext) {
      const rows = await repo.noticesOf(me(ctx), {
        noticeId: b.notice_id === undefined ? undefined : Number(b.notice_id),
        unreadOnly: b.unread_only,
        limit: b.notice_id === undefined ? b.limit : 1,
      });
      if (b.notice_id !== undefined && !rows.length) throw errors.notFound('通知不存在');
      return { notices: rows.map((r) => ({ ...toNotice(r), mail_id: String(r.mailId), status: r.status })) };
    },

    /** A notice opened from its e-mail link: the token must name this user and notice and be in date. */
    async openNotice(b: { user_id: string; notice_id: string; token: string }) {
      const userId = Number(b.user_id);
      const noticeId = Number(b.notice_id);
      const check = links.checkNotice(userId, noticeId, b.token, clock.now());
      if (!check.ok) throw linkRefusal(check.reason, 'notice');
      const [row] = await repo.noticesOf(userId, { noticeId, unreadOnly: false, limit: 1 });
      if (!row) throw errors.notFound('这条通知已被撤回或不存在');
      const name = (await repo.userName(userId)) ?? '';
      // Opening the link is reading it: the recipient's mail of this notice is read.
      await repo.markRead(repo.db, userId, { ids: [row.mailId] }, clock.now());
      return { notice: toNotice(row), user_name: name };
    },

    /** The personal page's setting: read, or set (re-subscribing after the e-mail's 退订 link). */
    async emailNotices(ctx: AuthedContext, on?: boolean) {
      const state = await repo.emailNotices(Number(ctx.caller.userId), on);
      if (state === null) throw errors.notFound('用户不存在');
      return { email_notices: state };
    },

    async unsubscribe(b: { user_id: string; token: string }) {
      const userId = Number(b.user_id);
      const check = links.checkUnsubscribe(userId, b.token);
      if (!check.ok || !(await repo.unsubscribe(userId))) throw linkRefusal('invalid', 'unsubscribe');
      return { unsubscribed: true as const };
    },

    sweep,
  };
}

export type MailService = ReturnType<typeof createMailService>;

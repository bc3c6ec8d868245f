// The operator check code (spec "User": send_op_check_code; issue 17, ADR 0031). A sensitive staff
// action (grants, removals, coin changes, gifts, the advanced bank, freezing, refunds and voids) needs a
// 6-digit code sent to the operator's own phone (or e-mail when no phone is bound). One code confirms one
// action: it is bound to the operator (the row's target is their own phone or e-mail) and to the action
// kind (the purpose `op:<kind>`), lives 10 minutes, is used once, and is stored as an HMAC. Five wrong
// tries within 15 minutes lock the operator's codes (sending and checking) for 15 minutes. Using a code
// writes an `op_check` row in the staff audit in the transaction that uses it up.
import { createHmac, randomInt } from 'node:crypto';
import { type OpAction, opActionText } from '@gre/contract/user';
import { and, desc, eq, gt, isNull, like } from 'drizzle-orm';
import { users, verificationCodes } from '../../db/schema/user.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import type { AuthedContext } from '../../platform/endpoints.ts';
import { AppError, errors } from '../../platform/errors.ts';
import type { Mailer, SmsSender } from '../../platform/messaging.ts';
import { maskEmail, maskPhone } from '../user/account.ts';
import type { UserRepo } from '../user/user.repo.ts';
import { writeStaffAudit } from './staff-audit.ts';

export const opCheckRules = {
  lifetimeMs: 10 * 60_000,
  /** Wrong tries over all of an operator's codes within `lockMs` that lock them for `lockMs`. */
  maxWrong: 5,
  lockMs: 15 * 60_000,
  resendAfterSeconds: 30,
  limits: { targetPerMinute: 5, targetPerDay: 100, ipPerMinute: 10, ipPerDay: 300 },
};

const purposeOf = (action: OpAction) => `op:${action}`;
const wrongCode = () => new AppError('code_invalid', { show: '操作验证码错误，请核对后重新输入' });
const staleCode = () => new AppError('code_invalid', { show: '操作验证码已失效或已使用，请重新获取' });
const locked = (minutes: number) => errors.rateLimited(`操作验证码错误次数过多，请 ${minutes} 分钟后再试`);

export function createOpCheck(deps: {
  db: Db;
  repo: UserRepo;
  clock: Clock;
  mailer: Mailer;
  sms: SmsSender;
  secret: string;
}) {
  const { db, clock } = deps;
  const hash = (target: string, action: OpAction, code: string) =>
    createHmac('sha256', deps.secret).update(`op:${target}:${action}:${code}`).digest('hex');

  /** The operator's own phone (preferred) or e-mail. */
  async function channelOf(ctx: AuthedContext) {
    const [me] = await db
      .select({ phone: users.phone, email: users.email })
      .from(users)
      .where(eq(users.id, Number(ctx.caller.userId)));
    if (me?.phone) return { channel: 'sms' as const, target: me.phone, shown: maskPhone(me.phone) };
    if (me?.email) return { channel: 'email' as const, target: me.email, shown: maskEmail(me.email) };
    throw errors.invalidParam('您的账号未绑定手机或邮箱，无法接收操作验证码');
  }

  /**
   * Refuses while the wrong tries on the operator's codes of the last 15 minutes reach the limit; the
   * lock ends when the code that reached it (counting from the newest) is 15 minutes old.
   */
  async function refuseIfLocked(target: string, now: Date) {
    const rows = await db
      .select({ attempts: verificationCodes.attempts, at: verificationCodes.createdAt })
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.target, target),
          like(verificationCodes.purpose, 'op:%'),
          gt(verificationCodes.createdAt, new Date(now.getTime() - opCheckRules.lockMs)),
          gt(verificationCodes.attempts, 0),
        ),
      )
      .orderBy(desc(verificationCodes.createdAt));
    let wrong = 0;
    for (const r of rows) {
      wrong += r.attempts;
      if (wrong >= opCheckRules.maxWrong) {
        const until = r.at.getTime() + opCheckRules.lockMs;
        throw locked(Math.max(1, Math.ceil((until - now.getTime()) / 60_000)));
      }
    }
  }

  return {
    async send(action: OpAction, ctx: AuthedContext) {
      const to = await channelOf(ctx);
      const now = clock.now();
      await refuseIfLocked(to.target, now);
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const result = await deps.repo.insertCodeWithinLimits(
        {
          channel: to.channel,
          target: to.target,
          purpose: purposeOf(action),
          codeHash: hash(to.target, action, code),
          // Kept apart from the sign-up codes' per-address limit (anonymous callers): op codes go only to
          // the staff member's own phone or e-mail and have their own limits here.
          ip: `op:${ctx.ip}`,
          createdAt: now,
          expiresAt: new Date(now.getTime() + opCheckRules.lifetimeMs),
        },
        opCheckRules.limits,
      );
      if (!result.ok) {
        const seconds = Math.max(1, Math.ceil((result.retryAt.getTime() - now.getTime()) / 1000));
        throw errors.rateLimited(
          result.reason.endsWith('day')
            ? '今日操作验证码发送次数已达上限，请明天再试'
            : `操作验证码发送过于频繁，请 ${seconds} 秒后再试`,
        );
      }
      const what = opActionText[action];
      const text = `【GRE 备考】您正在进行“${what}”操作，验证码是 ${code}，10 分钟内有效，仅可使用一次。如非本人操作，请立即修改密码。`;
      try {
        if (to.channel === 'email')
          await deps.mailer.send({ to: to.target, subject: `GRE 备考操作验证码（${what}）`, text });
        else await deps.sms.send({ to: to.target, text });
      } catch (err) {
        await deps.repo.deleteCode(to.target, now);
        throw Object.assign(errors.rateLimited('操作验证码发送失败，请稍后重试'), { cause: err });
      }
      return {
        sent_to: to.shown,
        resend_after_seconds: opCheckRules.resendAfterSeconds,
        expires_in_seconds: opCheckRules.lifetimeMs / 1000,
      };
    },

    /**
     * Uses up the operator's code for `action` (on `target`, the user acted on, for the audit) or
     * throws code_invalid (wrong, expired, used, another action's or another operator's) or
     * rate_limited (locked). Nothing else has changed when it throws.
     */
    async confirm(action: OpAction, code: string, ctx: AuthedContext, target: number | null) {
      const to = await channelOf(ctx);
      const now = clock.now();
      await refuseIfLocked(to.target, now);
      const row = await deps.repo.latestLiveCode(to.channel, to.target, purposeOf(action), now);
      if (!row) throw staleCode();
      if (row.codeHash !== hash(to.target, action, code)) {
        await deps.repo.countCodeAttempt(row.id);
        await refuseIfLocked(to.target, now);
        throw wrongCode();
      }
      await db.transaction(async (tx) => {
        const [used] = await tx
          .update(verificationCodes)
          .set({ consumedAt: now })
          .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.consumedAt)))
          .returning({ id: verificationCodes.id });
        if (!used) throw staleCode();
        await writeStaffAudit(tx, {
          staffId: Number(ctx.caller.userId),
          action: 'op_check',
          target,
          subject: action,
          before: null,
          after: { sent_to: to.shown },
          at: now,
        });
      });
    },
  };
}

export type OpCheck = ReturnType<typeof createOpCheck>;

/** A handler that first uses up the operator's check code for `action` (body field `op_code`). */
export function confirmed<B extends { op_code: string }, R>(
  check: OpCheck,
  action: OpAction,
  targetOf: (b: NoInfer<B>) => number | null,
  handler: (b: B, ctx: AuthedContext) => Promise<R>,
) {
  return async (b: B, ctx: AuthedContext): Promise<R> => {
    await check.confirm(action, b.op_code, ctx, targetOf(b));
    return handler(b, ctx);
  };
}

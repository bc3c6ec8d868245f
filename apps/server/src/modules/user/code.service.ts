// One-time codes: 6 digits, single use, 10 minutes, stored as an HMAC, rate-limited per target and
// per IP, delivered by the mail or SMS adapter. The code itself never goes back to the client.
import { createHmac, randomInt } from 'node:crypto';
import type { CodePurpose } from '@gre/contract/user';
import type { Clock } from '../../platform/clock.ts';
import { errors } from '../../platform/errors.ts';
import type { Mailer, SmsSender } from '../../platform/messaging.ts';
import { type Account, accountKey, maskEmail, maskPhone } from './account.ts';
import type { UserRepo } from './user.repo.ts';

export const codeRules = {
  lifetimeMs: 10 * 60_000,
  maxAttempts: 5,
  limits: { targetPerMinute: 1, targetPerDay: 10, ipPerMinute: 5, ipPerDay: 50 },
};

const purposeText: Record<CodePurpose, string> = { register: '注册', login: '登录', reset: '重设密码' };

export function createCodeService(deps: {
  repo: UserRepo;
  clock: Clock;
  mailer: Mailer;
  sms: SmsSender;
  secret: string;
}) {
  const { repo, clock } = deps;
  const hash = (a: Account, purpose: string, code: string) =>
    createHmac('sha256', deps.secret).update(`${a.channel}:${a.target}:${purpose}:${code}`).digest('hex');

  return {
    async send(account: Account, purpose: CodePurpose, ip: string) {
      const existing = await repo.findByAccount(accountKey(account));
      if (purpose === 'register' && existing) throw errors.accountExists();
      if (purpose !== 'register' && !existing) throw errors.accountNotFound();

      const now = clock.now();
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const result = await repo.insertCodeWithinLimits(
        {
          channel: account.channel,
          target: account.target,
          purpose,
          codeHash: hash(account, purpose, code),
          ip,
          createdAt: now,
          expiresAt: new Date(now.getTime() + codeRules.lifetimeMs),
        },
        codeRules.limits,
      );
      if (!result.ok) {
        const seconds = Math.max(1, Math.ceil((result.retryAt.getTime() - now.getTime()) / 1000));
        throw errors.rateLimited(
          result.reason.endsWith('day')
            ? '今日验证码发送次数已达上限，请明天再试'
            : `验证码发送过于频繁，请 ${seconds} 秒后再试`,
        );
      }

      const text = `【GRE 备考】您的${purposeText[purpose]}验证码是 ${code}，10 分钟内有效。如非本人操作，请忽略。`;
      try {
        if (account.channel === 'email') {
          await deps.mailer.send({ to: account.target, subject: `GRE 备考${purposeText[purpose]}验证码`, text });
        } else {
          await deps.sms.send({ to: account.target, text });
        }
      } catch (err) {
        await repo.deleteCode(account.target, now);
        throw Object.assign(errors.rateLimited('验证码发送失败，请稍后重试'), { cause: err });
      }
      return {
        sent_to: account.channel === 'email' ? maskEmail(account.target) : maskPhone(account.target),
        resend_after_seconds: 60,
      };
    },

    /** Checks and uses up a code; throws code_invalid when wrong, expired, used or tried too often. */
    async consume(account: Account, purpose: CodePurpose, code: string) {
      const now = clock.now();
      const row = await repo.latestLiveCode(account.channel, account.target, purpose, now);
      if (!row || row.attempts >= codeRules.maxAttempts) throw errors.codeInvalid();
      if (row.codeHash !== hash(account, purpose, code)) {
        await repo.countCodeAttempt(row.id);
        throw errors.codeInvalid();
      }
      if (!(await repo.consumeCode(row.id, now))) throw errors.codeInvalid();
    },
  };
}

export type CodeService = ReturnType<typeof createCodeService>;

// When a password login may be tried (ADR 0006, amendment of issue 9): the rules as a pure function
// over the recent failures, so they are read and tested in one place. An attacker who knows an
// account name must not be able to lock its owner out: the lock is per (account, address) pair;
// across addresses an account is only slowed down, and never for an address the owner has logged in
// from before. Code login is never limited here. Failures live in the database (login_failures), so
// every app process sees the same counts.

export const loginRules = {
  windowMs: 15 * 60_000,
  /** One (account, address) pair: after its n-th failure the next try waits 2^(n-1) s; the 5th locks the pair for the window. */
  pairDelayBaseMs: 1_000,
  pairLockAfter: 5,
  /** One account over all addresses: from the 10th failure, an address the owner never logged in from waits between tries. */
  accountSlowAfter: 10,
  accountDelayBaseMs: 1_000,
  accountDelayMaxMs: 60_000,
  /** One address over all accounts (credential stuffing); campus and mobile NATs share addresses, hence the looser number. */
  ipLockAfter: 30,
};

/** Failures within the window, as the repo counts them. */
export interface RecentFailures {
  pair: number;
  pairFirst: Date | null;
  pairLast: Date | null;
  account: number;
  accountLast: Date | null;
  ip: number;
  ipFirst: Date | null;
}

export type LoginRefusal = { reason: 'pair_locked' | 'pair_delay' | 'account_slow' | 'ip_locked'; retryAt: Date };

const minutesLeft = (retryAt: Date, now: Date) => Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 60_000));
const secondsLeft = (retryAt: Date, now: Date) => Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000));

/**
 * Whether this password attempt may go ahead; null = yes. `knownAddress`: the account's owner has
 * logged in from this address before (only asked when the account is being slowed down).
 */
export async function checkLoginAttempt(
  f: RecentFailures,
  now: Date,
  knownAddress: () => Promise<boolean>,
): Promise<LoginRefusal | null> {
  const r = loginRules;
  if (f.ip >= r.ipLockAfter && f.ipFirst) {
    return { reason: 'ip_locked', retryAt: new Date(f.ipFirst.getTime() + r.windowMs) };
  }
  if (f.pair >= r.pairLockAfter && f.pairFirst) {
    return { reason: 'pair_locked', retryAt: new Date(f.pairFirst.getTime() + r.windowMs) };
  }
  if (f.pair > 0 && f.pairLast) {
    const retryAt = new Date(f.pairLast.getTime() + r.pairDelayBaseMs * 2 ** (f.pair - 1));
    if (retryAt > now) return { reason: 'pair_delay', retryAt };
  }
  if (f.account >= r.accountSlowAfter && f.accountLast) {
    const delay = Math.min(r.accountDelayMaxMs, r.accountDelayBaseMs * 2 ** (f.account - r.accountSlowAfter));
    const retryAt = new Date(f.accountLast.getTime() + delay);
    if (retryAt > now && !(await knownAddress())) return { reason: 'account_slow', retryAt };
  }
  return null;
}

/** The Chinese sentence for a refusal; every one points to code login, which these limits never touch. */
export function refusalMessage(refusal: LoginRefusal, now: Date): string {
  switch (refusal.reason) {
    case 'ip_locked':
      return `当前网络登录失败次数过多，请 ${minutesLeft(refusal.retryAt, now)} 分钟后再试，或使用验证码登录`;
    case 'pair_locked':
      return `密码错误次数过多，请 ${minutesLeft(refusal.retryAt, now)} 分钟后再试，或使用验证码登录`;
    case 'pair_delay':
      return `尝试过于频繁，请 ${secondsLeft(refusal.retryAt, now)} 秒后再试`;
    case 'account_slow':
      return `该账号近期登录失败较多，请 ${secondsLeft(refusal.retryAt, now)} 秒后再试，或使用验证码登录`;
  }
}

import { describe, expect, it } from 'vitest';
import { checkRenewal, type RenewalDeps, renewalDue, renewBeforeMs } from './session-renewal.ts';

const day = 86_400_000;
const tokenExpiringAt = (ms: number, tag = 'a') =>
  `h.${btoa(JSON.stringify({ user_id: '7', exp: Math.floor(ms / 1000) })).replace(/=+$/, '')}.${tag}`;

function fakes(now: number, token: string | null) {
  const store: { token: string | null; lock: string | null; renewals: number } = { token, lock: null, renewals: 0 };
  const deps: RenewalDeps = {
    now: () => now,
    readToken: () => store.token,
    storeToken: (t) => {
      store.token = t;
    },
    renew: async () => {
      store.renewals++;
      return { token: 'fresh' };
    },
    readLock: () => store.lock,
    writeLock: (v) => {
      store.lock = v;
    },
  };
  return { store, deps };
}

describe('session renewal with resume_login (issue 10)', () => {
  const now = Date.parse('2026-11-24T00:00:00Z');
  it('is due only in the last week of a token that has not expired', () => {
    expect(renewalDue((now + 20 * day) / 1000, now)).toBe(false);
    expect(renewalDue((now + renewBeforeMs - 1000) / 1000, now)).toBe(true);
    expect(renewalDue((now - 1000) / 1000, now)).toBe(false);
    expect(renewalDue(null, now)).toBe(false);
  });
  it('renews a due token once and stores the new one', async () => {
    const { store, deps } = fakes(now, tokenExpiringAt(now + 2 * day));
    expect(await checkRenewal(deps)).toBe(true);
    expect(store.token).toBe('fresh');
    expect(store.lock).toBeNull();
    expect(await checkRenewal(deps)).toBe(false);
    expect(store.renewals).toBe(1);
  });
  it('leaves a fresh token, a missing one and another tab’s renewal alone', async () => {
    const fresh = fakes(now, tokenExpiringAt(now + 25 * day));
    expect(await checkRenewal(fresh.deps)).toBe(false);
    const none = fakes(now, null);
    expect(await checkRenewal(none.deps)).toBe(false);
    const busy = fakes(now, tokenExpiringAt(now + day));
    busy.store.lock = String(now - 5000);
    expect(await checkRenewal(busy.deps)).toBe(false);
    expect(busy.store.renewals).toBe(0);
  });
  it('keeps a token that changed while renewing (a logout or another login)', async () => {
    const { store, deps } = fakes(now, tokenExpiringAt(now + day));
    deps.renew = async () => {
      store.token = 'someone-else';
      return { token: 'fresh' };
    };
    await checkRenewal(deps);
    expect(store.token).toBe('someone-else');
  });
});

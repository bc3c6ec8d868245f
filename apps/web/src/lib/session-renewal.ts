// Keeps a login alive while the candidate uses the site: before the token expires the web swaps it
// for a fresh one with /api/user/resume_login (spec section 7). Checked at start, hourly, and when a
// tab becomes visible; several tabs share one token in localStorage, so a tab renews only if the
// token it reads is still due, and not while another tab says it is renewing.
import { resumeLogin } from '@gre/contract/endpoints/user';
import { api } from './api-client.ts';
import { readStorage, removeStorage, writeStorage } from './storage.ts';
import { readToken, storeToken } from './token.ts';
import { parseTokenPayload } from './token-payload.ts';

/** Renew when less than this is left (logins last 30 days by default). */
export const renewBeforeMs = 7 * 86_400_000;
export const checkEveryMs = 3_600_000;
/** Another tab's renewal in progress is trusted for this long. */
const renewingLockMs = 60_000;
const renewingKey = 'token_renewing_at';

/** Whether a token expiring at `expiresAt` (unix seconds) should be renewed now. */
export function renewalDue(expiresAt: number | null, now: number): boolean {
  if (expiresAt === null) return false;
  const left = expiresAt * 1000 - now;
  return left > 0 && left < renewBeforeMs;
}

export interface RenewalDeps {
  now: () => number;
  readToken: () => string | null;
  storeToken: (token: string) => void;
  renew: () => Promise<{ token: string }>;
  readLock: () => string | null;
  writeLock: (value: string | null) => void;
}

/** One check: renews when due and no other tab is renewing. Returns whether it renewed. */
export async function checkRenewal(deps: RenewalDeps): Promise<boolean> {
  const token = deps.readToken();
  const payload = parseTokenPayload(token);
  if (!token || !payload || !renewalDue(payload.expiresAt, deps.now())) return false;
  const lock = Number(deps.readLock() ?? 0);
  if (lock && deps.now() - lock < renewingLockMs) return false;
  deps.writeLock(String(deps.now()));
  try {
    const session = await deps.renew();
    // A logout or another login meanwhile changed the token: keep theirs.
    if (deps.readToken() === token) deps.storeToken(session.token);
    return true;
  } catch {
    // Refused (the error catalogue already acted, e.g. a revoked login goes to /login) or offline:
    // the next check tries again.
    return false;
  } finally {
    deps.writeLock(null);
  }
}

const browserDeps: RenewalDeps = {
  now: () => Date.now(),
  readToken,
  storeToken,
  renew: () => api(resumeLogin, {}),
  readLock: () => readStorage(renewingKey),
  writeLock: (v) => (v === null ? removeStorage(renewingKey) : writeStorage(renewingKey, v)),
};

/** Starts the checks (once per page). */
export function startSessionRenewal(deps: RenewalDeps = browserDeps): () => void {
  const check = () => void checkRenewal(deps);
  const timer = setInterval(check, checkEveryMs);
  const onVisible = () => {
    if (document.visibilityState === 'visible') check();
  };
  document.addEventListener('visibilitychange', onVisible);
  check();
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

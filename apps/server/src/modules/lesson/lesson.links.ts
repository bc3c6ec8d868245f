// Signed, expiring addresses of lesson media (ADR 0039): /media/lessons/<id>/<file>?u=<user>&e=<expiry
// seconds>&s=<HMAC of user, expiry and key>. The API signs the master playlist for a caller who may
// watch; each playlist served is rewritten so every address in it is signed the same way. A segment
// request is checked with the signature alone (no database): fast, and never served to anyone else.
import type { Clock } from '../../platform/clock.ts';
import { createSigner } from '../../platform/signed.ts';

/** How long an opened lesson's addresses work; the player opens the lesson again after. */
export const lessonUrlTtlSeconds = 3 * 3600;

export type LinkCheck = 'ok' | 'invalid' | 'expired';

export function createLessonLinks(secret: string, clock: Clock, ttlSeconds = lessonUrlTtlSeconds) {
  const signer = createSigner(secret, 'lesson-media');
  const text = (userId: string, key: string, expiry: number) => `${userId}.${expiry}.${key}`;
  return {
    /** The expiry (epoch seconds) of addresses signed now. */
    expiry: () => Math.floor(clock.now().getTime() / 1000) + ttlSeconds,
    url(userId: string, key: string, expiry: number): string {
      return `/media/${key}?u=${userId}&e=${expiry}&s=${signer.sign(text(userId, key, expiry))}`;
    },
    /** Seconds until `expiry` (a response's cache lifetime), never negative. */
    secondsLeft: (expiry: number) => Math.max(0, expiry - Math.floor(clock.now().getTime() / 1000)),
    check(key: string, q: { u?: unknown; e?: unknown; s?: unknown }): LinkCheck {
      const { u, e, s } = q;
      if (typeof u !== 'string' || typeof e !== 'string' || typeof s !== 'string') return 'invalid';
      if (!/^\d{1,19}$/.test(u) || !/^\d{1,12}$/.test(e) || s.length > 64) return 'invalid';
      if (!signer.verify(text(u, key, Number(e)), s)) return 'invalid';
      return Number(e) * 1000 < clock.now().getTime() ? 'expired' : 'ok';
    },
  };
}

export type LessonLinks = ReturnType<typeof createLessonLinks>;

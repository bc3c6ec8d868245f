// Login tokens: HS256 JWTs with explicit algorithm, typ, issuer, audience and expiry.
// The payload carries user_id (the web's start-up check reads it) and sid, the server-side session
// that logout, password reset and freezing revoke.
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from './clock.ts';
import { TtlCache } from './ttl-cache.ts';

const issuer = 'gre-prep';
const audience = 'gre-prep-web';
const alg = 'HS256';

export interface TokenClaims {
  userId: string;
  sessionId: string;
  expiresAt: Date;
}

export type VerifyResult = { ok: true; claims: TokenClaims } | { ok: false; reason: 'expired' | 'invalid' };

export interface TokenService {
  sign(userId: string, sessionId: string, expiresAt: Date): Promise<string>;
  verify(token: string): Promise<VerifyResult>;
}

export function createTokenService(secret: string, clock: Clock): TokenService {
  // A verified token stays verified; only its expiry needs checking again. Saves the HMAC on hot paths.
  const verified = new TtlCache<string, TokenClaims>(clock, 60_000, 50_000);
  // Imported once: jose would otherwise import the raw secret on every verification.
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  return {
    async sign(userId, sessionId, expiresAt) {
      return new SignJWT({ user_id: userId, sid: sessionId })
        .setProtectedHeader({ alg, typ: 'JWT' })
        .setIssuer(issuer)
        .setAudience(audience)
        .setSubject(userId)
        .setIssuedAt(Math.floor(clock.now().getTime() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(await key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) return known.expiresAt > clock.now() ? { ok: true, claims: known } : { ok: false, reason: 'expired' };
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: [alg],
          issuer,
          audience,
          typ: 'JWT',
          currentDate: clock.now(),
          requiredClaims: ['exp', 'sub'],
        });
        const userId = payload.user_id;
        const sessionId = payload.sid;
        if (typeof userId !== 'string' || typeof sessionId !== 'string' || userId !== payload.sub) {
          return { ok: false, reason: 'invalid' };
        }
        const claims = { userId, sessionId, expiresAt: new Date((payload.exp ?? 0) * 1000) };
        verified.set(token, claims);
        return { ok: true, claims };
      } catch (err) {
        if (err instanceof joseErrors.JWTExpired) return { ok: false, reason: 'expired' };
        return { ok: false, reason: 'invalid' };
      }
    },
  };
}

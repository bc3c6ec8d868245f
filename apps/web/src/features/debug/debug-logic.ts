// Pure helpers of the diagnostics page.
import { chinaDateTime } from '@gre/contract/china-time';
import { compareApiVersions } from '@gre/contract/envelope';
import { parseTokenPayload } from '../../lib/token-payload.ts';

export interface TokenSummary {
  present: boolean;
  wellFormed: boolean;
  userId: string | null;
  /** 'YYYY-MM-DD HH:mm' in China time, or null. */
  expiresAt: string | null;
  expired: boolean | null;
}

export function summariseToken(token: string | null, nowMs: number): TokenSummary {
  if (token === null || token === '') {
    return { present: false, wellFormed: false, userId: null, expiresAt: null, expired: null };
  }
  const payload = parseTokenPayload(token);
  if (payload === null) return { present: true, wellFormed: false, userId: null, expiresAt: null, expired: null };
  if (payload.expiresAt === null) {
    return { present: true, wellFormed: true, userId: payload.userId, expiresAt: null, expired: null };
  }
  const ms = payload.expiresAt * 1000;
  return {
    present: true,
    wellFormed: true,
    userId: payload.userId,
    expiresAt: chinaDateTime(new Date(ms)),
    expired: ms <= nowMs,
  };
}

/** Whether this build's API version is below what the server accepts. */
export function versionTooLow(clientVersion: string, minVersion: string): boolean {
  return compareApiVersions(clientVersion, minVersion) < 0;
}

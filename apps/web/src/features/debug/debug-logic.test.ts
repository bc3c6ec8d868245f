import { describe, expect, it } from 'vitest';
import { makeToken } from '../../lib/testing/make-token.ts';
import { summariseToken, versionTooLow } from './debug-logic.ts';

const now = Date.parse('2026-11-21T00:00:00Z');

describe('summariseToken', () => {
  it('says when there is no token', () => {
    expect(summariseToken(null, now)).toMatchObject({ present: false, wellFormed: false });
  });
  it('says when the token is malformed', () => {
    expect(summariseToken('abc', now)).toMatchObject({ present: true, wellFormed: false });
  });
  it('shows the user and the expiry in China time', () => {
    const exp = Date.parse('2026-11-28T04:30:00Z') / 1000;
    expect(summariseToken(makeToken({ user_id: '9', exp }), now)).toEqual({
      present: true,
      wellFormed: true,
      userId: '9',
      expiresAt: '2026-11-28 12:30',
      expired: false,
    });
  });
  it('notices an expired token', () => {
    const exp = Date.parse('2026-11-20T00:00:00Z') / 1000;
    expect(summariseToken(makeToken({ user_id: '9', exp }), now).expired).toBe(true);
  });
});

describe('versionTooLow', () => {
  it('compares against the server minimum', () => {
    expect(versionTooLow('v1.99.99', 'v2.0.0')).toBe(true);
    expect(versionTooLow('v1.99.99', 'v1.99.99')).toBe(false);
    expect(versionTooLow('v1.99.99', 'v1.0.0')).toBe(false);
  });
});

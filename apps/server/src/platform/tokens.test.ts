import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { manualClock } from './clock.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { createTokenService } from './tokens.ts';

const secret = 'a-test-secret-that-is-long-enough-123456';

describe('tokens', () => {
  const clock = manualClock('2026-11-21T00:00:00Z');
  const tokens = createTokenService(secret, clock);

  it('round-trips user id and session id until expiry', async () => {
    const token = await tokens.sign('42', 'sid-1', new Date('2026-11-22T00:00:00Z'));
    expect(await tokens.verify(token)).toEqual({
      ok: true,
      claims: { userId: '42', sessionId: 'sid-1', expiresAt: new Date('2026-11-22T00:00:00Z') },
    });
    clock.set('2026-11-22T00:00:01Z');
    expect(await tokens.verify(token)).toEqual({ ok: false, reason: 'expired' });
    clock.set('2026-11-21T00:00:00Z');
  });

  it('refuses alg none, another audience, another key and a missing typ', async () => {
    const key = new TextEncoder().encode(secret);
    const exp = Math.floor(Date.parse('2026-11-30T00:00:00Z') / 1000);
    const claims = { user_id: '1', sid: 's' };
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({ ...claims, sub: '1', exp, aud: 'gre-prep-web', iss: 'gre-prep' }),
    ).toString('base64url')}.`;
    const otherAud = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('gre-prep')
      .setAudience('someone-else')
      .setSubject('1')
      .setExpirationTime(exp)
      .sign(key);
    const noTyp = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('gre-prep')
      .setAudience('gre-prep-web')
      .setSubject('1')
      .setExpirationTime(exp)
      .sign(key);
    const otherKey = await createTokenService('another-secret-that-is-long-enough-000', clock).sign(
      '1',
      's',
      new Date(exp * 1000),
    );
    for (const t of [none, otherAud, noTyp, otherKey, 'not-a-token', '']) {
      expect(await tokens.verify(t)).toEqual({ ok: false, reason: 'invalid' });
    }
  });
});

describe('passwords', () => {
  it('hashes with scrypt at OWASP cost and verifies', async () => {
    const h = await hashPassword('Passw0rd!');
    expect(h).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword('Passw0rd!', h)).toBe(true);
    expect(await verifyPassword('passw0rd!', h)).toBe(false);
    expect(await hashPassword('Passw0rd!')).not.toBe(h);
  });
});

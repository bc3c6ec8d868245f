import { describe, expect, it } from 'vitest';
import { base64Url, makeToken } from './testing/make-token.ts';
import { decodeBase64Url, parseTokenPayload } from './token-payload.ts';

describe('parseTokenPayload', () => {
  it('accepts a three-part token whose payload names a user', () => {
    expect(parseTokenPayload(makeToken({ user_id: '1024', exp: 1_900_000_000 }))).toEqual({
      userId: '1024',
      expiresAt: 1_900_000_000,
    });
  });

  it('accepts a numeric user id and a token without expiry', () => {
    expect(parseTokenPayload(makeToken({ user_id: 7 }))).toEqual({ userId: '7', expiresAt: null });
  });

  it('reads payloads that need base64url characters and UTF-8', () => {
    const token = makeToken({ user_id: '42', name: '张三??>>~~', note: 'ÿÿÿ' });
    expect(token.split('.')[1]).toMatch(/[-_]/);
    expect(parseTokenPayload(token)?.userId).toBe('42');
  });

  it('accepts padded base64url', () => {
    const body = `${base64Url(JSON.stringify({ user_id: 'a' }))}==`.replace(/={3,}$/, '==');
    expect(parseTokenPayload(`h.${body}.s`)?.userId).toBe('a');
  });

  it.each([
    ['no token', null],
    ['undefined', undefined],
    ['an empty string', ''],
    ['one part', 'abc'],
    ['two parts', `${base64Url('{}')}.${base64Url('{"user_id":"1"}')}`],
    ['four parts', `a.${base64Url('{"user_id":"1"}')}.c.d`],
    ['an empty signature', `a.${base64Url('{"user_id":"1"}')}.`],
    ['an empty header', `.${base64Url('{"user_id":"1"}')}.s`],
  ])('rejects %s', (_name, token) => {
    expect(parseTokenPayload(token)).toBeNull();
  });

  it.each([
    ['a payload that is not base64url', makeToken('%%%', true)],
    ['a payload that is not JSON', makeToken(base64Url('not json'), true)],
    ['a JSON array', makeToken(['user_id'])],
    ['a JSON string', makeToken('user_id')],
    ['JSON null', makeToken(null)],
    ['no user_id', makeToken({ sub: '1' })],
    ['an empty user_id', makeToken({ user_id: '' })],
    ['a blank user_id', makeToken({ user_id: '   ' })],
    ['a null user_id', makeToken({ user_id: null })],
    ['a zero user_id', makeToken({ user_id: 0 })],
    ['a fractional user_id', makeToken({ user_id: 1.5 })],
    ['an object user_id', makeToken({ user_id: { id: 1 } })],
    ['invalid UTF-8', makeToken(btoa('\xff\xfe{').replace(/\//g, '_').replace(/\+/g, '-').replace(/=+$/, ''), true)],
  ])('rejects %s', (_name, token) => {
    expect(parseTokenPayload(token)).toBeNull();
  });

  it('ignores a non-numeric exp', () => {
    expect(parseTokenPayload(makeToken({ user_id: '1', exp: 'soon' }))).toEqual({ userId: '1', expiresAt: null });
  });
});

describe('decodeBase64Url', () => {
  it('round-trips text', () => {
    expect(decodeBase64Url(base64Url('GRE 备考'))).toBe('GRE 备考');
  });
  it('refuses characters outside the alphabet', () => {
    expect(decodeBase64Url('ab+c')).toBeNull();
    expect(decodeBase64Url('ab/c')).toBeNull();
  });
});

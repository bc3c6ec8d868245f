import { describe, expect, it } from 'vitest';
import { accountKind, codeRequest } from './account.ts';

describe('accountKind', () => {
  it.each(['13800138000', '+8613800138000', '8613800138000', ' 19912345678 '])('%s is a phone', (account) => {
    expect(accountKind(account)).toBe('phone');
  });
  it.each(['a@example.com', '12345678901', '1380013800', '用户@例子.中国', '138001380001'])(
    '%s is an email',
    (account) => {
      expect(accountKind(account)).toBe('email');
    },
  );
});

describe('codeRequest', () => {
  it('sends an SMS to a phone, with the purpose', () => {
    expect(codeRequest(' 13800138000 ', 'register')).toEqual({
      channel: 'sms',
      payload: { phone: '13800138000', purpose: 'register' },
    });
  });
  it('sends an email otherwise', () => {
    for (const purpose of ['login', 'register', 'reset'] as const) {
      expect(codeRequest('a@example.com', purpose)).toEqual({
        channel: 'email',
        payload: { email: 'a@example.com', purpose },
      });
    }
  });
});

// The new-password schema (ADR 0006): what the contract checks without a dictionary. The strength
// floor (zxcvbn) is the server's, tested in apps/server/src/modules/user/login-hardening.test.ts.
import { describe, expect, it } from 'vitest';
import * as user from './endpoints/user.ts';
import { passwordSchema } from './user.ts';

const message = (v: string) => passwordSchema.safeParse(v).error?.issues[0]?.message;

describe('passwordSchema', () => {
  it('refuses a password padded with spaces or made of spaces, not spaces inside, and not at login', () => {
    expect(message('        1a')).toBe('密码首尾不能有空格');
    expect(message('Tiger-lake-91 ')).toBe('密码首尾不能有空格');
    expect(message('\u3000Tiger-lake-91')).toBe('密码首尾不能有空格');
    expect(message('          ')).toBe('密码不能只有空格');
    // A passphrase keeps its inner spaces.
    expect(passwordSchema.safeParse('wo ai gre 2026').success).toBe(true);
    // Logging in checks no rule: a password set under older rules still logs in.
    expect(user.login.request.safeParse({ account: 'a@b.cn', password: ' old pass 1 ' }).success).toBe(true);
  });
});

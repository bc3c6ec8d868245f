import { login, register, resetPassword } from '@gre/contract/endpoints/user';
import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it } from 'vitest';
import { codeLoginSchema, passwordLoginSchema, registerSchema, resetPasswordSchema } from './login-schemas.ts';

/** The first message per field, as the form shows it under each field (or {} when the form passes). */
function messages(
  schema: { safeParse: (v: unknown) => { error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  values: object,
) {
  const out: Record<string, string> = {};
  for (const issue of schema.safeParse(values).error?.issues ?? []) {
    const key = issue.path.join('.');
    out[key] ??= issue.message;
  }
  return out;
}

const good = { account: ' a@example.com ', code: '123456', password: 'Kettle-moon-47' };

describe('密码登录', () => {
  it('refuses an empty form with the messages under each field', () => {
    expect(messages(passwordLoginSchema, { account: '', password: '' })).toEqual({
      account: '请输入手机号或邮箱',
      password: '请输入密码',
    });
  });
  it('refuses an account that is neither a phone nor an email', () => {
    expect(messages(passwordLoginSchema, { account: '1380013800', password: 'x' })).toEqual({
      account: '请输入正确的手机号或邮箱',
    });
  });
  it('takes a password of the older rules, up to the length the server accepts', () => {
    expect(messages(passwordLoginSchema, { account: '13800138000', password: 'short' })).toEqual({});
    expect(messages(passwordLoginSchema, { account: '13800138000', password: 'a'.repeat(64) })).toEqual({});
    expect(messages(passwordLoginSchema, { account: '13800138000', password: 'a'.repeat(65) })).toEqual({
      password: '密码最多 64 位',
    });
    expect(login.request.safeParse({ account: '13800138000', password: 'a'.repeat(65) }).success).toBe(false);
  });
  it('gives the body of the login request: the account trimmed, the password as typed', () => {
    const body = passwordLoginSchema.parse({ account: good.account, password: ' p ' });
    expect(body).toEqual({ account: 'a@example.com', password: ' p ' });
    expect(login.request.safeParse(body).success).toBe(true);
  });
});

describe('验证码登录', () => {
  it('refuses an empty form, and a code that is not 6 digits', () => {
    expect(messages(codeLoginSchema, { account: '', code: '' })).toEqual({
      account: '请输入手机号或邮箱',
      code: '验证码为 6 位数字',
    });
    expect(messages(codeLoginSchema, { account: good.account, code: '12345' })).toEqual({ code: '验证码为 6 位数字' });
  });
  it('gives the body of the login request', () => {
    const body = codeLoginSchema.parse({ account: good.account, code: good.code });
    expect(body).toEqual({ account: 'a@example.com', code: '123456' });
    expect(login.request.safeParse(body).success).toBe(true);
  });
});

describe('注册', () => {
  it('refuses an empty form (the nickname is optional)', () => {
    expect(messages(registerSchema, { account: '', code: '', name: '', password: '' })).toEqual({
      account: '请输入手机号或邮箱',
      code: '验证码为 6 位数字',
      password: '密码至少 8 位',
    });
  });
  it('checks the new password with the contract rule', () => {
    const check = (password: string) => messages(registerSchema, { ...good, name: '', password }).password;
    expect(check('abcdefgh')).toBe('密码需同时包含字母和数字');
    expect(check('        1a')).toBe('密码首尾不能有空格');
    expect(check('          ')).toBe('密码不能只有空格');
    expect(check(`a1${'x'.repeat(63)}`)).toBe('密码最多 64 位');
  });
  it('checks a nickname when one is given', () => {
    expect(messages(registerSchema, { ...good, name: '名'.repeat(21) })).toEqual({ name: '昵称最多 20 个字' });
    expect(messages(registerSchema, { ...good, name: 'a\u202eb' })).toEqual({ name: '昵称包含不允许的字符' });
  });
  it('leaves an empty nickname out of the body and trims a given one', () => {
    expect(registerSchema.parse({ ...good, name: '   ' })).toEqual({
      account: 'a@example.com',
      code: '123456',
      password: 'Kettle-moon-47',
      name: undefined,
    });
    const body = registerSchema.parse({ ...good, name: ' 小明 ' });
    expect(body.name).toBe('小明');
    expect(register.request.safeParse(body).success).toBe(true);
  });
});

describe('找回密码', () => {
  it('refuses an empty form and a weak-by-rule password', () => {
    expect(messages(resetPasswordSchema, { account: '', code: '', password: '' })).toEqual({
      account: '请输入手机号或邮箱',
      code: '验证码为 6 位数字',
      password: '密码至少 8 位',
    });
    expect(messages(resetPasswordSchema, { ...good, password: '12345678' })).toEqual({
      password: '密码需同时包含字母和数字',
    });
  });
  it('is the body of the reset request', () => {
    expect(resetPasswordSchema).toBe(resetPassword.request);
    expect(resetPasswordSchema.parse(good)).toEqual({ ...good, account: 'a@example.com' });
  });
});

describe('through the form resolver', () => {
  it('gives react-hook-form the first message of each field, and the body when the form passes', async () => {
    const resolve = zodResolver(registerSchema);
    const options = { fields: {}, shouldUseNativeValidation: false };
    const refused = await resolve({ account: 'x', code: '', name: '', password: 'abc' }, undefined, options);
    expect(refused.errors).toMatchObject({
      account: { message: '请输入正确的手机号或邮箱' },
      code: { message: '验证码为 6 位数字' },
      password: { message: '密码至少 8 位' },
    });
    expect(refused.errors.name).toBeUndefined();
    const passed = await resolve({ ...good, name: '' }, undefined, options);
    expect(passed).toEqual({ values: { ...good, account: 'a@example.com', name: undefined }, errors: {} });
  });
});

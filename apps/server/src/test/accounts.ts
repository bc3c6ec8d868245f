// Builders for accounts in tests: register through the real endpoints, or insert staff directly.

import * as code from '@gre/contract/endpoints/code';
import * as user from '@gre/contract/endpoints/user';
import { RoleKind } from '@gre/contract/enums';
import type { OpAction } from '@gre/contract/user';
import { createUserRepo } from '../modules/user/user.repo.ts';
import { hashPassword } from '../platform/password.ts';
import type { TestApp } from './harness.ts';

let counter = 0;

export function uniqueEmail(prefix = 'user'): string {
  counter++;
  return `${prefix}${counter}-${Date.now().toString(36)}@example.com`;
}

/** Registers through send_code + register, as a user would. Moves the clock past the code limit. */
export async function registerUser(t: TestApp, opts: { account?: string; password?: string; name?: string } = {}) {
  const account = opts.account ?? uniqueEmail();
  const password = opts.password ?? 'Tiger-lake-91';
  const isPhone = /^1\d{10}$/.test(account);
  const sent = isPhone
    ? await t.call(code.sendSmsCode, { phone: account, purpose: 'register' })
    : await t.call(code.sendEmailCode, { email: account, purpose: 'register' });
  if (!sent.body.ok) throw new Error(`send_code failed: ${JSON.stringify(sent.body.err_data)}`);
  const res = await t.call(user.register, {
    account,
    code: t.outbox.lastCode(account.toLowerCase()),
    password,
    name: opts.name,
  });
  if (!res.body.ok || !res.body.data) throw new Error(`register failed: ${JSON.stringify(res.body.err_data)}`);
  t.clock.advance(61_000);
  return { account, password, token: res.body.data.token, user: res.body.data.user };
}

/** A member of a given role, or staff, inserted directly and then logged in through the API. */
export async function userWithRole(
  t: TestApp,
  roleKind: number,
  flags: { isAdmin?: boolean; isOperator?: boolean; isTeacher?: boolean } = {},
) {
  const repo = createUserRepo(t.database.db);
  const email = uniqueEmail(`role${roleKind}`);
  const now = t.clock.now();
  const paidUntil = roleKind >= RoleKind.VIP ? new Date(now.getTime() + 30 * 86_400_000) : null;
  await repo.create(
    {
      email,
      name: '测试',
      passwordHash: await passwordHash(),
      roleKind,
      roleExpireAt: paidUntil,
      ...flags,
      createdAt: now,
      updatedAt: now,
    },
    { roleKind, startAt: now, note: 'test' },
  );
  const res = await t.call(user.login, { account: email, password: 'Staff1234' });
  if (!res.body.ok || !res.body.data) throw new Error(`login failed: ${JSON.stringify(res.body.err_data)}`);
  return { email, token: res.body.data.token, user: res.body.data.user };
}

/** An admin (or other staff) account. */
export function staffUser(t: TestApp, flags: { isAdmin?: boolean; isOperator?: boolean; isTeacher?: boolean }) {
  return userWithRole(t, 4, flags);
}

let cachedHash: Promise<string> | null = null;
/** One scrypt hash of 'Staff1234' shared by the test accounts (hashing costs ~0.3 s each). */
function passwordHash() {
  cachedHash ??= hashPassword('Staff1234');
  return cachedHash;
}

/** Logged-in tokens for a trial user, an ordinary member, a VIP and an SVIP. */
export async function roleTokens(t: TestApp): Promise<Record<'trial' | 'member' | 'vip' | 'svip', string>> {
  return {
    trial: (await registerUser(t)).token,
    member: (await userWithRole(t, 2)).token,
    vip: (await userWithRole(t, 3)).token,
    svip: (await userWithRole(t, 4)).token,
  };
}

/**
 * A fresh operator check code for `action`, sent to the staff member behind `token` and read from the
 * outbox (issue 17, ADR 0031). Moves the clock 13 s first, so a test's many codes stay within the
 * per-minute sending limit.
 */
export async function opCheckCode(t: TestApp, token: string, action: OpAction): Promise<string> {
  t.clock.advance(13_000);
  const res = await t.call(user.sendOpCheckCode, { action }, { token });
  if (!res.body.ok) throw new Error(`send_op_check_code failed: ${JSON.stringify(res.body.err_data)}`);
  const last = t.outbox.messages.at(-1);
  const code = last && /\b(\d{6})\b/.exec(last.text)?.[1];
  if (!code) throw new Error('no operator check code in the outbox');
  return code;
}

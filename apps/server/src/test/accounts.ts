// Builders for accounts in tests: register through the real endpoints, or insert staff directly.
import * as code from '@gre/contract/endpoints/code';
import * as user from '@gre/contract/endpoints/user';
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
  const password = opts.password ?? 'Passw0rd!';
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

/** An admin (or other staff) account inserted directly, then logged in through the API. */
export async function staffUser(t: TestApp, flags: { isAdmin?: boolean; isOperator?: boolean; isTeacher?: boolean }) {
  const repo = createUserRepo(t.database.db);
  const email = uniqueEmail('staff');
  const now = t.clock.now();
  await repo.create(
    {
      email,
      name: '员工',
      passwordHash: await hashPassword('Staff1234'),
      roleKind: 4,
      ...flags,
      createdAt: now,
      updatedAt: now,
    },
    { roleKind: 4, startAt: now, note: 'test' },
  );
  const res = await t.call(user.login, { account: email, password: 'Staff1234' });
  if (!res.body.ok || !res.body.data) throw new Error(`staff login failed: ${JSON.stringify(res.body.err_data)}`);
  return { email, token: res.body.data.token, user: res.body.data.user };
}

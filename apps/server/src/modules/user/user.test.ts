import * as code from '@gre/contract/endpoints/code';
import * as permission from '@gre/contract/endpoints/permission';
import * as summaryEp from '@gre/contract/endpoints/summary';
import * as user from '@gre/contract/endpoints/user';
import { RoleKind } from '@gre/contract/enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opCheckCode, registerUser, staffUser, uniqueEmail } from '../../test/accounts.ts';
import { createTestApp, type TestApp, testDbKinds } from '../../test/harness.ts';

describe.each(testDbKinds())('accounts on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('register', () => {
    it('requires a code sent to the account and starts the user as a trial', async () => {
      const { user: u, token } = await registerUser(t, { name: '小明' });
      expect(u.name).toBe('小明');
      expect(u.authority.role_kind).toBe(RoleKind.Trail);
      expect(u.authority.role_name).toBe('试用用户');
      expect(u.authority.records).toHaveLength(1);
      const me = await t.call(user.getUser, {}, { token });
      expect(me.body.ok).toBe(true);
      expect(me.body.data?.id).toBe(u.id);
    });

    it('sends the code to the outbox, never back to the caller', async () => {
      const email = uniqueEmail();
      const res = await t.call(code.sendEmailCode, { email, purpose: 'register' });
      expect(res.body.ok).toBe(true);
      expect(JSON.stringify(res.body)).not.toContain(t.outbox.lastCode(email));
      expect(res.body.data?.sent_to).toMatch(/\*/);
    });

    it('accepts a Chinese mobile number and a Unicode email address', async () => {
      const phone = await registerUser(t, { account: '13812345678' });
      expect(phone.user.id).toMatch(/^\d+$/);
      const uni = await registerUser(t, { account: '考生@例子.中国' });
      const profile = await t.call(user.getProfile, {}, { token: uni.token });
      expect(profile.body.data?.email).toMatch(/@例子\.中国$/);
      const phoneProfile = await t.call(user.getProfile, {}, { token: phone.token });
      expect(phoneProfile.body.data?.phone).toBe('138****5678');
    });

    it('refuses a wrong code and then still accepts the right one', async () => {
      const email = uniqueEmail();
      await t.call(code.sendEmailCode, { email, purpose: 'register' });
      const right = t.outbox.lastCode(email);
      const wrong = right === '000000' ? '111111' : '000000';
      const bad = await t.call(user.register, { account: email, code: wrong, password: 'Tiger-lake-91' });
      expect(bad.body.err_data?.kind).toBe('code_invalid');
      expect(bad.body.err_data?.show).toBe('验证码错误或已过期');
      const good = await t.call(user.register, { account: email, code: right, password: 'Tiger-lake-91' });
      expect(good.body.ok).toBe(true);
      t.clock.advance(61_000);
    });

    it('uses a code only once', async () => {
      const email = uniqueEmail();
      await t.call(code.sendEmailCode, { email, purpose: 'register' });
      const c = t.outbox.lastCode(email);
      const [a, b] = await Promise.all([
        t.call(user.register, { account: email, code: c, password: 'Tiger-lake-91' }),
        t.call(user.register, { account: email, code: c, password: 'Tiger-lake-91' }),
      ]);
      expect([a.body.ok, b.body.ok].filter(Boolean)).toHaveLength(1);
      t.clock.advance(61_000);
    });

    it('lets a code expire after 10 minutes', async () => {
      const email = uniqueEmail();
      await t.call(code.sendEmailCode, { email, purpose: 'register' });
      const c = t.outbox.lastCode(email);
      t.clock.advance(10 * 60_000 + 1);
      const res = await t.call(user.register, { account: email, code: c, password: 'Tiger-lake-91' });
      expect(res.body.err_data?.kind).toBe('code_invalid');
    });

    it('refuses an account that exists', async () => {
      const { account } = await registerUser(t);
      const res = await t.call(code.sendEmailCode, { email: account, purpose: 'register' });
      expect(res.body.err_data?.kind).toBe('account_exists');
    });

    it('rate-limits codes per target: one a minute, ten a day', async () => {
      const email = uniqueEmail();
      const first = await t.call(code.sendEmailCode, { email, purpose: 'register' });
      expect(first.body.ok).toBe(true);
      const again = await t.call(code.sendEmailCode, { email, purpose: 'register' });
      expect(again.body.err_data?.kind).toBe('rate_limited');
      expect(again.body.err_data?.show).toMatch(/秒后再试/);
      for (let i = 1; i < 10; i++) {
        t.clock.advance(61_000);
        const r = await t.call(code.sendEmailCode, { email, purpose: 'register' }, { ip: `10.0.${i}.1` });
        expect(r.body.ok).toBe(true);
      }
      t.clock.advance(61_000);
      const eleventh = await t.call(code.sendEmailCode, { email, purpose: 'register' }, { ip: '10.1.0.1' });
      expect(eleventh.body.err_data?.show).toBe('今日验证码发送次数已达上限，请明天再试');
    });

    it('rate-limits codes per IP, also under parallel requests', async () => {
      t.clock.advance(120_000);
      const ip = '10.9.9.9';
      const results = await Promise.all(
        Array.from({ length: 8 }, () =>
          t.call(code.sendEmailCode, { email: uniqueEmail(), purpose: 'register' }, { ip }),
        ),
      );
      expect(results.filter((r) => r.body.ok)).toHaveLength(5);
      expect(results.filter((r) => r.body.err_data?.kind === 'rate_limited')).toHaveLength(3);
    });
  });

  describe('login', () => {
    it('logs in with password and with a one-time code', async () => {
      const { account, password } = await registerUser(t);
      const byPassword = await t.call(user.login, { account, password });
      expect(byPassword.body.ok).toBe(true);
      await t.call(code.sendEmailCode, { email: account, purpose: 'login' });
      const byCode = await t.call(user.login, { account, code: t.outbox.lastCode(account) });
      expect(byCode.body.ok).toBe(true);
      expect(byCode.body.data?.token.split('.')).toHaveLength(3);
    });

    it('says the same thing for a wrong password and an unknown account', async () => {
      const { account } = await registerUser(t);
      const wrong = await t.call(user.login, { account, password: 'Wrong1234' });
      const unknown = await t.call(user.login, { account: uniqueEmail(), password: 'Wrong1234' });
      expect(wrong.body.err_data?.show).toBe('账号或密码错误');
      expect(unknown.body.err_data?.show).toBe('账号或密码错误');
    });

    it('locks password login from one address after 5 failures there, for 15 minutes', async () => {
      const { account, password } = await registerUser(t);
      const ip = '10.2.0.1';
      for (let i = 0; i < 5; i++) {
        await t.call(user.login, { account, password: 'Wrong1234' }, { ip });
        t.clock.advance(10_000);
      }
      const locked = await t.call(user.login, { account, password }, { ip });
      expect(locked.body.err_data?.kind).toBe('rate_limited');
      t.clock.advance(15 * 60_000 + 1000);
      const later = await t.call(user.login, { account, password }, { ip });
      expect(later.body.ok).toBe(true);
    });

    it('puts a user id in a three-part token with a JSON payload', async () => {
      const { token, user: u } = await registerUser(t);
      const [, payload] = token.split('.');
      const claims = JSON.parse(Buffer.from(payload as string, 'base64url').toString());
      expect(claims.user_id).toBe(u.id);
      expect(claims.aud).toBe('gre-prep-web');
      expect(claims.exp).toBeGreaterThan(claims.iat);
    });
  });

  describe('sessions', () => {
    it('logout revokes the token', async () => {
      const { token } = await registerUser(t);
      expect((await t.call(user.logout, {}, { token })).body.ok).toBe(true);
      const after = await t.call(user.getUser, {}, { token });
      expect(after.status).toBe(401);
    });

    it('resume_login hands out a new token and ends the old one', async () => {
      const { token } = await registerUser(t);
      t.clock.advance(1000);
      const resumed = await t.call(user.resumeLogin, {}, { token });
      const fresh = resumed.body.data?.token as string;
      expect(fresh).not.toBe(token);
      expect((await t.call(user.getUser, {}, { token: fresh })).body.ok).toBe(true);
      expect((await t.call(user.getUser, {}, { token })).status).toBe(401);
    });

    it('an expired token gives token_expired', async () => {
      const { token } = await registerUser(t);
      t.clock.advance(31 * 86_400_000);
      const res = await t.call(user.getUser, {}, { token });
      expect(res.body.err_data?.kind).toBe('token_expired');
      t.clock.advance(-31 * 86_400_000);
    });

    it('a token signed with another key is refused with 401', async () => {
      const { token } = await registerUser(t);
      const [h, p] = token.split('.');
      const res = await t.call(user.getUser, {}, { token: `${h}.${p}.AAAA` });
      expect(res.status).toBe(401);
      expect(res.body.err_data?.show).toBe('请先登录');
    });

    it('reset_password changes the password and logs out every device', async () => {
      const { account, token } = await registerUser(t);
      await t.call(code.sendEmailCode, { email: account, purpose: 'reset' });
      const res = await t.call(user.resetPassword, {
        account,
        code: t.outbox.lastCode(account),
        password: 'New-river-2031',
      });
      expect(res.body.ok).toBe(true);
      expect((await t.call(user.getUser, {}, { token })).status).toBe(401);
      expect((await t.call(user.login, { account, password: 'New-river-2031' })).body.ok).toBe(true);
      t.clock.advance(61_000);
    });

    it('records the device id with the session', async () => {
      const { account, password } = await registerUser(t);
      const res = await t.call(user.login, { account, password }, { headers: { 'x-device-id': 'device-abc' } });
      expect(res.body.ok).toBe(true);
      const rows = await t.database.db.execute<{ device_id: string }>(
        `select device_id from sessions where user_id = ${Number(res.body.data?.user.id)} order by created_at desc limit 1` as never,
      );
      expect((rows as unknown as { rows: { device_id: string }[] }).rows[0]?.device_id).toBe('device-abc');
    });
  });

  describe('profile', () => {
    it('updates the signature and today’s aim', async () => {
      const { token } = await registerUser(t);
      const sig = await t.call(user.updateSignature, { signature: '目标 330+' }, { token });
      expect(sig.body.data?.signature).toBe('目标 330+');
      const aim = await t.call(user.updateTodayAim, { aim_question: 40, aim_word: 150, aim_time_mins: 90 }, { token });
      expect(aim.body.data).toMatchObject({ aim_question: 40, aim_word: 150, aim_time_mins: 90, used_question: 0 });
      const me = await t.call(user.getUser, {}, { token });
      expect(me.body.data?.signature).toBe('目标 330+');
      expect(me.body.data?.data.today_aim.aim_word).toBe(150);
    });

    it('refuses an out-of-range aim with a Chinese message and changes nothing', async () => {
      const { token } = await registerUser(t);
      const res = await t.call(user.updateTodayAim, { aim_question: 9999, aim_word: 1, aim_time_mins: 1 }, { token });
      expect(res.body.err_data?.kind).toBe('invalid_param');
      expect(res.body.err_data?.show).toBe('每日题数最多 500');
      const me = await t.call(user.getUser, {}, { token });
      expect(me.body.data?.data.today_aim.aim_question).toBe(30);
    });

    it('shows public info of other users, one or many', async () => {
      const a = await registerUser(t, { name: '甲' });
      const b = await registerUser(t, { name: '乙' });
      const one = await t.call(user.getInfo, { user_id: b.user.id }, { token: a.token });
      expect(one.body.data).toMatchObject({ name: '乙', role_name: '试用用户' });
      expect(JSON.stringify(one.body.data)).not.toContain('@');
      const many = await t.call(user.getInfos, { user_ids: [a.user.id, b.user.id, '999999'] }, { token: a.token });
      expect(many.body.data?.infos.map((i) => i.name)).toEqual(['甲', '乙']);
    });

    it('today’s progress follows the China date', async () => {
      const { token } = await registerUser(t);
      await t.call(summaryEp.signIn, {}, { token });
      const me = await t.call(user.getUser, {}, { token });
      expect(me.body.data?.data.today_aim.used_question).toBe(0);
    });
  });

  describe('freeze', () => {
    it('an admin freezes a user: their sessions end and a new login can read nothing', async () => {
      const admin = await staffUser(t, { isAdmin: true });
      const target = await registerUser(t);
      const res = await t.call(
        user.freeze,
        { user_id: target.user.id, freeze: true, reason: '违规', op_code: await opCheckCode(t, admin.token, 'freeze') },
        { token: admin.token },
      );
      expect(res.body.data).toEqual({ user_id: target.user.id, is_freeze: true });
      expect((await t.call(user.getUser, {}, { token: target.token })).status).toBe(401);
      const again = await t.call(user.login, { account: target.account, password: target.password });
      const token = again.body.data?.token as string;
      const me = await t.call(user.getUser, {}, { token });
      expect(me.body.data?.authority.is_freeze).toBe(true);
      const sig = await t.call(user.updateSignature, { signature: 'x' }, { token });
      expect(sig.body.err_data?.kind).toBe('frozen');
      await t.call(
        user.freeze,
        { user_id: target.user.id, freeze: false, op_code: await opCheckCode(t, admin.token, 'freeze') },
        { token: admin.token },
      );
      expect((await t.call(user.updateSignature, { signature: 'x' }, { token })).body.ok).toBe(true);
      // Both changes are in the user's audit, with who, the reason and the state before and after.
      const seen = await t.call(permission.getStaffUser, { user_id: target.user.id }, { token: admin.token });
      const audit = seen.body.data?.audit ?? [];
      expect(audit.filter((a) => a.action === 'freeze' || a.action === 'unfreeze')).toEqual([
        expect.objectContaining({ action: 'unfreeze', subject: '' }),
        expect.objectContaining({ action: 'freeze', subject: '违规' }),
      ]);
    });

    it('a member cannot freeze anybody', async () => {
      const a = await registerUser(t);
      const b = await registerUser(t);
      const res = await t.call(user.freeze, { user_id: b.user.id, freeze: true }, { token: a.token });
      expect(res.body.err_data?.kind).toBe('forbidden');
      const me = await t.call(user.getUser, {}, { token: b.token });
      expect(me.body.data?.authority.is_freeze).toBe(false);
    });
  });
});

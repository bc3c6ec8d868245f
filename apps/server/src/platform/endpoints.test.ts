// Contract-wide guarantees: every endpoint checks who is calling, refuses garbage without a 500 and
// without changing anything, and the platform's envelope rules hold.
import { allEndpoints } from '@gre/contract/all-endpoints';
import * as question from '@gre/contract/endpoints/question';
import * as system from '@gre/contract/endpoints/system';
import * as user from '@gre/contract/endpoints/user';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { staffAudit } from '../db/schema/pay.ts';
import { registerUser, staffUser } from '../test/accounts.ts';
import { createTestApp, type TestApp, testDbKinds } from '../test/harness.ts';

const garbageBodies: string[] = [
  '[]',
  '"text"',
  '42',
  'null',
  'true',
  '{"__proto__": {"is_admin": true}}',
  JSON.stringify({ a: { b: { c: { d: { e: 'deep' } } } } }),
  JSON.stringify({ x: 'y'.repeat(50_000) }),
];

/** Every field of an object body, replaced in turn by values of the wrong type or absurd size. */
function fieldGarbage(schema: z.ZodType): string[] {
  if (!(schema instanceof z.ZodObject)) return [];
  const keys = Object.keys(schema.shape);
  const wrong = [null, 123456789012, -1, 1.5, 'x'.repeat(5000), [], {}, true, '💥\u0000\u202e'];
  // Only bodies the contract refuses count as garbage ({on: true} is a valid maintenance switch).
  return keys
    .flatMap((k) => wrong.map((v) => ({ [k]: v })))
    .filter((b) => !schema.safeParse(b).success)
    .map((b) => JSON.stringify(b));
}

describe.each(testDbKinds())('every endpoint on %s', (kind) => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    adminToken = (await staffUser(t, { isAdmin: true })).token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('covers the whole contract', () => {
    expect(allEndpoints.length).toBeGreaterThanOrEqual(23);
    expect(new Set(allEndpoints.map((e) => e.path)).size).toBe(allEndpoints.length);
  });

  for (const ep of allEndpoints.filter((e) => e.access !== 'anonymous' && e.access !== 'optional')) {
    it(`${ep.path} refuses an anonymous caller with 401`, async () => {
      const res = await t.call(ep, {});
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ ok: false, err_data: { kind: 'unauthorized', show: '请先登录' } });
    });
  }

  for (const ep of allEndpoints) {
    it(`${ep.path} refuses garbage without a 500 and changes nothing`, async () => {
      const before = await t.call(user.getUser, {}, { token: adminToken });
      for (const body of [...garbageBodies, ...fieldGarbage(ep.request), '{not json']) {
        const res = await t.call(ep, body, { token: adminToken, ip: `10.77.${Math.floor(Math.random() * 250)}.1` });
        expect(res.status, `${ep.path} ${body.slice(0, 60)}`).toBeLessThan(500);
        if (!res.body.ok) {
          expect(res.body.err_data?.show, `${ep.path} ${body.slice(0, 60)}`).toMatch(/[\u4e00-\u9fff]/);
        }
      }
      const after = await t.call(user.getUser, {}, { token: adminToken });
      expect(after.body.data).toEqual(before.body.data);
    });
  }

  it('lets anonymous callers reach optional endpoints, but refuses a bad token there too', async () => {
    const anon = await t.call(question.getTags, {});
    expect(anon.body.ok).toBe(true);
    const bad = await t.call(question.getTags, {}, { token: 'a.b.c' });
    expect(bad.status).toBe(401);
  });

  it('answers malformed JSON with 400 and a Chinese message', async () => {
    const res = await t.call(user.login, '{"account": ');
    expect(res.status).toBe(400);
    expect(res.body.err_data?.kind).toBe('bad_request');
    expect(res.body.err_data?.show).toMatch(/请求格式错误/);
  });

  it('names the field in a validation message', async () => {
    const res = await t.call(user.login, { account: 12345, password: 'x' });
    expect(res.body.err_data?.kind).toBe('invalid_param');
    expect(res.body.err_data?.show).toMatch(/手机号或邮箱/);
  });

  it('answers an unknown API path with a 404 envelope', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/nothing/here', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json().err_data.kind).toBe('not_found');
  });

  it('refuses an old web version with api_version_low', async () => {
    const old = await t.call(user.getUser, {}, { token: adminToken, headers: { 'x-api-version': 'v0.9.0' } });
    expect(old.body.err_data?.kind).toBe('api_version_low');
    const current = await t.call(user.getUser, {}, { token: adminToken, headers: { 'x-api-version': 'v1.99.99' } });
    expect(current.body.ok).toBe(true);
  });

  it('returns a request id on every response', async () => {
    const res = await t.app.inject({ method: 'POST', url: user.getUser.path, payload: {} });
    expect(res.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
  });

  it('publishes the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.json().paths[user.login.path].post.summary).toBe(user.login.summary);
  });

  describe('maintenance', () => {
    it('gives server_upgrading to members and anonymous callers, not to staff', async () => {
      const member = await registerUser(t);
      const on = await t.call(system.setMaintenance, { on: true, message: '数据库升级' }, { token: adminToken });
      expect(on.body.data).toEqual({ on: true, message: '数据库升级' });

      const memberCall = await t.call(user.getUser, {}, { token: member.token });
      expect(memberCall.body.err_data?.kind).toBe('server_upgrading');
      const anonymous = await t.call(user.resetPassword, {
        account: member.account,
        code: '123456',
        password: 'Abcd1234',
      });
      expect(anonymous.body.err_data?.kind).toBe('server_upgrading');
      const memberLogin = await t.call(user.login, { account: member.account, password: member.password });
      expect(memberLogin.body.err_data?.kind).toBe('server_upgrading');

      const staff = await t.call(user.getUser, {}, { token: adminToken });
      expect(staff.body.ok).toBe(true);
      const status = await t.call(system.getStatus, {});
      expect(status.body.data?.maintenance.on).toBe(true);

      await t.call(system.setMaintenance, { on: false }, { token: adminToken });
      expect((await t.call(user.getUser, {}, { token: member.token })).body.ok).toBe(true);
      // Both switches are in the staff audit, with the state before and after.
      const audit = await t.database.db
        .select()
        .from(staffAudit)
        .where(eq(staffAudit.action, 'set_maintenance'))
        .orderBy(staffAudit.id);
      expect(audit.slice(-2).map((a) => [a.subject, a.after])).toEqual([
        ['数据库升级', { on: true, message: '数据库升级' }],
        ['', { on: false, message: '' }],
      ]);
      expect(audit.at(-1)?.before).toEqual({ on: true, message: '数据库升级' });
    });

    it('only an admin can switch it', async () => {
      const member = await registerUser(t);
      const res = await t.call(system.setMaintenance, { on: true }, { token: member.token });
      expect(res.body.err_data?.kind).toBe('forbidden');
      expect((await t.call(system.getStatus, {})).body.data?.maintenance.on).toBe(false);
    });
  });
});

describe('maintenance switched on by config', () => {
  it('refuses members while the config switch is on', async () => {
    const t = await createTestApp('pglite', { maintenanceForced: true });
    try {
      const res = await t.call(user.register, { account: 'a@example.com', code: '123456', password: 'Abcd1234' });
      expect(res.body.err_data?.kind).toBe('server_upgrading');
    } finally {
      await t.close();
    }
  });
});

describe('hidden internals', () => {
  it('answers an unexpected failure with 500 and no stack trace', async () => {
    const t = await createTestApp('pglite');
    const token = (await registerUser(t)).token;
    await t.database.close();
    const res = await t.call(user.getUser, {}, { token });
    expect(res.status).toBe(500);
    expect(res.body.err_data?.kind).toBe('internal');
    expect(JSON.stringify(res.body)).not.toMatch(/at |Error|pglite|sql/i);
    await t.app.close();
  });
});

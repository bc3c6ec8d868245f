// JSON body limits (ADR 0018): a deeply nested or oversized body is a 400 bad_request in the
// envelope, for anyone, before a schema or handler runs; only a real U+0000 is refused as a NUL,
// the text `\u0000` typed by a user is ordinary text.
import * as question from '@gre/contract/endpoints/question';
import * as user from '@gre/contract/endpoints/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../test/accounts.ts';
import { createTestApp, type TestApp, testDbKinds } from '../test/harness.ts';
import { jsonBodyLimits, jsonBodyProblem } from './json-body.ts';

const nestedObject = (depth: number) => `${'{"a":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`;
const nestedArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('jsonBodyProblem', () => {
  it('allows 32 levels and refuses the 33rd', () => {
    expect(jsonBodyProblem(JSON.parse(nestedObject(32)))).toBeNull();
    expect(jsonBodyProblem(JSON.parse(nestedArray(32)))).toBeNull();
    expect(jsonBodyProblem(JSON.parse(nestedObject(33)))).toBe('depth');
    expect(jsonBodyProblem(JSON.parse(nestedArray(33)))).toBe('depth');
    expect(jsonBodyProblem(JSON.parse(nestedArray(200_000)))).toBe('depth');
  });

  it('caps keys per object, items per array and values per body', () => {
    const wide = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]));
    expect(jsonBodyProblem(wide(jsonBodyLimits.maxKeys))).toBeNull();
    expect(jsonBodyProblem(wide(jsonBodyLimits.maxKeys + 1))).toBe('keys');
    expect(jsonBodyProblem({ ids: new Array(jsonBodyLimits.maxItems).fill('x') })).toBeNull();
    expect(jsonBodyProblem({ ids: new Array(jsonBodyLimits.maxItems + 1).fill('x') })).toBe('items');
    const many = Array.from({ length: 30 }, () => new Array(jsonBodyLimits.maxItems).fill(0));
    expect(jsonBodyProblem(many)).toBe('values');
  });

  it('finds a real NUL in any string, key or value, and nothing else', () => {
    expect(jsonBodyProblem({ a: [{ b: 'x\u0000y' }] })).toBe('nul');
    expect(jsonBodyProblem({ a: { 'k\u0000': 1 } })).toBe('nul');
    expect(jsonBodyProblem({ a: '\\u0000', b: 'C:\\u0000\\x', '\\u0000': 'key' })).toBeNull();
  });
});

describe.each(testDbKinds())('JSON body limits on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    token = (await registerUser(t)).token;
  });
  afterAll(async () => {
    await t.close();
  });

  const badRequest = {
    ok: false,
    data: null,
    err_data: { kind: 'bad_request', show: expect.stringMatching(/[\u4e00-\u9fff]/) },
  };

  it('answers a deeply nested body with 400 bad_request, anonymous or not', async () => {
    for (const body of [nestedObject(5000), nestedArray(5000), nestedArray(100_000), nestedObject(33)]) {
      for (const ep of [user.login, question.getTags]) {
        const res = await t.call(ep, body);
        expect(res.status, `${ep.path} ${body.slice(0, 20)}`).toBe(400);
        expect(res.body).toMatchObject(badRequest);
        expect(res.body.err_data?.show).toMatch(/嵌套过深/);
      }
      const asUser = await t.call(user.getUser, body, { token });
      expect(asUser.status).toBe(400);
      expect(asUser.body).toMatchObject(badRequest);
    }
    // A nested value inside an otherwise valid body is refused too (the schema would strip it).
    const res = await t.call(question.getTags, `{"extra":${nestedArray(40)}}`);
    expect(res.status).toBe(400);
  });

  it('answers an over-long list with 400 bad_request', async () => {
    const res = await t.call(question.getQuestions, { ids: new Array(5000).fill('q-1') }, { token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject(badRequest);
    expect(res.body.err_data?.show).toMatch(/列表过长/);
  });

  it('refuses a real NUL character, in a value or in a key, with 400 bad_request', async () => {
    for (const body of [{ signature: 'a\u0000b' }, { signature: 'ok', 'x\u0000': 1 }]) {
      const res = await t.call(user.updateSignature, body, { token });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject(badRequest);
      expect(res.body.err_data?.show).toMatch(/不允许的字符/);
    }
  });

  it('saves the text \\u0000 typed by a user as it is', async () => {
    const signature = 'C:\\u0000 是六个字符';
    const res = await t.call(user.updateSignature, { signature }, { token });
    expect(res.body).toMatchObject({ ok: true, data: { signature } });
    const profile = await t.call(user.getProfile, {}, { token });
    expect(JSON.stringify(profile.body.data)).toContain(JSON.stringify(signature).slice(1, -1));
  });
});

// TRUST_PROXY (ADR 0018): only listed proxies are believed. A caller that forges X-Forwarded-For
// from anywhere else still meets every limit per address; a listed proxy's header is honoured.
import * as code from '@gre/contract/endpoints/code';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { uniqueEmail } from '../test/accounts.ts';
import { createTestApp, type TestApp, testDbKinds } from '../test/harness.ts';

describe('TRUST_PROXY at start', () => {
  it('trusts no proxy when unset or false', () => {
    expect(loadConfig({}).TRUST_PROXY).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '' }).TRUST_PROXY).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toEqual([]);
  });

  it('refuses true (trust everyone) and says to list the proxy addresses', () => {
    for (const value of ['true', 'TRUE', '1', 'yes']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(
        /TRUST_PROXY.*请改为列出反向代理的地址.*list your reverse proxies' addresses instead/,
      );
    }
    expect(() => loadConfig({ TRUST_PROXY: '2' })).toThrow(/TRUST_PROXY.*不支持跳数/);
  });

  it('refuses entries that are not addresses or ranges, and ranges that cover everyone', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.internal' })).toThrow(/“proxy.internal” 不是 IP 地址/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1,*' })).toThrow(/“\*” 不是 IP 地址/);
    expect(() => loadConfig({ TRUST_PROXY: '0.0.0.0/0' })).toThrow(/等于信任所有地址/);
    expect(() => loadConfig({ TRUST_PROXY: '::/0' })).toThrow(/等于信任所有地址/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/网段前缀无效/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/255.0.255.0' })).toThrow(/网段前缀无效/);
  });

  it('accepts a list in the forms Fastify compiles', async () => {
    const list = loadConfig({
      TRUST_PROXY: ' loopback, 10.0.0.0/8 ,::1, fd00::/8, 192.168.1.0/255.255.255.0,uniquelocal,linklocal,',
    }).TRUST_PROXY;
    expect(list).toEqual([
      'loopback',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      '192.168.1.0/255.255.255.0',
      'uniquelocal',
      'linklocal',
    ]);
    // Fastify compiles the same list and believes the header from a listed proxy only.
    const app = Fastify({ trustProxy: list });
    app.get('/', async (req) => ({ ip: req.ip }));
    const via = (remoteAddress: string) =>
      app.inject({ url: '/', remoteAddress, headers: { 'x-forwarded-for': '198.51.100.1' } });
    expect((await via('192.168.1.20')).json().ip).toBe('198.51.100.1');
    expect((await via('203.0.113.7')).json().ip).toBe('203.0.113.7');
    await app.close();
  });
});

describe.each(testDbKinds())('client address behind TRUST_PROXY on %s', (kind) => {
  const proxy = '10.0.0.1';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { trustProxy: loadConfig({ TRUST_PROXY: proxy }).TRUST_PROXY });
  });
  afterAll(async () => {
    await t.close();
  });

  /** Code requests per address: 5 a minute (code.service.ts), each to a new mailbox. */
  const sendCode = (ip: string, forwardedFor?: string) =>
    t.call(
      code.sendEmailCode,
      { email: uniqueEmail('xff'), purpose: 'register' },
      { ip, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} },
    );

  it('ignores X-Forwarded-For from a peer that is not a listed proxy', async () => {
    const kinds: string[] = [];
    for (let i = 1; i <= 6; i++) {
      // A fresh forged address each time: it must not make a fresh client.
      const res = await sendCode('203.0.113.7', `198.18.${i}.${i}`);
      kinds.push(res.body.ok ? 'ok' : (res.body.err_data?.kind ?? ''));
    }
    expect(kinds).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'rate_limited']);
  });

  it('honours X-Forwarded-For from a listed proxy: each client has its own limit', async () => {
    for (let i = 1; i <= 6; i++) {
      const res = await sendCode(proxy, `198.51.100.${i}`);
      expect(res.body.ok, `client ${i}`).toBe(true);
    }
    const kinds: string[] = [];
    for (let i = 1; i <= 6; i++) {
      // The client wrote its own X-Forwarded-For; the proxy appended the address it saw.
      const res = await sendCode(proxy, `192.0.2.${i}, 198.51.100.50`);
      kinds.push(res.body.ok ? 'ok' : (res.body.err_data?.kind ?? ''));
    }
    expect(kinds).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'rate_limited']);
  });
});

describe('client address without TRUST_PROXY', () => {
  it('is the address of the connection, whatever the headers say', async () => {
    const t = await createTestApp('pglite');
    try {
      const kinds: string[] = [];
      for (let i = 1; i <= 6; i++) {
        const res = await t.call(
          code.sendEmailCode,
          { email: uniqueEmail('noxff'), purpose: 'register' },
          { ip: '10.0.0.1', headers: { 'x-forwarded-for': `198.18.0.${i}` } },
        );
        kinds.push(res.body.ok ? 'ok' : (res.body.err_data?.kind ?? ''));
      }
      expect(kinds).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'rate_limited']);
    } finally {
      await t.close();
    }
  });
});

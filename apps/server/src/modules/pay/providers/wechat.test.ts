// The WeChat Pay adapter against a local fake of API v3 whose signatures and encryption come from
// wechatpay-axios-plugin (testing/wechat-fake.ts): happy paths, and every way an answer or a
// notification can be wrong. Keys are generated once for the file.
import { createPrivateKey, generateKeyPairSync, type KeyObject, X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Wechatpay } from 'wechatpay-axios-plugin';
import { StartupError } from '../../../platform/startup-errors.ts';
import { type PaymentProvider, ProviderError } from './provider.ts';
import { startWechatFake, type WechatFake } from './testing/wechat-fake.ts';
import {
  createWechatPayProvider,
  rfc3339Beijing,
  type WechatPayOptions,
  wechatPayEnvNames,
  wechatPayOptionsFromEnv,
} from './wechat.ts';

const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const merchant = rsa();
const platform = rsa();
const stranger = rsa();
const mchid = '1900000109';
const appid = 'wxd678efh567hg6787';
const serialNo = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
const platformKeyId = 'PUB_KEY_ID_0114232134912410000000000000';
const apiV3Key = 'a7cde1ef2a3b4c5d6e7f8a9b0c1d2e3f'; // 32 characters

let fake: WechatFake;
let provider: PaymentProvider;

function options(overrides: Partial<WechatPayOptions> = {}): WechatPayOptions {
  return {
    mchid,
    appid,
    serialNo,
    merchantPrivateKey: merchant.privateKey,
    apiV3Key,
    platformKeys: new Map<string, KeyObject>([[platformKeyId, platform.publicKey]]),
    baseUrl: fake.url,
    timeoutMs: 2000,
    ...overrides,
  };
}

beforeAll(async () => {
  fake = await startWechatFake({
    mchid,
    appid,
    merchantKeys: { [serialNo]: merchant.publicKey },
    platformPrivateKey: platform.privateKey,
    platformKeyId,
    apiV3Key,
  });
  provider = createWechatPayProvider(options());
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.mode = 'normal';
});

let seq = 0;
const newNo = () => `T${Date.now()}${++seq}`;
const order = (outTradeNo: string, amountFen = 1990) => ({
  outTradeNo,
  amountFen,
  description: 'GRE 备考 VIP 1 个月',
  expiresAt: new Date('2026-11-26T10:30:00Z'),
  notifyUrl: 'https://gre.example.com/api/pay/notify/wechat',
});

async function rejection(promise: Promise<unknown>): Promise<ProviderError> {
  const err = await promise.then(
    () => {
      throw new Error('expected a ProviderError');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderError);
  return err as ProviderError;
}

describe('the fake itself, checked with the independent client (wechatpay-axios-plugin)', () => {
  it("accepts the plugin's signed request and the plugin accepts the fake's signed answer", async () => {
    const client = new Wechatpay({
      mchid,
      serial: serialNo,
      privateKey: merchant.privateKey,
      certs: { [platformKeyId]: platform.publicKey },
      baseURL: `${fake.url}/`,
    } as never);
    const outTradeNo = newNo();
    const res = await client.chain('v3/pay/transactions/native').post({
      appid,
      mchid,
      description: 'plugin',
      out_trade_no: outTradeNo,
      time_expire: '2026-11-26T18:30:00+08:00',
      notify_url: 'https://gre.example.com/n',
      amount: { total: 7, currency: 'CNY' },
    });
    expect(res.data).toEqual({ code_url: `weixin://wxpay/bizpayurl?pr=${outTradeNo}` });
    expect(fake.requests.at(-1)?.authorized).toBe(true);
  });

  it('refuses a request signed with another key (so a wrong adapter signature would show)', async () => {
    const client = new Wechatpay({
      mchid,
      serial: serialNo,
      privateKey: stranger.privateKey,
      certs: { [platformKeyId]: platform.publicKey },
      baseURL: `${fake.url}/`,
    } as never);
    await expect(client.chain('v3/pay/transactions/native').post({ appid, mchid })).rejects.toMatchObject({
      response: { status: 401 },
    });
  });
});

describe('WeChat Pay adapter: orders', () => {
  it('creates a Native order: code_url, amount in fen, time_expire in RFC 3339 +08:00, every request signed', async () => {
    const no = newNo();
    const created = await provider.create(order(no, 1990));
    expect(created.qrcodeText).toBe(`weixin://wxpay/bizpayurl?pr=${no}`);
    expect(fake.orders.get(no)).toMatchObject({
      total: 1990,
      time_expire: '2026-11-26T18:30:00+08:00',
      description: 'GRE 备考 VIP 1 个月',
      notify_url: 'https://gre.example.com/api/pay/notify/wechat',
      appid,
      mchid,
    });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', authorized: true });
  });

  it('queries: WaitPay, then Paid with amount, transaction id and time; unknown → NotFound', async () => {
    const no = newNo();
    await provider.create(order(no, 7));
    expect(await provider.query(no)).toEqual({ state: 'WaitPay', outTradeNo: no, amountFen: 7 });
    const paid = fake.pay(no, new Date('2026-11-26T10:00:05Z'));
    expect(await provider.query(no)).toEqual({
      state: 'Paid',
      outTradeNo: no,
      amountFen: 7,
      providerTradeNo: paid.transaction_id,
      paidAt: new Date('2026-11-26T10:00:05Z'),
    });
    expect(await provider.query('NO-SUCH-ORDER')).toEqual({ state: 'NotFound', outTradeNo: 'NO-SUCH-ORDER' });
    expect(fake.requests.at(-1)?.url).toBe(`/v3/pay/transactions/out-trade-no/NO-SUCH-ORDER?mchid=${mchid}`);
  });

  it('closes an unpaid order; closing it again or an unknown one is no error; closing a paid one is refused', async () => {
    const no = newNo();
    await provider.create(order(no));
    await provider.close(no);
    expect((await provider.query(no)).state).toBe('Closed');
    await provider.close(no);
    await provider.close('NO-SUCH-ORDER');
    const paidNo = newNo();
    await provider.create(order(paidNo));
    fake.pay(paidNo);
    const err = await rejection(provider.close(paidNo));
    expect(err).toMatchObject({ kind: 'rejected', providerCode: 'ORDERPAID' });
  });

  it('refunds a paid order (then Refunded); refunding an unpaid one → rejected with the code', async () => {
    const no = newNo();
    await provider.create(order(no, 19990));
    fake.pay(no);
    const refund = await provider.refund({
      outTradeNo: no,
      refundNo: `R${no}`,
      refundFen: 19990,
      totalFen: 19990,
      reason: '重复支付',
    });
    expect(refund.state).toBe('Success');
    expect(refund.providerRefundNo).toMatch(/^50000/);
    expect((await provider.query(no)).state).toBe('Refunded');
    const unpaid = newNo();
    await provider.create(order(unpaid));
    const err = await rejection(
      provider.refund({ outTradeNo: unpaid, refundNo: `R${unpaid}`, refundFen: 1, totalFen: 1990, reason: 'x' }),
    );
    expect(err).toMatchObject({ kind: 'rejected', providerCode: 'INVALID_REQUEST' });
  });

  it('a 4xx business error is rejected with WeChat’s code (app id that is not the merchant’s)', async () => {
    const other = createWechatPayProvider(options({ appid: 'wx0000000000000000' }));
    const err = await rejection(other.create(order(newNo())));
    expect(err).toMatchObject({ kind: 'rejected', providerCode: 'APPID_MCHID_NOT_MATCH' });
  });

  it('a request signed with the wrong merchant key is refused (401 SIGN_ERROR, unsigned) → rejected', async () => {
    const wrongKey = createWechatPayProvider(options({ merchantPrivateKey: stranger.privateKey }));
    const err = await rejection(wrongKey.query('ANY'));
    expect(err).toMatchObject({ kind: 'rejected', providerCode: 'SIGN_ERROR' });
    expect(fake.requests.at(-1)?.authorized).toBe(false);
  });
});

describe('WeChat Pay adapter: answers that must not be believed', () => {
  it('a wrong signature on an answer → signature', async () => {
    const no = newNo();
    await provider.create(order(no));
    fake.mode = 'badSignature';
    expect((await rejection(provider.query(no))).kind).toBe('signature');
    // An unsigned "no such order" is not believed either.
    expect((await rejection(provider.query('NO-SUCH-ORDER'))).kind).toBe('signature');
  });

  it('a tampered answer body (NOTPAY → SUCCESS) → signature', async () => {
    const no = newNo();
    await provider.create(order(no));
    fake.mode = 'tamperedBody';
    expect((await rejection(provider.query(no))).kind).toBe('signature');
    expect((await rejection(provider.create(order(newNo())))).kind).toBe('signature');
  });

  it('an answer signed by a key we do not know → signature', async () => {
    const other = createWechatPayProvider(
      options({ platformKeys: new Map([['PUB_KEY_ID_OTHER', platform.publicKey]]) }),
    );
    expect((await rejection(other.query('ANY'))).kind).toBe('signature');
  });

  it('an answer whose timestamp is more than 5 minutes from our clock → signature', async () => {
    const late = createWechatPayProvider(options(), { now: () => new Date(Date.now() + 6 * 60_000) });
    // Our own request is then signed 6 minutes ahead too: the fake refuses it (401), unsigned → rejected.
    expect((await rejection(late.query('ANY'))).kind).toBe('rejected');
    const slightlyLate = createWechatPayProvider(options(), { now: () => new Date(Date.now() + 4 * 60_000) });
    expect((await slightlyLate.query('NO-SUCH-ORDER')).state).toBe('NotFound');
  });

  it('an answer about another merchant → mismatch', async () => {
    const no = newNo();
    await provider.create(order(no));
    fake.mode = 'otherMerchant';
    expect((await rejection(provider.query(no))).kind).toBe('mismatch');
  });

  it('5xx → unavailable', async () => {
    fake.mode = 'error500';
    expect((await rejection(provider.create(order(newNo())))).kind).toBe('unavailable');
  });

  it('a provider that hangs past the timeout → unavailable', async () => {
    fake.mode = 'hang';
    const impatient = createWechatPayProvider(options({ timeoutMs: 300 }));
    const started = Date.now();
    expect((await rejection(impatient.query('ANY'))).kind).toBe('unavailable');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('a provider that is down (connection refused) → unavailable', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const down = createWechatPayProvider(options({ baseUrl: `http://127.0.0.1:${port}` }));
    const err = await rejection(down.create(order(newNo())));
    expect(err.kind).toBe('unavailable');
  });
});

describe('WeChat Pay adapter: notifications', () => {
  async function paidOrder(amountFen = 1990) {
    const no = newNo();
    await provider.create(order(no, amountFen));
    fake.pay(no);
    return no;
  }

  it('verifies, decrypts and parses a payment notification; a replay verifies the same, same id', async () => {
    const no = await paidOrder(1990);
    const incoming = fake.notification(no, { id: 'EV-2018022511223320873' });
    const first = await provider.verifyNotification(incoming);
    expect(first).toMatchObject({
      notificationId: 'EV-2018022511223320873',
      order: { state: 'Paid', outTradeNo: no, amountFen: 1990, providerTradeNo: fake.orders.get(no)?.transaction_id },
    });
    expect(first.order.paidAt).toBeInstanceOf(Date);
    expect(await provider.verifyNotification(incoming)).toEqual(first);
  });

  it('a wrong signature → signature', async () => {
    const no = await paidOrder();
    const a = fake.notification(no);
    const b = fake.notification(no, { id: 'EV-other' });
    const err = await rejection(
      provider.verifyNotification({
        rawBody: a.rawBody,
        headers: { ...a.headers, 'wechatpay-signature': b.headers['wechatpay-signature'] },
      }),
    );
    expect(err.kind).toBe('signature');
  });

  it('a tampered body → signature', async () => {
    const no = await paidOrder();
    const n = fake.notification(no);
    const err = await rejection(
      provider.verifyNotification({ ...n, rawBody: n.rawBody.replace('TRANSACTION.SUCCESS', 'TRANSACTION.SUCCESs') }),
    );
    expect(err.kind).toBe('signature');
  });

  it('a timestamp older than 5 minutes → signature (even though the signature itself is right)', async () => {
    const no = await paidOrder();
    const old = fake.notification(no, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect((await rejection(provider.verifyNotification(old))).kind).toBe('signature');
    const recent = fake.notification(no, { timestamp: Math.floor(Date.now() / 1000) - 200 });
    expect((await provider.verifyNotification(recent)).order.state).toBe('Paid');
  });

  it('a resource that does not decrypt with our APIv3 key → signature', async () => {
    const no = await paidOrder();
    const otherKey = createWechatPayProvider(options({ apiV3Key: 'b'.repeat(32) }));
    expect((await rejection(otherKey.verifyNotification(fake.notification(no)))).kind).toBe('signature');
  });

  it('a notification for another merchant or app → mismatch', async () => {
    const no = await paidOrder();
    const otherMch = fake.notification(no, { mchid: '1230000109' });
    expect((await rejection(provider.verifyNotification(otherMch))).kind).toBe('mismatch');
    const otherApp = fake.notification(no, { appid: 'wx1111111111111111' });
    expect((await rejection(provider.verifyNotification(otherApp))).kind).toBe('mismatch');
  });

  it('answers with the protocol’s bodies', () => {
    expect(provider.notificationAck(true)).toEqual({ status: 204, contentType: 'application/json', body: '' });
    const fail = provider.notificationAck(false);
    expect(fail.status).toBeGreaterThanOrEqual(500);
    expect(JSON.parse(fail.body)).toEqual({ code: 'FAIL', message: '失败' });
  });
});

describe('WeChat Pay settings', () => {
  const pem = (k: KeyObject, type: 'pkcs8' | 'spki') => k.export({ format: 'pem', type }).toString();
  const base = () => ({
    WECHATPAY_MCHID: mchid,
    WECHATPAY_APPID: appid,
    WECHATPAY_SERIAL_NO: serialNo,
    WECHATPAY_PRIVATE_KEY: pem(merchant.privateKey, 'pkcs8'),
    WECHATPAY_APIV3_KEY: apiV3Key,
    WECHATPAY_PLATFORM_PUBLIC_KEY: pem(platform.publicKey, 'spki'),
    WECHATPAY_PLATFORM_PUBLIC_KEY_ID: platformKeyId,
  });

  it('reads every variable, keys inline or from a file, with the default base URL', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wechatpay-'));
    const keyFile = path.join(dir, 'apiclient_key.pem');
    fs.writeFileSync(keyFile, pem(merchant.privateKey, 'pkcs8'));
    const { WECHATPAY_PRIVATE_KEY: _inline, ...rest } = base();
    const o = wechatPayOptionsFromEnv({ ...rest, WECHATPAY_PRIVATE_KEY_FILE: keyFile });
    expect(o).toMatchObject({ mchid, appid, serialNo, apiV3Key, baseUrl: 'https://api.mch.weixin.qq.com' });
    expect(o.platformKeys.get(platformKeyId)?.equals(platform.publicKey)).toBe(true);
    expect(o.merchantPrivateKey.equals(merchant.privateKey)).toBe(true);
    fs.rmSync(dir, { recursive: true });
  });

  it('reads only the variables it lists (the list README and .env.example are checked against)', () => {
    const read = new Set<string>();
    const env = new Proxy(base() as Record<string, string | undefined>, {
      get: (target, name: string) => {
        read.add(name);
        return target[name];
      },
    });
    wechatPayOptionsFromEnv(env);
    expect([...read].filter((name) => !wechatPayEnvNames.includes(name))).toEqual([]);
  });

  it('names the missing or wrong variable, in Chinese and English', () => {
    const without = (name: string) => {
      const env: Record<string, string | undefined> = base();
      delete env[name];
      return env;
    };
    for (const name of ['WECHATPAY_MCHID', 'WECHATPAY_APPID', 'WECHATPAY_SERIAL_NO', 'WECHATPAY_PRIVATE_KEY']) {
      expect(() => wechatPayOptionsFromEnv(without(name))).toThrow(StartupError);
      expect(() => wechatPayOptionsFromEnv(without(name))).toThrow(new RegExp(`${name}.*${name}`));
    }
    expect(() => wechatPayOptionsFromEnv(without('WECHATPAY_PLATFORM_PUBLIC_KEY_ID'))).toThrow(
      /WECHATPAY_PLATFORM_PUBLIC_KEY_ID/,
    );
    expect(() => wechatPayOptionsFromEnv(without('WECHATPAY_PLATFORM_PUBLIC_KEY'))).toThrow(/WECHATPAY_PLATFORM_CERT/);
    expect(() => wechatPayOptionsFromEnv({ ...base(), WECHATPAY_APIV3_KEY: 'short' })).toThrow(/32/);
    expect(() => wechatPayOptionsFromEnv({ ...base(), WECHATPAY_PRIVATE_KEY: 'not a key' })).toThrow(
      /WECHATPAY_PRIVATE_KEY.*私钥/,
    );
    expect(() =>
      wechatPayOptionsFromEnv({
        ...base(),
        WECHATPAY_PRIVATE_KEY_FILE: '/nonexistent/key.pem',
        WECHATPAY_PRIVATE_KEY: '',
      }),
    ).toThrow(/WECHATPAY_PRIVATE_KEY_FILE/);
    expect(() => wechatPayOptionsFromEnv({ ...base(), WECHATPAY_BASE_URL: 'api.mch.weixin.qq.com' })).toThrow(
      /WECHATPAY_BASE_URL/,
    );
  });

  it('certificate mode: the serial is read from the platform certificate, and its signatures verify', async () => {
    const fixtures = path.join(import.meta.dirname, 'testing/fixtures');
    const certFile = path.join(fixtures, 'platform-cert.test.pem');
    const { WECHATPAY_PLATFORM_PUBLIC_KEY: _key, WECHATPAY_PLATFORM_PUBLIC_KEY_ID: _id, ...rest } = base();
    const o = wechatPayOptionsFromEnv({ ...rest, WECHATPAY_PLATFORM_CERT_FILE: certFile });
    const serial = new X509Certificate(fs.readFileSync(certFile)).serialNumber;
    expect([...o.platformKeys.keys()]).toEqual([serial]);
    const certFake = await startWechatFake({
      mchid,
      appid,
      merchantKeys: { [serialNo]: merchant.publicKey },
      platformPrivateKey: createPrivateKey(fs.readFileSync(path.join(fixtures, 'platform-cert-key.test.pem'))),
      platformKeyId: serial,
      apiV3Key,
    });
    try {
      const viaCert = createWechatPayProvider({ ...o, baseUrl: certFake.url });
      const no = newNo();
      await viaCert.create(order(no, 1999));
      certFake.pay(no);
      expect((await viaCert.query(no)).state).toBe('Paid');
      expect((await viaCert.verifyNotification(certFake.notification(no))).order.amountFen).toBe(1999);
      // The public-key adapter does not know this certificate's serial.
      expect((await rejection(provider.verifyNotification(certFake.notification(no)))).kind).toBe('signature');
    } finally {
      await certFake.close();
    }
    expect(() =>
      wechatPayOptionsFromEnv({ ...rest, WECHATPAY_PLATFORM_CERT: pem(platform.publicKey, 'spki') }),
    ).toThrow(/WECHATPAY_PLATFORM_CERT/);
  });

  it('formats time_expire in Beijing time', () => {
    expect(rfc3339Beijing(new Date('2026-11-26T17:59:59.500Z'))).toBe('2026-11-27T01:59:59+08:00');
  });
});

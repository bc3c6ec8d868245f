// The Alipay adapter against a local fake of the OpenAPI gateway that verifies with alipay-sdk
// (testing/alipay-fake.ts): happy paths, amounts in yuan → fen, and every way an answer or a
// notification can be wrong. Keys are generated once for the file.
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { AlipaySdk } from 'alipay-sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { StartupError } from '../../../platform/startup-errors.ts';
import {
  type AlipayOptions,
  alipayEnvNames,
  alipayOptionsFromEnv,
  alipaySignContent,
  createAlipayProvider,
  rawJsonMember,
} from './alipay.ts';
import { type PaymentProvider, ProviderError } from './provider.ts';
import { fenOfYuan, yuanOfFen } from './provider-support.ts';
import { type AlipayFake, startAlipayFake } from './testing/alipay-fake.ts';

const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const app = rsa();
const alipay = rsa();
const stranger = rsa();
const appId = '2021000117600000';
const sellerId = '2088102177800000';
const der = (key: KeyObject, type: 'spki' | 'pkcs8') => key.export({ format: 'der', type }).toString('base64');

let fake: AlipayFake;
let provider: PaymentProvider;

function options(overrides: Partial<AlipayOptions> = {}): AlipayOptions {
  return {
    appId,
    appPrivateKey: app.privateKey,
    alipayPublicKey: alipay.publicKey,
    gateway: fake.url,
    sellerId,
    timeoutMs: 2000,
    ...overrides,
  };
}

beforeAll(async () => {
  fake = await startAlipayFake({ appId, sellerId, appPublicKey: app.publicKey, alipayPrivateKey: alipay.privateKey });
  provider = createAlipayProvider(options());
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.mode = 'normal';
});

let seq = 0;
const newNo = () => `A${Date.now()}${++seq}`;
const order = (outTradeNo: string, amountFen = 1990) => ({
  outTradeNo,
  amountFen,
  description: 'GRE 备考 闪卡币 100',
  expiresAt: new Date(Date.now() + 15 * 60_000),
  notifyUrl: 'https://gre.example.com/api/pay/notify/alipay',
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

describe('the fake itself, checked with the independent client (alipay-sdk)', () => {
  const sdk = (privateKey: KeyObject) =>
    new AlipaySdk({
      appId,
      privateKey: der(privateKey, 'pkcs8'),
      keyType: 'PKCS8',
      alipayPublicKey: der(alipay.publicKey, 'spki'),
      gateway: fake.url,
      camelcase: false,
    });

  it("accepts alipay-sdk's signed request and alipay-sdk accepts the fake's signed answer", async () => {
    const no = newNo();
    const result = await sdk(app.privateKey).exec(
      'alipay.trade.precreate',
      { bizContent: { out_trade_no: no, total_amount: '0.07', subject: 'sdk' } },
      { validateSign: true },
    );
    expect(result).toMatchObject({ code: '10000', qr_code: `https://qr.alipay.com/bax0${no}` });
    expect(fake.requests.at(-1)).toEqual({ method: 'alipay.trade.precreate', verified: true });
  });

  it('refuses a request signed with another key (so a wrong adapter signature would show)', async () => {
    const result = await sdk(stranger.privateKey).exec('alipay.trade.query', { bizContent: { out_trade_no: 'X' } });
    expect(result).toMatchObject({ code: '40002', sub_code: 'isv.invalid-signature' });
  });

  it("alipay-sdk rejects the fake's answer when its signature is wrong", async () => {
    fake.mode = 'badSignature';
    await expect(
      sdk(app.privateKey).exec('alipay.trade.query', { bizContent: { out_trade_no: 'X' } }, { validateSign: true }),
    ).rejects.toThrow(/验签失败/);
  });

  it("alipay-sdk verifies the fake's notifications", async () => {
    const no = newNo();
    await provider.create(order(no, 7));
    fake.pay(no);
    const { params } = fake.notification(no);
    expect(sdk(app.privateKey).checkNotifySignV2(params)).toBe(true);
    expect(sdk(app.privateKey).checkNotifySignV2({ ...params, total_amount: '70.00' })).toBe(false);
  });
});

describe('Alipay adapter: orders', () => {
  it('precreates: qr_code, total_amount in yuan, notify_url, a verified signature', async () => {
    const no = newNo();
    const created = await provider.create(order(no, 1990));
    expect(created.qrcodeText).toBe(`https://qr.alipay.com/bax0${no}`);
    expect(fake.trades.get(no)).toMatchObject({
      total_amount: '19.90',
      subject: 'GRE 备考 闪卡币 100',
      notify_url: 'https://gre.example.com/api/pay/notify/alipay',
    });
    expect(fake.requests.at(-1)).toEqual({ method: 'alipay.trade.precreate', verified: true });
  });

  it('queries: NotFound before the scan, WaitPay after, then Paid with the exact amount in fen', async () => {
    const no = newNo();
    await provider.create(order(no, 7));
    expect(await provider.query(no)).toEqual({ state: 'NotFound', outTradeNo: no });
    const trade = fake.scan(no);
    expect(await provider.query(no)).toEqual({
      state: 'WaitPay',
      outTradeNo: no,
      amountFen: 7,
      providerTradeNo: trade.trade_no,
    });
    fake.pay(no);
    const paid = await provider.query(no);
    expect(paid).toMatchObject({ state: 'Paid', amountFen: 7, providerTradeNo: trade.trade_no });
    expect(Math.abs((paid.paidAt?.getTime() ?? 0) - Date.now())).toBeLessThan(5000);
  });

  it('closes: an unscanned order (no trade yet) and a waiting one; a closed one again; a paid one is refused', async () => {
    const unscanned = newNo();
    await provider.create(order(unscanned));
    await provider.close(unscanned);
    const waiting = newNo();
    await provider.create(order(waiting));
    fake.scan(waiting);
    await provider.close(waiting);
    expect((await provider.query(waiting)).state).toBe('Closed');
    await provider.close(waiting);
    const paid = newNo();
    await provider.create(order(paid));
    fake.pay(paid);
    expect(await rejection(provider.close(paid))).toMatchObject({
      kind: 'rejected',
      providerCode: 'ACQ.TRADE_STATUS_ERROR',
    });
  });

  it('refunds a paid order; refunding an unpaid one → rejected with the sub_code', async () => {
    const no = newNo();
    await provider.create(order(no, 199900));
    fake.pay(no);
    const refund = await provider.refund({
      outTradeNo: no,
      refundNo: `R${no}`,
      refundFen: 199900,
      totalFen: 199900,
      reason: '重复支付',
    });
    expect(refund).toEqual({ state: 'Success', providerRefundNo: fake.trades.get(no)?.trade_no });
    expect((await provider.query(no)).state).toBe('Closed');
    const waiting = newNo();
    await provider.create(order(waiting));
    fake.scan(waiting);
    expect(
      await rejection(
        provider.refund({ outTradeNo: waiting, refundNo: 'R1', refundFen: 1, totalFen: 1990, reason: 'x' }),
      ),
    ).toMatchObject({ kind: 'rejected', providerCode: 'ACQ.TRADE_STATUS_ERROR' });
  });

  it('a request signed with the wrong key → rejected with isv.invalid-signature', async () => {
    const wrongKey = createAlipayProvider(options({ appPrivateKey: stranger.privateKey }));
    expect(await rejection(wrongKey.create(order(newNo())))).toMatchObject({
      kind: 'rejected',
      providerCode: 'isv.invalid-signature',
    });
    expect(fake.requests.at(-1)?.verified).toBe(false);
  });

  it('a business error (duplicate order) → rejected with the sub_code', async () => {
    const no = newNo();
    await provider.create(order(no));
    expect(await rejection(provider.create(order(no)))).toMatchObject({
      kind: 'rejected',
      providerCode: 'ACQ.CONTEXT_INCONSISTENT',
    });
  });
});

describe('Alipay adapter: answers that must not be believed', () => {
  it('a wrong signature on an answer → signature', async () => {
    fake.mode = 'badSignature';
    expect((await rejection(provider.create(order(newNo())))).kind).toBe('signature');
    // Not even a "no such trade".
    expect((await rejection(provider.query('NO-SUCH'))).kind).toBe('signature');
  });

  it('a tampered answer (qr_code, trade_status) → signature', async () => {
    const no = newNo();
    fake.mode = 'tamperedBody';
    expect((await rejection(provider.create(order(no)))).kind).toBe('signature');
    fake.mode = 'normal';
    const other = newNo();
    await provider.create(order(other));
    fake.scan(other);
    fake.mode = 'tamperedBody';
    expect((await rejection(provider.query(other))).kind).toBe('signature');
  });

  it('an unsigned success, or an unsigned "no such trade" → signature', async () => {
    const no = newNo();
    await provider.create(order(no));
    fake.scan(no);
    fake.mode = 'unsigned';
    expect((await rejection(provider.query(no))).kind).toBe('signature');
    expect((await rejection(provider.query('NO-SUCH'))).kind).toBe('rejected');
  });

  it('an answer signed by another key → signature', async () => {
    const other = createAlipayProvider(options({ alipayPublicKey: stranger.publicKey }));
    expect((await rejection(other.create(order(newNo())))).kind).toBe('signature');
  });

  it('5xx, and Alipay’s 20000 "service unavailable" → unavailable', async () => {
    fake.mode = 'error500';
    expect((await rejection(provider.create(order(newNo())))).kind).toBe('unavailable');
    fake.mode = 'busy';
    expect((await rejection(provider.query('ANY'))).kind).toBe('unavailable');
  });

  it('a gateway that hangs past the timeout → unavailable', async () => {
    fake.mode = 'hang';
    const impatient = createAlipayProvider(options({ timeoutMs: 300 }));
    const started = Date.now();
    expect((await rejection(impatient.query('ANY'))).kind).toBe('unavailable');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('a gateway that is down (connection refused) → unavailable', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const down = createAlipayProvider(options({ gateway: `http://127.0.0.1:${port}/gateway.do` }));
    expect((await rejection(down.create(order(newNo())))).kind).toBe('unavailable');
  });
});

describe('Alipay adapter: notifications', () => {
  async function paid(amountFen: number) {
    const no = newNo();
    await provider.create(order(no, amountFen));
    fake.pay(no);
    return no;
  }

  it('verifies and parses a payment notification; amounts in yuan become fen exactly; a replay verifies the same', async () => {
    for (const [fen, yuan] of [
      [7, '0.07'],
      [1990, '19.90'],
      [199900, '1999.00'],
    ] as const) {
      const no = await paid(fen);
      const n = fake.notification(no, { notifyId: `N${no}` });
      expect(n.params.total_amount).toBe(yuan);
      const verified = await provider.verifyNotification(n);
      expect(verified).toMatchObject({
        notificationId: `N${no}`,
        order: { state: 'Paid', outTradeNo: no, amountFen: fen, providerTradeNo: fake.trades.get(no)?.trade_no },
      });
      expect(verified.order.paidAt).toBeInstanceOf(Date);
      expect(await provider.verifyNotification(n)).toEqual(verified);
    }
  });

  it('a full refund is notified as Refunded, a partial one leaves the trade Paid', async () => {
    const no = await paid(1990);
    await provider.refund({ outTradeNo: no, refundNo: `R${no}`, refundFen: 1990, totalFen: 1990, reason: '重复支付' });
    const full = await provider.verifyNotification(fake.notification(no, { notifyId: `F${no}`, refundFee: '19.90' }));
    expect(full).toMatchObject({ notificationId: `F${no}`, order: { state: 'Refunded', amountFen: 1990 } });
    const partlyRefunded = await paid(1990);
    const partial = fake.notification(partlyRefunded, { refundFee: '9.90' });
    expect((await provider.verifyNotification(partial)).order.state).toBe('Paid');
  });

  it('a wrong signature → signature', async () => {
    const no = await paid(1990);
    const a = fake.notification(no);
    const b = fake.notification(no, { notifyId: 'other' });
    const forged = new URLSearchParams(a.rawBody);
    forged.set('sign', b.params.sign ?? '');
    expect(
      (await rejection(provider.verifyNotification({ headers: a.headers, rawBody: forged.toString() }))).kind,
    ).toBe('signature');
  });

  it('a tampered body (amount, status) → signature', async () => {
    const no = await paid(1990);
    const n = fake.notification(no);
    const tampered = new URLSearchParams(n.rawBody);
    tampered.set('total_amount', '0.01');
    expect((await rejection(provider.verifyNotification({ ...n, rawBody: tampered.toString() }))).kind).toBe(
      'signature',
    );
    const unsigned = new URLSearchParams(n.rawBody);
    unsigned.delete('sign');
    expect((await rejection(provider.verifyNotification({ ...n, rawBody: unsigned.toString() }))).kind).toBe(
      'signature',
    );
  });

  it('another app id or seller → mismatch', async () => {
    const no = await paid(1990);
    const otherApp = fake.notification(no, { appId: '2021000000000001' });
    expect((await rejection(provider.verifyNotification(otherApp))).kind).toBe('mismatch');
    const otherSeller = fake.notification(no, { sellerId: '2088000000000001' });
    expect((await rejection(provider.verifyNotification(otherSeller))).kind).toBe('mismatch');
    // Without ALIPAY_SELLER_ID the seller is not checked.
    const anySeller = createAlipayProvider(options({ sellerId: undefined }));
    expect((await anySeller.verifyNotification(otherSeller)).order.state).toBe('Paid');
  });

  it('answers "success" / "fail" as text', () => {
    expect(provider.notificationAck(true)).toEqual({
      status: 200,
      contentType: 'text/plain; charset=utf-8',
      body: 'success',
    });
    expect(provider.notificationAck(false).body).toBe('fail');
  });
});

describe('Alipay signing pieces', () => {
  it('yuan ↔ fen as text, never through floating point', () => {
    expect(fenOfYuan('0.07')).toBe(7);
    expect(fenOfYuan('19.90')).toBe(1990);
    expect(fenOfYuan('1999.00')).toBe(199900);
    expect(fenOfYuan('0.29')).toBe(29); // 0.29 * 100 = 28.999999999999996
    expect(fenOfYuan('1.1')).toBe(110);
    expect(fenOfYuan('12')).toBe(1200);
    for (const bad of ['1.005', '-1.00', '1e3', '', ' ', '1,00', 'NaN']) expect(fenOfYuan(bad)).toBeUndefined();
    expect(yuanOfFen(7)).toBe('0.07');
    expect(yuanOfFen(199900)).toBe('1999.00');
    expect(() => yuanOfFen(1.5)).toThrow(RangeError);
  });

  it('takes the raw response node as it arrived (escaped slashes, spaces, a "sign" inside a value)', () => {
    const text =
      '{"alipay_trade_precreate_response" : {"code":"10000","msg":"Success","qr_code":"https:\\/\\/qr.alipay.com\\/x","note":"\\"sign\\":{}"} ,"sign":"abc"}';
    expect(rawJsonMember(text, 'alipay_trade_precreate_response')).toBe(
      '{"code":"10000","msg":"Success","qr_code":"https:\\/\\/qr.alipay.com\\/x","note":"\\"sign\\":{}"}',
    );
    expect(rawJsonMember(text, 'sign')).toBe('"abc"');
    expect(rawJsonMember('{"a":{"alipay_x_response":1}}', 'alipay_x_response')).toBeUndefined();
  });

  it('builds the sign content as alipay-sdk does (sorted, without sign / sign_type for notifications)', () => {
    const params = { b: '2', a: '1', sign: 's', sign_type: 'RSA2', c: '' };
    expect(alipaySignContent(params, ['sign'])).toBe('a=1&b=2&sign_type=RSA2');
    expect(alipaySignContent(params, ['sign', 'sign_type'])).toBe('a=1&b=2');
  });
});

describe('Alipay settings', () => {
  const pem = (k: KeyObject, type: 'pkcs8' | 'spki') => k.export({ format: 'pem', type }).toString();
  const base = () => ({
    ALIPAY_APP_ID: appId,
    ALIPAY_PRIVATE_KEY: pem(app.privateKey, 'pkcs8'),
    ALIPAY_PUBLIC_KEY: pem(alipay.publicKey, 'spki'),
  });

  it('reads every variable; keys as PEM, as the bare base64 of Alipay’s key tool, or from a file', () => {
    const o = alipayOptionsFromEnv(base());
    expect(o).toMatchObject({ appId, gateway: 'https://openapi.alipay.com/gateway.do' });
    expect(o.sellerId).toBeUndefined();
    const pkcs1 = app.privateKey.export({ format: 'der', type: 'pkcs1' }).toString('base64');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alipay-'));
    const publicFile = path.join(dir, 'alipayPublicKey_RSA2.txt');
    fs.writeFileSync(publicFile, der(alipay.publicKey, 'spki'));
    const bare = alipayOptionsFromEnv({
      ALIPAY_APP_ID: appId,
      ALIPAY_PRIVATE_KEY: pkcs1,
      ALIPAY_PUBLIC_KEY_FILE: publicFile,
      ALIPAY_GATEWAY: 'https://openapi-sandbox.dl.alipaydev.com/gateway.do',
      ALIPAY_SELLER_ID: sellerId,
    });
    expect(bare.appPrivateKey.equals(app.privateKey)).toBe(true);
    expect(bare.alipayPublicKey.equals(alipay.publicKey)).toBe(true);
    expect(bare).toMatchObject({ sellerId, gateway: 'https://openapi-sandbox.dl.alipaydev.com/gateway.do' });
    expect(
      alipayOptionsFromEnv({ ...base(), ALIPAY_PRIVATE_KEY: der(app.privateKey, 'pkcs8') }).appPrivateKey.equals(
        app.privateKey,
      ),
    ).toBe(true);
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
    alipayOptionsFromEnv(env);
    expect([...read].filter((name) => !alipayEnvNames.includes(name))).toEqual([]);
  });

  it('names the missing or wrong variable, in Chinese and English', () => {
    for (const name of ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'] as const) {
      const env: Record<string, string | undefined> = base();
      delete env[name];
      expect(() => alipayOptionsFromEnv(env)).toThrow(StartupError);
      expect(() => alipayOptionsFromEnv(env)).toThrow(new RegExp(`支付宝.*${name}.*${name}`));
    }
    expect(() => alipayOptionsFromEnv({ ...base(), ALIPAY_PUBLIC_KEY: 'bm90IGEga2V5' })).toThrow(
      /ALIPAY_PUBLIC_KEY.*公钥/,
    );
    expect(() => alipayOptionsFromEnv({ ...base(), ALIPAY_GATEWAY: 'openapi.alipay.com' })).toThrow(/ALIPAY_GATEWAY/);
  });
});

// A local fake of WeChat Pay API v3 (Native) on 127.0.0.1 for the adapter's tests (issue 16). It keeps
// orders in memory, checks every request's Authorization and signs every answer and notification. The
// signature strings, RSA and AES-GCM come from wechatpay-axios-plugin (an independent implementation
// of WeChat's published algorithms), not from our adapter, so the adapter is not only checked against
// itself; the tests also run the plugin's own client against this fake to check the fake.
import { type KeyObject, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Aes, Formatter, Rsa } from 'wechatpay-axios-plugin';

export interface WechatFakeOptions {
  mchid: string;
  appid: string;
  /** Merchant API certificate serial → the merchant's public key (verifies our requests). */
  merchantKeys: Record<string, KeyObject>;
  /** Signs answers and notifications; its id goes in Wechatpay-Serial. */
  platformPrivateKey: KeyObject;
  platformKeyId: string;
  apiV3Key: string;
}

interface FakeOrder {
  appid: string;
  mchid: string;
  out_trade_no: string;
  description: string;
  notify_url: string;
  time_expire: string;
  total: number;
  trade_state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND' | 'PAYERROR';
  transaction_id?: string;
  success_time?: string;
}

/** How the fake misbehaves, for the failure tests. */
export type WechatFakeMode = 'normal' | 'hang' | 'error500' | 'badSignature' | 'tamperedBody' | 'otherMerchant';

export interface ReceivedRequest {
  method: string;
  url: string;
  body: string;
  /** Whether the Authorization header verified (the fake answers 401 otherwise). */
  authorized: boolean;
}

export interface WechatFake {
  url: string;
  orders: Map<string, FakeOrder>;
  requests: ReceivedRequest[];
  mode: WechatFakeMode;
  /** The payer pays: the order becomes SUCCESS. */
  pay(outTradeNo: string, at?: Date): FakeOrder;
  /** WeChat's TRANSACTION.SUCCESS notification for the order as it is now, signed and encrypted. */
  notification(
    outTradeNo: string,
    tweak?: { id?: string; timestamp?: number; mchid?: string; appid?: string },
  ): { headers: Record<string, string>; rawBody: string };
  close(): Promise<void>;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

export async function startWechatFake(options: WechatFakeOptions): Promise<WechatFake> {
  const orders = new Map<string, FakeOrder>();
  const requests: ReceivedRequest[] = [];

  function signedHeaders(body: string, timestamp = nowSeconds()): Record<string, string> {
    const nonce = Formatter.nonce();
    return {
      'Wechatpay-Timestamp': String(timestamp),
      'Wechatpay-Nonce': nonce,
      'Wechatpay-Signature': Rsa.sign(Formatter.response(timestamp, nonce, body), options.platformPrivateKey),
      'Wechatpay-Serial': options.platformKeyId,
      'Request-ID': randomBytes(8).toString('hex'),
    };
  }

  /** WECHATPAY2-SHA256-RSA2048 mchid="…",nonce_str="…",… → verified with the merchant key of serial_no. */
  function authorized(method: string, url: string, body: string, authorization: string | undefined): boolean {
    const m = /^WECHATPAY2-SHA256-RSA2048 (.*)$/.exec(authorization ?? '');
    if (!m?.[1]) return false;
    const fields = Object.fromEntries([...m[1].matchAll(/(\w+)="([^"]*)"/g)].map((f) => [f[1], f[2]]));
    const key = options.merchantKeys[fields.serial_no ?? ''];
    if (!key || fields.mchid !== options.mchid || !fields.signature || !fields.nonce_str) return false;
    if (Math.abs(nowSeconds() - Number(fields.timestamp)) > 300) return false;
    return Rsa.verify(
      Formatter.request(method, url, fields.timestamp ?? '', fields.nonce_str, body),
      fields.signature,
      key,
    );
  }

  function transactionOf(o: FakeOrder, mode: WechatFakeMode) {
    return {
      appid: o.appid,
      mchid: mode === 'otherMerchant' ? '1999999999' : o.mchid,
      out_trade_no: o.out_trade_no,
      transaction_id: o.transaction_id,
      trade_type: 'NATIVE',
      trade_state: o.trade_state,
      trade_state_desc: o.trade_state,
      success_time: o.success_time,
      amount: { total: o.total, payer_total: o.total, currency: 'CNY', payer_currency: 'CNY' },
    };
  }

  type Reply = { status: number; json?: unknown };
  const error = (status: number, code: string, message: string): Reply => ({ status, json: { code, message } });

  function route(method: string, url: URL, body: string): Reply {
    const path = url.pathname;
    const payload = body ? (JSON.parse(body) as Record<string, unknown>) : {};
    if (method === 'POST' && path === '/v3/pay/transactions/native') {
      const amount = payload.amount as { total?: unknown; currency?: unknown } | undefined;
      if (payload.appid !== options.appid || payload.mchid !== options.mchid)
        return error(400, 'APPID_MCHID_NOT_MATCH', 'appid和mch_id不匹配');
      if (
        typeof payload.out_trade_no !== 'string' ||
        typeof payload.description !== 'string' ||
        typeof payload.notify_url !== 'string' ||
        !Number.isInteger(amount?.total) ||
        (amount?.total as number) < 1 ||
        !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/.test(String(payload.time_expire))
      )
        return error(400, 'PARAM_ERROR', '参数错误');
      if (orders.has(payload.out_trade_no)) return error(400, 'ORDER_NO_USED', '商户订单号重复');
      orders.set(payload.out_trade_no, {
        appid: options.appid,
        mchid: options.mchid,
        out_trade_no: payload.out_trade_no,
        description: payload.description,
        notify_url: payload.notify_url,
        time_expire: String(payload.time_expire),
        total: amount?.total as number,
        trade_state: 'NOTPAY',
      });
      return { status: 200, json: { code_url: `weixin://wxpay/bizpayurl?pr=${payload.out_trade_no}` } };
    }
    const byNo = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(path);
    if (byNo?.[1]) {
      const order = orders.get(decodeURIComponent(byNo[1]));
      if (byNo[2]) {
        if (method !== 'POST' || payload.mchid !== options.mchid) return error(400, 'PARAM_ERROR', '参数错误');
        if (!order) return error(404, 'ORDER_NOT_EXIST', '订单不存在');
        if (order.trade_state === 'SUCCESS' || order.trade_state === 'REFUND')
          return error(400, 'ORDERPAID', '订单已支付');
        if (order.trade_state === 'CLOSED') return error(400, 'ORDER_CLOSED', '订单已关闭');
        order.trade_state = 'CLOSED';
        return { status: 204 };
      }
      if (method !== 'GET' || url.searchParams.get('mchid') !== options.mchid)
        return error(400, 'PARAM_ERROR', '参数错误');
      if (!order) return error(404, 'ORDER_NOT_EXIST', '订单不存在');
      return { status: 200, json: transactionOf(order, fake.mode) };
    }
    if (method === 'POST' && path === '/v3/refund/domestic/refunds') {
      const order = orders.get(String(payload.out_trade_no));
      const amount = payload.amount as { refund?: number; total?: number } | undefined;
      if (!order) return error(404, 'RESOURCE_NOT_EXISTS', '订单不存在');
      if (order.trade_state !== 'SUCCESS') return error(400, 'INVALID_REQUEST', '订单状态不正确');
      if (amount?.total !== order.total || !amount.refund || amount.refund > order.total)
        return error(400, 'PARAM_ERROR', '退款金额不正确');
      order.trade_state = 'REFUND';
      return {
        status: 200,
        json: {
          refund_id: `50000${order.transaction_id}`,
          out_refund_no: payload.out_refund_no,
          transaction_id: order.transaction_id,
          out_trade_no: order.out_trade_no,
          status: 'SUCCESS',
          amount: { refund: amount.refund, total: order.total, currency: 'CNY' },
        },
      };
    }
    return error(404, 'NOT_FOUND', '接口不存在');
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const method = req.method ?? 'GET';
      const target = req.url ?? '/';
      const ok = authorized(method, target, body, req.headers.authorization);
      requests.push({ method, url: target, body, authorized: ok });
      if (fake.mode === 'hang') return; // never answers; close() cuts the connection
      if (fake.mode === 'error500') {
        res.writeHead(500, { 'Content-Type': 'application/json' }).end('{"code":"SYSTEM_ERROR","message":"系统错误"}');
        return;
      }
      if (!ok) {
        // WeChat answers a request it cannot authenticate without signing the answer.
        res.writeHead(401, { 'Content-Type': 'application/json' }).end('{"code":"SIGN_ERROR","message":"签名错误"}');
        return;
      }
      const reply = route(method, new URL(target, 'http://fake'), body);
      const text = reply.json === undefined ? '' : JSON.stringify(reply.json);
      const headers = signedHeaders(text);
      if (fake.mode === 'badSignature')
        headers['Wechatpay-Signature'] = Rsa.sign('something else', options.platformPrivateKey);
      const sent = fake.mode === 'tamperedBody' ? text.replace('"NOTPAY"', '"SUCCESS"').replace('pr=', 'pr=x') : text;
      res.writeHead(reply.status, { ...headers, ...(text ? { 'Content-Type': 'application/json' } : {}) }).end(sent);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const fake: WechatFake = {
    url: `http://127.0.0.1:${port}`,
    orders,
    requests,
    mode: 'normal',
    pay(outTradeNo, at = new Date()) {
      const order = orders.get(outTradeNo);
      if (!order) throw new Error(`no order ${outTradeNo}`);
      order.trade_state = 'SUCCESS';
      order.transaction_id = `42000${Date.now()}${randomBytes(2).toString('hex')}`;
      order.success_time = `${new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
      return order;
    },
    notification(outTradeNo, tweak = {}) {
      const order = orders.get(outTradeNo);
      if (!order) throw new Error(`no order ${outTradeNo}`);
      const transaction = {
        ...transactionOf(order, 'normal'),
        ...(tweak.mchid ? { mchid: tweak.mchid } : {}),
        ...(tweak.appid ? { appid: tweak.appid } : {}),
      };
      const nonce = Formatter.nonce(12);
      const associatedData = 'transaction';
      const rawBody = JSON.stringify({
        id: tweak.id ?? `EV-2018022511223320873-${outTradeNo}`,
        create_time: new Date().toISOString(),
        resource_type: 'encrypt-resource',
        event_type: 'TRANSACTION.SUCCESS',
        summary: '支付成功',
        resource: {
          original_type: 'transaction',
          algorithm: 'AEAD_AES_256_GCM',
          ciphertext: Aes.AesGcm.encrypt(JSON.stringify(transaction), options.apiV3Key, nonce, associatedData),
          associated_data: associatedData,
          nonce,
        },
      });
      // As Fastify hands them over: lower-case names.
      const headers = Object.fromEntries(
        Object.entries(signedHeaders(rawBody, tweak.timestamp)).map(([k, v]) => [k.toLowerCase(), v]),
      );
      return { headers, rawBody };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}

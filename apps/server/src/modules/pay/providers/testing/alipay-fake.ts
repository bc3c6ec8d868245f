// A local fake of the Alipay OpenAPI gateway (gateway.do) on 127.0.0.1 for the adapter's tests (issue 16):
// precreate, query, close, refund of 当面付 orders in memory. It verifies every request's RSA2 signature
// with alipay-sdk (an independent implementation of Alipay's published algorithm) and signs its answers
// (over the raw `…_response` JSON, written with Alipay's escaped slashes) and notifications; the tests
// run alipay-sdk's own client against it and check the notifications with alipay-sdk too.
import { createSign, type KeyObject, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AlipaySdk } from 'alipay-sdk';

export interface AlipayFakeOptions {
  appId: string;
  sellerId: string;
  /** Verifies our requests. */
  appPublicKey: KeyObject;
  /** Signs answers and notifications. */
  alipayPrivateKey: KeyObject;
}

interface FakeTrade {
  out_trade_no: string;
  total_amount: string;
  subject: string;
  notify_url: string | undefined;
  /** Until the payer scans, Alipay has no trade (query answers ACQ.TRADE_NOT_EXIST). */
  scanned: boolean;
  trade_status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED' | 'TRADE_FINISHED';
  trade_no: string;
  gmt_payment?: string;
}

export type AlipayFakeMode = 'normal' | 'hang' | 'error500' | 'badSignature' | 'tamperedBody' | 'unsigned' | 'busy';

export interface AlipayFake {
  /** The gateway address (…/gateway.do). */
  url: string;
  trades: Map<string, FakeTrade>;
  /** Methods of the requests whose signature verified / did not. */
  requests: { method: string; verified: boolean }[];
  mode: AlipayFakeMode;
  scan(outTradeNo: string): FakeTrade;
  pay(outTradeNo: string): FakeTrade;
  /** The trade_status_sync notification for the trade as it is now, form-encoded and signed. */
  notification(
    outTradeNo: string,
    tweak?: { notifyId?: string; appId?: string; sellerId?: string; totalAmount?: string; refundFee?: string },
  ): { headers: Record<string, string>; rawBody: string; params: Record<string, string> };
  close(): Promise<void>;
}

const der = (key: KeyObject, type: 'spki' | 'pkcs8') => key.export({ format: 'der', type }).toString('base64');

/** "yyyy-MM-dd HH:mm:ss" in Beijing time. */
const beijing = (at: Date) => new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

export async function startAlipayFake(options: AlipayFakeOptions): Promise<AlipayFake> {
  const trades = new Map<string, FakeTrade>();
  const requests: { method: string; verified: boolean }[] = [];
  // alipay-sdk as the verifier of our requests: its "Alipay public key" is the app's public key here.
  const verifier = new AlipaySdk({
    appId: options.appId,
    privateKey: der(options.alipayPrivateKey, 'pkcs8'),
    keyType: 'PKCS8',
    alipayPublicKey: der(options.appPublicKey, 'spki'),
  });

  const rsa2 = (content: string) =>
    createSign('RSA-SHA256').update(content, 'utf8').sign(options.alipayPrivateKey, 'base64');

  /**
   * A request's signature covers every parameter but `sign`, sign_type included: alipay-sdk's sorted
   * "k=v&…" check with sign_type kept is exactly that (its fallback without sign_type is for old
   * notifications, so the strict string is checked too).
   */
  function verified(params: Record<string, string>): boolean {
    if (!params.sign || params.sign_type !== 'RSA2') return false;
    const strict = Object.keys(params)
      .filter((k) => k !== 'sign')
      .sort()
      .map((k) => `${k}=${params[k]}`)
      .join('&');
    return verifier.rsaCheck(strict, params.sign, 'RSA2') && verifier.checkNotifySignV2({ ...params });
  }

  type Node = Record<string, unknown>;
  const fail = (subCode: string, subMsg: string, code = '40004', msg = 'Business Failed'): Node => ({
    code,
    msg,
    sub_code: subCode,
    sub_msg: subMsg,
  });

  function route(method: string, biz: Record<string, unknown>): Node {
    const outTradeNo = String(biz.out_trade_no ?? '');
    const trade = trades.get(outTradeNo);
    const known = trade?.scanned ? trade : undefined;
    switch (method) {
      case 'alipay.trade.precreate': {
        const amount = String(biz.total_amount ?? '');
        if (!outTradeNo || !/^\d+(\.\d{1,2})?$/.test(amount) || Number(amount) <= 0 || !biz.subject)
          return fail('isv.invalid-parameter', '参数无效', '40002', 'Invalid Arguments');
        if (trade) return fail('ACQ.CONTEXT_INCONSISTENT', '交易信息被篡改');
        trades.set(outTradeNo, {
          out_trade_no: outTradeNo,
          total_amount: amount,
          subject: String(biz.subject),
          notify_url: undefined,
          scanned: false,
          trade_status: 'WAIT_BUYER_PAY',
          trade_no: `2026${Date.now()}${randomBytes(3).toString('hex')}`,
        });
        return {
          code: '10000',
          msg: 'Success',
          out_trade_no: outTradeNo,
          qr_code: `https://qr.alipay.com/bax0${outTradeNo}`,
        };
      }
      case 'alipay.trade.query':
        if (!known) return fail('ACQ.TRADE_NOT_EXIST', '交易不存在');
        return {
          code: '10000',
          msg: 'Success',
          trade_no: known.trade_no,
          out_trade_no: known.out_trade_no,
          buyer_logon_id: '159****5620',
          trade_status: known.trade_status,
          total_amount: known.total_amount,
          ...(known.gmt_payment ? { send_pay_date: known.gmt_payment } : {}),
        };
      case 'alipay.trade.close':
        if (!known) return fail('ACQ.TRADE_NOT_EXIST', '交易不存在');
        if (known.trade_status !== 'WAIT_BUYER_PAY') return fail('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
        known.trade_status = 'TRADE_CLOSED';
        return { code: '10000', msg: 'Success', trade_no: known.trade_no, out_trade_no: known.out_trade_no };
      case 'alipay.trade.refund': {
        if (!known) return fail('ACQ.TRADE_NOT_EXIST', '交易不存在');
        if (known.trade_status !== 'TRADE_SUCCESS') return fail('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
        const refund = String(biz.refund_amount ?? '');
        if (!/^\d+(\.\d{1,2})?$/.test(refund) || Number(refund) > Number(known.total_amount) || !biz.out_request_no)
          return fail('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
        if (refund === known.total_amount) known.trade_status = 'TRADE_CLOSED';
        return {
          code: '10000',
          msg: 'Success',
          trade_no: known.trade_no,
          out_trade_no: known.out_trade_no,
          fund_change: 'Y',
          refund_fee: refund,
        };
      }
      default:
        return fail('isv.invalid-method', '不存在的方法名', '40002', 'Invalid Arguments');
    }
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const params: Record<string, string> = {};
      for (const [k, v] of url.searchParams) params[k] = v;
      for (const [k, v] of new URLSearchParams(Buffer.concat(chunks).toString('utf8'))) params[k] = v;
      const method = params.method ?? '';
      const ok = verified(params) && params.app_id === options.appId;
      requests.push({ method, verified: ok });
      if (fake.mode === 'hang') return;
      if (fake.mode === 'error500') {
        res.writeHead(502, { 'Content-Type': 'text/html' }).end('<html>Bad Gateway</html>');
        return;
      }
      let node: Node;
      if (!ok) node = fail('isv.invalid-signature', '验签出错', '40002', 'Invalid Arguments');
      else if (fake.mode === 'busy')
        node = {
          code: '20000',
          msg: 'Service Currently Unavailable',
          sub_code: 'aop.ACQ.SYSTEM_ERROR',
          sub_msg: '系统繁忙',
        };
      else {
        let biz: Record<string, unknown> = {};
        try {
          biz = JSON.parse(params.biz_content ?? '{}') as Record<string, unknown>;
        } catch {}
        node = route(method, biz);
        const trade = trades.get(String(biz.out_trade_no ?? ''));
        if (method === 'alipay.trade.precreate' && trade && node.code === '10000') trade.notify_url = params.notify_url;
      }
      const key = `${method.replaceAll('.', '_')}_response`;
      // Alipay escapes "/" in its JSON: the signature covers these bytes, not a re-serialisation.
      const nodeText = JSON.stringify(node).replaceAll('/', '\\/');
      const signature = fake.mode === 'badSignature' ? rsa2(`${nodeText} `) : rsa2(nodeText);
      // Tampered after signing: another QR code, a waiting trade shown as paid.
      const sent =
        fake.mode === 'tamperedBody'
          ? nodeText.replace('bax0', 'bax1').replace('"WAIT_BUYER_PAY"', '"TRADE_SUCCESS"')
          : nodeText;
      const body = fake.mode === 'unsigned' ? `{"${key}":${sent}}` : `{"${key}":${sent},"sign":"${signature}"}`;
      res.writeHead(200, { 'Content-Type': 'text/html;charset=utf-8' }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const fake: AlipayFake = {
    url: `http://127.0.0.1:${port}/gateway.do`,
    trades,
    requests,
    mode: 'normal',
    scan(outTradeNo) {
      const trade = trades.get(outTradeNo);
      if (!trade) throw new Error(`no trade ${outTradeNo}`);
      trade.scanned = true;
      return trade;
    },
    pay(outTradeNo) {
      const trade = fake.scan(outTradeNo);
      trade.trade_status = 'TRADE_SUCCESS';
      trade.gmt_payment = beijing(new Date());
      return trade;
    },
    notification(outTradeNo, tweak = {}) {
      const trade = trades.get(outTradeNo);
      if (!trade) throw new Error(`no trade ${outTradeNo}`);
      const params: Record<string, string> = {
        gmt_create: beijing(new Date()),
        charset: 'utf-8',
        seller_email: 'merchant@example.com',
        subject: trade.subject,
        buyer_id: '2088102122524333',
        invoice_amount: trade.total_amount,
        notify_id: tweak.notifyId ?? `2026112600222${outTradeNo}`,
        fund_bill_list: '[{"amount":"0.07","fundChannel":"ALIPAYACCOUNT"}]',
        notify_type: 'trade_status_sync',
        trade_status: trade.trade_status,
        receipt_amount: trade.total_amount,
        app_id: tweak.appId ?? options.appId,
        buyer_pay_amount: trade.total_amount,
        sign_type: 'RSA2',
        seller_id: tweak.sellerId ?? options.sellerId,
        gmt_payment: trade.gmt_payment ?? '',
        notify_time: beijing(new Date()),
        version: '1.0',
        out_trade_no: trade.out_trade_no,
        total_amount: tweak.totalAmount ?? trade.total_amount,
        trade_no: trade.trade_no,
        auth_app_id: options.appId,
        point_amount: '0.00',
      };
      if (!params.gmt_payment) delete params.gmt_payment;
      if (tweak.refundFee) {
        params.refund_fee = tweak.refundFee;
        params.gmt_refund = `${beijing(new Date())}.000`;
      }
      const content = Object.keys(params)
        .filter((k) => k !== 'sign' && k !== 'sign_type')
        .sort()
        .map((k) => `${k}=${params[k]}`)
        .join('&');
      params.sign = rsa2(content);
      return {
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        rawBody: new URLSearchParams(params).toString(),
        params,
      };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}

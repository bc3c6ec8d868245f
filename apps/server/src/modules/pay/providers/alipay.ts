// Alipay OpenAPI (gateway.do), face-to-face QR payment (当面付扫码, issue 16): alipay.trade.precreate
// (qr_code → QR), .query, .close, .refund, and the asynchronous notification. Requests are signed RSA2
// (SHA256withRSA) over the sorted "key=value&…" string of the non-empty parameters except `sign`;
// answers are verified over the raw JSON text of their `…_response` node, as it arrived; notifications
// (form-encoded) over the sorted decoded parameters except `sign` and `sign_type`, with the Alipay public
// key. Amounts are yuan strings with two decimals, parsed as text into fen. Node's crypto only.
//
// Alipay knows a precreated order only once it is scanned: until then query answers
// ACQ.TRADE_NOT_EXIST (NotFound here) and close is no error (the core treats a young NotFound as waiting).
import { createSign, createVerify, type KeyObject } from 'node:crypto';
import {
  type CreateOrderInput,
  type CreateOrderResult,
  type IncomingNotification,
  type NotificationAck,
  type PaymentProvider,
  ProviderError,
  type ProviderOrder,
  type ProviderOrderState,
  type RefundInput,
  type RefundResult,
  type VerifiedNotification,
} from './provider.ts';
import {
  beijingParts,
  fenOfYuan,
  type ProviderLabel,
  privateKeyOf,
  publicKeyOf,
  requiredInlineOrFile,
  requiredVar,
  urlVar,
  yuanOfFen,
} from './provider-support.ts';

export interface AlipayOptions {
  appId: string;
  /** The application private key (RSA2), whose public half is uploaded to Alipay. */
  appPrivateKey: KeyObject;
  /** Alipay's public key (shown in the open platform after the application key is uploaded). */
  alipayPublicKey: KeyObject;
  gateway: string;
  /** The merchant's PID (2088…): when set, a notification for another seller is a mismatch. */
  sellerId?: string;
  /** Per request; a slower answer is 'unavailable'. */
  timeoutMs: number;
}

interface Deps {
  fetch?: typeof fetch;
  now?: () => Date;
}

const tradeStates: Record<string, ProviderOrderState> = {
  TRADE_SUCCESS: 'Paid',
  TRADE_FINISHED: 'Paid',
  WAIT_BUYER_PAY: 'WaitPay',
  TRADE_CLOSED: 'Closed',
};

/** Parameters in the URL, as Alipay's own SDKs send them; biz_content goes in the form body. */
const urlParams = ['app_id', 'method', 'format', 'charset', 'sign_type', 'sign', 'timestamp', 'version', 'notify_url'];

/** "k=v&…" over the sorted non-empty parameters, values as they are (not URL-encoded). */
export function alipaySignContent(params: Record<string, string | undefined>, without: readonly string[]): string {
  return Object.keys(params)
    .filter((k) => !without.includes(k) && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

/**
 * The raw text of the JSON value that follows `"key":` at the top level of `text` (an object), exactly
 * as it arrived: Alipay signs these bytes, so re-serialising the parsed object would not do.
 */
export function rawJsonMember(text: string, key: string): string | undefined {
  const needle = `"${key}"`;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth--;
    else if (c === '"') {
      if (depth === 1 && text.startsWith(needle, i)) {
        let j = i + needle.length;
        while (/\s/.test(text[j] ?? '')) j++;
        if (text[j] !== ':') {
          inString = true;
          continue;
        }
        j++;
        while (/\s/.test(text[j] ?? '')) j++;
        return valueEnd(text, j);
      }
      inString = true;
    }
  }
  return undefined;
}

/** The JSON value starting at `start`, as text. */
function valueEnd(text: string, start: number): string | undefined {
  const open = text[start];
  if (open !== '{' && open !== '[') {
    const m = /^("(?:[^"\\]|\\.)*"|[^,}\]\s]+)/.exec(text.slice(start));
    return m?.[1];
  }
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return text.slice(start, i + 1);
    }
  }
  return undefined;
}

function fen(yuan: unknown, what: string): number {
  const value = typeof yuan === 'string' ? fenOfYuan(yuan) : undefined;
  if (value === undefined)
    throw new ProviderError('rejected', `Alipay ${what} ${String(yuan)} is not an amount in yuan`);
  return value;
}

/** "2026-11-26 18:00:05" (Beijing) → Date. */
function beijingDate(text: unknown): Date | undefined {
  if (typeof text !== 'string' || !/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(text)) return undefined;
  return new Date(`${text.replace(' ', 'T')}+08:00`);
}

export function createAlipayProvider(options: AlipayOptions, deps: Deps = {}): PaymentProvider {
  const doFetch = deps.fetch ?? fetch;
  const now = deps.now ?? (() => new Date());

  interface Answer {
    /** The `…_response` node. */
    node: Record<string, unknown>;
    /** Whether it carried Alipay's sign (verified by then). */
    signed: boolean;
  }

  /** One signed gateway call; returns the verified response node whatever its code. */
  async function call(method: string, bizContent: object, extra: Record<string, string> = {}): Promise<Answer> {
    const { date, time } = beijingParts(now());
    const params: Record<string, string> = {
      app_id: options.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: `${date} ${time}`,
      version: '1.0',
      ...extra,
      biz_content: JSON.stringify(bizContent),
    };
    params.sign = createSign('RSA-SHA256')
      .update(alipaySignContent(params, ['sign']), 'utf8')
      .sign(options.appPrivateKey, 'base64');
    const url = new URL(options.gateway);
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) {
      if (urlParams.includes(k)) url.searchParams.set(k, v);
      else form.set(k, v);
    }
    let res: Response;
    let text: string;
    try {
      res = await doFetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=utf-8', Accept: 'application/json' },
        body: form.toString(),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      text = await res.text();
    } catch (err) {
      throw new ProviderError('unavailable', `Alipay ${method}: ${(err as Error).message}`);
    }
    if (res.status >= 500) throw new ProviderError('unavailable', `Alipay ${method} answered ${res.status}`);
    if (res.status !== 200)
      throw new ProviderError('rejected', `Alipay ${method} answered ${res.status}`, `HTTP_${res.status}`);
    const responseKey = `${method.replaceAll('.', '_')}_response`;
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new ProviderError('rejected', `Alipay ${method} answered non-JSON`);
    }
    const key = responseKey in parsed ? responseKey : 'error_response';
    const node = parsed[key] as Record<string, unknown> | undefined;
    const raw = rawJsonMember(text, key);
    if (!node || typeof node !== 'object' || raw === undefined)
      throw new ProviderError('rejected', `Alipay ${method} answered without ${responseKey}`);
    const sign = parsed.sign;
    // Alipay's SDKs check every answer that carries a sign, and every answer without a sub_code: an
    // unsigned answer is believed only as a refusal (its sub_code), never as data.
    if (typeof sign === 'string') {
      const ok = createVerify('RSA-SHA256').update(raw, 'utf8').verify(options.alipayPublicKey, sign, 'base64');
      if (!ok) throw new ProviderError('signature', `Alipay ${method} answer signature does not verify`);
    } else if (node.code === '10000' || node.sub_code === undefined) {
      throw new ProviderError('signature', `Alipay ${method} answer is not signed`);
    }
    return { node, signed: typeof sign === 'string' };
  }

  /** The node of a successful answer; 'unavailable' for 20000 (service busy), 'rejected' with sub_code otherwise. */
  function expectOk({ node }: Answer, method: string): Record<string, unknown> {
    if (node.code === '10000') return node;
    const code = String(node.sub_code ?? node.code ?? 'UNKNOWN');
    const message = `Alipay ${method} refused: ${code} ${String(node.sub_msg ?? node.msg ?? '')}`.trim();
    if (node.code === '20000') throw new ProviderError('unavailable', message, code);
    throw new ProviderError('rejected', message, code);
  }

  /** A signed "no such trade" (an unsigned one could be anybody's). */
  const notExist = ({ node, signed }: Answer) =>
    signed && node.code === '40004' && node.sub_code === 'ACQ.TRADE_NOT_EXIST';

  function orderOf(data: Record<string, unknown>, outTradeNo: string): ProviderOrder {
    const state = tradeStates[String(data.trade_status)];
    if (!state) throw new ProviderError('rejected', `unknown Alipay trade_status ${String(data.trade_status)}`);
    if (data.out_trade_no !== undefined && data.out_trade_no !== outTradeNo)
      throw new ProviderError('mismatch', `Alipay answered for order ${String(data.out_trade_no)}, not ${outTradeNo}`);
    const order: ProviderOrder = { state, outTradeNo, amountFen: fen(data.total_amount, 'total_amount') };
    if (typeof data.trade_no === 'string' && data.trade_no) order.providerTradeNo = data.trade_no;
    const paidAt = beijingDate(data.gmt_payment ?? data.send_pay_date);
    if (paidAt && state === 'Paid') order.paidAt = paidAt;
    return order;
  }

  const provider: PaymentProvider = {
    name: 'alipay',

    async create(input: CreateOrderInput): Promise<CreateOrderResult> {
      const minutes = Math.max(1, Math.ceil((input.expiresAt.getTime() - now().getTime()) / 60_000));
      const node = expectOk(
        await call(
          'alipay.trade.precreate',
          {
            out_trade_no: input.outTradeNo,
            total_amount: yuanOfFen(input.amountFen),
            subject: input.description,
            timeout_express: `${minutes}m`,
          },
          { notify_url: input.notifyUrl },
        ),
        'alipay.trade.precreate',
      );
      if (typeof node.qr_code !== 'string' || !node.qr_code)
        throw new ProviderError('rejected', 'Alipay answered without qr_code');
      return { qrcodeText: node.qr_code };
    },

    async query(outTradeNo: string): Promise<ProviderOrder> {
      const answer = await call('alipay.trade.query', { out_trade_no: outTradeNo });
      if (notExist(answer)) return { state: 'NotFound', outTradeNo };
      return orderOf(expectOk(answer, 'alipay.trade.query'), outTradeNo);
    },

    async close(outTradeNo: string): Promise<void> {
      const answer = await call('alipay.trade.close', { out_trade_no: outTradeNo });
      if (notExist(answer)) return;
      try {
        expectOk(answer, 'alipay.trade.close');
      } catch (err) {
        // Closing a closed trade answers ACQ.TRADE_STATUS_ERROR, as does closing a paid one: ask which.
        if (err instanceof ProviderError && err.providerCode === 'ACQ.TRADE_STATUS_ERROR') {
          if ((await provider.query(outTradeNo)).state === 'Closed') return;
        }
        throw err;
      }
    },

    async refund(input: RefundInput): Promise<RefundResult> {
      const node = expectOk(
        await call('alipay.trade.refund', {
          out_trade_no: input.outTradeNo,
          refund_amount: yuanOfFen(input.refundFen),
          out_request_no: input.refundNo,
          refund_reason: input.reason,
        }),
        'alipay.trade.refund',
      );
      // A 10000 answer is a refund done (fund_change N = done by an earlier call with the same out_request_no).
      return { state: 'Success', providerRefundNo: typeof node.trade_no === 'string' ? node.trade_no : undefined };
    },

    async verifyNotification(incoming: IncomingNotification): Promise<VerifiedNotification> {
      const form = new URLSearchParams(incoming.rawBody);
      const params: Record<string, string> = {};
      for (const [k, v] of form) params[k] = v;
      const sign = params.sign;
      if (!sign) throw new ProviderError('signature', 'Alipay notification is not signed');
      if (params.sign_type !== undefined && params.sign_type !== 'RSA2')
        throw new ProviderError('signature', `Alipay notification sign_type ${params.sign_type}, not RSA2`);
      const ok = createVerify('RSA-SHA256')
        .update(alipaySignContent(params, ['sign', 'sign_type']), 'utf8')
        .verify(options.alipayPublicKey, sign, 'base64');
      if (!ok) throw new ProviderError('signature', 'Alipay notification signature does not verify');
      if (params.app_id !== options.appId)
        throw new ProviderError('mismatch', `Alipay notification for app ${params.app_id}, not ${options.appId}`);
      if (options.sellerId && params.seller_id !== options.sellerId)
        throw new ProviderError(
          'mismatch',
          `Alipay notification for seller ${params.seller_id}, not ${options.sellerId}`,
        );
      if (!params.notify_id || !params.out_trade_no)
        throw new ProviderError('rejected', 'Alipay notification without notify_id or out_trade_no');
      const order = orderOf(params, params.out_trade_no);
      // A refund is notified as a trade_status_sync too: a full one closes the trade (TRADE_CLOSED with refund_fee).
      if (order.state === 'Closed' && params.refund_fee && fenOfYuan(params.refund_fee) === order.amountFen)
        order.state = 'Refunded';
      return { notificationId: params.notify_id, order };
    },

    notificationAck(ok: boolean): NotificationAck {
      return { status: 200, contentType: 'text/plain; charset=utf-8', body: ok ? 'success' : 'fail' };
    },
  };
  return provider;
}

/** Every variable alipayOptionsFromEnv reads (README "WeChat Pay and Alipay", .env.example). */
export const alipayEnvNames: readonly string[] = [
  'ALIPAY_APP_ID',
  'ALIPAY_PRIVATE_KEY',
  'ALIPAY_PRIVATE_KEY_FILE',
  'ALIPAY_PUBLIC_KEY',
  'ALIPAY_PUBLIC_KEY_FILE',
  'ALIPAY_GATEWAY',
  'ALIPAY_SELLER_ID',
];

const provider: ProviderLabel = { zh: '支付宝', en: 'Alipay' };

/** ALIPAY_* → options. */
export function alipayOptionsFromEnv(env: Record<string, string | undefined>): AlipayOptions {
  const appId = requiredVar(env, 'ALIPAY_APP_ID', provider);
  const appPrivateKey = privateKeyOf(
    requiredInlineOrFile(env, 'ALIPAY_PRIVATE_KEY', provider),
    'ALIPAY_PRIVATE_KEY',
    provider,
  );
  const alipayPublicKey = publicKeyOf(
    requiredInlineOrFile(env, 'ALIPAY_PUBLIC_KEY', provider),
    'ALIPAY_PUBLIC_KEY',
    provider,
  );
  const sellerId = env.ALIPAY_SELLER_ID?.trim() || undefined;
  return {
    appId,
    appPrivateKey,
    alipayPublicKey,
    gateway: urlVar(env, 'ALIPAY_GATEWAY', 'https://openapi.alipay.com/gateway.do', provider),
    ...(sellerId ? { sellerId } : {}),
    timeoutMs: 5000,
  };
}

// WeChat Pay API v3, Native payment (issue 16): create (code_url → QR), query, close, refund, and the
// payment notification. Requests carry a WECHATPAY2-SHA256-RSA2048 Authorization signed with the
// merchant key; answers and notifications are signed by WeChat ("TIMESTAMP\nNONCE\nBODY\n", RSA-SHA256)
// and verified with the platform public key (public-key mode: Wechatpay-Serial is the key id) or a
// platform certificate, within 5 minutes of our clock; the notification's resource is AES-256-GCM
// encrypted with the APIv3 key. Node's crypto only: no SDK in production code.
import {
  createDecipheriv,
  createPublicKey,
  createSign,
  createVerify,
  type KeyObject,
  randomBytes,
  X509Certificate,
} from 'node:crypto';
import { StartupError } from '../../../platform/startup-errors.ts';
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
  inlineOrFile,
  type ProviderLabel,
  privateKeyOf,
  publicKeyOf,
  requiredInlineOrFile,
  requiredVar,
  urlVar,
} from './provider-support.ts';

export interface WechatPayOptions {
  mchid: string;
  appid: string;
  /** Serial number of the merchant API certificate (the key below). */
  serialNo: string;
  merchantPrivateKey: KeyObject;
  /** The APIv3 key: 32 characters, decrypts notifications. */
  apiV3Key: string;
  /** Keys that verify WeChat's signatures, by Wechatpay-Serial: the platform public key id (PUB_KEY_ID_…) or a platform certificate's serial. */
  platformKeys: ReadonlyMap<string, KeyObject>;
  baseUrl: string;
  /** Per request; a slower answer is 'unavailable'. */
  timeoutMs: number;
}

interface Deps {
  fetch?: typeof fetch;
  now?: () => Date;
}

/** How far a signed timestamp may be from our clock (WeChat's own SDKs use the same 5 minutes). */
const maxClockSkewSeconds = 300;

/** WeChat's transaction object (query answer and decrypted notification resource), the fields we read. */
interface Transaction {
  appid?: string;
  mchid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  success_time?: string;
  amount?: { total?: number; payer_total?: number };
}

const tradeStates: Record<string, ProviderOrderState> = {
  SUCCESS: 'Paid',
  NOTPAY: 'WaitPay',
  USERPAYING: 'WaitPay',
  CLOSED: 'Closed',
  REVOKED: 'Closed',
  REFUND: 'Refunded',
  PAYERROR: 'Failed',
};

/** RFC 3339 in Beijing time, as time_expire wants it: 2026-11-26T18:00:00+08:00. */
export function rfc3339Beijing(at: Date): string {
  const { date, time } = beijingParts(at);
  return `${date}T${time}+08:00`;
}

function header(headers: Record<string, string | undefined> | Headers, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const lower = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === lower) return value;
  return undefined;
}

export function createWechatPayProvider(options: WechatPayOptions, deps: Deps = {}): PaymentProvider {
  const doFetch = deps.fetch ?? fetch;
  const now = deps.now ?? (() => new Date());
  const apiV3Key = Buffer.from(options.apiV3Key, 'utf8');
  if (apiV3Key.length !== 32) throw new Error('WeChat Pay APIv3 key must be 32 bytes');

  /** Throws 'signature' unless the WeChat signature headers verify `body` with a known platform key, in time. */
  function verifySigned(headers: Record<string, string | undefined> | Headers, body: string, what: string): void {
    const timestamp = header(headers, 'Wechatpay-Timestamp');
    const nonce = header(headers, 'Wechatpay-Nonce');
    const signature = header(headers, 'Wechatpay-Signature');
    const serial = header(headers, 'Wechatpay-Serial');
    if (!timestamp || !nonce || !signature || !serial)
      throw new ProviderError('signature', `WeChat Pay ${what} is not signed`);
    const key = options.platformKeys.get(serial);
    if (!key) throw new ProviderError('signature', `WeChat Pay ${what} is signed by an unknown key ${serial}`);
    const seconds = Number(timestamp);
    if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now().getTime() / 1000 - seconds) > maxClockSkewSeconds)
      throw new ProviderError('signature', `WeChat Pay ${what} timestamp ${timestamp} is too far from now`);
    const ok = createVerify('RSA-SHA256')
      .update(`${timestamp}\n${nonce}\n${body}\n`, 'utf8')
      .verify(key, signature, 'base64');
    if (!ok) throw new ProviderError('signature', `WeChat Pay ${what} signature does not verify`);
  }

  function checkMerchant(t: Transaction): void {
    if (t.mchid !== undefined && t.mchid !== options.mchid)
      throw new ProviderError('mismatch', `WeChat Pay transaction for merchant ${t.mchid}, not ${options.mchid}`);
    if (t.appid !== undefined && t.appid !== options.appid)
      throw new ProviderError('mismatch', `WeChat Pay transaction for app ${t.appid}, not ${options.appid}`);
  }

  function orderOf(t: Transaction, outTradeNo: string): ProviderOrder {
    checkMerchant(t);
    const state = tradeStates[t.trade_state ?? ''];
    if (!state) throw new ProviderError('rejected', `unknown WeChat Pay trade_state ${t.trade_state}`, t.trade_state);
    if (t.out_trade_no !== undefined && t.out_trade_no !== outTradeNo)
      throw new ProviderError('mismatch', `WeChat Pay answered for order ${t.out_trade_no}, not ${outTradeNo}`);
    const order: ProviderOrder = { state, outTradeNo };
    const total = t.amount?.total;
    if (total !== undefined) {
      if (!Number.isSafeInteger(total) || total < 0)
        throw new ProviderError('rejected', `WeChat Pay amount ${String(total)} is not fen`);
      order.amountFen = total;
    }
    if (t.transaction_id) order.providerTradeNo = t.transaction_id;
    if (t.success_time && !Number.isNaN(Date.parse(t.success_time))) order.paidAt = new Date(t.success_time);
    return order;
  }

  interface Answer {
    status: number;
    json: Record<string, unknown>;
    /** Whether WeChat signed it (verified by then): every success is; a 401 for our own bad signature is not. */
    signed: boolean;
  }

  /** One signed API call; 5xx / network / timeout → 'unavailable'; a signature that does not verify → 'signature'. */
  async function call(method: 'GET' | 'POST', path: string, payload?: object): Promise<Answer> {
    const url = new URL(
      path.replace(/^\//, ''),
      options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`,
    );
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const timestamp = Math.floor(now().getTime() / 1000).toString();
    const nonce = randomBytes(16).toString('hex').toUpperCase();
    const signature = createSign('RSA-SHA256')
      .update(`${method}\n${url.pathname}${url.search}\n${timestamp}\n${nonce}\n${body}\n`, 'utf8')
      .sign(options.merchantPrivateKey, 'base64');
    let res: Response;
    let text: string;
    try {
      res = await doFetch(url, {
        method,
        headers: {
          Authorization: `WECHATPAY2-SHA256-RSA2048 mchid="${options.mchid}",nonce_str="${nonce}",timestamp="${timestamp}",serial_no="${options.serialNo}",signature="${signature}"`,
          Accept: 'application/json',
          'User-Agent': 'gre-prep-server',
          ...(payload === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(payload === undefined ? {} : { body }),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      text = await res.text();
    } catch (err) {
      throw new ProviderError('unavailable', `WeChat Pay ${method} ${url.pathname}: ${(err as Error).message}`);
    }
    if (res.status >= 500)
      throw new ProviderError('unavailable', `WeChat Pay ${method} ${url.pathname} answered ${res.status}`);
    const signed = header(res.headers, 'Wechatpay-Signature') !== undefined;
    // A request WeChat could not authenticate is answered unsigned (401): a refusal, not a forgery.
    if (signed || res.status < 300) verifySigned(res.headers, text, 'answer');
    let json: Record<string, unknown> = {};
    if (text) {
      try {
        json = JSON.parse(text) as Record<string, unknown>;
      } catch {
        throw new ProviderError('rejected', `WeChat Pay ${method} ${url.pathname} answered non-JSON`);
      }
    }
    return { status: res.status, json, signed };
  }

  /** The answer's JSON when it is a success; otherwise 'rejected' with WeChat's code. */
  function expectOk(answer: Answer): Record<string, unknown> {
    if (answer.status < 300) return answer.json;
    const code = typeof answer.json.code === 'string' ? answer.json.code : `HTTP_${answer.status}`;
    const message = typeof answer.json.message === 'string' ? answer.json.message : '';
    throw new ProviderError('rejected', `WeChat Pay refused: ${code} ${message}`.trim(), code);
  }

  /** A signed "no such order" (an unsigned one could be anybody's). */
  const isNotFound = (answer: Answer) =>
    answer.status === 404 && answer.json.code === 'ORDER_NOT_EXIST' && answer.signed;

  const encode = encodeURIComponent;

  return {
    name: 'wechat',

    async create(input: CreateOrderInput): Promise<CreateOrderResult> {
      const json = expectOk(
        await call('POST', '/v3/pay/transactions/native', {
          appid: options.appid,
          mchid: options.mchid,
          description: input.description,
          out_trade_no: input.outTradeNo,
          time_expire: rfc3339Beijing(input.expiresAt),
          notify_url: input.notifyUrl,
          amount: { total: input.amountFen, currency: 'CNY' },
        }),
      );
      if (typeof json.code_url !== 'string' || !json.code_url)
        throw new ProviderError('rejected', 'WeChat Pay answered without code_url');
      return { qrcodeText: json.code_url };
    },

    async query(outTradeNo: string): Promise<ProviderOrder> {
      const answer = await call(
        'GET',
        `/v3/pay/transactions/out-trade-no/${encode(outTradeNo)}?mchid=${encode(options.mchid)}`,
      );
      if (isNotFound(answer)) return { state: 'NotFound', outTradeNo };
      return orderOf(expectOk(answer) as Transaction, outTradeNo);
    },

    async close(outTradeNo: string): Promise<void> {
      const answer = await call('POST', `/v3/pay/transactions/out-trade-no/${encode(outTradeNo)}/close`, {
        mchid: options.mchid,
      });
      // Closing twice answers ORDER_CLOSED: the order is closed, which is what was asked.
      if (isNotFound(answer) || (answer.signed && answer.json.code === 'ORDER_CLOSED')) return;
      expectOk(answer);
    },

    async refund(input: RefundInput): Promise<RefundResult> {
      const json = expectOk(
        await call('POST', '/v3/refund/domestic/refunds', {
          out_trade_no: input.outTradeNo,
          out_refund_no: input.refundNo,
          reason: input.reason,
          amount: { refund: input.refundFen, total: input.totalFen, currency: 'CNY' },
        }),
      );
      const providerRefundNo = typeof json.refund_id === 'string' ? json.refund_id : undefined;
      const status = String(json.status ?? '');
      if (status === 'SUCCESS') return { state: 'Success', providerRefundNo };
      if (status === 'PROCESSING') return { state: 'Processing', providerRefundNo };
      throw new ProviderError('rejected', `WeChat Pay refund ${status}`, status || undefined);
    },

    async verifyNotification(incoming: IncomingNotification): Promise<VerifiedNotification> {
      verifySigned(incoming.headers, incoming.rawBody, 'notification');
      let envelope: {
        id?: unknown;
        resource?: {
          algorithm?: string;
          ciphertext?: string;
          nonce?: string;
          associated_data?: string;
          original_type?: string;
        };
      };
      try {
        envelope = JSON.parse(incoming.rawBody);
      } catch {
        throw new ProviderError('signature', 'WeChat Pay notification is not JSON');
      }
      const resource = envelope.resource;
      if (typeof envelope.id !== 'string' || !envelope.id || !resource)
        throw new ProviderError('signature', 'WeChat Pay notification without id or resource');
      if (resource.algorithm !== 'AEAD_AES_256_GCM' || !resource.ciphertext || !resource.nonce)
        throw new ProviderError('signature', `WeChat Pay notification resource algorithm ${resource.algorithm}`);
      if (resource.original_type !== undefined && resource.original_type !== 'transaction')
        throw new ProviderError(
          'rejected',
          `WeChat Pay notification about a ${resource.original_type}, not a transaction`,
        );
      let plain: string;
      try {
        const data = Buffer.from(resource.ciphertext, 'base64');
        const decipher = createDecipheriv('aes-256-gcm', apiV3Key, Buffer.from(resource.nonce, 'utf8'));
        decipher.setAuthTag(data.subarray(data.length - 16));
        decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
        plain = Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
      } catch {
        throw new ProviderError('signature', 'WeChat Pay notification resource does not decrypt with the APIv3 key');
      }
      let transaction: Transaction;
      try {
        transaction = JSON.parse(plain) as Transaction;
      } catch {
        throw new ProviderError('signature', 'WeChat Pay notification resource is not JSON');
      }
      if (typeof transaction.out_trade_no !== 'string' || !transaction.out_trade_no)
        throw new ProviderError('rejected', 'WeChat Pay notification without out_trade_no');
      return { notificationId: envelope.id, order: orderOf(transaction, transaction.out_trade_no) };
    },

    notificationAck(ok: boolean): NotificationAck {
      return ok
        ? { status: 204, contentType: 'application/json', body: '' }
        : { status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: '失败' }) };
    },
  };
}

/** Every variable wechatPayOptionsFromEnv reads (README "WeChat Pay and Alipay", .env.example). */
export const wechatPayEnvNames: readonly string[] = [
  'WECHATPAY_MCHID',
  'WECHATPAY_APPID',
  'WECHATPAY_SERIAL_NO',
  'WECHATPAY_PRIVATE_KEY',
  'WECHATPAY_PRIVATE_KEY_FILE',
  'WECHATPAY_APIV3_KEY',
  'WECHATPAY_PLATFORM_PUBLIC_KEY',
  'WECHATPAY_PLATFORM_PUBLIC_KEY_FILE',
  'WECHATPAY_PLATFORM_PUBLIC_KEY_ID',
  'WECHATPAY_PLATFORM_CERT',
  'WECHATPAY_PLATFORM_CERT_FILE',
  'WECHATPAY_BASE_URL',
];

const provider: ProviderLabel = { zh: '微信支付', en: 'WeChat Pay' };

/**
 * WECHATPAY_* → options. Platform keys: the platform public key and its id (public-key mode), and/or
 * platform certificates (their serials are read from the certificates); at least one is needed.
 */
export function wechatPayOptionsFromEnv(env: Record<string, string | undefined>): WechatPayOptions {
  const mchid = requiredVar(env, 'WECHATPAY_MCHID', provider);
  const appid = requiredVar(env, 'WECHATPAY_APPID', provider);
  const serialNo = requiredVar(env, 'WECHATPAY_SERIAL_NO', provider);
  const merchantPrivateKey = privateKeyOf(
    requiredInlineOrFile(env, 'WECHATPAY_PRIVATE_KEY', provider),
    'WECHATPAY_PRIVATE_KEY',
    provider,
  );
  const apiV3Key = requiredVar(env, 'WECHATPAY_APIV3_KEY', provider);
  if (Buffer.byteLength(apiV3Key, 'utf8') !== 32)
    throw new StartupError(
      `${provider.zh}：WECHATPAY_APIV3_KEY 必须是 32 个字符（商户平台 → API安全 → APIv3密钥）`,
      'WECHATPAY_APIV3_KEY must be 32 characters (merchant platform → API security → APIv3 key)',
    );
  const platformKeys = new Map<string, KeyObject>();
  const publicKey = inlineOrFile(env, 'WECHATPAY_PLATFORM_PUBLIC_KEY', provider);
  if (publicKey !== undefined) {
    const id = requiredVar(env, 'WECHATPAY_PLATFORM_PUBLIC_KEY_ID', provider);
    platformKeys.set(id, publicKeyOf(publicKey, 'WECHATPAY_PLATFORM_PUBLIC_KEY', provider));
  }
  const cert = inlineOrFile(env, 'WECHATPAY_PLATFORM_CERT', provider);
  if (cert !== undefined) {
    let x509: X509Certificate;
    try {
      x509 = new X509Certificate(cert);
    } catch {
      throw new StartupError(
        `${provider.zh}：WECHATPAY_PLATFORM_CERT 不是有效的 PEM 证书`,
        'WECHATPAY_PLATFORM_CERT is not a valid PEM certificate',
      );
    }
    platformKeys.set(x509.serialNumber.toUpperCase(), createPublicKey(cert));
  }
  if (platformKeys.size === 0)
    throw new StartupError(
      `使用${provider.zh}时必须设置 WECHATPAY_PLATFORM_PUBLIC_KEY（及 WECHATPAY_PLATFORM_PUBLIC_KEY_ID）或 WECHATPAY_PLATFORM_CERT，用于验证微信支付的签名`,
      'WeChat Pay needs WECHATPAY_PLATFORM_PUBLIC_KEY (with WECHATPAY_PLATFORM_PUBLIC_KEY_ID) or WECHATPAY_PLATFORM_CERT to verify its signatures',
    );
  return {
    mchid,
    appid,
    serialNo,
    merchantPrivateKey,
    apiV3Key,
    platformKeys,
    baseUrl: urlVar(env, 'WECHATPAY_BASE_URL', 'https://api.mch.weixin.qq.com', provider),
    timeoutMs: 5000,
  };
}

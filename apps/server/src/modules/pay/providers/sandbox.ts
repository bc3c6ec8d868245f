// The sandbox provider (issue 16; ADR 0029): a local stand-in for a payment provider on a development
// machine. Its "QR code" is the URL of a local page (/pay/sandbox/:tradeId) where the payment is
// confirmed or refused; that page (or /api/pay/sandbox_pay) produces a notification signed with a
// local HMAC-SHA256 key, which goes through the same verify → apply path as a real provider's.
// Orders live in this process's memory (a restart forgets unpaid sandbox orders: they then read as
// NotFound and time out). Never active with APP_ENV=formal (providers/index.ts).
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../../platform/clock.ts';
import {
  type CreateOrderInput,
  type IncomingNotification,
  type NotificationAck,
  type PaymentProvider,
  ProviderError,
  type ProviderOrder,
  type RefundInput,
  type VerifiedNotification,
} from './provider.ts';

/** How old a sandbox notification may be (its signed timestamp). */
const maxAgeMs = 5 * 60_000;
const signatureHeader = 'x-sandbox-signature';
const timestampHeader = 'x-sandbox-timestamp';

interface SandboxOrder {
  amountFen: number;
  description: string;
  expiresAt: Date;
  state: ProviderOrder['state'];
  providerTradeNo: string;
  paidAt?: Date;
}

/** What the sandbox page shows about an order. */
export interface SandboxOrderView {
  outTradeNo: string;
  amountFen: number;
  description: string;
  state: ProviderOrder['state'];
}

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** The order as the sandbox page shows it, or undefined. */
  view(outTradeNo: string): SandboxOrderView | undefined;
  /**
   * The payer confirms (or refuses) the order: the provider's state changes and a signed notification
   * is returned for delivery. An order already paid yields its notification again (a provider resends).
   */
  pay(outTradeNo: string, refuse: boolean): IncomingNotification;
}

export function createSandboxProvider(opts: { key: Buffer; publicUrl: string; clock: Clock }): SandboxProvider {
  const orders = new Map<string, SandboxOrder>();
  const sign = (timestamp: string, body: string) =>
    createHmac('sha256', opts.key).update(`${timestamp}\n${body}`).digest('base64');
  const pageUrl = (outTradeNo: string) =>
    `${opts.publicUrl.replace(/\/$/, '')}/pay/sandbox/${encodeURIComponent(outTradeNo)}`;

  function toOrder(outTradeNo: string, o: SandboxOrder | undefined): ProviderOrder {
    if (!o) return { state: 'NotFound', outTradeNo };
    // An unpaid order past its time is closed by the provider itself.
    if (o.state === 'WaitPay' && o.expiresAt <= opts.clock.now()) o.state = 'Closed';
    return {
      state: o.state,
      outTradeNo,
      amountFen: o.amountFen,
      providerTradeNo: o.providerTradeNo,
      ...(o.paidAt ? { paidAt: o.paidAt } : {}),
    };
  }

  return {
    name: 'sandbox',

    async create(input: CreateOrderInput) {
      if (!Number.isInteger(input.amountFen) || input.amountFen <= 0)
        throw new ProviderError('rejected', 'amount must be a positive integer of fen');
      if (orders.has(input.outTradeNo)) throw new ProviderError('rejected', 'duplicate out_trade_no', 'DUPLICATE');
      orders.set(input.outTradeNo, {
        amountFen: input.amountFen,
        description: input.description,
        expiresAt: input.expiresAt,
        state: 'WaitPay',
        providerTradeNo: `SBX${randomUUID().replaceAll('-', '').slice(0, 20).toUpperCase()}`,
      });
      return { qrcodeText: pageUrl(input.outTradeNo) };
    },

    async query(outTradeNo) {
      return toOrder(outTradeNo, orders.get(outTradeNo));
    },

    async close(outTradeNo) {
      const o = orders.get(outTradeNo);
      if (o?.state === 'WaitPay') o.state = 'Closed';
    },

    async refund(input: RefundInput) {
      const o = orders.get(input.outTradeNo);
      if (!o) throw new ProviderError('rejected', 'unknown order', 'ORDER_NOT_EXIST');
      if (o.state !== 'Paid') throw new ProviderError('rejected', 'order not paid', 'NOT_PAID');
      if (input.refundFen > o.amountFen || input.totalFen !== o.amountFen)
        throw new ProviderError('rejected', 'refund amount exceeds the payment', 'AMOUNT');
      o.state = 'Refunded';
      return { state: 'Success', providerRefundNo: `SBXR${input.refundNo}` };
    },

    view(outTradeNo) {
      const o = orders.get(outTradeNo);
      if (!o) return undefined;
      const { state } = toOrder(outTradeNo, o);
      return { outTradeNo, amountFen: o.amountFen, description: o.description, state };
    },

    pay(outTradeNo, refuse) {
      const o = orders.get(outTradeNo);
      if (!o) throw new ProviderError('rejected', 'unknown order', 'ORDER_NOT_EXIST');
      const now = opts.clock.now();
      const current = toOrder(outTradeNo, o).state;
      if (current === 'WaitPay') {
        o.state = refuse ? 'Failed' : 'Paid';
        if (!refuse) o.paidAt = now;
      } else if (current !== 'Paid' && current !== 'Failed') {
        throw new ProviderError('rejected', `order is ${current}`, 'ORDER_CLOSED');
      }
      const body = JSON.stringify({
        id: randomUUID(),
        out_trade_no: outTradeNo,
        state: o.state,
        amount_fen: o.amountFen,
        provider_trade_no: o.providerTradeNo,
        paid_at: o.paidAt?.toISOString() ?? null,
      });
      const timestamp = String(now.getTime());
      return {
        headers: { [signatureHeader]: sign(timestamp, body), [timestampHeader]: timestamp },
        rawBody: body,
      };
    },

    async verifyNotification(incoming: IncomingNotification): Promise<VerifiedNotification> {
      const signature = incoming.headers[signatureHeader] ?? '';
      const timestamp = incoming.headers[timestampHeader] ?? '';
      const expected = Buffer.from(sign(timestamp, incoming.rawBody));
      const given = Buffer.from(signature);
      if (!timestamp || given.length !== expected.length || !timingSafeEqual(given, expected))
        throw new ProviderError('signature', 'sandbox notification signature does not verify');
      if (Math.abs(opts.clock.now().getTime() - Number(timestamp)) > maxAgeMs)
        throw new ProviderError('signature', 'sandbox notification too old');
      let parsed: {
        id?: unknown;
        out_trade_no?: unknown;
        state?: unknown;
        amount_fen?: unknown;
        provider_trade_no?: unknown;
        paid_at?: unknown;
      };
      try {
        parsed = JSON.parse(incoming.rawBody);
      } catch {
        throw new ProviderError('signature', 'sandbox notification is not JSON');
      }
      const states = ['Paid', 'Failed', 'Closed', 'Refunded', 'WaitPay'] as const;
      const state = states.find((s) => s === parsed.state);
      if (
        typeof parsed.id !== 'string' ||
        typeof parsed.out_trade_no !== 'string' ||
        !state ||
        typeof parsed.amount_fen !== 'number'
      )
        throw new ProviderError('signature', 'sandbox notification lacks fields');
      return {
        notificationId: parsed.id,
        order: {
          state,
          outTradeNo: parsed.out_trade_no,
          amountFen: parsed.amount_fen,
          ...(typeof parsed.provider_trade_no === 'string' ? { providerTradeNo: parsed.provider_trade_no } : {}),
          ...(typeof parsed.paid_at === 'string' ? { paidAt: new Date(parsed.paid_at) } : {}),
        },
      };
    },

    notificationAck(ok: boolean): NotificationAck {
      return {
        status: ok ? 200 : 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: ok ? 'SUCCESS' : 'FAIL' }),
      };
    },
  };
}

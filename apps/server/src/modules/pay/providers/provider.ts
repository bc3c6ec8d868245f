/**
 * The one interface every payment provider implements (issue 16; ADR 0029).
 * The order state machine lives in the pay module; a provider only speaks its protocol:
 * create a QR order, query, close, refund, and verify + parse a notification.
 * Amounts are integers in fen. `outTradeNo` is our trade id as the provider sees it.
 */

export type ProviderName = 'sandbox' | 'wechat' | 'alipay';

export interface CreateOrderInput {
  outTradeNo: string;
  amountFen: number;
  /** Shown in the payer's app (plan title). */
  description: string;
  /** The provider closes the order itself after this instant where the protocol allows. */
  expiresAt: Date;
  /** Absolute URL the provider posts its notification to. */
  notifyUrl: string;
}

export interface CreateOrderResult {
  /** Text to encode in the QR code (WeChat code_url, Alipay qr_code, sandbox page URL). */
  qrcodeText: string;
}

/** Provider-side state of an order, normalised. */
export type ProviderOrderState = 'WaitPay' | 'Paid' | 'Closed' | 'Refunded' | 'Failed' | 'NotFound';

export interface ProviderOrder {
  state: ProviderOrderState;
  outTradeNo: string;
  /** Amount the provider says was (or is to be) paid, in fen; absent when NotFound. */
  amountFen?: number;
  providerTradeNo?: string;
  paidAt?: Date;
}

export interface RefundInput {
  outTradeNo: string;
  refundNo: string;
  refundFen: number;
  totalFen: number;
  reason: string;
}

export interface RefundResult {
  state: 'Processing' | 'Success';
  providerRefundNo?: string;
}

/** A notification as it arrived: the raw body is what signatures cover. */
export interface IncomingNotification {
  headers: Record<string, string | undefined>;
  rawBody: string;
}

/** A verified notification about one order. */
export interface VerifiedNotification {
  /** Stable id of this notification (for replay detection); WeChat's id, Alipay's notify_id. */
  notificationId: string;
  order: ProviderOrder;
}

export interface NotificationAck {
  status: number;
  contentType: string;
  body: string;
}

export type ProviderErrorKind =
  /** Network failure, timeout or 5xx: try again later. */
  | 'unavailable'
  /** The provider refused the request (bad parameters, order state). */
  | 'rejected'
  /** A notification or response whose signature does not verify, or was tampered. */
  | 'signature'
  /** The notification is for another merchant / app id. */
  | 'mismatch';

export class ProviderError extends Error {
  readonly kind: ProviderErrorKind;
  readonly providerCode: string | undefined;
  constructor(kind: ProviderErrorKind, message: string, providerCode?: string) {
    super(message);
    this.name = 'ProviderError';
    this.kind = kind;
    this.providerCode = providerCode;
  }
}

export interface PaymentProvider {
  readonly name: ProviderName;
  create(input: CreateOrderInput): Promise<CreateOrderResult>;
  query(outTradeNo: string): Promise<ProviderOrder>;
  /** Close an unpaid order; closing an already closed or unknown order is not an error. */
  close(outTradeNo: string): Promise<void>;
  refund(input: RefundInput): Promise<RefundResult>;
  /** Verify the signature (throws ProviderError 'signature' / 'mismatch') and parse the notification. */
  verifyNotification(incoming: IncomingNotification): Promise<VerifiedNotification>;
  /** The protocol's answer to a notification: success (processed or already processed) or failure (retry). */
  notificationAck(ok: boolean): NotificationAck;
}

// Membership and payments (issue 16, ADR 0029): plans and their prices, orders (trades) with the
// spec's status set, provider notifications already processed (replays), discount codes and the
// failed tries that block them, vouchers and their redemptions, and the audit of every staff action.
// Money is integer fen. Role changes are logged in role_records (user.ts), coins in flash_coin_ledger.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './user.ts';

/** What can be bought: kind (PaymentKind) × param (VipPeriod for VIP/SVIP, FlashPack for coins). */
export const plans = pgTable(
  'plans',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: smallint().notNull(),
    param: smallint().notNull(),
    title: text().notNull(),
    priceFen: integer().notNull(),
    /** Membership days a VIP/SVIP plan adds; 0 for coin packs. */
    days: integer().notNull().default(0),
    /** Coins a flash pack adds; 0 for memberships. */
    coins: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('plans_kind_param_key').on(t.kind, t.param)],
);

export const trades = pgTable(
  'trades',
  {
    /** Our order number, also the provider's out_trade_no. */
    id: text().primaryKey(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: smallint().notNull(),
    param: smallint().notNull(),
    title: text().notNull(),
    /** The plan's price when ordered, before the discount code. */
    listFen: integer().notNull(),
    priceFen: integer().notNull(),
    discountCode: text(),
    /** TradeStatus (never None). */
    status: smallint().notNull(),
    provider: text().notNull(),
    providerTradeNo: text(),
    qrcodeText: text().notNull().default(''),
    deviceId: text().notNull().default(''),
    /** Why the order ended as it did (a provider's refusal, a staff note), for support. */
    note: text().notNull().default(''),
    refundFen: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    paidAt: timestamp({ withTimezone: true }),
    appliedAt: timestamp({ withTimezone: true }),
    closedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // One open (WaitPay) order per user and kind: a new init closes the old one first.
    uniqueIndex('trades_one_open_key').on(t.userId, t.kind).where(sql`${t.status} = 1`),
    index('trades_user_idx').on(t.userId, t.createdAt),
    index('trades_status_idx').on(t.status, t.expiresAt),
    // The operations report: applied orders by day.
    index('trades_applied_idx').on(t.appliedAt).where(sql`${t.appliedAt} is not null`),
  ],
);

/** Notifications already processed, per provider: a replay is acknowledged and ignored. */
export const payNotifications = pgTable(
  'pay_notifications',
  {
    provider: text().notNull(),
    notificationId: text().notNull(),
    tradeId: text().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.notificationId] })],
);

export const discountCodes = pgTable('discount_codes', {
  code: text().primaryKey(),
  name: text().notNull(),
  info: text().notNull().default(''),
  /** Percent off (1–99) or fen off; exactly one is set. */
  percentOff: integer(),
  fenOff: integer(),
  validFrom: timestamp({ withTimezone: true }).notNull(),
  validUntil: timestamp({ withTimezone: true }).notNull(),
  /** Paid orders that may use it; 0 = unlimited. */
  maxUses: integer().notNull().default(0),
  usedCount: integer().notNull().default(0),
  invalidAt: timestamp({ withTimezone: true }),
  createdBy: bigint({ mode: 'number' }),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});

/** Invalid discount codes tried, per user: too many in an hour blocks the checks for a while. */
export const discountCodeFailures = pgTable(
  'discount_code_failures',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text().notNull(),
    ip: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('discount_code_failures_user_idx').on(t.userId, t.at)],
);

/** Redeemable codes that grant membership days or coins without payment. */
export const vouchers = pgTable('vouchers', {
  code: text().primaryKey(),
  /** PaymentKind: VIP / SVIP grant `days`, FlashCoin grants `coins`. */
  kind: smallint().notNull(),
  days: integer().notNull().default(0),
  coins: integer().notNull().default(0),
  /** Users who may redeem it (each once); 0 = unlimited. */
  maxUses: integer().notNull().default(1),
  usedCount: integer().notNull().default(0),
  validUntil: timestamp({ withTimezone: true }).notNull(),
  note: text().notNull().default(''),
  createdBy: bigint({ mode: 'number' }),
  createdAt: timestamp({ withTimezone: true }).notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
  deletedAt: timestamp({ withTimezone: true }),
});

export const voucherRedemptions = pgTable(
  'voucher_redemptions',
  {
    voucherCode: text().notNull(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.voucherCode, t.userId] })],
);

/** Every staff action on money, roles, codes and vouchers: who, what, on whom, before and after. */
export const staffAudit = pgTable(
  'staff_audit',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    staffId: bigint({ mode: 'number' }).notNull(),
    action: text().notNull(),
    targetUserId: bigint({ mode: 'number' }),
    /** The trade id, code or voucher acted on. */
    subject: text().notNull().default(''),
    before: jsonb(),
    after: jsonb(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('staff_audit_at_idx').on(t.at), index('staff_audit_target_idx').on(t.targetUserId, t.at)],
);

/**
 * New-user gifts (issue 17, ADR 0031): one row per gift and user. The gift key names the period and
 * what is given, so repeating the same batch gives nobody a second gift.
 */
export const newmanGifts = pgTable(
  'newman_gifts',
  {
    giftKey: text().notNull(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.giftKey, t.userId] })],
);

/**
 * The operations report's closed China days (issue 17, ADR 0031 amendment): each figure of the day,
 * its applied orders per plan, and a HyperLogLog sketch (base64) of the users active that day. Written
 * once a day has been over for a while (by the nightly job or the first report that needs it), so a
 * year's report reads 365 small rows instead of a year of events.
 */
export const reportDays = pgTable('report_days', {
  day: date({ mode: 'string' }).primaryKey(),
  figures: jsonb().notNull(),
  plans: jsonb().notNull(),
  activeSketch: text().notNull(),
  computedAt: timestamp({ withTimezone: true }).notNull(),
});

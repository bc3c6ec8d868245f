// Rows → contract objects (ADR 0029).
import type { PaymentKind, TradeStatus } from '@gre/contract/enums';
import type { Trade } from '@gre/contract/pay';
import type { TradeRow } from './pay.repo.ts';

export function toTrade(t: TradeRow): Trade {
  return {
    id: t.id,
    user_id: String(t.userId),
    kind: t.kind as PaymentKind,
    param: t.param,
    title: t.title,
    list_fen: t.listFen,
    price_fen: t.priceFen,
    code: t.discountCode,
    status: t.status as TradeStatus,
    provider: t.provider,
    created_at: t.createdAt.toISOString(),
    expires_at: t.expiresAt.toISOString(),
    paid_at: t.paidAt?.toISOString() ?? null,
    applied_at: t.appliedAt?.toISOString() ?? null,
  };
}

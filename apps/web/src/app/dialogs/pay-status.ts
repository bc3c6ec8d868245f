// What the payment dialog says for each order status, and while which it polls (spec section 4).
// The texts are the contract's (`payMessages`), shared with the server's tests.
import { PaymentKind, TradeStatus } from '@gre/contract/enums';
import { payMessages } from '@gre/contract/pay';
import { useEffect, useState } from 'react';

/** Statuses the dialog keeps polling (every `payPollMs`). */
export const pollingStatuses: number[] = [TradeStatus.None, TradeStatus.WaitPay, TradeStatus.PaySuccess];

export function statusMessage(
  status: number,
  kind: PaymentKind,
): { severity: 'info' | 'success' | 'warning' | 'error'; text: string } {
  switch (status) {
    case TradeStatus.None:
    case TradeStatus.WaitPay:
      return { severity: 'info', text: payMessages.waitPay };
    case TradeStatus.PaySuccess:
      return { severity: 'info', text: payMessages.paySuccess };
    case TradeStatus.ApplySuccess:
      return {
        severity: 'success',
        text: kind === PaymentKind.FlashCoin ? payMessages.applySuccessCoins : payMessages.applySuccessVip,
      };
    case TradeStatus.PayTimeout:
      return { severity: 'warning', text: payMessages.payTimeout };
    case TradeStatus.PayCancel:
      return { severity: 'warning', text: payMessages.payCancel };
    case TradeStatus.ApplyFail:
      return { severity: 'error', text: payMessages.applyFail };
    default:
      return { severity: 'error', text: payMessages.other };
  }
}

/** How long '已收到支付，处理中请稍候...' stays up when the order was applied in the same moment it was paid. */
export const payReceivedShownMs = 1000;

/**
 * The status the dialog shows. The server usually applies an order in the same transaction that
 * records the payment, so the poll jumps from WaitPay straight to ApplySuccess; the dialog still
 * shows the payment arriving (PaySuccess) for `payReceivedShownMs` before the result, as the spec's
 * sequence has it. Every other status is shown as it is read.
 */
export function useShownStatus(status: number): number {
  const [shown, setShown] = useState(status);
  useEffect(() => {
    if (status !== TradeStatus.ApplySuccess || shown === TradeStatus.ApplySuccess) {
      setShown(status);
      return;
    }
    if (shown !== TradeStatus.PaySuccess) {
      setShown(TradeStatus.PaySuccess);
      return;
    }
    const timer = setTimeout(() => setShown(status), payReceivedShownMs);
    return () => clearTimeout(timer);
  }, [status, shown]);
  return shown;
}

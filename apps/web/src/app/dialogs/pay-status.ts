// What the payment dialog says for each order status, and while which it polls (spec section 4).
// The texts are the contract's (`payMessages`), shared with the server's tests.
import { PaymentKind, TradeStatus } from '@gre/contract/enums';
import { payMessages } from '@gre/contract/pay';

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

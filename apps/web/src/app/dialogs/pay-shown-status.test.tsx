// @vitest-environment jsdom
// The payment dialog's shown status: a jump from WaitPay to ApplySuccess (the server applies in the
// transaction that records the payment) still shows the payment arriving first, for a second.
import { TradeStatus } from '@gre/contract/enums';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { payReceivedShownMs, useShownStatus } from './pay-status.ts';

describe('useShownStatus', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows PaySuccess for a moment before ApplySuccess when the poll skipped it', () => {
    const view = renderHook(({ s }) => useShownStatus(s), { initialProps: { s: TradeStatus.WaitPay as number } });
    expect(view.result.current).toBe(TradeStatus.WaitPay);
    view.rerender({ s: TradeStatus.ApplySuccess });
    expect(view.result.current).toBe(TradeStatus.PaySuccess);
    act(() => vi.advanceTimersByTime(payReceivedShownMs - 10));
    expect(view.result.current).toBe(TradeStatus.PaySuccess);
    act(() => vi.advanceTimersByTime(20));
    expect(view.result.current).toBe(TradeStatus.ApplySuccess);
  });

  it('shows every other status as read, at once', () => {
    const view = renderHook(({ s }) => useShownStatus(s), { initialProps: { s: TradeStatus.WaitPay as number } });
    for (const s of [TradeStatus.PaySuccess, TradeStatus.ApplyFail, TradeStatus.PayTimeout, TradeStatus.PayCancel]) {
      view.rerender({ s });
      expect(view.result.current).toBe(s);
    }
  });

  it('after a PaySuccess poll, ApplySuccess still waits its moment', () => {
    const view = renderHook(({ s }) => useShownStatus(s), { initialProps: { s: TradeStatus.PaySuccess as number } });
    view.rerender({ s: TradeStatus.ApplySuccess });
    expect(view.result.current).toBe(TradeStatus.PaySuccess);
    act(() => vi.advanceTimersByTime(payReceivedShownMs));
    expect(view.result.current).toBe(TradeStatus.ApplySuccess);
  });
});

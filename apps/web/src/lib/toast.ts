// Toasts (spec section 8): success, error or warning, top centre, with a close button. notistack is
// not on the first screen: the toast host (app/toast-host.tsx) loads it right after, and a toast
// raised before it is up (a start-up failure) waits for it instead of being lost.
import type { ToastVariant } from './error-catalogue.ts';

/** A button inside a toast (收藏成功 → 设置标签). */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

export type ShowToast = (variant: ToastVariant, message: string, action?: ToastAction) => void;

let show: ShowToast | null = null;
const waiting: { variant: ToastVariant; message: string; action?: ToastAction }[] = [];

export function toast(variant: ToastVariant, message: string, action?: ToastAction): void {
  if (show) show(variant, message, action);
  else waiting.push({ variant, message, action });
}

/** The toast host, once mounted, shows what waited and every later toast; returns the disconnect. */
export function connectToasts(next: ShowToast): () => void {
  show = next;
  for (const t of waiting.splice(0)) next(t.variant, t.message, t.action);
  return () => {
    if (show === next) show = null;
  };
}

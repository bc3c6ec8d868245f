// Toasts (spec section 8): success, error or warning, top centre, with a close button. notistack is
// not on the first screen: the toast host (app/toast-host.tsx) loads it right after, and a toast
// raised before it is up (a start-up failure) waits for it instead of being lost.
import type { ToastVariant } from './error-catalogue.ts';

export type ShowToast = (variant: ToastVariant, message: string) => void;

let show: ShowToast | null = null;
const waiting: { variant: ToastVariant; message: string }[] = [];

export function toast(variant: ToastVariant, message: string): void {
  if (show) show(variant, message);
  else waiting.push({ variant, message });
}

/** The toast host, once mounted, shows what waited and every later toast; returns the disconnect. */
export function connectToasts(next: ShowToast): () => void {
  show = next;
  for (const t of waiting.splice(0)) next(t.variant, t.message);
  return () => {
    if (show === next) show = null;
  };
}

// Toasts (spec section 8): success, error or warning, top centre, with a close button.
import { enqueueSnackbar } from 'notistack';
import type { ToastVariant } from './error-catalogue.ts';

export function toast(variant: ToastVariant, message: string): void {
  enqueueSnackbar(message, { variant });
}

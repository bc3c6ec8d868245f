// The message of the error page (spec section 2): the status text, the data message, the error
// message, or the generic text.
import { isRouteErrorResponse } from 'react-router';

export const genericErrorMessage = 'An unexpected error occurred.';

function dataMessage(data: unknown): string {
  if (typeof data === 'string') return data;
  if (typeof data === 'object' && data !== null && 'message' in data) {
    const message = (data as { message: unknown }).message;
    if (typeof message === 'string') return message;
  }
  return '';
}

export function routeErrorMessage(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    return error.statusText.trim() || dataMessage(error.data).trim() || genericErrorMessage;
  }
  if (error instanceof Error) return error.message.trim() || genericErrorMessage;
  if (typeof error === 'object' && error !== null) return dataMessage(error).trim() || genericErrorMessage;
  return genericErrorMessage;
}

export function routeErrorStatus(error: unknown): number | null {
  return isRouteErrorResponse(error) ? error.status : null;
}

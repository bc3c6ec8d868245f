// Turning an HTTP answer into success data or a Failure for the error catalogue (pure).
import { type ErrData, specialErrorKinds } from '@gre/contract/envelope';
import type { Failure } from './error-catalogue.ts';

export type Interpreted = { ok: true; data: unknown } | { ok: false; failure: Failure };

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The err_data of an envelope, tolerating missing optional fields; null when there is none. */
export function readErrData(value: unknown): ErrData | null {
  if (typeof value !== 'object' || value === null) return null;
  const raw = value as Record<string, unknown>;
  const kind = text(raw.kind).trim();
  if (kind === '') return null;
  return {
    kind,
    show: text(raw.show),
    detail: text(raw.detail),
    overflow_subject: text(raw.overflow_subject),
    role_name: text(raw.role_name),
  };
}

const specialKinds = new Set<string>(specialErrorKinds);

/**
 * - 401 is always "please log in" (the server uses it only for a missing or invalid token).
 * - An envelope with err_data is a business refusal, whatever the 4xx status; on a 5xx only the
 *   kinds with a behaviour of their own (e.g. server_upgrading on 503) win over the status.
 * - Any other non-2xx status is an HTTP error; a 2xx without a usable envelope is an invalid response.
 */
export function interpretResponse(status: number, statusText: string, body: unknown): Interpreted {
  if (status === 401) return { ok: false, failure: { type: 'http', status, statusText } };
  const envelope = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : null;
  const errData = envelope && envelope.ok === false ? readErrData(envelope.err_data) : null;
  const success = status >= 200 && status < 300;
  if (errData !== null && (status < 500 || specialKinds.has(errData.kind))) {
    return { ok: false, failure: { type: 'api', errData } };
  }
  if (!success) return { ok: false, failure: { type: 'http', status, statusText } };
  if (envelope && envelope.ok === true && 'data' in envelope) return { ok: true, data: envelope.data };
  return { ok: false, failure: { type: 'invalid_response', message: '响应不是约定的格式' } };
}

/** The message for a fetch that never got an answer. */
export function networkErrorMessage(error: unknown): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') return '请求超时';
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return '无法连接服务器';
}

// `api(endpoint, payload)`: the one way the web talks to the server (DESIGN "How a request flows").
// Failures go through the error catalogue, then reject, so callers (queries, mutations) know; a lost
// save race (`conflict`) is first sent again quietly (error-catalogue.ts retryDelayMs).
import type { Endpoint, RequestOf, ResponseOf } from '@gre/contract/endpoint';
import { headers } from '@gre/contract/envelope';
import { apiVersion } from './api-version.ts';
import { getDeviceId } from './device-id.ts';
import { interpretResponse, networkErrorMessage } from './envelope.ts';
import { type Effect, effectsForFailure, type Failure, retryDelayMs } from './error-catalogue.ts';
import { readToken } from './token.ts';

export class ApiError extends Error {
  readonly failure: Failure;
  readonly effects: readonly Effect[];
  constructor(failure: Failure, effects: readonly Effect[]) {
    super(describeFailure(failure));
    this.name = 'ApiError';
    this.failure = failure;
    this.effects = effects;
  }
}

/** What a failed call says to the user: the server's (or the network's) words, else `fallback`. */
export function errorText(e: unknown, fallback = '操作失败，请稍后再试'): string {
  return e instanceof Error ? e.message : fallback;
}

function describeFailure(failure: Failure): string {
  switch (failure.type) {
    case 'http':
      return `HTTP ${failure.status}`;
    case 'network':
    case 'invalid_response':
      return failure.message;
    case 'api':
      return failure.errData.show || failure.errData.detail || failure.errData.kind;
  }
}

export interface ApiClientHooks {
  runEffects: (effects: readonly Effect[]) => void;
  /** +1 when a backdrop call starts, -1 when it ends. */
  changeBackdrop: (delta: 1 | -1) => void;
}

let hooks: ApiClientHooks = { runEffects: () => {}, changeBackdrop: () => {} };

/** Called once at start-up by `app/` to connect the client to toasts, dialogs and navigation. */
export function configureApiClient(next: ApiClientHooks): void {
  hooks = next;
}

export const requestTimeoutMs = 30_000;

export interface ApiOptions {
  signal?: AbortSignal;
  /** Let the request outlive the page (closing the tab right after typing an answer). */
  keepalive?: boolean;
  /** Refusals of these kinds the page shows in place (a link's own message): no toast on top of it. */
  shownInPage?: readonly string[];
}

type Outcome<T> = { ok: true; data: T } | { ok: false; failure: Failure };

/**
 * The last answer of each `cacheable` call (ADR 0026), by path, payload and token: sent back as
 * If-None-Match, and used again when the server answers 304 Not Modified. Only the latest is kept
 * (the word list is large, and one user at a time uses a tab).
 */
const lastAnswers = new Map<string, { etag: string; data: unknown }>();

async function send<E extends Endpoint>(
  endpoint: E,
  payload: RequestOf<E>,
  signal: AbortSignal | undefined,
  keepalive = false,
): Promise<Outcome<ResponseOf<E>>> {
  const requestHeaders: Record<string, string> = {
    'content-type': 'application/json',
    [headers.apiVersion]: apiVersion,
    [headers.deviceId]: getDeviceId(),
  };
  const token = readToken();
  if (token) requestHeaders.authorization = `Bearer ${token}`;
  const cacheKey = endpoint.cacheable ? `${endpoint.path}\n${JSON.stringify(payload ?? {})}\n${token ?? ''}` : null;
  const last = cacheKey ? lastAnswers.get(cacheKey) : undefined;
  if (last) requestHeaders['if-none-match'] = last.etag;
  const timeout = AbortSignal.timeout(requestTimeoutMs);
  let response: Response;
  try {
    response = await fetch(endpoint.path, {
      method: 'POST',
      headers: requestHeaders,
      body: JSON.stringify(payload ?? {}),
      keepalive,
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    // The caller cancelled (a query unmounted or was superseded): nothing to tell the visitor.
    if (signal?.aborted) throw error;
    return { ok: false, failure: { type: 'network', message: networkErrorMessage(error) } };
  }
  if (response.status === 304 && last) return { ok: true, data: last.data as ResponseOf<E> };
  const body: unknown = await response.json().catch(() => undefined);
  const result = interpretResponse(response.status, response.statusText, body);
  if (!result.ok) return result;
  const parsed = endpoint.response.safeParse(result.data);
  if (parsed.success) {
    const etag = response.headers.get('etag');
    if (cacheKey && etag) {
      lastAnswers.clear();
      lastAnswers.set(cacheKey, { etag, data: parsed.data });
    }
    return { ok: true, data: parsed.data as ResponseOf<E> };
  }
  console.error(`[api] ${endpoint.path}: the response does not match the contract`, parsed.error);
  return { ok: false, failure: { type: 'invalid_response', message: '响应与约定不符' } };
}

/** Waits `ms`, or rejects as fetch does when the caller cancels meanwhile. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export async function api<E extends Endpoint>(
  endpoint: E,
  payload: RequestOf<E>,
  options: ApiOptions = {},
): Promise<ResponseOf<E>> {
  if (endpoint.backdrop) hooks.changeBackdrop(1);
  let outcome: Outcome<ResponseOf<E>>;
  try {
    outcome = await send(endpoint, payload, options.signal, options.keepalive);
    // A lost race (`conflict`: nothing was saved) is sent again quietly, a bounded number of times.
    for (let retries = 0; !outcome.ok; retries++) {
      const delay = retryDelayMs(outcome.failure, retries);
      if (delay === null) break;
      await pause(delay, options.signal);
      outcome = await send(endpoint, payload, options.signal, options.keepalive);
    }
  } finally {
    if (endpoint.backdrop) hooks.changeBackdrop(-1);
  }
  if (outcome.ok) return outcome.data;
  const { failure } = outcome;
  const inPage = failure.type === 'api' && (options.shownInPage ?? []).includes(failure.errData.kind);
  const effects = effectsForFailure(failure).filter((e) => !(inPage && e.type === 'toast'));
  hooks.runEffects(effects);
  throw new ApiError(outcome.failure, effects);
}

/**
 * A `multipart` endpoint's call (ADR 0036): one file and text fields as multipart/form-data, with
 * upload progress (0–1) through `onProgress`. Refusals go through the error catalogue like api()'s,
 * except its toasts: the upload dialog shows the words itself.
 */
export function apiUpload<E extends Endpoint>(
  endpoint: E,
  file: Blob,
  fields: Record<string, string>,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<ResponseOf<E>> {
  const spec = endpoint.multipart;
  if (!spec) throw new Error(`${endpoint.path} is not an upload`);
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append(spec.file, file, file instanceof File ? file.name : 'upload');
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const fail = (failure: Failure) => {
      const effects = effectsForFailure(failure).filter((e) => e.type !== 'toast');
      hooks.runEffects(effects);
      reject(new ApiError(failure, effects));
    };
    xhr.open('POST', endpoint.path);
    xhr.timeout = 120_000;
    xhr.setRequestHeader(headers.apiVersion, apiVersion);
    xhr.setRequestHeader(headers.deviceId, getDeviceId());
    const token = readToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) options.onProgress?.(e.loaded / e.total);
    };
    xhr.onerror = () => fail({ type: 'network', message: '无法连接服务器' });
    xhr.ontimeout = () => fail({ type: 'network', message: '请求超时' });
    xhr.onabort = () => reject(new DOMException('已取消', 'AbortError'));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {}
      const result = interpretResponse(xhr.status, xhr.statusText, body);
      if (!result.ok) return fail(result.failure);
      const parsed = endpoint.response.safeParse(result.data);
      if (!parsed.success) return fail({ type: 'invalid_response', message: '响应与约定不符' });
      resolve(parsed.data as ResponseOf<E>);
    };
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

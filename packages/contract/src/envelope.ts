// The response envelope and the error kinds of spec section 8.
import { z } from 'zod';

/** Kinds that the web's error catalogue turns into a behaviour of their own. */
export const specialErrorKinds = [
  'server_upgrading',
  'api_version_low',
  'token_expired',
  'limit',
  'role_overflow',
  'day_overflow',
  'buy_role_exist',
  'sim_no_perm',
  'public_only',
] as const;

/** Domain kinds: the web shows `show` (or `detail`) for them. */
export const domainErrorKinds = [
  'invalid_param',
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'frozen',
  'rate_limited',
  'code_invalid',
  'account_exists',
  'account_not_found',
  'login_failed',
  'section_timeout',
  'section_closed',
  'exam_finished',
  'book_not_open',
  /** A write lost a race it could not win after retrying; the web retries it silently. */
  'conflict',
  /** The server is saturated (e.g. the password-hashing queue is full); retry in a moment. */
  'busy',
  'internal',
] as const;

export const errorKinds = [...specialErrorKinds, ...domainErrorKinds] as const;
export const errorKindSchema = z.enum(errorKinds);
export type ErrorKind = z.infer<typeof errorKindSchema>;

export const errDataSchema = z.object({
  kind: z.string(),
  show: z.string(),
  detail: z.string(),
  overflow_subject: z.string(),
  role_name: z.string(),
});
export type ErrData = z.infer<typeof errDataSchema>;

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ ok: z.boolean(), data: data.nullable(), err_data: errDataSchema.nullable() });
}

export type Envelope<T> = { ok: true; data: T; err_data: null } | { ok: false; data: null; err_data: ErrData };

/** Header names shared by the web client and the server. */
export const headers = {
  apiVersion: 'x-api-version',
  deviceId: 'x-device-id',
  requestId: 'x-request-id',
} as const;

/** The API version the web sends unless a build overrides it (spec section 9). */
export const defaultApiVersion = 'v1.99.99';

/** Compares versions of the form v1.2.3; returns <0, 0 or >0. Unparseable versions sort lowest. */
export function compareApiVersions(a: string, b: string): number {
  const parse = (v: string) => {
    const m = /^v?(\d+)\.(\d+)\.(\d+)$/.exec(v.trim());
    return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [-1, -1, -1];
  };
  const pa = parse(a);
  const pb = parse(b);
  for (let i = 0; i < 3; i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

// An endpoint descriptor: written once, read by the server (registration, validation, access,
// OpenAPI) and by the web client (path, payload and result types).
import type { z } from 'zod';
import type { ErrorKind } from './envelope.ts';

/**
 * Who may call an endpoint.
 * - anonymous: anyone; a token, if sent, is ignored.
 * - optional: anyone; a valid token makes the caller known (role-dependent answers).
 * - user: a logged-in user.
 * - staff: admin, operator or teacher; admin / operator / teacher: that flag.
 */
export type Access = 'anonymous' | 'optional' | 'user' | 'staff' | 'admin' | 'operator' | 'teacher';

export interface Endpoint<
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
  A extends Access = Access,
> {
  path: `/api/${string}`;
  summary: string;
  access: A;
  request: Req;
  response: Res;
  /** The web shows the full-screen spinner while this call runs. */
  backdrop?: boolean;
  /** Served while the maintenance switch is on (the service decides per caller). */
  maintenanceExempt?: boolean;
  /** A frozen account may still call it (reading its own state, logging out). */
  frozenAllowed?: boolean;
  /** Per-IP limit for this endpoint on top of the global one. */
  rateLimit?: { max: number; timeWindowMs: number };
  /**
   * The refusals this endpoint's own logic can answer, besides the ones every endpoint of its access
   * can (`declaredErrorKinds`). The server checks every refusal against this list.
   */
  errors?: readonly ErrorKind[];
  /**
   * A large answer that changes seldom: sent with an ETag (a repeat with If-None-Match gets 304 and
   * no body), compressed (br or gzip), cacheable by the caller only (ADR 0026).
   */
  cacheable?: boolean;
  /**
   * A multipart/form-data upload (ADR 0036) instead of a JSON body: exactly one file in the field
   * `file` of at most `maxBytes`; `request` validates the text fields. The handler gets the bytes.
   */
  multipart?: { file: string; maxBytes: number };
}

export function endpoint<Req extends z.ZodType, Res extends z.ZodType, A extends Access>(
  def: Endpoint<Req, Res, A>,
): Endpoint<Req, Res, A> {
  return def;
}

export type RequestOf<E> = E extends Endpoint<infer Req, z.ZodType, Access> ? z.input<Req> : never;
export type ResponseOf<E> = E extends Endpoint<z.ZodType, infer Res, Access> ? z.output<Res> : never;

/** Accesses whose handlers always have a caller (the guard refused everyone else). */
export type AuthedAccess = Exclude<Access, 'anonymous' | 'optional'>;

/**
 * Every kind `ep` may answer: the request pipeline's (version, validation, rate limit, maintenance,
 * malformed body, internal), the guard's for its access (token, frozen, role), and its own `errors`.
 */
export function declaredErrorKinds(ep: Endpoint): ErrorKind[] {
  const kinds: ErrorKind[] = ['api_version_low', 'invalid_param', 'bad_request', 'rate_limited', 'internal'];
  if (!ep.maintenanceExempt) kinds.push('server_upgrading');
  if (ep.access !== 'anonymous') kinds.push('unauthorized', 'token_expired');
  if (ep.access !== 'anonymous' && !ep.frozenAllowed) kinds.push('frozen');
  if (ep.access !== 'anonymous' && ep.access !== 'optional' && ep.access !== 'user') kinds.push('forbidden');
  for (const k of ep.errors ?? []) if (!kinds.includes(k)) kinds.push(k);
  return kinds;
}

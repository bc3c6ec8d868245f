// An endpoint descriptor: written once, read by the server (registration, validation, access,
// OpenAPI) and by the web client (path, payload and result types).
import type { z } from 'zod';

/**
 * Who may call an endpoint.
 * - anonymous: anyone; a token, if sent, is ignored.
 * - optional: anyone; a valid token makes the caller known (role-dependent answers).
 * - user: a logged-in user.
 * - staff: admin, operator or teacher; admin / operator / teacher: that flag.
 */
export type Access = 'anonymous' | 'optional' | 'user' | 'staff' | 'admin' | 'operator' | 'teacher';

export interface Endpoint<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  path: `/api/${string}`;
  summary: string;
  access: Access;
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
}

export function endpoint<Req extends z.ZodType, Res extends z.ZodType>(def: Endpoint<Req, Res>): Endpoint<Req, Res> {
  return def;
}

export type RequestOf<E> = E extends Endpoint<infer Req, z.ZodType> ? z.input<Req> : never;
export type ResponseOf<E> = E extends Endpoint<z.ZodType, infer Res> ? z.output<Res> : never;

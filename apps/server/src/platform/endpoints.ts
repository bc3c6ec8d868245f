// Registers contract endpoints on Fastify. For every call, in this order: API version → token →
// maintenance → frozen → role → body validation → handler → response shaped by the contract
// schema (unknown fields are stripped, so nothing internal leaks) → screened (answers of the
// caller's running exam withheld: modules/exam/exam.exposure.ts, docs/decisions/0017) → envelope.

import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import type {} from '@fastify/helmet';
import multipart from '@fastify/multipart';
import { type Access, type AuthedAccess, declaredErrorKinds, type Endpoint } from '@gre/contract/endpoint';
import { compareApiVersions, headers } from '@gre/contract/envelope';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, errors } from './errors.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

z.config(z.locales.zhCN());

/** The authenticated caller, as the auth guard loaded it (one query: session joined with user). */
export interface Caller {
  userId: string;
  sessionId: string;
  isAdmin: boolean;
  isOperator: boolean;
  isTeacher: boolean;
  isFreeze: boolean;
  /** The effective role (a lapsed VIP is an ordinary member), as RoleKind. */
  roleKind: number;
  /** The crown (set_high): 精华 questions and sets whatever the role (ADR 0034). Read per request. */
  hasCrown: boolean;
}

/** The one file of a `multipart` endpoint's call (ADR 0036), read whole within the endpoint's limit. */
export interface UploadedFile {
  bytes: Buffer;
  /** As the caller named and typed it: shown back at most, never trusted. */
  filename: string;
  mimetype: string;
}

export interface RequestContext {
  caller: Caller | null;
  ip: string;
  deviceId: string;
  userAgent: string;
  requestId: string;
  /** A `multipart` endpoint's file: always present when its handler runs. */
  file?: UploadedFile;
}

export interface AuthedContext extends RequestContext {
  caller: Caller;
}

export interface EndpointGuards {
  authenticate(token: string): Promise<Caller | 'expired' | null>;
  maintenance(): Promise<{ on: boolean; message: string }>;
  /** The minimum web version in force (the admin's setting or MIN_API_VERSION); read on every request. */
  minApiVersion(): string;
  /** The last step for every answer: may withhold parts of `data` (changed in place) for this caller. */
  screen(ep: Endpoint, ctx: RequestContext, data: unknown): Promise<unknown>;
}

export const isStaff = (c: Caller | null) => !!c && (c.isAdmin || c.isOperator || c.isTeacher);

function allowed(access: Access, c: Caller): boolean {
  switch (access) {
    case 'anonymous':
    case 'optional':
    case 'user':
      return true;
    case 'staff':
      return isStaff(c);
    case 'admin':
      return c.isAdmin;
    case 'operator':
      return c.isOperator || c.isAdmin;
    case 'teacher':
      return c.isTeacher || c.isAdmin;
  }
}

function formatIssues(issues: z.core.$ZodIssue[]): { show: string; detail: string } {
  const text = (i: z.core.$ZodIssue) => {
    const field = i.path.map(String).join('.');
    // Our own messages are Chinese sentences; zod's generic ones name types, so add the field.
    return field && /[A-Za-z]{3,}/.test(i.message) ? `参数 ${field} 不合法：${i.message}` : i.message;
  };
  return { show: text(issues[0] as z.core.$ZodIssue), detail: issues.map(text).join('；') };
}

function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(.+)$/i.exec(h);
  return m?.[1]?.trim() || null;
}

/** Headers for API answers: never sniffed, never cached, never framed. */
const apiHeaders = {
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-origin',
};

const compressedCache = new Map<string, { br: Buffer; gzip: Buffer }>();

const versionedMark = Symbol('versioned');

/**
 * What the handler of a `cacheable` endpoint may answer instead of its data (ADR 0026): the data's
 * version, cheap to compute, and how to build the data. A caller who holds that version gets 304
 * and nothing is built; anyone else gets the data with the version as its ETag.
 */
export interface Versioned<T> {
  [versionedMark]: true;
  version: string;
  build: () => Promise<T>;
}

export function versioned<T>(version: string, build: () => Promise<T>): Versioned<T> {
  return { [versionedMark]: true, version, build };
}

const isVersioned = (v: unknown): v is Versioned<unknown> => typeof v === 'object' && v !== null && versionedMark in v;

const etagOf = (version: string) => `"${createHash('sha256').update(version).digest('base64url').slice(0, 32)}"`;

function holds(req: FastifyRequest, etag: string): boolean {
  const match = req.headers['if-none-match'];
  return typeof match === 'string' && match.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

function cacheHeaders(reply: FastifyReply, etag: string) {
  reply.header('etag', etag);
  reply.header('cache-control', 'private, no-cache');
  reply.header('vary', 'Accept-Encoding, Authorization');
}

/**
 * A `cacheable` endpoint's answer (ADR 0026): the ETag (the handler's version, or a hash of the
 * envelope); the same ETag in If-None-Match gets 304 and no body; otherwise the body compressed as
 * the caller accepts. The compressed copies of the last answers are kept by ETag (many callers get
 * the same bytes: the whole list of a user without marks).
 */
async function sendCacheable(req: FastifyRequest, reply: FastifyReply, envelope: unknown, version: string | null) {
  const json = JSON.stringify(envelope);
  const etag = etagOf(version ?? json);
  cacheHeaders(reply, etag);
  if (holds(req, etag)) return reply.code(304).send();
  const accepts = String(req.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
  reply.type('application/json; charset=utf-8');
  if (!encoding) return reply.send(json);
  let packed = compressedCache.get(etag);
  if (!packed) {
    const raw = Buffer.from(json);
    const [br, gzip] = await Promise.all([
      brotli(raw, {
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length },
      }),
      gzipAsync(raw, { level: 9 }),
    ]);
    packed = { br, gzip };
    if (compressedCache.size >= 64) compressedCache.delete(compressedCache.keys().next().value as string);
    compressedCache.set(etag, packed);
  }
  reply.header('content-encoding', encoding);
  return reply.send(packed[encoding]);
}

/** What a handler of an endpoint with access `A` receives: a caller whenever the guard requires one. */
export type ContextFor<A extends Access> = A extends AuthedAccess ? AuthedContext : RequestContext;

export type Register = <Req extends z.ZodType, Res extends z.ZodType, A extends Access>(
  ep: Endpoint<Req, Res, A>,
  handler: (body: z.output<Req>, ctx: ContextFor<A>) => Promise<z.input<Res> | Versioned<z.input<Res>>>,
) => void;

const megabytes = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10} MB`;

/**
 * A `multipart` endpoint's body (ADR 0036), read after the guards: its text fields and its one file in
 * the declared field. Every problem is a Chinese refusal; the rest of the body is still read (and
 * dropped) so the caller gets the answer rather than a broken connection.
 */
async function readMultipart(
  req: FastifyRequest,
  spec: { file: string; maxBytes: number },
): Promise<{ fields: Record<string, string>; file: UploadedFile }> {
  if (!req.isMultipart()) throw errors.invalidParam('请以表单（multipart/form-data）上传文件', 'not multipart');
  const fields: Record<string, string> = Object.create(null);
  let file: UploadedFile | null = null;
  let problem: string | null = null;
  try {
    const parts = req.parts({
      limits: { fileSize: spec.maxBytes, files: 3, fields: 10, fieldSize: 1000, parts: 13, headerPairs: 50 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== spec.file || file) {
          problem ??= part.fieldname === spec.file ? '一次只能上传一个文件' : `只能上传一个文件（字段 ${spec.file}）`;
          part.file.resume();
          continue;
        }
        const bytes = await part.toBuffer();
        file = { bytes, filename: part.filename, mimetype: part.mimetype };
      } else {
        if (part.valueTruncated || part.fieldnameTruncated) problem ??= '表单字段过长';
        else if (part.fieldname in fields) problem ??= `表单字段 ${part.fieldname} 重复`;
        else fields[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw errors.invalidParam(`文件不能超过 ${megabytes(spec.maxBytes)}`);
    if (code === 'FST_FILES_LIMIT') throw errors.invalidParam('一次只能上传一个文件');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw errors.invalidParam('表单字段过多');
    throw errors.invalidParam('上传的表单不完整或格式不正确，请重新上传', code ?? 'malformed multipart');
  }
  if (problem) throw errors.invalidParam(problem);
  if (!file) throw errors.invalidParam('请选择要上传的文件');
  if (file.bytes.length === 0) throw errors.invalidParam('文件是空的');
  return { fields: { ...fields }, file };
}

/**
 * Refusals a handler answered that its endpoint does not declare (contract `errors`). The answer
 * still goes out as it is; the entry and an error log make the mismatch visible, and the server's
 * test setup fails any test file that leaves an entry here.
 */
export const undeclaredErrors: { path: string; kind: string }[] = [];

export function createRegistrar(app: FastifyInstance, guards: EndpointGuards): Register {
  return (ep, handler) => {
    const declared = new Set<string>(declaredErrorKinds(ep as Endpoint));
    const upload = ep.multipart;
    if (upload) {
      // Multipart is parsed for this route only (its own plugin scope): every other route keeps
      // refusing a multipart body as not JSON.
      app.register(async (scope) => {
        await scope.register(multipart, { limits: { fileSize: upload.maxBytes, files: 3 } });
        route(scope);
      });
    } else {
      route(app);
    }
    function route(app: FastifyInstance) {
      app.post(
        ep.path,
        {
          // JSON answers carry a fixed set of headers (app.ts); helmet's per-request work is for pages.
          helmet: false,
          ...(ep.rateLimit
            ? { config: { rateLimit: { max: ep.rateLimit.max, timeWindow: ep.rateLimit.timeWindowMs } } }
            : {}),
        },
        async (req, reply) => {
          reply.headers(apiHeaders);
          const version = req.headers[headers.apiVersion];
          if (typeof version === 'string' && version) {
            const min = guards.minApiVersion();
            if (compareApiVersions(version, min) < 0) throw errors.apiVersionLow(min);
          }

          let caller: Caller | null = null;
          const token = ep.access === 'anonymous' ? null : bearer(req);
          if (ep.access !== 'anonymous' && (token || ep.access !== 'optional')) {
            if (!token) throw errors.unauthorized('缺少登录凭证');
            const found = await guards.authenticate(token);
            if (found === 'expired') throw errors.tokenExpired();
            if (!found) throw errors.unauthorized('登录凭证无效');
            caller = found;
          }

          if (!ep.maintenanceExempt && !isStaff(caller)) {
            const m = await guards.maintenance();
            if (m.on) throw errors.serverUpgrading(m.message);
          }
          if (caller?.isFreeze && !ep.frozenAllowed) throw errors.frozen();
          if (caller && !allowed(ep.access, caller)) throw errors.forbidden();

          // Depth, sizes and NUL characters were refused by the JSON parser (app.ts, platform/json-body.ts).
          const form = upload ? await readMultipart(req, upload) : null;
          const parsed = ep.request.safeParse(form ? form.fields : req.body === undefined ? {} : req.body);
          if (!parsed.success) {
            const { show, detail } = formatIssues(parsed.error.issues);
            throw errors.invalidParam(show, detail);
          }

          const device = req.headers[headers.deviceId];
          const ctx: RequestContext = {
            caller,
            ip: req.ip,
            deviceId: typeof device === 'string' ? device.slice(0, 64) : '',
            userAgent: (req.headers['user-agent'] ?? '').slice(0, 256),
            requestId: String(req.id),
            ...(form ? { file: form.file } : {}),
          };
          try {
            // The guard above refused every call without a caller to an authed access.
            const answer = await handler(parsed.data, ctx as ContextFor<typeof ep.access>);
            let version: string | null = null;
            let result: unknown = answer;
            if (isVersioned(answer)) {
              if (!ep.cacheable) throw new Error(`${ep.path} answered a version but is not cacheable`);
              version = answer.version;
              // The caller holds this version: nothing to build.
              if (holds(req, etagOf(version))) {
                cacheHeaders(reply, etagOf(version));
                return reply.code(304).send();
              }
              result = await answer.build();
            }
            const data = ep.response.parse(result);
            const envelope = { ok: true, data: await guards.screen(ep, ctx, data), err_data: null };
            return ep.cacheable ? sendCacheable(req, reply, envelope, version) : envelope;
          } catch (e) {
            if (e instanceof AppError && !declared.has(e.kind)) {
              if (undeclaredErrors.length < 100) undeclaredErrors.push({ path: ep.path, kind: e.kind });
              req.log.error({ path: ep.path, kind: e.kind }, 'refusal of a kind the endpoint does not declare');
            }
            throw e;
          }
        },
      );
    }
  };
}

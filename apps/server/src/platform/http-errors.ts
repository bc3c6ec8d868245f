// The one place errors become responses. AppErrors keep their kind; anything else is logged with
// the request id and answered as a bare 'internal' error.
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

function envelope(
  kind: string,
  show: string,
  detail = '',
  extra: { overflowSubject?: string; roleName?: string } = {},
) {
  return {
    ok: false,
    data: null,
    err_data: {
      kind,
      show,
      detail,
      overflow_subject: extra.overflowSubject ?? '',
      role_name: extra.roleName ?? '',
    },
  };
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      return reply
        .code(err.status)
        .send(
          envelope(err.kind, err.show, err.detail, { overflowSubject: err.overflowSubject, roleName: err.roleName }),
        );
    }
    const status = err.statusCode ?? 500;
    if (status === 429) return reply.code(429).send(envelope('rate_limited', '操作过于频繁，请稍后再试'));
    if (status === 415) return reply.code(415).send(envelope('bad_request', '请求格式错误：请使用 JSON'));
    if (status === 413) return reply.code(413).send(envelope('bad_request', '请求内容过大'));
    if (status >= 400 && status < 500) {
      return reply.code(400).send(envelope('bad_request', '请求格式错误', err.code ?? ''));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send(envelope('internal', '服务器内部错误，请稍后重试', `request id ${req.id}`));
  });
}

export function apiNotFound(url: string) {
  return envelope('not_found', '接口不存在', url.split('?')[0]);
}

// One error type with a kind; the route layer maps it to the envelope. Factories keep messages in one place.
import type { ErrorKind } from '@gre/contract/envelope';

export interface AppErrorFields {
  show?: string;
  detail?: string;
  overflowSubject?: string;
  roleName?: string;
  /** HTTP status; business refusals stay 200 so the web's catalogue handles them by kind. */
  status?: number;
}

export class AppError extends Error {
  readonly kind: ErrorKind;
  readonly show: string;
  readonly detail: string;
  readonly overflowSubject: string;
  readonly roleName: string;
  readonly status: number;

  constructor(kind: ErrorKind, fields: AppErrorFields = {}) {
    super(fields.show || fields.detail || kind);
    this.kind = kind;
    this.show = fields.show ?? '';
    this.detail = fields.detail ?? '';
    this.overflowSubject = fields.overflowSubject ?? '';
    this.roleName = fields.roleName ?? '';
    this.status = fields.status ?? 200;
  }
}

export const errors = {
  invalidParam: (show: string, detail = '') => new AppError('invalid_param', { show, detail }),
  unauthorized: (detail = '') => new AppError('unauthorized', { show: '请先登录', detail, status: 401 }),
  tokenExpired: () => new AppError('token_expired', { show: '登录已过期，请重新登录' }),
  forbidden: (show = '没有权限执行该操作') => new AppError('forbidden', { show }),
  frozen: () => new AppError('frozen', { show: '账号已被冻结，如有疑问请联系客服' }),
  notFound: (show = '内容不存在') => new AppError('not_found', { show }),
  rateLimited: (show: string) => new AppError('rate_limited', { show }),
  serverUpgrading: (detail = '') => new AppError('server_upgrading', { show: '服务升级中，预计 2 分钟内恢复', detail }),
  apiVersionLow: (min: string) =>
    new AppError('api_version_low', { show: '网页版本过低，请刷新', detail: `最低版本 ${min}` }),
  codeInvalid: () => new AppError('code_invalid', { show: '验证码错误或已过期' }),
  accountExists: () => new AppError('account_exists', { show: '该账号已注册，请直接登录' }),
  accountNotFound: () => new AppError('account_not_found', { show: '账号不存在，请先注册' }),
  conflict: (show = '保存冲突，请重试') => new AppError('conflict', { show }),
  busy: (show = '服务繁忙，请稍后重试') => new AppError('busy', { show }),
  loginFailed: () => new AppError('login_failed', { show: '账号或密码错误' }),
};

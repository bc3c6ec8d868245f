// The error catalogue of spec section 8 as a pure function: a failed call in, the effects out.
// `effect-runner.ts` performs the effects; nothing here touches the page.
import type { ErrData } from '@gre/contract/envelope';
import type { DialogRequest } from './dialog-request.ts';

export type Failure =
  | { type: 'http'; status: number; statusText: string }
  | { type: 'network'; message: string }
  | { type: 'invalid_response'; message: string }
  | { type: 'api'; errData: ErrData };

export type ToastVariant = 'success' | 'error' | 'warning' | 'info';

export type Effect =
  | { type: 'toast'; variant: ToastVariant; message: string }
  | { type: 'remove_token'; delayMs: number }
  | { type: 'go_to_login'; delayMs: number }
  | { type: 'reload'; delayMs: number }
  | { type: 'open_maintenance' }
  | { type: 'open_dialog'; dialog: DialogRequest };

/** Spec section 9: reload delay on upgrade or version errors. */
export const reloadDelayMs = 3000;

export const catalogueMessages = {
  pleaseLogIn: '请先登录',
  apiVersionLow: '网页版本过低，请刷新（3 秒后自动刷新）',
  tokenExpired: '登录已过期，请重新登录',
  limit: '请开通权限',
  roleOverflow: '试用额度已用完',
  dayOverflow: '权益额度已用完',
  buyRoleExist: '您已是会员，请刷新',
  simNoPerm: '无法查看题目',
  publicOnly: '普通会员只能访问公开题目',
  networkPrefix: '网络异常：',
  invalidResponse: '服务器返回的数据无法识别，请稍后重试',
  unknownError: '请求失败，请稍后重试',
} as const;

const reasonPhrases: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** "<status> <statusText>"; HTTP/2 responses carry no status text, so the standard phrase stands in. */
export function describeStatus(status: number, statusText: string): string {
  const text = statusText.trim() || reasonPhrases[status] || '';
  return text === '' ? String(status) : `${status} ${text}`;
}

function toast(variant: ToastVariant, message: string): Effect {
  return { type: 'toast', variant, message };
}

export function effectsForFailure(failure: Failure): Effect[] {
  switch (failure.type) {
    case 'http':
      if (failure.status === 401) {
        return [
          toast('error', catalogueMessages.pleaseLogIn),
          { type: 'remove_token', delayMs: 0 },
          { type: 'go_to_login', delayMs: 0 },
        ];
      }
      if (failure.status === 500) {
        return [toast('error', `${describeStatus(failure.status, failure.statusText)}，服务器错误，请稍后重试`)];
      }
      return [toast('error', `${describeStatus(failure.status, failure.statusText)}，请检查网络`)];
    case 'network':
      return [toast('error', `${catalogueMessages.networkPrefix}${failure.message || '无法连接服务器'}`)];
    case 'invalid_response':
      return [toast('error', catalogueMessages.invalidResponse)];
    case 'api':
      return effectsForErrData(failure.errData);
  }
}

export function effectsForErrData(err: ErrData): Effect[] {
  switch (err.kind) {
    case 'server_upgrading':
      return [{ type: 'open_maintenance' }];
    case 'api_version_low':
      return [toast('error', catalogueMessages.apiVersionLow), { type: 'reload', delayMs: reloadDelayMs }];
    case 'token_expired':
      return [
        toast('warning', catalogueMessages.tokenExpired),
        { type: 'remove_token', delayMs: reloadDelayMs },
        { type: 'go_to_login', delayMs: reloadDelayMs },
      ];
    case 'limit':
      return [{ type: 'open_dialog', dialog: { name: 'vip', message: catalogueMessages.limit } }];
    case 'role_overflow':
      return [{ type: 'open_dialog', dialog: { name: 'vip', message: catalogueMessages.roleOverflow } }];
    case 'day_overflow':
      return [
        {
          type: 'open_dialog',
          dialog: {
            name: 'out_of_limit',
            message: catalogueMessages.dayOverflow,
            subject: err.overflow_subject,
            roleName: err.role_name,
          },
        },
      ];
    case 'buy_role_exist':
      return [toast('warning', catalogueMessages.buyRoleExist), { type: 'reload', delayMs: reloadDelayMs }];
    case 'sim_no_perm':
      return [{ type: 'open_dialog', dialog: { name: 'no_permission', message: catalogueMessages.simNoPerm } }];
    case 'public_only':
      return [{ type: 'open_dialog', dialog: { name: 'public_only', message: catalogueMessages.publicOnly } }];
    default: {
      const text = err.show.trim() || err.detail.trim() || catalogueMessages.unknownError;
      return [toast('error', text)];
    }
  }
}

/** Whether the effects already send the visitor somewhere else (login, reload, maintenance). */
export function effectsLeaveThePage(effects: readonly Effect[]): boolean {
  return effects.some((e) => e.type === 'go_to_login' || e.type === 'reload' || e.type === 'open_maintenance');
}

/**
 * `conflict`: the server could not save because other writes of the same thing kept getting there
 * first, and nothing was written, so the same call is safe to send again. The client sends it again
 * silently after these pauses; only when the last one fails too does the visitor see the
 * catalogue's toast.
 */
export const conflictRetryDelaysMs = [200, 500, 1200] as const;

/**
 * How long to wait before sending a failed call again (null: do not, let the catalogue speak).
 * Each pause is stretched by up to half at random, so two tabs or devices do not retry in step.
 */
export function retryDelayMs(
  failure: Failure,
  retriesSoFar: number,
  random: () => number = Math.random,
): number | null {
  if (failure.type !== 'api' || failure.errData.kind !== 'conflict') return null;
  const base = conflictRetryDelaysMs[retriesSoFar];
  return base === undefined ? null : Math.round(base * (1 + random() / 2));
}

import type { ErrData } from '@gre/contract/envelope';
import { domainErrorKinds, specialErrorKinds } from '@gre/contract/envelope';
import { describe, expect, it } from 'vitest';
import {
  catalogueMessages,
  describeStatus,
  type Effect,
  effectsForErrData,
  effectsForFailure,
  effectsLeaveThePage,
  retryDelayMs,
} from './error-catalogue.ts';

function err(kind: string, extra: Partial<ErrData> = {}): ErrData {
  return { kind, show: '', detail: '', overflow_subject: '', role_name: '', ...extra };
}

const api = (kind: string, extra: Partial<ErrData> = {}) =>
  effectsForFailure({ type: 'api', errData: err(kind, extra) });

describe('HTTP failures', () => {
  it('401: asks to log in, removes the token and goes to /login', () => {
    expect(effectsForFailure({ type: 'http', status: 401, statusText: 'Unauthorized' })).toEqual([
      { type: 'toast', variant: 'error', message: '请先登录' },
      { type: 'remove_token', delayMs: 0 },
      { type: 'go_to_login', delayMs: 0 },
    ]);
  });

  it('500: status and text, server error, retry later', () => {
    expect(effectsForFailure({ type: 'http', status: 500, statusText: 'Internal Server Error' })).toEqual([
      { type: 'toast', variant: 'error', message: '500 Internal Server Error，服务器错误，请稍后重试' },
    ]);
  });

  it.each([
    [404, 'Not Found', '404 Not Found，请检查网络'],
    [502, 'Bad Gateway', '502 Bad Gateway，请检查网络'],
    [503, 'Service Unavailable', '503 Service Unavailable，请检查网络'],
    [429, 'Too Many Requests', '429 Too Many Requests，请检查网络'],
    [400, 'Bad Request', '400 Bad Request，请检查网络'],
  ])('%i: status and text, check the network', (status, statusText, message) => {
    expect(effectsForFailure({ type: 'http', status, statusText })).toEqual([
      { type: 'toast', variant: 'error', message },
    ]);
  });

  it('fills in the reason phrase when HTTP/2 leaves the status text empty', () => {
    expect(effectsForFailure({ type: 'http', status: 500, statusText: '' })).toEqual([
      { type: 'toast', variant: 'error', message: '500 Internal Server Error，服务器错误，请稍后重试' },
    ]);
    expect(describeStatus(418, '')).toBe('418');
  });

  it('does not remove the token for any status but 401', () => {
    for (const status of [400, 403, 404, 500, 502, 503]) {
      const effects = effectsForFailure({ type: 'http', status, statusText: '' });
      expect(effects.some((e) => e.type === 'remove_token' || e.type === 'go_to_login')).toBe(false);
    }
  });
});

describe('network failures', () => {
  it('shows the error message in an error toast', () => {
    expect(effectsForFailure({ type: 'network', message: 'Failed to fetch' })).toEqual([
      { type: 'toast', variant: 'error', message: '网络异常：Failed to fetch' },
    ]);
  });

  it('says something even without a message', () => {
    const [effect] = effectsForFailure({ type: 'network', message: '' });
    expect(effect).toEqual({ type: 'toast', variant: 'error', message: '网络异常：无法连接服务器' });
  });

  it('a response the web cannot read is an error toast', () => {
    expect(effectsForFailure({ type: 'invalid_response', message: 'x' })).toEqual([
      { type: 'toast', variant: 'error', message: catalogueMessages.invalidResponse },
    ]);
  });
});

describe('API error kinds', () => {
  it('server_upgrading opens the maintenance overlay', () => {
    expect(api('server_upgrading')).toEqual([{ type: 'open_maintenance' }]);
  });

  it('api_version_low tells the visitor, then reloads after 3 s', () => {
    expect(api('api_version_low')).toEqual([
      { type: 'toast', variant: 'error', message: '网页版本过低，请刷新（3 秒后自动刷新）' },
      { type: 'reload', delayMs: 3000 },
    ]);
  });

  it('token_expired warns, then removes the token and goes to /login after 3 s', () => {
    expect(api('token_expired')).toEqual([
      { type: 'toast', variant: 'warning', message: '登录已过期，请重新登录' },
      { type: 'remove_token', delayMs: 3000 },
      { type: 'go_to_login', delayMs: 3000 },
    ]);
  });

  it('limit opens the VIP dialog with 请开通权限', () => {
    expect(api('limit')).toEqual([{ type: 'open_dialog', dialog: { name: 'vip', message: '请开通权限' } }]);
  });

  it('role_overflow opens the VIP dialog with 试用额度已用完', () => {
    expect(api('role_overflow')).toEqual([{ type: 'open_dialog', dialog: { name: 'vip', message: '试用额度已用完' } }]);
  });

  it('day_overflow opens the out-of-limit dialog with the subject and the role name', () => {
    expect(api('day_overflow', { overflow_subject: '模考', role_name: '普通会员' })).toEqual([
      {
        type: 'open_dialog',
        dialog: { name: 'out_of_limit', message: '权益额度已用完', subject: '模考', roleName: '普通会员' },
      },
    ]);
  });

  it('buy_role_exist tells the visitor, then reloads after 3 s', () => {
    expect(api('buy_role_exist')).toEqual([
      { type: 'toast', variant: 'warning', message: '您已是会员，请刷新' },
      { type: 'reload', delayMs: 3000 },
    ]);
  });

  it('sim_no_perm opens the no-permission dialog', () => {
    expect(api('sim_no_perm')).toEqual([
      { type: 'open_dialog', dialog: { name: 'no_permission', message: '无法查看题目' } },
    ]);
  });

  it('public_only opens the public-only dialog', () => {
    expect(api('public_only')).toEqual([
      { type: 'open_dialog', dialog: { name: 'public_only', message: '普通会员只能访问公开题目' } },
    ]);
  });

  it('any other kind shows `show` when it is non-empty', () => {
    expect(api('code_invalid', { show: '验证码不正确', detail: 'code mismatch' })).toEqual([
      { type: 'toast', variant: 'error', message: '验证码不正确' },
    ]);
  });

  it('any other kind falls back to `detail` when `show` is empty or blank', () => {
    expect(api('invalid_param', { show: '  ', detail: '手机号格式不正确' })).toEqual([
      { type: 'toast', variant: 'error', message: '手机号格式不正确' },
    ]);
  });

  it('a kind the web has never heard of is treated the same way', () => {
    expect(api('brand_new_kind', { detail: '新的错误' })).toEqual([
      { type: 'toast', variant: 'error', message: '新的错误' },
    ]);
    expect(api('brand_new_kind')).toEqual([
      { type: 'toast', variant: 'error', message: catalogueMessages.unknownError },
    ]);
  });

  it('gives every special kind of the contract its own behaviour (never the generic toast)', () => {
    for (const kind of specialErrorKinds) {
      const effects = effectsForErrData(err(kind, { show: 'GENERIC' }));
      expect(
        effects.some((e) => e.type === 'toast' && e.message === 'GENERIC'),
        kind,
      ).toBe(false);
    }
  });

  it('shows `show` for every domain kind of the contract', () => {
    for (const kind of domainErrorKinds) {
      expect(effectsForErrData(err(kind, { show: `显示 ${kind}` }))).toEqual([
        { type: 'toast', variant: 'error', message: `显示 ${kind}` },
      ]);
    }
  });
});

describe('effectsLeaveThePage', () => {
  it('is true when the effects navigate, reload or cover the page', () => {
    const leaving: Effect[][] = [
      [{ type: 'go_to_login', delayMs: 0 }],
      [{ type: 'reload', delayMs: 3000 }],
      [{ type: 'open_maintenance' }],
    ];
    for (const effects of leaving) expect(effectsLeaveThePage(effects)).toBe(true);
  });

  it('is false for toasts and dialogs', () => {
    expect(effectsLeaveThePage([{ type: 'toast', variant: 'error', message: 'x' }])).toBe(false);
    expect(effectsLeaveThePage([{ type: 'open_dialog', dialog: { name: 'vip', message: '' } }])).toBe(false);
    expect(effectsLeaveThePage([])).toBe(false);
  });
});

describe('retries', () => {
  const conflict = { type: 'api', errData: err('conflict', { show: '保存冲突，请重试' }) } as const;
  it('a conflict is retried three times, with growing pauses stretched at random', () => {
    expect([0, 1, 2, 3].map((n) => retryDelayMs(conflict, n, () => 0))).toEqual([200, 500, 1200, null]);
    expect([0, 1, 2].map((n) => retryDelayMs(conflict, n, () => 1))).toEqual([300, 750, 1800]);
  });
  it('nothing else is retried', () => {
    expect(retryDelayMs({ type: 'api', errData: err('section_timeout') }, 0)).toBeNull();
    expect(retryDelayMs({ type: 'network', message: 'x' }, 0)).toBeNull();
    expect(retryDelayMs({ type: 'http', status: 500, statusText: '' }, 0)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { interpretResponse, networkErrorMessage, readErrData } from './envelope.ts';

const errData = { kind: 'limit', show: '', detail: '', overflow_subject: '', role_name: '' };

describe('interpretResponse', () => {
  it('returns the data of an ok envelope', () => {
    expect(interpretResponse(200, 'OK', { ok: true, data: { a: 1 }, err_data: null })).toEqual({
      ok: true,
      data: { a: 1 },
    });
  });

  it('turns an envelope with err_data into an API failure', () => {
    expect(interpretResponse(200, 'OK', { ok: false, data: null, err_data: errData })).toEqual({
      ok: false,
      failure: { type: 'api', errData },
    });
  });

  it('prefers the envelope over a 4xx status (validation, rate limits)', () => {
    const body = { ok: false, data: null, err_data: { ...errData, kind: 'invalid_param', show: '请输入手机号' } };
    expect(interpretResponse(400, 'Bad Request', body)).toEqual({
      ok: false,
      failure: { type: 'api', errData: { ...errData, kind: 'invalid_param', show: '请输入手机号' } },
    });
  });

  it('treats 401 as "please log in" whatever the body says', () => {
    expect(interpretResponse(401, 'Unauthorized', { ok: false, data: null, err_data: errData })).toEqual({
      ok: false,
      failure: { type: 'http', status: 401, statusText: 'Unauthorized' },
    });
  });

  it('lets server_upgrading on a 503 open the maintenance overlay', () => {
    const body = { ok: false, data: null, err_data: { ...errData, kind: 'server_upgrading' } };
    expect(interpretResponse(503, 'Service Unavailable', body)).toMatchObject({
      ok: false,
      failure: { type: 'api', errData: { kind: 'server_upgrading' } },
    });
  });

  it('keeps a 500 an HTTP error even with a domain err_data', () => {
    const body = { ok: false, data: null, err_data: { ...errData, kind: 'internal', show: '服务器内部错误' } };
    expect(interpretResponse(500, 'Internal Server Error', body)).toEqual({
      ok: false,
      failure: { type: 'http', status: 500, statusText: 'Internal Server Error' },
    });
  });

  it('is an HTTP error for a non-2xx answer without an envelope', () => {
    expect(interpretResponse(502, 'Bad Gateway', undefined)).toEqual({
      ok: false,
      failure: { type: 'http', status: 502, statusText: 'Bad Gateway' },
    });
  });

  it('is an invalid response for a 2xx answer without an envelope', () => {
    expect(interpretResponse(200, 'OK', '<html>')).toMatchObject({ ok: false, failure: { type: 'invalid_response' } });
    expect(interpretResponse(200, 'OK', { ok: true })).toMatchObject({
      ok: false,
      failure: { type: 'invalid_response' },
    });
    expect(interpretResponse(200, 'OK', { ok: false, err_data: null })).toMatchObject({
      ok: false,
      failure: { type: 'invalid_response' },
    });
  });
});

describe('readErrData', () => {
  it('fills missing optional fields with empty strings', () => {
    expect(readErrData({ kind: 'day_overflow', overflow_subject: '做题' })).toEqual({
      kind: 'day_overflow',
      show: '',
      detail: '',
      overflow_subject: '做题',
      role_name: '',
    });
  });

  it('needs a kind', () => {
    expect(readErrData({ show: 'x' })).toBeNull();
    expect(readErrData(null)).toBeNull();
    expect(readErrData('limit')).toBeNull();
  });
});

describe('networkErrorMessage', () => {
  it('uses the error message', () => {
    expect(networkErrorMessage(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
  });
  it('names a timeout in Chinese', () => {
    expect(networkErrorMessage(new DOMException('signal timed out', 'TimeoutError'))).toBe('请求超时');
  });
  it('has a fallback', () => {
    expect(networkErrorMessage('boom')).toBe('无法连接服务器');
  });
});

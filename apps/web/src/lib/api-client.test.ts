import { signIn } from '@gre/contract/endpoints/summary';
import { getStatus } from '@gre/contract/endpoints/system';
import { login } from '@gre/contract/endpoints/user';
import { getAllWords } from '@gre/contract/endpoints/word';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, configureApiClient } from './api-client.ts';
import type { Effect } from './error-catalogue.ts';

const status = {
  server_version: '0.1.0',
  min_api_version: 'v1.0.0',
  maintenance: { on: false, message: '' },
  server_time: '2026-11-21T00:00:00Z',
};

function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    key: (i: number) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
  };
}

function jsonResponse(body: unknown, init: { status?: number; statusText?: string } = {}) {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    statusText: init.statusText ?? 'OK',
    headers: { 'content-type': 'application/json' },
  });
}

let effects: Effect[][];
let backdrop: number[];

beforeEach(() => {
  effects = [];
  backdrop = [];
  configureApiClient({ runEffects: (e) => effects.push([...e]), changeBackdrop: (d) => backdrop.push(d) });
  vi.stubGlobal('window', { localStorage: memoryStorage({ token: 'a.b.c', device_id: 'device-1' }) });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('api', () => {
  it('sends a cacheable call’s last ETag back and uses its last answer on 304', async () => {
    const list = { words: [{ word: 'abate', gloss: 'v. 减弱', poses: ['v'], band: 2 }], marks: [] };
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        new Response(JSON.stringify({ ok: true, data: list, err_data: null }), {
          status: 200,
          headers: { 'content-type': 'application/json', etag: '"v1"' },
        }),
      )
      .mockResolvedValueOnce(new Response(null, { status: 304, headers: { etag: '"v1"' } }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(api(getAllWords, {})).resolves.toEqual(list);
    await expect(api(getAllWords, {})).resolves.toEqual(list);
    const first = fetchMock.mock.calls[0]?.[1] as RequestInit;
    const second = fetchMock.mock.calls[1]?.[1] as RequestInit;
    expect(first.headers).not.toHaveProperty('if-none-match');
    expect(second.headers).toMatchObject({ 'if-none-match': '"v1"' });
  });

  it('POSTs JSON with the token, API version and device id, and returns the data', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ ok: true, data: status, err_data: null }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(api(getStatus, {})).resolves.toEqual(status);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/system/status');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{}');
    expect(init.headers).toMatchObject({
      'content-type': 'application/json',
      authorization: 'Bearer a.b.c',
      'x-api-version': 'v1.99.99',
    });
    expect(typeof (init.headers as Record<string, string>)['x-device-id']).toBe('string');
    expect(effects).toEqual([]);
    expect(backdrop).toEqual([]);
  });

  it('sends no Authorization header without a token', async () => {
    vi.stubGlobal('window', { localStorage: memoryStorage() });
    const fetchMock = vi.fn(async () => jsonResponse({ ok: true, data: status, err_data: null }));
    vi.stubGlobal('fetch', fetchMock);
    await api(getStatus, {});
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).not.toHaveProperty('authorization');
  });

  it('shows the backdrop around backdrop endpoints, even when they fail', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({
          ok: false,
          data: null,
          err_data: { kind: 'login_failed', show: '账号或密码错误', detail: '', overflow_subject: '', role_name: '' },
        }),
      ),
    );
    await expect(api(login, { account: 'a@example.com', password: 'x' })).rejects.toBeInstanceOf(ApiError);
    expect(backdrop).toEqual([1, -1]);
    expect(effects).toEqual([[{ type: 'toast', variant: 'error', message: '账号或密码错误' }]]);
  });

  it('leaves the toast out for refusals the page shows in place (shownInPage), not for others', async () => {
    const refusal = (kind: string) =>
      jsonResponse({
        ok: false,
        data: null,
        err_data: { kind, show: '链接无效', detail: '', overflow_subject: '', role_name: '' },
      });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => refusal('forbidden')),
    );
    const error = await api(login, { account: 'a@example.com', password: 'x' }, { shownInPage: ['forbidden'] }).catch(
      (e: unknown) => e,
    );
    expect((error as ApiError).message).toBe('链接无效');
    expect(effects).toEqual([[]]);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => refusal('not_found')),
    );
    await expect(
      api(login, { account: 'a@example.com', password: 'x' }, { shownInPage: ['forbidden'] }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(effects[1]).toEqual([{ type: 'toast', variant: 'error', message: '链接无效' }]);
  });

  it('runs the catalogue for HTTP errors and rejects', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('nope', { status: 401, statusText: 'Unauthorized' })),
    );
    const error = await api(signIn, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).failure).toEqual({ type: 'http', status: 401, statusText: 'Unauthorized' });
    expect(effects[0]?.map((e) => e.type)).toEqual(['toast', 'remove_token', 'go_to_login']);
  });

  it('reports a network failure with its message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(api(getStatus, {})).rejects.toMatchObject({
      failure: { type: 'network', message: 'Failed to fetch' },
    });
    expect(effects).toEqual([[{ type: 'toast', variant: 'error', message: '网络异常：Failed to fetch' }]]);
  });

  it('refuses data that does not match the contract', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ ok: true, data: { server_version: 1 }, err_data: null })),
    );
    await expect(api(getStatus, {})).rejects.toMatchObject({ failure: { type: 'invalid_response' } });
    expect(effects[0]?.[0]).toMatchObject({ type: 'toast', variant: 'error' });
  });

  describe('a lost save race (conflict)', () => {
    const conflict = () =>
      jsonResponse({
        ok: false,
        data: null,
        err_data: { kind: 'conflict', show: '保存冲突，请重试', detail: '', overflow_subject: '', role_name: '' },
      });
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('is sent again after a pause, silently, and its answer is returned', async () => {
      const fetchMock = vi
        .fn()
        .mockResolvedValueOnce(conflict())
        .mockResolvedValueOnce(conflict())
        .mockResolvedValueOnce(jsonResponse({ ok: true, data: status, err_data: null }));
      vi.stubGlobal('fetch', fetchMock);
      const result = api(getStatus, {});
      await vi.advanceTimersByTimeAsync(0);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      // Not at once: the first pause is at least 200 ms.
      await vi.advanceTimersByTimeAsync(150);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(5_000);
      await expect(result).resolves.toEqual(status);
      expect(fetchMock).toHaveBeenCalledTimes(3);
      const bodies = fetchMock.mock.calls.map((c) => (c[1] as RequestInit).body);
      expect(new Set(bodies).size).toBe(1);
      expect(effects).toEqual([]);
    });

    it('gives up after three retries with one toast', async () => {
      const fetchMock = vi.fn(async () => conflict());
      vi.stubGlobal('fetch', fetchMock);
      const result = api(getStatus, {}).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(10_000);
      const error = await result;
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).failure).toMatchObject({ type: 'api', errData: { kind: 'conflict' } });
      expect(fetchMock).toHaveBeenCalledTimes(4);
      expect(effects).toEqual([[{ type: 'toast', variant: 'error', message: '保存冲突，请重试' }]]);
    });

    it('stops waiting when the caller cancels during a pause', async () => {
      const controller = new AbortController();
      const fetchMock = vi.fn(async () => conflict());
      vi.stubGlobal('fetch', fetchMock);
      const result = api(getStatus, {}, { signal: controller.signal }).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(50);
      controller.abort();
      await vi.advanceTimersByTimeAsync(10_000);
      expect(await result).toMatchObject({ name: 'AbortError' });
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(effects).toEqual([]);
    });

    it('other refusals are not sent again', async () => {
      const fetchMock = vi.fn(async () =>
        jsonResponse({
          ok: false,
          data: null,
          err_data: { kind: 'bad_request', show: '请求有误', detail: '', overflow_subject: '', role_name: '' },
        }),
      );
      vi.stubGlobal('fetch', fetchMock);
      await expect(api(getStatus, {})).rejects.toBeInstanceOf(ApiError);
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });
  });

  it('stays quiet when the caller cancels', async () => {
    const controller = new AbortController();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        controller.abort();
        throw new DOMException('aborted', 'AbortError');
      }),
    );
    await expect(api(getStatus, {}, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(effects).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { effectsForFailure } from '../lib/error-catalogue.ts';
import { makeToken } from '../lib/testing/make-token.ts';
import { decideStartup, planStartupFailure } from './startup.ts';

const good = makeToken({ user_id: '1001', exp: 1_900_000_000 });

describe('decideStartup', () => {
  it('loads the user when the stored token is well formed', () => {
    for (const pathname of ['/', '/home', '/personal', '/login', '/debug', '/nowhere']) {
      expect(decideStartup({ pathname, token: good })).toEqual({ kind: 'load_user' });
    }
  });

  it('goes to /login without a token', () => {
    expect(decideStartup({ pathname: '/', token: null })).toEqual({ kind: 'go_to_login', removeToken: false });
    expect(decideStartup({ pathname: '/personal', token: null })).toEqual({ kind: 'go_to_login', removeToken: false });
  });

  it('stays on /login (no redirect loop)', () => {
    expect(decideStartup({ pathname: '/login', token: null })).toEqual({ kind: 'stay_anonymous', removeToken: false });
    expect(decideStartup({ pathname: '/login/', token: null })).toEqual({ kind: 'stay_anonymous', removeToken: false });
  });

  it('lets visitors read the agreement and the diagnostics page', () => {
    expect(decideStartup({ pathname: '/agreement', token: null }).kind).toBe('stay_anonymous');
    expect(decideStartup({ pathname: '/debug', token: null }).kind).toBe('stay_anonymous');
  });

  it.each([
    ['garbage', 'not-a-token'],
    ['two parts', 'a.b'],
    ['no user id', makeToken({ sub: '1' })],
    ['an empty user id', makeToken({ user_id: '' })],
    ['a payload that is not JSON', makeToken('bm90IGpzb24', true)],
  ])('treats a token with %s as no token and removes it', (_name, token) => {
    expect(decideStartup({ pathname: '/home', token })).toEqual({ kind: 'go_to_login', removeToken: true });
    expect(decideStartup({ pathname: '/login', token })).toEqual({ kind: 'stay_anonymous', removeToken: true });
  });

  it('treats an empty stored string as a rejected token', () => {
    expect(decideStartup({ pathname: '/', token: '' })).toEqual({ kind: 'go_to_login', removeToken: true });
  });
});

describe('planStartupFailure', () => {
  it('toasts 获取用户信息失败 and goes to /login after a network failure', () => {
    const effects = effectsForFailure({ type: 'network', message: 'Failed to fetch' });
    expect(planStartupFailure({ pathname: '/home', effects })).toEqual({
      toast: true,
      redirectToLogin: true,
      wait: false,
    });
  });

  it('toasts after a server error too', () => {
    const effects = effectsForFailure({ type: 'http', status: 500, statusText: 'Internal Server Error' });
    expect(planStartupFailure({ pathname: '/', effects })).toEqual({ toast: true, redirectToLogin: true, wait: false });
  });

  it('does not repeat itself when the catalogue already sends the visitor to /login', () => {
    const effects = effectsForFailure({ type: 'http', status: 401, statusText: '' });
    expect(planStartupFailure({ pathname: '/home', effects })).toEqual({
      toast: false,
      redirectToLogin: false,
      wait: true,
    });
  });

  it('does not toast under the maintenance overlay', () => {
    const plan = planStartupFailure({ pathname: '/home', effects: [{ type: 'open_maintenance' }] });
    // Stays on /home under the overlay, so that 刷新 reloads /home once the upgrade is over.
    expect(plan).toEqual({ toast: false, redirectToLogin: false, wait: true });
  });

  it('stays on pages open to visitors', () => {
    const effects = effectsForFailure({ type: 'network', message: 'x' });
    expect(planStartupFailure({ pathname: '/debug', effects }).redirectToLogin).toBe(false);
    expect(planStartupFailure({ pathname: '/login', effects }).redirectToLogin).toBe(false);
  });

  it('toasts when the failure was not an ApiError (no effects known)', () => {
    expect(planStartupFailure({ pathname: '/home', effects: [] })).toEqual({
      toast: true,
      redirectToLogin: true,
      wait: false,
    });
  });
});

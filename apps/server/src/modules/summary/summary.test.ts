import * as ep from '@gre/contract/endpoints/summary';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../test/accounts.ts';
import { createTestApp, type TestApp, testDbKinds } from '../../test/harness.ts';
import { streakOf } from './summary.service.ts';

describe('streakOf', () => {
  it('counts back from today, or from yesterday while today is not signed', () => {
    expect(streakOf(['2026-11-21', '2026-11-20', '2026-11-19', '2026-11-17'], '2026-11-21')).toBe(3);
    expect(streakOf(['2026-11-20', '2026-11-19'], '2026-11-21')).toBe(2);
    expect(streakOf(['2026-11-18'], '2026-11-21')).toBe(0);
    expect(streakOf([], '2026-11-21')).toBe(0);
  });

  it('crosses month and year boundaries', () => {
    expect(streakOf(['2027-01-01', '2026-12-31', '2026-12-30'], '2027-01-01')).toBe(3);
    expect(streakOf(['2028-03-01', '2028-02-29', '2028-02-28'], '2028-03-01')).toBe(3);
  });
});

describe.each(testDbKinds())('sign-in on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // 2026-11-20 23:30 in China (15:30 UTC)
    t = await createTestApp(kind, { start: '2026-11-20T15:30:00Z' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('signs in once a day, by the China date, and keeps the streak', async () => {
    const { token } = await registerUser(t);
    const first = await t.call(ep.signIn, {}, { token });
    expect(first.body.data).toEqual({ date: '2026-11-20', signed_today: true, streak: 1, total_days: 1 });
    const again = await t.call(ep.signIn, {}, { token });
    expect(again.body.data?.total_days).toBe(1);

    t.clock.advance(60 * 60_000); // 00:31 China time on the 21st, still the 20th in UTC
    const next = await t.call(ep.monthActivity, { year: 2026, month: 11 }, { token });
    expect(next.body.data?.sign_in).toMatchObject({ date: '2026-11-21', signed_today: false, streak: 1 });
    const second = await t.call(ep.signIn, {}, { token });
    expect(second.body.data).toMatchObject({ date: '2026-11-21', streak: 2, total_days: 2 });

    t.clock.advance(2 * 86_400_000); // skip a day
    const broken = await t.call(ep.signIn, {}, { token });
    expect(broken.body.data).toMatchObject({ date: '2026-11-23', streak: 1, total_days: 3 });
  });

  it('lists every day of the month with the signed ones marked', async () => {
    const { token } = await registerUser(t);
    await t.call(ep.signIn, {}, { token });
    const res = await t.call(ep.monthActivity, { year: 2026, month: 11 }, { token });
    const days = res.body.data?.days ?? [];
    expect(days).toHaveLength(30);
    expect(days[0]?.date).toBe('2026-11-01');
    expect(days.filter((d) => d.signed).map((d) => d.date)).toEqual([res.body.data?.sign_in.date]);
    const feb = await t.call(ep.monthActivity, { year: 2028, month: 2 }, { token });
    expect(feb.body.data?.days).toHaveLength(29);
  });

  it('refuses an impossible month in Chinese', async () => {
    const { token } = await registerUser(t);
    const res = await t.call(ep.monthActivity, { year: 2026, month: 13 }, { token });
    expect(res.body.err_data).toMatchObject({ kind: 'invalid_param', show: '月份不正确' });
  });
});

// The operations report's daily rollups (ADR 0031 amendment): a closed China day is counted once into
// report_days (15 minutes after it ends) and read from there; today is counted live; a period over 31
// days estimates its distinct active users from the days' sketches; the nightly job fills the week.
import * as mep from '@gre/contract/endpoints/permission';
import { RoleKind } from '@gre/contract/enums';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportDays } from '../../db/schema/pay.ts';
import { dailyActivity } from '../../db/schema/summary.ts';
import { users } from '../../db/schema/user.ts';
import { staffUser } from '../../test/accounts.ts';
import { createTestApp, type TestApp, testDbKinds } from '../../test/harness.ts';
import { lastClosedDay, rollUpDays } from './operate.report.ts';

describe.each(testDbKinds())('the report’s daily rollups on %s', (kind) => {
  let t: TestApp;
  let op = '';
  beforeAll(async () => {
    // 10 May 2026 00:10 in China: 9 May ended ten minutes ago.
    t = await createTestApp(kind, { start: '2026-05-09T16:10:00Z' });
    op = (await staffUser(t, { isOperator: true })).token;
  }, 120_000);
  afterAll(async () => {
    await t.close();
  }, 30_000);

  type Report = {
    days: { day: string; signups: number; active: number }[];
    totals: { signups: number; active: number };
    active_estimated: boolean;
  };
  const report = async (from: string, to: string): Promise<Report> => {
    const res = await t.call(mep.getReport, { from, to }, { token: op });
    if (!res.body.ok) throw new Error(JSON.stringify(res.body.err_data));
    return res.body.data as Report;
  };
  const signUp = async (n: number, at: string, prefix: string) => {
    const rows = Array.from({ length: n }, (_, i) => ({
      name: `${prefix}${i}`,
      email: `${prefix}-${kind}-${i}@example.com`,
      createdAt: new Date(at),
      updatedAt: new Date(at),
      roleKind: RoleKind.Trail,
    }));
    return (await t.database.db.insert(users).values(rows).returning({ id: users.id })).map((r) => r.id);
  };
  const stored = async (day: string) =>
    (await t.database.db.select().from(reportDays).where(eq(reportDays.day, day)))[0];

  it('counts a day that ended minutes ago live, then stores it once the grace is over and reads it from there', async () => {
    expect(lastClosedDay(t.clock.now())).toBe('2026-05-08');
    const ids = await signUp(3, '2026-05-09T08:00:00Z', 'may9');
    await t.database.db.insert(dailyActivity).values(ids.map((userId) => ({ userId, day: '2026-05-09' })));
    expect((await report('2026-05-09', '2026-05-10')).days[0]).toMatchObject({ signups: 3, active: 3 });
    expect(await stored('2026-05-09')).toBeUndefined();

    t.clock.advance(10 * 60_000); // 00:20: the grace is over
    expect((await report('2026-05-09', '2026-05-10')).days[0]).toMatchObject({ signups: 3, active: 3 });
    expect(await stored('2026-05-09')).toMatchObject({ figures: { signups: 3, active: 3 } });
    // The report now reads the row: what the row says is what the report says.
    await t.database.db
      .update(reportDays)
      .set({ figures: { signups: 30, active: 3 } })
      .where(eq(reportDays.day, '2026-05-09'));
    expect((await report('2026-05-09', '2026-05-09')).totals.signups).toBe(30);
    await t.database.db
      .update(reportDays)
      .set({ figures: { signups: 3, active: 3 } })
      .where(eq(reportDays.day, '2026-05-09'));
  });

  it('counts today live: a sign-up now is in the next report', async () => {
    const before = (await report('2026-05-10', '2026-05-10')).totals.signups;
    await signUp(1, t.clock.now().toISOString(), 'today');
    expect((await report('2026-05-10', '2026-05-10')).totals.signups).toBe(before + 1);
    expect(await stored('2026-05-10')).toBeUndefined();
  });

  it('estimates the distinct active users of a period over 31 days from the days’ sketches', async () => {
    // 40 users active on 20 April and again, with 10 others, on 1 May: 50 distinct.
    const ids = await signUp(50, '2026-04-01T02:00:00Z', 'april');
    await t.database.db
      .insert(dailyActivity)
      .values([
        ...ids.slice(0, 40).map((userId) => ({ userId, day: '2026-04-20' })),
        ...ids.map((userId) => ({ userId, day: '2026-05-01' })),
      ]);
    const short = await report('2026-04-15', '2026-05-10');
    expect(short.active_estimated).toBe(false);
    expect(short.totals.active).toBe(53);
    const long = await report('2026-03-01', '2026-05-10');
    expect(long.active_estimated).toBe(true);
    expect(Math.abs(long.totals.active - 53)).toBeLessThanOrEqual(2);
    expect(long.days.find((d) => d.day === '2026-05-01')?.active).toBe(50);
  });

  it('the nightly job’s roll-up stores the missing closed days of the week and leaves stored ones', async () => {
    t.clock.advance(2 * 86_400_000); // 12 May 00:20
    const written = await rollUpDays(t.database.db, t.clock, '2026-05-05', lastClosedDay(t.clock.now()));
    expect([...written.keys()]).toEqual(['2026-05-10', '2026-05-11']);
    expect((await stored('2026-05-10'))?.figures).toMatchObject({ signups: 1 });
    expect((await rollUpDays(t.database.db, t.clock, '2026-05-05', '2026-05-11')).size).toBe(0);
  });
});

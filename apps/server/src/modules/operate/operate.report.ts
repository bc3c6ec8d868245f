// The operations report (get_report; issue 17, ADR 0031): per China day of a period and in total —
// sign-ups, active users, first purchases, applied orders and revenue (also per plan), mocks started,
// essays graded by the machine and by teachers.
//
// Closed days come from `report_days` (one row per China day, written once the day has been over for
// `rollupGraceMs`, by the nightly job or by the first report that needs it); the open days (today,
// yesterday for its first minutes) are counted live. Each live figure is one grouped query on its own
// index (users_created_idx, daily_activity_day_idx, trades_applied_idx, exams_mock_created_idx,
// essays_finished_idx, essays_teacher_graded_idx). The period's distinct active users are counted
// exactly up to 31 days and estimated beyond from the days' HyperLogLog sketches (hll.ts).
import { addDays, chinaDay, chinaMidnight } from '@gre/contract/china-time';
import type { PaymentKind } from '@gre/contract/enums';
import { and, asc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { reportDays } from '../../db/schema/pay.ts';
import { dailyActivity } from '../../db/schema/summary.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import { addId, estimate, mergeInto, newSketch, type Sketch, sketchFromText, sketchToText } from './hll.ts';

const figures = [
  'signups',
  'active',
  'first_purchases',
  'orders',
  'revenue_fen',
  'mocks',
  'essays_graded',
  'teacher_graded',
] as const;
type Figure = (typeof figures)[number];
type Counts = Record<Figure, number>;
interface PlanRow {
  kind: PaymentKind;
  param: number;
  title: string;
  orders: number;
  revenue_fen: number;
}
interface DayRow {
  counts: Counts;
  plans: PlanRow[];
}

/** A day is rolled up (and never counted again) this long after it ends in China. */
export const rollupGraceMs = 15 * 60_000;
/** Periods up to this many days count distinct active users exactly; longer ones estimate. */
export const exactActiveDays = 31;

const zero = (): Counts => Object.fromEntries(figures.map((f) => [f, 0])) as Counts;

/** The China calendar day of a timestamptz column, as YYYY-MM-DD. */
const chinaDayOf = (column: string) => sql.raw(`((${column} at time zone 'UTC') + interval '8 hours')::date::text`);

function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** The last China day that is over by `rollupGraceMs` at `now`. */
export function lastClosedDay(now: Date): string {
  return addDays(chinaDay(new Date(now.getTime() - rollupGraceMs)), -1);
}

/** Every figure and the per-plan orders of each day of [from, to], counted from the events. */
async function countDays(db: Db, from: string, to: string): Promise<Map<string, DayRow>> {
  const start = chinaMidnight(from).toISOString();
  const end = chinaMidnight(addDays(to, 1)).toISOString();
  /** `column` (a constant of this file) within the period. */
  const inRange = (column: string) =>
    sql`${sql.raw(column)} >= ${start}::timestamptz and ${sql.raw(column)} < ${end}::timestamptz`;
  /** A grouped query's rows as (figure, day, n): each column but `day` is named after its figure. */
  const perDay = async (query: SQL) =>
    rowsOf(await db.execute(query)).flatMap((r) =>
      Object.entries(r)
        .filter(([k]) => k !== 'day')
        .map(([figure, n]) => ({ figure: figure as Figure, day: String(r.day), n: Number(n) })),
    );
  const [signups, active, first, mocks, essays, teacher, plans] = await Promise.all([
    perDay(
      sql`select ${chinaDayOf('created_at')} as day, count(*)::int as signups from users
          where ${inRange('created_at')} and not (is_admin or is_operator or is_teacher) group by 1`,
    ),
    perDay(
      sql`select day::text as day, count(*)::int as active from daily_activity
          where day >= ${from}::date and day <= ${to}::date group by 1`,
    ),
    // A first purchase in the period is the earliest applied order of a buyer of the period.
    perDay(
      sql`select ${chinaDayOf('first')} as day, count(*)::int as first_purchases
          from (select min(applied_at) as first from trades
                where applied_at is not null
                  and user_id in (select user_id from trades where applied_at is not null and ${inRange('applied_at')})
                group by user_id) f
          where ${inRange('first')} group by 1`,
    ),
    perDay(
      sql`select ${chinaDayOf('created_at')} as day, count(*)::int as mocks from exams
          where kind like 'mock%' and ${inRange('created_at')} group by 1`,
    ),
    perDay(
      sql`select ${chinaDayOf('finished_at')} as day, count(*)::int as essays_graded from essays
          where finished_at is not null and ${inRange('finished_at')} group by 1`,
    ),
    perDay(
      sql`select ${chinaDayOf('teacher_graded_at')} as day, count(*)::int as teacher_graded from essays
          where ${inRange('teacher_graded_at')} group by 1`,
    ),
    // Orders and their revenue per day and plan, in one pass over the period's applied orders.
    db.execute(
      sql`select ${chinaDayOf('applied_at')} as day, kind, param, min(title) as title, count(*)::int as orders,
            sum(price_fen)::bigint as revenue_fen
          from trades where applied_at is not null and ${inRange('applied_at')}
          group by 1, kind, param order by 1, kind, param`,
    ),
  ]);
  const byDay = new Map<string, DayRow>(daysOf(from, to).map((d) => [d, { counts: zero(), plans: [] }]));
  for (const r of [...signups, ...active, ...first, ...mocks, ...essays, ...teacher]) {
    const c = byDay.get(r.day);
    if (c) c.counts[r.figure] += r.n;
  }
  for (const p of rowsOf(plans)) {
    const row = byDay.get(String(p.day));
    if (!row) continue;
    const plan = {
      kind: Number(p.kind) as PaymentKind,
      param: Number(p.param),
      title: String(p.title),
      orders: Number(p.orders),
      revenue_fen: Number(p.revenue_fen),
    };
    row.plans.push(plan);
    row.counts.orders += plan.orders;
    row.counts.revenue_fen += plan.revenue_fen;
  }
  return byDay;
}

/** The sketch of the users active on `day`. */
async function activeSketch(db: Db, day: string): Promise<Sketch> {
  const s = newSketch();
  const rows = await db.select({ id: dailyActivity.userId }).from(dailyActivity).where(eq(dailyActivity.day, day));
  for (const r of rows) addId(s, Number(r.id));
  return s;
}

/**
 * Counts the closed days of [from, to] that have no row yet and stores them (a concurrent writer's row
 * wins; both counted the same events). Days still open are left alone. Answers the rows it wrote.
 */
export async function rollUpDays(db: Db, clock: Clock, from: string, to: string) {
  const last = lastClosedDay(clock.now());
  const upTo = to < last ? to : last;
  if (from > upTo) return new Map<string, DayRow & { sketch: Sketch }>();
  const have = new Set(
    (
      await db
        .select({ day: reportDays.day })
        .from(reportDays)
        .where(and(gte(reportDays.day, from), lte(reportDays.day, upTo)))
    ).map((r) => r.day),
  );
  const missing = daysOf(from, upTo).filter((d) => !have.has(d));
  const out = new Map<string, DayRow & { sketch: Sketch }>();
  if (!missing.length) return out;
  const counted = await countDays(db, missing[0] as string, missing[missing.length - 1] as string);
  for (const day of missing) {
    const row = counted.get(day) ?? { counts: zero(), plans: [] };
    const sketch = await activeSketch(db, day);
    await db
      .insert(reportDays)
      .values({
        day,
        figures: row.counts,
        plans: row.plans,
        activeSketch: sketchToText(sketch),
        computedAt: clock.now(),
      })
      .onConflictDoNothing();
    out.set(day, { ...row, sketch });
  }
  return out;
}

export const rollupQueue = 'operate.report_rollup';

/** The nightly job: rolls up the last week's closed days that have no row yet (normally yesterday). */
export async function startReportRollups(queue: JobQueue, db: Db, clock: Clock) {
  await queue.define(rollupQueue, { retryLimit: 2, expireInSeconds: 600, onePerKey: false });
  await queue.work(rollupQueue, async () => {
    const last = lastClosedDay(clock.now());
    await rollUpDays(db, clock, addDays(last, -6), last);
  });
  // 00:30 in China: past the grace of the day that just ended.
  await queue.schedule(rollupQueue, '30 0 * * *');
}

export async function operationsReport(db: Db, clock: Clock, from: string, to: string) {
  const last = lastClosedDay(clock.now());
  const closedTo = to < last ? to : last;
  const rows = new Map<string, DayRow & { sketch: Sketch | null }>();
  if (from <= closedTo) {
    const stored = await db
      .select()
      .from(reportDays)
      .where(and(gte(reportDays.day, from), lte(reportDays.day, closedTo)))
      .orderBy(asc(reportDays.day));
    for (const r of stored)
      rows.set(r.day, {
        counts: { ...zero(), ...(r.figures as Partial<Counts>) },
        plans: r.plans as PlanRow[],
        sketch: sketchFromText(r.activeSketch),
      });
    if (rows.size < daysOf(from, closedTo).length)
      for (const [day, row] of await rollUpDays(db, clock, from, closedTo)) rows.set(day, row);
  }
  const liveFrom = from > closedTo ? from : addDays(closedTo, 1);
  if (liveFrom <= to)
    for (const [day, row] of await countDays(db, liveFrom, to)) rows.set(day, { ...row, sketch: null });

  const days = daysOf(from, to).map((day) => ({ day, ...(rows.get(day)?.counts ?? zero()) }));
  const totals = zero();
  for (const d of days) for (const f of figures) totals[f] += d[f];
  const plans = new Map<string, PlanRow>();
  for (const day of daysOf(from, to))
    for (const p of rows.get(day)?.plans ?? []) {
      const key = `${p.kind}-${p.param}`;
      const had = plans.get(key);
      if (had) {
        had.orders += p.orders;
        had.revenue_fen += p.revenue_fen;
        if (p.title < had.title) had.title = p.title;
      } else plans.set(key, { ...p });
    }

  // Active users of the period: distinct, not the sum of the days.
  const estimated = days.length > exactActiveDays;
  if (estimated) {
    const all = newSketch();
    for (const day of daysOf(from, to)) {
      const s = rows.get(day)?.sketch ?? (day <= to && day >= liveFrom ? await activeSketch(db, day) : null);
      if (s) mergeInto(all, s);
    }
    totals.active = estimate(all);
  } else {
    const [distinct] = rowsOf(
      await db.execute(
        sql`select count(distinct user_id)::int as n from daily_activity where day >= ${from}::date and day <= ${to}::date`,
      ),
    );
    totals.active = Number(distinct?.n ?? 0);
  }
  return {
    days,
    totals,
    active_estimated: estimated,
    plans: [...plans.values()].sort((a, b) => a.kind - b.kind || a.param - b.param),
  };
}

/** The rows of `db.execute` on either driver (node-postgres and PGlite answer { rows }). */
function rowsOf(result: unknown): Record<string, unknown>[] {
  if (Array.isArray(result)) return result as Record<string, unknown>[];
  return ((result as { rows?: Record<string, unknown>[] }).rows ?? []) as Record<string, unknown>[];
}

// The operations report (get_report; issue 17, ADR 0031): per China day of a period and in total —
// sign-ups, active users, first purchases, applied orders and revenue (also per plan), mocks started,
// essays graded by the machine and by teachers. Each figure (orders with their revenue) is one grouped query on its own index
// (users_created_idx, daily_activity_day_idx, trades_applied_idx, exams_mock_created_idx,
// essays_finished_idx, essays_teacher_graded_idx), all run at once.
import { addDays, chinaMidnight } from '@gre/contract/china-time';
import type { PaymentKind } from '@gre/contract/enums';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';

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

/** The China calendar day of a timestamptz column, as YYYY-MM-DD. */
const chinaDayOf = (column: string) => sql.raw(`((${column} at time zone 'UTC') + interval '8 hours')::date::text`);

export async function operationsReport(db: Db, from: string, to: string) {
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
  const [signups, active, first, orders, mocks, essays, teacher, plans] = await Promise.all([
    perDay(
      sql`select ${chinaDayOf('created_at')} as day, count(*)::int as signups from users
          where ${inRange('created_at')} and not (is_admin or is_operator or is_teacher) group by 1`,
    ),
    perDay(
      sql`select day::text as day, count(*)::int as active from daily_activity
          where day >= ${from}::date and day <= ${to}::date group by 1`,
    ),
    perDay(
      sql`select ${chinaDayOf('first')} as day, count(*)::int as first_purchases
          from (select min(applied_at) as first from trades where applied_at is not null group by user_id) f
          where ${inRange('first')} group by 1`,
    ),
    // Orders and their revenue in one pass over the period's applied orders.
    perDay(
      sql`select ${chinaDayOf('applied_at')} as day, count(*)::int as orders, sum(price_fen)::bigint as revenue_fen
          from trades where applied_at is not null and ${inRange('applied_at')} group by 1`,
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
    db.execute(
      sql`select kind, param, min(title) as title, count(*)::int as orders, sum(price_fen)::bigint as revenue_fen
          from trades where applied_at is not null and ${inRange('applied_at')}
          group by kind, param order by kind, param`,
    ),
  ]);

  const zero = (): Counts => Object.fromEntries(figures.map((f) => [f, 0])) as Counts;
  const byDay = new Map<string, Counts>();
  for (let d = from; d <= to; d = addDays(d, 1)) byDay.set(d, zero());
  const totals = zero();
  for (const r of [...signups, ...active, ...first, ...orders, ...mocks, ...essays, ...teacher]) {
    const c = byDay.get(r.day);
    if (!c) continue;
    c[r.figure] += r.n;
    totals[r.figure] += r.n;
  }
  // Active users of the period: distinct, not the sum of the days.
  const [distinct] = rowsOf(
    await db.execute(
      sql`select count(distinct user_id)::int as n from daily_activity where day >= ${from}::date and day <= ${to}::date`,
    ),
  );
  totals.active = Number(distinct?.n ?? 0);
  return {
    days: [...byDay.entries()].map(([day, c]) => ({ day, ...c })),
    totals,
    plans: rowsOf(plans).map((p) => ({
      kind: Number(p.kind) as PaymentKind,
      param: Number(p.param),
      title: String(p.title),
      orders: Number(p.orders),
      revenue_fen: Number(p.revenue_fen),
    })),
  };
}

/** The rows of `db.execute` on either driver (node-postgres and PGlite answer { rows }). */
function rowsOf(result: unknown): Record<string, unknown>[] {
  if (Array.isArray(result)) return result as Record<string, unknown>[];
  return ((result as { rows?: Record<string, unknown>[] }).rows ?? []) as Record<string, unknown>[];
}

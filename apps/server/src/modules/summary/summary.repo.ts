// SQL for daily activity (sign-in, today's progress) and the statistics. Statistics aggregate in
// the database: `responses` through its (user_id, at) index, `exams` through (user_id, created_at);
// only grouped rows come back to Node.
import { ExamStatus, measuredCategories } from '@gre/contract/enums';
import { examKinds } from '@gre/contract/exam';
import { and, asc, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { dailyActivity } from '../../db/schema/summary.ts';
import type { Db } from '../../platform/db.ts';
import type { RangeRule } from './summary.ranges.ts';

/** Exam kinds whose finished exams are mocks (score figures rest on them). */
export const mockKinds = examKinds.filter((k) => k.startsWith('mock_'));
/** Exam statuses of a done exam: Finished 3, Close 4 (an earlier attempt of a restarted book). */
const doneStatuses = [ExamStatus.Finished, ExamStatus.Close];
/** Categories with right and wrong answers on the test: Filling 1, Reading 2, Math 3. */

export const scoreMeasures = ['verbal', 'quant', 'total', 'issue'] as const;
export type ScoreMeasure = (typeof scoreMeasures)[number];

/** Counts of one group of answers. */
export interface AnswerCounts {
  total: number;
  answered: number;
  correct: number;
  /** Seconds spent on the answered ones. */
  seconds: number;
}

export interface MockRow {
  examId: string;
  name: string;
  kind: string;
  finishedAt: number;
  scores: Record<ScoreMeasure, number | null>;
}

const list = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export function createSummaryRepo(db: Db) {
  async function rows<T>(query: SQL): Promise<T[]> {
    return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  }

  /** Finished mocks of the user (in the period of a `since` rule), one row per (mock, score it has). */
  function mockScoresCte(userId: number, rule: RangeRule, now: Date) {
    const period =
      rule.kind === 'since' ? sql`and finished_at >= ${ts(rule.since)} and finished_at <= ${ts(now)}` : sql``;
    const keep =
      rule.kind === 'last'
        ? sql`recent <= ${rule.n}`
        : rule.kind === 'drop_lowest'
          ? sql`lowest > ${rule.n}`
          : sql`true`;
    return sql`
      with m as (
        select id, name, kind, finished_at,
               (result -> 'verbal_score' ->> 'score')::float8 as verbal,
               (result -> 'quant_score' ->> 'score')::float8 as quant,
               (result ->> 'total_score')::float8 as total,
               (result ->> 'issue_score')::float8 as issue
          from exams
         where user_id = ${userId} and kind in (${list(mockKinds)}) and status in (${list(doneStatuses)})
           and result is not null and finished_at is not null ${period}
      ),
      s as (
        select m.id, x.measure, x.value,
               row_number() over (partition by x.measure order by m.finished_at desc, m.id desc) as recent,
               row_number() over (partition by x.measure order by x.value asc, m.finished_at asc, m.id asc) as lowest
          from m
         cross join lateral (values ('verbal', m.verbal), ('quant', m.quant), ('total', m.total), ('issue', m.issue))
               as x(measure, value)
         where x.value is not null
      ),
      k as (select s.*, (${keep}) as keep from s)`;
  }

  return {
    async markSigned(userId: number, day: string) {
      await db
        .insert(dailyActivity)
        .values({ userId, day, signed: true })
        .onConflictDoUpdate({ target: [dailyActivity.userId, dailyActivity.day], set: { signed: true } });
    },

    /** Signed days, newest first (enough to compute any realistic streak). */
    async signedDays(userId: number, limit: number): Promise<string[]> {
      const rows = await db
        .select({ day: dailyActivity.day })
        .from(dailyActivity)
        .where(and(eq(dailyActivity.userId, userId), eq(dailyActivity.signed, true)))
        .orderBy(desc(dailyActivity.day))
        .limit(limit);
      return rows.map((r) => r.day);
    },

    async countSigned(userId: number): Promise<number> {
      const [r] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(dailyActivity)
        .where(and(eq(dailyActivity.userId, userId), eq(dailyActivity.signed, true)));
      return r?.n ?? 0;
    },

    async range(userId: number, from: string, to: string) {
      return db
        .select()
        .from(dailyActivity)
        .where(and(eq(dailyActivity.userId, userId), gte(dailyActivity.day, from), lte(dailyActivity.day, to)))
        .orderBy(asc(dailyActivity.day));
    },

    /** All-time activity totals and today's row. Minutes: floor(seconds / 60) + the legacy minutes. */
    async activityTotals(userId: number, today: string) {
      const [r] = await rows<Record<string, unknown>>(sql`
        select coalesce(sum(used_question), 0)::int as questions,
               coalesce(sum(used_word), 0)::int as words,
               (coalesce(sum(used_time_mins), 0) + coalesce(sum(used_seconds), 0) / 60)::int as minutes,
               count(*) filter (where used_question + used_word + used_seconds + used_time_mins > 0)::int as days,
               coalesce(max(used_question) filter (where day = ${today}), 0)::int as today_question,
               coalesce(max(used_word) filter (where day = ${today}), 0)::int as today_word,
               coalesce(max(used_time_mins + used_seconds / 60) filter (where day = ${today}), 0)::int as today_mins
          from daily_activity
         where user_id = ${userId}`);
      return {
        questions: num(r?.questions),
        words: num(r?.words),
        minutes: num(r?.minutes),
        days: num(r?.days),
        today: { question: num(r?.today_question), word: num(r?.today_word), minutes: num(r?.today_mins) },
      };
    },

    /** Answered and correct test questions (categories 1–3) of finished sets, all time. */
    async gradedTotals(userId: number) {
      const [r] = await rows<Record<string, unknown>>(sql`
        select count(*) filter (where answered)::int as graded,
               count(*) filter (where answered and correct)::int as correct
          from responses
         where user_id = ${userId} and category in (${list(measuredCategories)})`);
      return { graded: num(r?.graded), correct: num(r?.correct) };
    },

    /** Answered / correct test questions of sets finished on each China day from `fromDay`. */
    async gradedByDay(userId: number, fromDay: string, from: Date) {
      const out = await rows<{ day: string; graded: number; correct: number }>(sql`
        select day::text as day,
               count(*) filter (where answered)::int as graded,
               count(*) filter (where answered and correct)::int as correct
          from responses
         where user_id = ${userId} and at >= ${ts(from)} and day >= ${fromDay}::date
           and category in (${list(measuredCategories)})
         group by day`);
      return new Map(out.map((r) => [r.day, { graded: num(r.graded), correct: num(r.correct) }]));
    },

    /**
     * Accuracy and time of finished sets and mocks, grouped by category, kind, difficulty and tag
     * (essays excluded: they have no right answer). The rule picks the sets (exams): the n most
     * recently finished, all but the n lowest by accuracy, or those finished in the period.
     */
    async exercise(userId: number, rule: RangeRule, now: Date, tagLimit: number) {
      const period = rule.kind === 'since' ? sql`and at >= ${ts(rule.since)} and at <= ${ts(now)}` : sql``;
      const pick =
        rule.kind === 'last'
          ? sql`order by last_at desc, exam_id desc limit ${rule.n}`
          : rule.kind === 'drop_lowest'
            ? sql`order by acc asc nulls first, last_at asc, exam_id asc offset ${rule.n}`
            : sql``;
      const counts = sql`count(*)::int as total,
               count(*) filter (where answered)::int as answered,
               count(*) filter (where answered and correct)::int as correct,
               coalesce(sum(used_seconds) filter (where answered), 0)::float8 as seconds`;
      const out = await rows<{ dim: string; key: string } & Record<string, unknown>>(sql`
        with base as (
          select exam_id, category, kind, difficulty, tag_ids, answered, correct, used_seconds, at
            from responses
           where user_id = ${userId} and category <> 4 ${period}
        ),
        sets as (
          select exam_id, max(at) as last_at,
                 count(*) filter (where answered and correct)::float8
                   / nullif(count(*) filter (where answered), 0) as acc
            from base group by exam_id
        ),
        picked as (select exam_id from sets ${pick}),
        r as (select * from base where exam_id in (select exam_id from picked))
        select 'sets' as dim, '' as key, (select count(*) from sets)::int as total,
               (select count(*) from picked)::int as answered, 0 as correct, 0::float8 as seconds
        union all
        select case when grouping(category) = 0 then 'category'
                    when grouping(kind) = 0 then 'kind'
                    when grouping(difficulty) = 0 then 'difficulty'
                    else 'overall' end as dim,
               coalesce(category::text, kind, difficulty::text, '') as key,
               ${counts}
          from r
         group by grouping sets ((), (category), (kind), (difficulty))
        union all
        (select 'tag' as dim, u.tag_id as key, ${counts}
           from r cross join lateral unnest(r.tag_ids) as u(tag_id)
          group by u.tag_id
          order by answered desc, total desc, u.tag_id
          limit ${tagLimit})`);
      const groups = {
        category: new Map<string, AnswerCounts>(),
        kind: new Map(),
        difficulty: new Map(),
        tag: new Map(),
      };
      let sets = { available: 0, used: 0 };
      for (const r of out) {
        if (r.dim === 'sets') {
          sets = { available: num(r.total), used: num(r.answered) };
          continue;
        }
        const c: AnswerCounts = {
          total: num(r.total),
          answered: num(r.answered),
          correct: num(r.correct),
          seconds: num(r.seconds),
        };
        const map = groups[r.dim as keyof typeof groups];
        if (map) map.set(r.key, c);
      }
      return { sets, ...groups };
    },

    /**
     * Per score: the mean of the mocks the rule keeps, how many it keeps, and how many have it;
     * and how many mocks have any score (in the period of a `since` rule).
     */
    async mockAverages(userId: number, rule: RangeRule, now: Date) {
      const out = await rows<{ measure: string; average: unknown; count: unknown; available: unknown }>(sql`
        ${mockScoresCte(userId, rule, now)}
        select measure, avg(value) filter (where keep)::float8 as average,
               count(*) filter (where keep)::int as count, count(*)::int as available
          from k group by measure
        union all
        select 'mocks', null, 0, count(distinct id)::int from s`);
      const byMeasure = new Map(out.map((r) => [r.measure, r]));
      const measures = Object.fromEntries(
        scoreMeasures.map((m) => {
          const r = byMeasure.get(m);
          return [m, { average: numOrNull(r?.average), count: num(r?.count), available: num(r?.available) }];
        }),
      ) as Record<ScoreMeasure, { average: number | null; count: number; available: number }>;
      return { ...measures, mocks: num(byMeasure.get('mocks')?.available) };
    },

    /** Mocks with at least one score the rule keeps, newest first, each score null unless kept. */
    async mockTrend(userId: number, rule: RangeRule, now: Date, limit: number): Promise<MockRow[]> {
      const out = await rows<Record<string, unknown>>(sql`
        ${mockScoresCte(userId, rule, now)}
        select m.id, m.name, m.kind, (extract(epoch from m.finished_at) * 1000)::float8 as finished_ms,
               max(k.value) filter (where k.measure = 'verbal' and k.keep) as verbal,
               max(k.value) filter (where k.measure = 'quant' and k.keep) as quant,
               max(k.value) filter (where k.measure = 'total' and k.keep) as total,
               max(k.value) filter (where k.measure = 'issue' and k.keep) as issue
          from m join k on k.id = m.id
         group by m.id, m.name, m.kind, m.finished_at
        having bool_or(k.keep)
         order by m.finished_at desc, m.id desc
         limit ${limit}`);
      return out.map(toMockRow);
    },

    /** The most recently finished mock, and how many finished mocks there are. */
    async lastMock(userId: number): Promise<{ last: MockRow | null; count: number }> {
      const [r] = await rows<Record<string, unknown>>(sql`
        select id, name, kind, (extract(epoch from finished_at) * 1000)::float8 as finished_ms,
               (result -> 'verbal_score' ->> 'score')::float8 as verbal,
               (result -> 'quant_score' ->> 'score')::float8 as quant,
               (result ->> 'total_score')::float8 as total,
               (result ->> 'issue_score')::float8 as issue,
               (count(*) over ())::int as n
          from exams
         where user_id = ${userId} and kind in (${list(mockKinds)}) and status in (${list(doneStatuses)})
           and result is not null and finished_at is not null
         order by finished_at desc, id desc
         limit 1`);
      return r ? { last: toMockRow(r), count: num(r.n) } : { last: null, count: 0 };
    },
  };
}

function toMockRow(r: Record<string, unknown>): MockRow {
  return {
    examId: String(r.id),
    name: String(r.name),
    kind: String(r.kind),
    finishedAt: Math.round(Number(r.finished_ms)),
    scores: {
      verbal: numOrNull(r.verbal),
      quant: numOrNull(r.quant),
      total: numOrNull(r.total),
      issue: numOrNull(r.issue),
    },
  };
}

export type SummaryRepo = ReturnType<typeof createSummaryRepo>;

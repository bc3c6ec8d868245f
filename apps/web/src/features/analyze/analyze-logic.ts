// Pure helpers of the analyze page: the range in the address, number formats, chart data.
import type { MockPoint } from '@gre/contract/endpoints/summary';
import { type StatsRange, statsRangeLabel, statsRangeValues } from '@gre/contract/enums';

/** Days the daily activity chart shows. */
export const dailyDays = 30;

export const ranges: readonly { value: StatsRange; label: string }[] = statsRangeValues.map((value) => ({
  value,
  label: statsRangeLabel[value],
}));

/** `?range=last_5`; anything else is 全部. */
export function rangeOf(params: URLSearchParams): StatsRange {
  const v = params.get('range');
  return (statsRangeValues as readonly string[]).includes(v ?? '') ? (v as StatsRange) : 'all';
}

/** '75%' for 0.75; '—' when there is nothing to divide. */
export function percent(accuracy: number | null): string {
  return accuracy === null ? '—' : `${Math.round(accuracy * 100)}%`;
}

/** '45 秒', '1 分 30 秒'; '—' when unknown. */
export function formatSeconds(seconds: number | null): string {
  if (seconds === null) return '—';
  const s = Math.round(seconds);
  if (s < 60) return `${s} 秒`;
  const m = Math.floor(s / 60);
  const rest = s % 60;
  return rest ? `${m} 分 ${rest} 秒` : `${m} 分钟`;
}

/** '45 分钟', '3 小时 20 分钟'. */
export function formatMinutes(minutes: number): string {
  if (minutes < 60) return `${minutes} 分钟`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h} 小时 ${m} 分钟` : `${h} 小时`;
}

/** '11/23' for '2026-11-23'. */
export function shortDate(isoDate: string): string {
  const m = /^\d{4}-(\d{2})-(\d{2})/.exec(isoDate);
  return m ? `${Number(m[1])}/${Number(m[2])}` : isoDate;
}

/** How a kind's average time compares with the test's pace: '快于节奏', '超出 58%'. */
export function paceVerdict(avgSeconds: number, paceSeconds: number): { text: string; slow: boolean } {
  const over = Math.round((avgSeconds / paceSeconds - 1) * 100);
  return over > 10
    ? { text: `超出 ${over}%`, slow: true }
    : { text: over < -10 ? '快于节奏' : '接近节奏', slow: false };
}

export interface DailyDatum {
  date: string;
  label: string;
  questions: number;
  words: number;
  minutes: number;
  /** 0–100, or null on a day without a finished set. */
  accuracy: number | null;
}

export function dailyChartData(
  days: readonly {
    date: string;
    questions: number;
    words: number;
    minutes: number;
    accuracy: number | null;
  }[],
): DailyDatum[] {
  return days.map((d) => ({
    date: d.date,
    label: shortDate(d.date),
    questions: d.questions,
    words: d.words,
    minutes: d.minutes,
    accuracy: d.accuracy === null ? null : Math.round(d.accuracy * 100),
  }));
}

export interface DailyTotals {
  activeDays: number;
  questions: number;
  words: number;
  minutes: number;
}

export function dailyTotals(days: readonly DailyDatum[]): DailyTotals {
  return days.reduce(
    (t, d) => ({
      activeDays: t.activeDays + (d.questions + d.words + d.minutes > 0 ? 1 : 0),
      questions: t.questions + d.questions,
      words: t.words + d.words,
      minutes: t.minutes + d.minutes,
    }),
    { activeDays: 0, questions: 0, words: 0, minutes: 0 },
  );
}

export type TrendMeasure = 'vq' | 'total' | 'issue';

export interface TrendDatum {
  /** Position in the list (two mocks may share a date). */
  index: number;
  label: string;
  name: string;
  date: string;
  verbal: number | null;
  quant: number | null;
  total: number | null;
  issue: number | null;
}

export function trendChartData(points: readonly MockPoint[]): TrendDatum[] {
  return points.map((p, index) => ({
    index,
    label: shortDate(p.date),
    name: p.name,
    date: p.date,
    verbal: p.verbal,
    quant: p.quant,
    total: p.total,
    issue: p.issue,
  }));
}

/** Which views of the trend have anything to draw. */
export function trendHas(data: readonly TrendDatum[]): Record<TrendMeasure, boolean> {
  return {
    vq: data.some((d) => d.verbal !== null || d.quant !== null),
    total: data.some((d) => d.total !== null),
    issue: data.some((d) => d.issue !== null),
  };
}

/** A score for display: '158', '3.5', or '—'. */
export function scoreText(v: number | null | undefined): string {
  return v === null || v === undefined ? '—' : String(v);
}

/** What an empty ranged figure says: nothing at all yet, or nothing in this range. */
export function emptyRangeText(range: StatsRange, what: '模考' | '练习'): string {
  switch (range) {
    case 'this_week':
      return `本周还没有完成的${what}`;
    case 'this_month':
      return `本月还没有完成的${what}`;
    default:
      return `还没有完成的${what}`;
  }
}

/** One week of the error-cause chart: its Monday (MM-DD) and the reasons ticked per reason kind. */
export type ReasonWeekDatum = { label: string; week: string } & Record<string, number | string>;

/** The weekly reason counts as chart rows (one per week, one field per reason kind). */
export function reasonWeekData(
  weeks: readonly string[],
  byWeek: readonly { kind: string; counts: readonly number[] }[],
): ReasonWeekDatum[] {
  return weeks.map((week, i) => {
    const row: ReasonWeekDatum = { week, label: week.slice(5) };
    for (const k of byWeek) row[k.kind] = k.counts[i] ?? 0;
    return row;
  });
}

/** The most ticked reasons first (ties by name), at most `n`, as "name ×count". */
export function topReasons(
  reasons: readonly { reason_id: string; count: number }[],
  name: (id: string) => string,
  n = 3,
): string {
  const top = [...reasons]
    .filter((r) => r.count > 0)
    .sort((a, b) => b.count - a.count || name(a.reason_id).localeCompare(name(b.reason_id)))
    .slice(0, n);
  return top.length ? top.map((r) => `${name(r.reason_id)} ×${r.count}`).join('、') : '—';
}

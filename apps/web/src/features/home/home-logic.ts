// Pure helpers of the home page.
import type { CalendarDate } from '../../lib/china-time.ts';

export interface AimProgress {
  /** 0–100 for the progress bar. */
  percent: number;
  done: boolean;
  /** The aim is 0: nothing to reach today. */
  unset: boolean;
}

export function aimProgress(used: number, aim: number): AimProgress {
  if (aim <= 0) return { percent: 0, done: false, unset: true };
  const percent = Math.min(100, Math.round((Math.max(0, used) / aim) * 100));
  return { percent, done: used >= aim, unset: false };
}

/** 早上好 / 中午好 / 下午好 / 晚上好 by the hour in China. */
export function greeting(chinaHour: number): string {
  if (chinaHour < 5) return '夜深了';
  if (chinaHour < 11) return '早上好';
  if (chinaHour < 13) return '中午好';
  if (chinaHour < 18) return '下午好';
  return '晚上好';
}

const weekdays = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];

export function weekdayName(date: CalendarDate): string {
  return weekdays[new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay()] ?? '';
}

export interface DayActivity {
  date: string;
  signed: boolean;
  used_question: number;
  used_word: number;
  used_time_mins: number;
}

/** The activity of each day of a month, by day number. */
export function activityByDay(days: readonly DayActivity[]): Map<number, DayActivity> {
  const map = new Map<number, DayActivity>();
  for (const d of days) {
    const m = /^\d{4}-\d{2}-(\d{2})/.exec(d.date);
    if (m) map.set(Number(m[1]), d);
  }
  return map;
}

export function studied(day: DayActivity | undefined): boolean {
  return day !== undefined && day.used_question + day.used_word + day.used_time_mins > 0;
}

/** '75%' for 0.75; '—' before anything was graded. */
export function accuracyText(accuracy: number | null): string {
  return accuracy === null ? '—' : `${Math.round(accuracy * 100)}%`;
}

/** Compact study time for a small tile: '45 分钟', '3.5 小时', '12 小时'. */
export function hoursText(minutes: number): string {
  if (minutes < 60) return `${minutes} 分钟`;
  const h = Math.round((minutes / 60) * 10) / 10;
  return `${h} 小时`;
}

// Dates as a Chinese candidate sees them: the calendar day in China time (UTC+8, no DST), on the
// contract's one China-time implementation.
import { chinaWallClock } from '@gre/contract/china-time';

export const chinaTimeZone = 'Asia/Shanghai';

export interface CalendarDate {
  year: number;
  month: number; // 1-12
  day: number;
}

/** The calendar day in China at the given instant. */
export function chinaDate(now: Date): CalendarDate {
  const shifted = chinaWallClock(now);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM-DD, the form the API uses for dates. */
export function isoDate(date: CalendarDate): string {
  return `${date.year}-${pad(date.month)}-${pad(date.day)}`;
}

export function parseIsoDate(value: string): CalendarDate | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return null;
  return { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
}

/** '2026年11月21日' for an ISO date or date-time; a date-time is read in China time. */
export function formatChineseDate(value: string | null | undefined): string {
  if (!value) return '';
  let date: CalendarDate | null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    date = parseIsoDate(value);
  } else {
    const instant = new Date(value);
    date = Number.isNaN(instant.getTime()) ? parseIsoDate(value) : chinaDate(instant);
  }
  return date ? `${date.year}年${date.month}月${date.day}日` : value;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export interface YearMonth {
  year: number;
  month: number;
}

export function shiftMonth({ year, month }: YearMonth, delta: number): YearMonth {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export function compareMonths(a: YearMonth, b: YearMonth): number {
  return a.year * 12 + a.month - (b.year * 12 + b.month);
}

/**
 * The weeks of a month for a calendar that starts on Monday (as Chinese calendars do): each week
 * has seven cells, null before the first and after the last day.
 */
export function monthWeeks(year: number, month: number): (number | null)[][] {
  const firstWeekday = new Date(Date.UTC(year, month - 1, 1)).getUTCDay(); // 0 = Sunday
  const leading = (firstWeekday + 6) % 7; // Monday first
  const cells: (number | null)[] = Array.from({ length: leading }, () => null);
  for (let d = 1; d <= daysInMonth(year, month); d++) cells.push(d);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (number | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

export const weekdayLabels = ['一', '二', '三', '四', '五', '六', '日'] as const;

import { describe, expect, it } from 'vitest';
import {
  chinaDate,
  compareMonths,
  daysInMonth,
  formatChineseDate,
  isoDate,
  monthWeeks,
  parseIsoDate,
  shiftMonth,
} from './china-time.ts';

describe('chinaDate', () => {
  it('is already tomorrow in China at 16:00 UTC', () => {
    expect(chinaDate(new Date('2026-11-21T16:00:00Z'))).toEqual({ year: 2026, month: 11, day: 22 });
    expect(chinaDate(new Date('2026-11-21T15:59:59Z'))).toEqual({ year: 2026, month: 11, day: 21 });
  });
  it('crosses the year in China first', () => {
    expect(chinaDate(new Date('2026-12-31T16:30:00Z'))).toEqual({ year: 2027, month: 1, day: 1 });
  });
});

describe('formatChineseDate', () => {
  it('formats dates and date-times (in China time)', () => {
    expect(formatChineseDate('2026-03-05')).toBe('2026年3月5日');
    expect(formatChineseDate('2026-03-05T18:00:00Z')).toBe('2026年3月6日');
    expect(formatChineseDate(null)).toBe('');
    expect(formatChineseDate('soon')).toBe('soon');
  });
});

describe('iso dates', () => {
  it('round-trips', () => {
    expect(isoDate({ year: 2026, month: 1, day: 9 })).toBe('2026-01-09');
    expect(parseIsoDate('2026-01-09')).toEqual({ year: 2026, month: 1, day: 9 });
    expect(parseIsoDate('nope')).toBeNull();
  });
});

describe('months', () => {
  it('knows the lengths of months, leap years included', () => {
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(daysInMonth(2026, 12)).toBe(31);
  });
  it('shifts across years', () => {
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth({ year: 2026, month: 5 }, -17)).toEqual({ year: 2024, month: 12 });
  });
  it('compares', () => {
    expect(compareMonths({ year: 2026, month: 1 }, { year: 2025, month: 12 })).toBeGreaterThan(0);
    expect(compareMonths({ year: 2026, month: 3 }, { year: 2026, month: 3 })).toBe(0);
  });
});

describe('monthWeeks', () => {
  it('starts weeks on Monday', () => {
    // 1 November 2026 is a Sunday.
    const weeks = monthWeeks(2026, 11);
    expect(weeks[0]).toEqual([null, null, null, null, null, null, 1]);
    expect(weeks.at(-1)).toEqual([30, null, null, null, null, null, null]);
    expect(weeks).toHaveLength(6);
  });
  it('has every day once', () => {
    const days = monthWeeks(2024, 2)
      .flat()
      .filter((d) => d !== null);
    expect(days).toEqual(Array.from({ length: 29 }, (_, i) => i + 1));
  });
  it('needs no leading blanks when the month starts on Monday', () => {
    // 1 June 2026 is a Monday.
    expect(monthWeeks(2026, 6)[0]?.[0]).toBe(1);
  });
});

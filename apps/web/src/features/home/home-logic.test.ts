import { chinaHour } from '@gre/contract/china-time';
import { describe, expect, it } from 'vitest';
import { accuracyText, activityByDay, aimProgress, greeting, hoursText, studied, weekdayName } from './home-logic.ts';

describe('aimProgress', () => {
  it('is the share of the aim, capped at 100', () => {
    expect(aimProgress(15, 30)).toEqual({ percent: 50, done: false, unset: false });
    expect(aimProgress(45, 30)).toEqual({ percent: 100, done: true, unset: false });
    expect(aimProgress(30, 30)).toEqual({ percent: 100, done: true, unset: false });
  });
  it('marks an aim of 0 as not set', () => {
    expect(aimProgress(5, 0)).toEqual({ percent: 0, done: false, unset: true });
  });
});

describe('greeting', () => {
  it('follows the hour in China', () => {
    expect(greeting(chinaHour(new Date('2026-11-21T00:30:00Z')))).toBe('早上好'); // 08:30 in Beijing
    expect(greeting(12)).toBe('中午好');
    expect(greeting(15)).toBe('下午好');
    expect(greeting(21)).toBe('晚上好');
    expect(greeting(2)).toBe('夜深了');
  });
});

describe('weekdayName', () => {
  it('names the day of the week', () => {
    expect(weekdayName({ year: 2026, month: 11, day: 21 })).toBe('星期六');
  });
});

describe('activityByDay', () => {
  it('indexes days by day of month', () => {
    const map = activityByDay([
      { date: '2026-11-03', signed: true, used_question: 0, used_word: 0, used_time_mins: 0 },
      { date: '2026-11-21', signed: false, used_question: 5, used_word: 0, used_time_mins: 12 },
    ]);
    expect(map.get(3)?.signed).toBe(true);
    expect(studied(map.get(21))).toBe(true);
    expect(studied(map.get(3))).toBe(false);
    expect(studied(map.get(4))).toBe(false);
  });
});

describe('summary figures', () => {
  it('accuracy as a whole percentage, a dash before anything was graded', () => {
    expect(accuracyText(0.6667)).toBe('67%');
    expect(accuracyText(null)).toBe('—');
  });
  it('study time fits a small tile', () => {
    expect(hoursText(45)).toBe('45 分钟');
    expect(hoursText(210)).toBe('3.5 小时');
    expect(hoursText(720)).toBe('12 小时');
  });
});

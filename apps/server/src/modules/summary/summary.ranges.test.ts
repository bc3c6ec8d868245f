import { chinaMidnight } from '@gre/contract/china-time';
import { describe, expect, it } from 'vitest';
import { mondayOf, rangeRule, sinceOf, tooFewNote } from './summary.ranges.ts';

describe('stats ranges on China time', () => {
  it('this week starts on Monday 00:00 in China (Sunday 16:00 UTC)', () => {
    expect(mondayOf('2026-11-23')).toBe('2026-11-23'); // a Monday
    expect(mondayOf('2026-11-22')).toBe('2026-11-16'); // a Sunday belongs to the week before
    expect(mondayOf('2027-01-01')).toBe('2026-12-28'); // across the year
    // Sunday 23:30 in China is still last week; Monday 00:10 is this week.
    const sunday = rangeRule('this_week', new Date('2026-11-22T15:30:00Z'));
    const monday = rangeRule('this_week', new Date('2026-11-22T16:10:00Z'));
    expect(sinceOf(sunday)).toBe(Date.parse('2026-11-15T16:00:00Z'));
    expect(sinceOf(monday)).toBe(Date.parse('2026-11-22T16:00:00Z'));
  });

  it('this month starts on the 1st 00:00 in China; the last day at 23:59 China (15:59 UTC) is still the old month', () => {
    expect(sinceOf(rangeRule('this_month', new Date('2026-10-31T15:59:00Z')))).toBe(Date.parse('2026-09-30T16:00:00Z'));
    expect(sinceOf(rangeRule('this_month', new Date('2026-10-31T16:00:00Z')))).toBe(Date.parse('2026-10-31T16:00:00Z'));
    expect(chinaMidnight('2028-03-01').toISOString()).toBe('2028-02-29T16:00:00.000Z');
  });

  it('the counted ranges pick units, not periods', () => {
    const now = new Date('2026-11-23T02:00:00Z');
    expect(rangeRule('all', now)).toEqual({ kind: 'all' });
    expect(rangeRule('last_3', now)).toEqual({ kind: 'last', n: 3 });
    expect(rangeRule('last_5', now)).toEqual({ kind: 'last', n: 5 });
    expect(rangeRule('last_10', now)).toEqual({ kind: 'last', n: 10 });
    expect(rangeRule('all_but_lowest_3', now)).toEqual({ kind: 'drop_lowest', n: 3 });
    expect(sinceOf(rangeRule('last_3', now))).toBeNull();
  });

  it('says why "all but the lowest 3" has nothing to show', () => {
    expect(tooFewNote('模考', 0)).toBe('还没有模考记录');
    expect(tooFewNote('模考', 2)).toBe('模考不足 4 次（目前 2 次），无法去掉最低 3 次');
  });
});

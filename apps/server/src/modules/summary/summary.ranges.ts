// The stats ranges of spec section 9 as rules the repo turns into SQL, on China time (UTC+8, no
// DST). Definitions: docs/decisions/0013-statistics-ranges-and-definitions.md.

import { addDays, chinaDay, chinaMidnight } from '@gre/contract/china-time';
import type { StatsRange } from '@gre/contract/enums';

/** How a range picks the units (mocks, or finished sets) a figure rests on. */
export type RangeRule =
  | { kind: 'all' }
  /** The n most recently finished. */
  | { kind: 'last'; n: number }
  /** All but the n lowest (of the measure the figure is about); nothing when there are n or fewer. */
  | { kind: 'drop_lowest'; n: number }
  /** Finished from `since` (China midnight) up to now. */
  | { kind: 'since'; since: Date };

/** Monday of the China week holding `day` (YYYY-MM-DD). */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

export function rangeRule(range: StatsRange, now: Date): RangeRule {
  switch (range) {
    case 'all':
      return { kind: 'all' };
    case 'all_but_lowest_3':
      return { kind: 'drop_lowest', n: 3 };
    case 'last_3':
      return { kind: 'last', n: 3 };
    case 'last_5':
      return { kind: 'last', n: 5 };
    case 'last_10':
      return { kind: 'last', n: 10 };
    case 'this_week':
      return { kind: 'since', since: chinaMidnight(mondayOf(chinaDay(now))) };
    case 'this_month':
      return { kind: 'since', since: chinaMidnight(`${chinaDay(now).slice(0, 7)}-01`) };
  }
}

/** The start of 本周 / 本月 for the response (unix ms), null for the other ranges. */
export function sinceOf(rule: RangeRule): number | null {
  return rule.kind === 'since' ? rule.since.getTime() : null;
}

/** The Chinese note for "all but the lowest 3" when too few units exist to drop them. */
export function tooFewNote(what: string, available: number, n = 3): string {
  return available === 0
    ? `还没有${what}记录`
    : `${what}不足 ${n + 1} 次（目前 ${available} 次），无法去掉最低 ${n} 次`;
}

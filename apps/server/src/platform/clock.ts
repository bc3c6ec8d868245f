// Time comes from here so deadlines, expiries and "today" are testable.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that tests move by hand. */
export function manualClock(start: Date | string): Clock & { set(d: Date | string): void; advance(ms: number): void } {
  let t = new Date(start).getTime();
  return {
    now: () => new Date(t),
    set: (d) => {
      t = new Date(d).getTime();
    },
    advance: (ms) => {
      t += ms;
    },
  };
}

const chinaOffsetMs = 8 * 3_600_000;
const dayMs = 86_400_000;
// The last two days asked for: hot paths alternate between today and, say, a role's expiry date.
let recentDays = [
  { day: Number.NaN, text: '' },
  { day: Number.NaN, text: '' },
];

/**
 * The calendar date in China (UTC+8, no daylight saving since 1991) as YYYY-MM-DD. Plain arithmetic
 * and remembered: it is on hot paths (every /api/user/get formats today and the role's expiry),
 * where Intl formatting cost more than the rest of the handler (ADR 0010, "ready means ready").
 */
export function chinaDay(d: Date): string {
  const day = Math.floor((d.getTime() + chinaOffsetMs) / dayMs);
  const [first, second] = recentDays as [{ day: number; text: string }, { day: number; text: string }];
  if (first.day === day) return first.text;
  if (second.day === day) return second.text;
  const text = new Date(day * dayMs).toISOString().slice(0, 10);
  recentDays = [{ day, text }, first];
  return text;
}

/** Adds days to a YYYY-MM-DD date. */
export function addDays(day: string, n: number): string {
  const t = Date.parse(`${day}T00:00:00Z`) + n * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

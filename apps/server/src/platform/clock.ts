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

const chinaDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar date in China (UTC+8, no DST) as YYYY-MM-DD. Memoised per minute: it is on hot paths. */
let memo = { minute: Number.NaN, day: '' };
export function chinaDay(d: Date): string {
  const minute = Math.floor(d.getTime() / 60_000);
  if (minute !== memo.minute) memo = { minute, day: chinaDate.format(d) };
  return memo.day;
}

/** Adds days to a YYYY-MM-DD date. */
export function addDays(day: string, n: number): string {
  const t = Date.parse(`${day}T00:00:00Z`) + n * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

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

// China dates: one implementation, shared with the web.
export { addDays, chinaDay } from '@gre/contract/china-time';

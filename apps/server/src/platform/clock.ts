// Time comes from here so deadlines, expiries and "today" are testable.
import fs from 'node:fs';

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

/**
 * The system's time plus an offset in milliseconds read from a file (CLOCK_OFFSET_FILE: development
 * and the browser journeys only; refused with APP_ENV=formal). The file is read again at most every
 * 100 ms; a missing, empty or unreadable file means no offset. A journey can "come back tomorrow"
 * against the real server by writing 86400000 there (e2e/support.ts `moveServerClock`).
 */
export function offsetFileClock(file: string, readEveryMs = 100): Clock {
  let offset = 0;
  let readAt = Number.NEGATIVE_INFINITY;
  return {
    now() {
      const t = Date.now();
      if (t - readAt >= readEveryMs) {
        readAt = t;
        try {
          const n = Number(fs.readFileSync(file, 'utf8').trim());
          offset = Number.isFinite(n) ? n : 0;
        } catch {
          offset = 0;
        }
      }
      return new Date(t + offset);
    },
  };
}

// China dates: one implementation, shared with the web.
export { addDays, chinaDay } from '@gre/contract/china-time';

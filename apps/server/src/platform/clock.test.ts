// chinaDay is plain arithmetic on the hot path; it must name the same day as the time-zone database.
import { describe, expect, it } from 'vitest';
import { chinaDay } from './clock.ts';

const reference = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

describe('chinaDay', () => {
  it('turns at midnight China time (16:00 UTC)', () => {
    expect(chinaDay(new Date('2026-11-21T15:59:59.999Z'))).toBe('2026-11-21');
    expect(chinaDay(new Date('2026-11-21T16:00:00.000Z'))).toBe('2026-11-22');
    expect(chinaDay(new Date('2026-12-31T16:00:00.000Z'))).toBe('2027-01-01');
  });

  it('answers right when calls alternate between several days', () => {
    const days = ['2026-11-21T03:00:00Z', '2027-05-01T20:00:00Z', '2026-11-21T15:00:00Z', '2025-01-01T00:00:00Z'];
    for (let i = 0; i < 12; i++) {
      const d = new Date(days[(i * 7) % days.length] as string);
      expect(chinaDay(d)).toBe(reference.format(d));
    }
  });

  it('agrees with the time-zone database for every hour of 1992–2040', () => {
    const from = Date.UTC(1992, 0, 1);
    const to = Date.UTC(2040, 0, 1);
    for (let t = from; t < to; t += 3_600_000 * 7) {
      const d = new Date(t);
      if (chinaDay(d) !== reference.format(d)) throw new Error(`differs at ${d.toISOString()}`);
    }
  });
});

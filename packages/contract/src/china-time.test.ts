import { describe, expect, it } from 'vitest';
import { addDays, chinaDateTime, chinaDay, chinaHour, chinaMidnight } from './china-time.ts';

describe('China time', () => {
  it('turns the China date at 16:00 UTC, not at UTC midnight', () => {
    expect(chinaDay(new Date('2026-11-25T15:59:59Z'))).toBe('2026-11-25');
    expect(chinaDay(new Date('2026-11-25T16:00:00Z'))).toBe('2026-11-26');
    // Remembered days never leak across calls.
    expect(chinaDay(new Date('2026-11-25T15:59:59Z'))).toBe('2026-11-25');
    expect(chinaDay(new Date('2027-01-01T00:00:00Z'))).toBe('2027-01-01');
  });

  it('reads hours and minutes on the Beijing clock', () => {
    expect(chinaHour(new Date('2026-11-21T00:30:00Z'))).toBe(8);
    expect(chinaHour(new Date('2026-11-21T16:30:00Z'))).toBe(0);
    expect(chinaDateTime(new Date('2026-11-21T16:05:00Z'))).toBe('2026-11-22 00:05');
  });

  it('starts a China day at 16:00 UTC the day before and adds days across months and leap days', () => {
    expect(chinaMidnight('2028-03-01').toISOString()).toBe('2028-02-29T16:00:00.000Z');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

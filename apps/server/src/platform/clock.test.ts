// chinaDay is plain arithmetic on the hot path; it must name the same day as the time-zone database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { chinaDay, offsetFileClock } from './clock.ts';
import { StartupError } from './startup-errors.ts';

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

describe('offsetFileClock (CLOCK_OFFSET_FILE)', () => {
  it('adds the milliseconds written in the file, read again after its interval; no file or garbage is no offset', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gre-clock-')), 'offset');
    const clock = offsetFileClock(file, 20);
    const near = (d: Date, offset: number) => Math.abs(d.getTime() - (Date.now() + offset)) < 1000;
    expect(near(clock.now(), 0)).toBe(true);
    const day = 24 * 3600 * 1000;
    fs.writeFileSync(file, String(day));
    await new Promise((r) => setTimeout(r, 30));
    expect(near(clock.now(), day)).toBe(true);
    expect(chinaDay(clock.now())).toBe(chinaDay(new Date(Date.now() + day)));
    fs.writeFileSync(file, 'tomorrow');
    await new Promise((r) => setTimeout(r, 30));
    expect(near(clock.now(), 0)).toBe(true);
  });

  it('is refused in formal (production) and accepted in devel', () => {
    expect(() => loadConfig({ APP_ENV: 'formal', CLOCK_OFFSET_FILE: '/tmp/x' })).toThrow(StartupError);
    expect(loadConfig({ APP_ENV: 'devel', CLOCK_OFFSET_FILE: '/tmp/x' }).CLOCK_OFFSET_FILE).toBe('/tmp/x');
  });
});

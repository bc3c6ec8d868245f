// China time (UTC+8, no daylight saving since 1991): the one implementation of "what day / hour is it
// in China" for the server and the web. Plain arithmetic, no Intl (hot paths: ADR 0010).

export const chinaOffsetMs = 8 * 3_600_000;
const dayMs = 86_400_000;

/** An instant shifted so that its UTC fields read as the wall clock in China. */
export function chinaWallClock(d: Date): Date {
  return new Date(d.getTime() + chinaOffsetMs);
}

// The last two days asked for: hot paths alternate between today and, say, a role's expiry date.
let recentDays = [
  { day: Number.NaN, text: '' },
  { day: Number.NaN, text: '' },
];

/** The calendar date in China as YYYY-MM-DD (remembered: every /api/user/get formats two). */
export function chinaDay(d: Date): string {
  const day = Math.floor((d.getTime() + chinaOffsetMs) / dayMs);
  const [first, second] = recentDays as [{ day: number; text: string }, { day: number; text: string }];
  if (first.day === day) return first.text;
  if (second.day === day) return second.text;
  const text = new Date(day * dayMs).toISOString().slice(0, 10);
  recentDays = [{ day, text }, first];
  return text;
}

/** "YYYY-MM-DD HH:mm" in China. */
export function chinaDateTime(d: Date): string {
  const iso = chinaWallClock(d).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** The hour (0–23) in China. */
export function chinaHour(d: Date): number {
  return chinaWallClock(d).getUTCHours();
}

/** The instant a China date (YYYY-MM-DD) begins: 00:00 in China = 16:00 UTC the day before. */
export function chinaMidnight(day: string): Date {
  return new Date(`${day}T00:00:00+08:00`);
}

/** Adds days to a YYYY-MM-DD date. */
export function addDays(day: string, n: number): string {
  const t = Date.parse(`${day}T00:00:00Z`) + n * dayMs;
  return new Date(t).toISOString().slice(0, 10);
}

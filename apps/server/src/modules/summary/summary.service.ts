// Sign-in and the month calendar, on China dates.
import { addDays, type Clock, chinaDay } from '../../platform/clock.ts';
import type { AuthedContext } from '../../platform/endpoints.ts';
import type { InvalidationBus } from '../../platform/invalidation.ts';
import type { SummaryRepo } from './summary.repo.ts';

/** Consecutive signed days ending today, or ending yesterday while today is not signed yet. */
export function streakOf(signedNewestFirst: string[], today: string): number {
  const set = new Set(signedNewestFirst);
  let day = set.has(today) ? today : addDays(today, -1);
  let n = 0;
  while (set.has(day)) {
    n++;
    day = addDays(day, -1);
  }
  return n;
}

export function createSummaryService(deps: { repo: SummaryRepo; clock: Clock; bus: InvalidationBus }) {
  const { repo, clock } = deps;

  async function signInState(userId: number) {
    const today = chinaDay(clock.now());
    const [days, total] = await Promise.all([repo.signedDays(userId, 3660), repo.countSigned(userId)]);
    return { date: today, signed_today: days[0] === today, streak: streakOf(days, today), total_days: total };
  }

  return {
    async signIn(ctx: AuthedContext) {
      const userId = Number(ctx.caller.userId);
      await repo.markSigned(userId, chinaDay(clock.now()));
      deps.bus.publish('user', String(userId));
      return signInState(userId);
    },

    async monthActivity(ctx: AuthedContext, year: number, month: number) {
      const userId = Number(ctx.caller.userId);
      const first = `${year}-${String(month).padStart(2, '0')}-01`;
      const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
      const last = addDays(first, daysInMonth - 1);
      const rows = new Map((await repo.range(userId, first, last)).map((r) => [r.day, r]));
      const days = Array.from({ length: daysInMonth }, (_, i) => {
        const date = addDays(first, i);
        const r = rows.get(date);
        return {
          date,
          signed: r?.signed ?? false,
          used_question: r?.usedQuestion ?? 0,
          used_word: r?.usedWord ?? 0,
          used_time_mins: r?.usedTimeMins ?? 0,
        };
      });
      return { year, month, days, sign_in: await signInState(userId) };
    },
  };
}

export type SummaryService = ReturnType<typeof createSummaryService>;

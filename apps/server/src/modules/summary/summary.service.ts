// Sign-in, the month calendar and the candidate's statistics, on China dates. Definitions of every
// figure and range: docs/decisions/0013-statistics-ranges-and-definitions.md.

import { chinaMidnight } from '@gre/contract/china-time';
import type { AccuracyRow, MockPoint } from '@gre/contract/endpoints/summary';
import { measureLabel, type QuestionCategory, questionCategoryLabel, type StatsRange } from '@gre/contract/enums';
import type { ExamKind } from '@gre/contract/exam';
import { kindPaceSeconds, type QuestionKind, questionKindLabel, questionKinds } from '@gre/contract/question';
import { addDays, type Clock, chinaDay } from '../../platform/clock.ts';
import type { AuthedContext } from '../../platform/endpoints.ts';
import type { InvalidationBus } from '../../platform/invalidation.ts';
import { type RangeRule, rangeRule, sinceOf, tooFewNote } from './summary.ranges.ts';
import type { AnswerCounts, MockRow, ScoreMeasure, SummaryRepo } from './summary.repo.ts';

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

/** Seconds per question at the test's pace (one table, in the contract; ADR 0013). */
export const paceSeconds = kindPaceSeconds;

const difficultyName: Record<string, string> = { 1: '简单', 2: '中等', 3: '困难' };
/** Answers a kind needs before it may be called slowest or most missed. */
export const minAnswersForKinds = 3;
const tagLimit = 30;
/** A safety cap on trend points (a candidate takes far fewer mocks). */
const trendLimit = 500;

const ratio = (a: number, b: number, digits: number) => (b > 0 ? round(a / b, digits) : null);
function round(v: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}

export function toAccuracyRow(key: string, label: string, c: AnswerCounts): AccuracyRow {
  return {
    key,
    label,
    total: c.total,
    answered: c.answered,
    correct: c.correct,
    accuracy: ratio(c.correct, c.answered, 4),
    avg_seconds: ratio(c.seconds, c.answered, 1),
  };
}

/** The slowest kinds against the test's pace and the kinds with the lowest accuracy (3 each). */
export function weakestKinds(kinds: Map<string, AnswerCounts>) {
  const known = [...kinds.entries()].filter(
    (e): e is [QuestionKind, AnswerCounts] => e[0] in paceSeconds && e[1].answered >= minAnswersForKinds,
  );
  // Only kinds slower than their budget: a kind faster than the test's pace is never "slowest".
  const slowest = known
    .filter(([kind, c]) => c.seconds / c.answered > paceSeconds[kind])
    .map(([kind, c]) => ({
      kind,
      label: questionKindLabel[kind],
      answered: c.answered,
      avg_seconds: round(c.seconds / c.answered, 1),
      pace_seconds: paceSeconds[kind],
    }))
    .sort((a, b) => b.avg_seconds / b.pace_seconds - a.avg_seconds / a.pace_seconds || a.kind.localeCompare(b.kind))
    .slice(0, 3);
  const mostMissed = known
    .filter(([, c]) => c.answered > c.correct)
    .map(([kind, c]) => ({
      kind,
      label: questionKindLabel[kind],
      answered: c.answered,
      wrong: c.answered - c.correct,
      accuracy: round(c.correct / c.answered, 4),
    }))
    .sort((a, b) => a.accuracy - b.accuracy || b.wrong - a.wrong || a.kind.localeCompare(b.kind))
    .slice(0, 3);
  return { slowest, mostMissed };
}

/**
 * The note for "all but the lowest 3" when scores have too few mocks to drop three: `mocks` is how
 * many mocks have any score; each score counts the mocks that have it.
 */
export function scoreNote(
  rule: RangeRule,
  measures: Record<ScoreMeasure, { available: number }> & { mocks: number },
  shown: readonly ScoreMeasure[],
): string | null {
  if (rule.kind !== 'drop_lowest') return null;
  if (measures.mocks <= rule.n) return tooFewNote('模考', measures.mocks, rule.n);
  const most = Math.max(...shown.map((m) => measures[m].available));
  if (most <= rule.n) {
    return `每项成绩的模考都不足 ${rule.n + 1} 次（最多 ${most} 次），无法去掉最低 ${rule.n} 次`;
  }
  const short = shown.filter((m) => measures[m].available > 0 && measures[m].available <= rule.n);
  return short.length
    ? `${short.map((m) => measureLabel[m]).join('、')}成绩不足 ${rule.n + 1} 次，无法去掉最低 ${rule.n} 次`
    : null;
}

function toPoint(r: MockRow): MockPoint {
  const int = (v: number | null) => (v === null ? null : Math.round(v));
  return {
    exam_id: r.examId,
    name: r.name,
    kind: r.kind as ExamKind,
    date: chinaDay(new Date(r.finishedAt)),
    finished_at: r.finishedAt,
    verbal: int(r.scores.verbal),
    quant: int(r.scores.quant),
    total: int(r.scores.total),
    issue: r.scores.issue === null ? null : round(r.scores.issue, 1),
  };
}

export function createSummaryService(deps: {
  repo: SummaryRepo;
  clock: Clock;
  bus: InvalidationBus;
  /** Knowledge-point names (the question catalogue's `tagNames`). */
  tagNames: () => Promise<Map<string, string>>;
}) {
  const { repo, clock } = deps;
  const uid = (ctx: AuthedContext) => Number(ctx.caller.userId);

  async function signInState(userId: number) {
    const today = chinaDay(clock.now());
    const [days, total] = await Promise.all([repo.signedDays(userId, 3660), repo.countSigned(userId)]);
    return { date: today, signed_today: days[0] === today, streak: streakOf(days, today), total_days: total };
  }

  return {
    async signIn(ctx: AuthedContext) {
      const userId = uid(ctx);
      await repo.markSigned(userId, chinaDay(clock.now()));
      deps.bus.publish('user', String(userId));
      return signInState(userId);
    },

    async monthActivity(ctx: AuthedContext, year: number, month: number) {
      const userId = uid(ctx);
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
          used_time_mins: r ? r.usedTimeMins + Math.floor(r.usedSeconds / 60) : 0,
        };
      });
      return { year, month, days, sign_in: await signInState(userId) };
    },

    async summary(ctx: AuthedContext) {
      const userId = uid(ctx);
      const today = chinaDay(clock.now());
      const [activity, graded, mocks, signIn] = await Promise.all([
        repo.activityTotals(userId, today),
        repo.gradedTotals(userId),
        repo.lastMock(userId),
        signInState(userId),
      ]);
      return {
        today: {
          date: today,
          used_question: activity.today.question,
          used_word: activity.today.word,
          used_time_mins: activity.today.minutes,
        },
        sign_in: signIn,
        totals: {
          questions: activity.questions,
          words: activity.words,
          minutes: activity.minutes,
          days: activity.days,
          graded: graded.graded,
          correct: graded.correct,
          accuracy: ratio(graded.correct, graded.graded, 4),
        },
        mock_count: mocks.count,
        last_mock: mocks.last ? toPoint(mocks.last) : null,
      };
    },

    async exercise(ctx: AuthedContext, range: StatsRange) {
      const now = clock.now();
      const rule = rangeRule(range, now);
      const [data, names] = await Promise.all([repo.exercise(uid(ctx), rule, now, tagLimit), deps.tagNames()]);
      const byCategory = [...data.category.entries()]
        .sort((a, b) => Number(a[0]) - Number(b[0]))
        .map(([k, c]) => toAccuracyRow(k, questionCategoryLabel[Number(k) as QuestionCategory] ?? k, c));
      const kindOrder = (k: string) => questionKinds.indexOf(k as QuestionKind);
      const byKind = [...data.kind.entries()]
        .sort((a, b) => kindOrder(a[0]) - kindOrder(b[0]))
        .map(([k, c]) => toAccuracyRow(k, questionKindLabel[k as QuestionKind] ?? k, c));
      const byDifficulty = [...data.difficulty.entries()]
        .sort((a, b) => Number(a[0]) - Number(b[0]))
        .map(([k, c]) => toAccuracyRow(k, difficultyName[k] ?? `难度 ${k}`, c));
      const byTag = [...data.tag.entries()].map(([k, c]) => toAccuracyRow(k, names.get(k) ?? k, c));
      // Overall accuracy is the test's: Verbal and Quant questions (words have their own row).
      const overall: AnswerCounts = { total: 0, answered: 0, correct: 0, seconds: 0 };
      for (const [k, c] of data.category) {
        if (Number(k) > 3) continue;
        overall.total += c.total;
        overall.answered += c.answered;
        overall.correct += c.correct;
        overall.seconds += c.seconds;
      }
      const { slowest, mostMissed } = weakestKinds(data.kind);
      return {
        range,
        since: sinceOf(rule),
        sets: data.sets,
        note:
          rule.kind === 'drop_lowest' && data.sets.available <= rule.n
            ? tooFewNote('完成的练习', data.sets.available, rule.n)
            : null,
        overall: toAccuracyRow('', '语文与数学', overall),
        by_category: byCategory,
        by_kind: byKind,
        by_difficulty: byDifficulty,
        by_tag: byTag,
        slowest,
        most_missed: mostMissed,
      };
    },

    async avgScore(ctx: AuthedContext, range: StatsRange) {
      const now = clock.now();
      const rule = rangeRule(range, now);
      const m = await repo.mockAverages(uid(ctx), rule, now);
      const shape = (k: ScoreMeasure) => ({
        average: m[k].average === null ? null : round(m[k].average as number, 1),
        count: m[k].count,
        available: m[k].available,
      });
      return {
        range,
        since: sinceOf(rule),
        verbal: shape('verbal'),
        quant: shape('quant'),
        total: shape('total'),
        issue: shape('issue'),
        note: scoreNote(rule, m, ['verbal', 'quant', 'total', 'issue']),
      };
    },

    async totalScore(ctx: AuthedContext, range: StatsRange) {
      const now = clock.now();
      const rule = rangeRule(range, now);
      const [rows, m] = await Promise.all([
        repo.mockTrend(uid(ctx), rule, now, trendLimit),
        repo.mockAverages(uid(ctx), rule, now),
      ]);
      return {
        range,
        since: sinceOf(rule),
        points: rows.reverse().map(toPoint),
        note: scoreNote(rule, m, ['verbal', 'quant', 'total', 'issue']),
      };
    },

    async daily(ctx: AuthedContext, days: number) {
      const userId = uid(ctx);
      const today = chinaDay(clock.now());
      const from = addDays(today, -(days - 1));
      const [activity, graded] = await Promise.all([
        repo.range(userId, from, today),
        repo.gradedByDay(userId, from, chinaMidnight(from)),
      ]);
      const byDay = new Map(activity.map((r) => [r.day, r]));
      return {
        days: Array.from({ length: days }, (_, i) => {
          const date = addDays(from, i);
          const a = byDay.get(date);
          const g = graded.get(date) ?? { graded: 0, correct: 0 };
          return {
            date,
            questions: a?.usedQuestion ?? 0,
            words: a?.usedWord ?? 0,
            minutes: a ? a.usedTimeMins + Math.floor(a.usedSeconds / 60) : 0,
            graded: g.graded,
            correct: g.correct,
            accuracy: ratio(g.correct, g.graded, 4),
          };
        }),
      };
    },
  };
}

export type SummaryService = ReturnType<typeof createSummaryService>;

import * as ep from '@gre/contract/endpoints/summary';
import { authed, type Register } from '../../platform/endpoints.ts';
import type { SummaryService } from './summary.service.ts';

export function registerSummaryRoutes(register: Register, summary: SummaryService): void {
  register(ep.signIn, (_b, ctx) => summary.signIn(authed(ctx)));
  register(ep.monthActivity, (b, ctx) => summary.monthActivity(authed(ctx), b.year, b.month));
  register(ep.getSummary, (_b, ctx) => summary.summary(authed(ctx)));
  register(ep.getExercise, (b, ctx) => summary.exercise(authed(ctx), b.range));
  register(ep.getAvgScore, (b, ctx) => summary.avgScore(authed(ctx), b.range));
  register(ep.getTotalScore, (b, ctx) => summary.totalScore(authed(ctx), b.range));
  register(ep.getDaily, (b, ctx) => summary.daily(authed(ctx), b.days));
}

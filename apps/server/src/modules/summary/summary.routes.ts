import * as ep from '@gre/contract/endpoints/summary';
import type { Register } from '../../platform/endpoints.ts';
import type { SummaryService } from './summary.service.ts';

export function registerSummaryRoutes(register: Register, summary: SummaryService): void {
  register(ep.signIn, (_b, ctx) => summary.signIn(ctx));
  register(ep.monthActivity, (b, ctx) => summary.monthActivity(ctx, b.year, b.month));
  register(ep.getSummary, (_b, ctx) => summary.summary(ctx));
  register(ep.getExercise, (b, ctx) => summary.exercise(ctx, b.range));
  register(ep.getAvgScore, (b, ctx) => summary.avgScore(ctx, b.range));
  register(ep.getTotalScore, (b, ctx) => summary.totalScore(ctx, b.range));
  register(ep.getDaily, (b, ctx) => summary.daily(ctx, b.days));
}

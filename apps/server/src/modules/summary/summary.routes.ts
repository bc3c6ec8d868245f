import * as ep from '@gre/contract/endpoints/summary';
import { authed, type Register } from '../../platform/endpoints.ts';
import type { SummaryService } from './summary.service.ts';

export function registerSummaryRoutes(register: Register, summary: SummaryService): void {
  register(ep.signIn, (_b, ctx) => summary.signIn(authed(ctx)));
  register(ep.monthActivity, (b, ctx) => summary.monthActivity(authed(ctx), b.year, b.month));
}

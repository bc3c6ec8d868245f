import * as ep from '@gre/contract/endpoints/essay';
import { authed, type Register } from '../../platform/endpoints.ts';
import type { EssayService } from './essay.service.ts';

export function registerEssayRoutes(register: Register, essays: EssayService): void {
  register(ep.submitEssay, (b, ctx) => essays.submit(b, authed(ctx)));
  register(ep.getEssay, (b, ctx) => essays.get(b.essay_id, authed(ctx)));
  register(ep.listEssays, (b, ctx) => essays.list(b, authed(ctx)));
  register(ep.getExamEssays, (b, ctx) => essays.byExam(b.exam_id, authed(ctx)));
  register(ep.retryEssay, (b, ctx) => essays.retry(b.essay_id, authed(ctx)));
}

import * as ep from '@gre/contract/endpoints/essay';
import type { Register } from '../../platform/endpoints.ts';
import type { EssayService } from './essay.service.ts';

export function registerEssayRoutes(register: Register, essays: EssayService): void {
  register(ep.submitEssay, (b, ctx) => essays.submit(b, ctx));
  register(ep.getEssay, (b, ctx) => essays.get(b.essay_id, ctx));
  register(ep.listEssays, (b, ctx) => essays.list(b, ctx));
  register(ep.getExamEssays, (b, ctx) => essays.byExam(b.exam_id, ctx));
  register(ep.retryEssay, (b, ctx) => essays.retry(b.essay_id, ctx));
  register(ep.teacherQueue, (b) => essays.teacherQueue(b));
  register(ep.teacherGetEssay, (b) => essays.teacherGet(b.id));
  register(ep.teacherGradeEssay, (b, ctx) =>
    essays.teacherGrade(b.id, { score: b.score, comment: b.comment }, Number(ctx.caller.userId)),
  );
}

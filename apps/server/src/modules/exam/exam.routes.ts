import * as ep from '@gre/contract/endpoints/exam';
import { authed, type Register } from '../../platform/endpoints.ts';
import type { ExamService } from './exam.service.ts';

export function registerExamRoutes(register: Register, exams: ExamService): void {
  register(ep.listTemplates, (b, ctx) => exams.listTemplates(b.page, authed(ctx)));
  register(ep.openBook, (b, ctx) => exams.openBook(b.template_id, b.restart, authed(ctx), b.mode));
  register(ep.createExam, (b, ctx) => exams.createExam(b.create_option, authed(ctx)));
  register(ep.getExam, (b, ctx) => exams.getExam(b.exam_id, authed(ctx)));
  register(ep.openQuestion, (b, ctx) => exams.openQuestion(b, authed(ctx)));
  register(ep.saveAnswer, (b, ctx) => exams.saveAnswer(b, authed(ctx)));
  register(ep.submitQuestion, (b, ctx) => exams.submitQuestion(b, authed(ctx)));
  register(ep.flagQuestion, (b, ctx) => exams.flag(b, authed(ctx)));
  register(ep.moveCursor, (b, ctx) => exams.moveCursor(b, authed(ctx)));
  register(ep.addUsedTime, (b, ctx) => exams.addTime(b, authed(ctx)));
  register(ep.finishSection, (b, ctx) => exams.finishSection(b, authed(ctx)));
  register(ep.finishExam, (b, ctx) => exams.finishExam(b.exam_id, authed(ctx)));
  register(ep.listRecords, (b, ctx) => exams.records(b, authed(ctx)));
  register(ep.getReport, (b, ctx) => exams.report(b, authed(ctx)));
}

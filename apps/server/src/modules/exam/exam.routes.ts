import * as ep from '@gre/contract/endpoints/exam';
import type { Register } from '../../platform/endpoints.ts';
import type { ExamService } from './exam.service.ts';

export function registerExamRoutes(register: Register, exams: ExamService): void {
  register(ep.listTemplates, (b, ctx) => exams.listTemplates(b.page, ctx));
  register(ep.openBook, (b, ctx) => exams.openBook(b.template_id, b.restart, ctx, b.mode));
  register(ep.createExam, (b, ctx) => exams.createExam(b.create_option, ctx));
  register(ep.getExam, (b, ctx) => exams.getExam(b.exam_id, ctx));
  register(ep.openQuestion, (b, ctx) => exams.openQuestion(b, ctx));
  register(ep.saveAnswer, (b, ctx) => exams.saveAnswer(b, ctx));
  register(ep.submitQuestion, (b, ctx) => exams.submitQuestion(b, ctx));
  register(ep.skipQuestion, (b, ctx) => exams.skip(b, ctx));
  register(ep.flagQuestion, (b, ctx) => exams.flag(b, ctx));
  register(ep.moveCursor, (b, ctx) => exams.moveCursor(b, ctx));
  register(ep.addUsedTime, (b, ctx) => exams.addTime(b, ctx));
  register(ep.finishSection, (b, ctx) => exams.finishSection(b, ctx));
  register(ep.finishExam, (b, ctx) => exams.finishExam(b.exam_id, ctx));
  register(ep.listRecords, (b, ctx) => exams.records(b, ctx));
  register(ep.getReport, (b, ctx) => exams.report(b, ctx));
}

// Practice sets and exams: the exam service the routes call, composed from its use cases —
// books and pages (exam.books.ts), custom exams (exam.custom.ts), the candidate's writes
// (exam.actions.ts), reading an exam and its report (exam.results.ts) — over one write path
// (exam.write.ts: planned purely, saved over the version read, under the row lock after a conflict).
// Time comes from the injected clock; settle() commits timed-out sections on every read and write
// (docs/decisions/0012-exam-engine.md).
import type { BookPage, CreateOption, PracticeMode } from '@gre/contract/exam';
import type { Answer } from '@gre/contract/question';
import type { AuthedContext } from '../../platform/endpoints.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import * as actions from './exam.actions.ts';
import * as books from './exam.books.ts';
import { createCustomExam, createRedoExam, type RedoRequest } from './exam.custom.ts';
import { type ExamServiceDeps, templateSource } from './exam.deps.ts';
import { getExam, getReport } from './exam.results.ts';
import { examCopies, writeChain } from './exam.write.ts';

export type { CommittedSections, ExamServiceDeps } from './exam.deps.ts';

type At = { exam_id: string; section_index: number; question_index: number };
type AnswerBody = At & { answer: Answer; used_time_seconds: number };

export function createExamService(deps: ExamServiceDeps) {
  const templates = templateSource(deps);
  // This process's copies of recently written exams, and one write of an exam at a time.
  const env = { ...deps, templates, copies: examCopies(deps.repo), oneAtATime: writeChain() };
  const create = { ...env, paramsOf: deps.scoring.paramsOf };

  return {
    templates,

    /** Starts the recurring job that settles exams whose time ran out (`exam.settle_expired`). */
    async startWorkers(queue: JobQueue) {
      await actions.startSettleWorker(queue, (limit) => this.settleExpired(limit));
    },
    /** Commits sections whose time ran out while nobody had the exam open; returns how many exams it settled. */
    settleExpired: (limit = 200): Promise<number> => actions.settleExpired(env, limit),

    listTemplates: (page: BookPage, ctx: AuthedContext) => books.listTemplates(env, page, ctx),
    openBook: (templateId: string, restart: boolean, ctx: AuthedContext, mode: PracticeMode = 'exam') =>
      books.openBook(create, templateId, restart, ctx, mode),
    createExam: (option: CreateOption, ctx: AuthedContext) => createCustomExam(create, option, ctx),
    getExam: (examId: string, ctx: AuthedContext) => getExam(env, examId, ctx),

    openQuestion: (b: At, ctx: AuthedContext) => actions.openQuestion(env, b, ctx),
    moveCursor: (b: At, ctx: AuthedContext) => actions.moveCursor(env, b, ctx),
    saveAnswer: (b: AnswerBody, ctx: AuthedContext) => actions.saveAnswer(env, b, ctx),
    /** 练习模式: submits one question for good; its key and analysis then come with the exam. */
    submitQuestion: (b: AnswerBody, ctx: AuthedContext) => actions.submitQuestion(env, b, ctx),
    /** 练习模式: skips a question (reports list it apart), or takes the skip back. */
    skip: (b: At & { skip: boolean; used_time_seconds: number }, ctx: AuthedContext) => actions.skip(env, b, ctx),
    flag: (b: At & { flagged: boolean }, ctx: AuthedContext) => actions.flag(env, b, ctx),
    /** 错题重做 and today's review: a practice set of the given questions (ADR 0025). */
    createRedo: (b: RedoRequest, ctx: AuthedContext) => createRedoExam(create, b, ctx),
    addTime: (b: At & { seconds: number }, ctx: AuthedContext) => actions.addTime(env, b, ctx),
    finishSection: (b: { exam_id: string; section_index: number }, ctx: AuthedContext) =>
      actions.finishSection(env, b, ctx),
    finishExam: (examId: string, ctx: AuthedContext) => actions.finishExam(env, examId, ctx),

    records: (b: { page: number; page_size: number; mock_only: boolean; custom_only: boolean }, ctx: AuthedContext) =>
      books.listRecords(env, b, ctx),
    report: (b: { exam_id?: string; book_id?: string }, ctx: AuthedContext) => getReport(env, b, ctx),
  };
}

export type ExamService = ReturnType<typeof createExamService>;

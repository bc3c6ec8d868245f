// Reading an exam and its report (get_exam, get_report). A read commits a section that timed out
// while nobody looked, through the write path (docs/decisions/0012-exam-engine.md).
import type { AuthedContext } from '../../platform/endpoints.ts';
import { AppError, errors } from '../../platform/errors.ts';
import { by, type ExamServiceDeps, scorer } from './exam.deps.ts';
import * as engine from './exam.engine.ts';
import { isOver, toBook, toEngine, toExam } from './exam.mapper.ts';
import { type WriteEnv, writeExam } from './exam.write.ts';

type ReadEnv = WriteEnv & Pick<ExamServiceDeps, 'craftsOf'>;

export async function getExam(env: ReadEnv, examId: string, ctx: AuthedContext) {
  const { repo, clock, copies } = env;
  const { c } = await env.templates();
  const userId = Number(ctx.caller.userId);
  let { row } = await copies.current(userId, examId, true);
  copies.remember(row);
  let e = toEngine(row);
  const now = clock.now().getTime();
  // A section that timed out while nobody looked is committed now.
  if (engine.settle(toEngine(row), now, scorer(c))) {
    const w = await writeExam(env, by(ctx), examId, () => null);
    row = w.row;
    e = w.e;
  }
  const view = toExam(row, e, c, now);
  // The caller's crafts, except while a timed exam runs (the answer gate would withhold them anyway).
  const running = !isOver(row.status) && e.sections.some((s) => s.limit > 0);
  if (env.craftsOf && !running) {
    const runtimes = view.exam.sections.flatMap((s) => s.questions);
    const crafts = await env.craftsOf(
      userId,
      runtimes.map((r) => r.id),
    );
    for (const r of runtimes) r.craft = crafts.get(r.id) ?? null;
  }
  if (isOver(row.status) && row.kind.startsWith('mock')) {
    const ids = e.sections.flatMap((s) => s.questions.map((q) => q.id));
    view.exam.seen_before = await repo.seenBefore(userId, examId, ids, row.createdAt);
  }
  return view;
}

/** A finished exam's report, by exam or by book (with the book's card). */
export async function getReport(env: ReadEnv, b: { exam_id?: string; book_id?: string }, ctx: AuthedContext) {
  const { repo, clock } = env;
  const { t } = await env.templates();
  const userId = Number(ctx.caller.userId);
  const book = b.book_id ? await repo.findBook(userId, b.book_id) : undefined;
  if (b.book_id && !book) throw errors.notFound('练习册不存在');
  const examId = book?.examId ?? (b.exam_id as string);
  // Read through getExam, so a timed-out last section is committed first.
  const view = await getExam(env, examId, ctx);
  if (!isOver(view.exam.status)) {
    throw new AppError('exam_finished', { show: '考试尚未完成，完成后才能查看报告' });
  }
  const tpl = book ? t.byId.get(book.templateId)?.template : undefined;
  return {
    ...view,
    book: book && tpl ? toBook(book, tpl, view.exam.status, clock.now().getTime()) : null,
  };
}

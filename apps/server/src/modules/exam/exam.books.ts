// Books and pages: the template cards of a page (list_templates), opening a book (a practice set or
// a mock: its exam), the record of past exams (list_record); and what creating any exam shares:
// who may open a template, the stored sections of a new exam, inserting it.
import { randomUUID } from 'node:crypto';
import { BookStatus, ExamStatus, QuestionCategory } from '@gre/contract/enums';
import type { BookPage, BookTemplate, CreateOption, PracticeMode, TemplateCard } from '@gre/contract/exam';
import { type Clock, chinaDay } from '../../platform/clock.ts';
import type { Tx } from '../../platform/db.ts';
import type { AuthedContext } from '../../platform/endpoints.ts';
import { AppError, errors } from '../../platform/errors.ts';
import type { Catalogue } from '../question/catalogue.ts';
import type { Rights } from '../question/rights.ts';
import { withRouting } from './exam.adaptive.ts';
import type { ExamServiceDeps, Templates } from './exam.deps.ts';
import { newRuntime, type StoredSection } from './exam.engine.ts';
import { bookStatusOf, isOver, toBook, toRecord } from './exam.mapper.ts';
import { consume, mockRefusal } from './exam.quota.ts';
import type { ExamRepo } from './exam.repo.ts';
import type { TemplateDef, TemplateSection } from './exam.templates.ts';

/** Mocks that measure (a daily mock quota unit each); section mocks do not. */
const measureMocks = new Set(['mock_full', 'mock_verbal', 'mock_quant']);

export type BooksEnv = Pick<ExamServiceDeps, 'repo' | 'clock' | 'rights' | 'quotas' | 'onStarted' | 'retiredSets'> & {
  templates: Templates;
};

const retiredOf = (env: Pick<BooksEnv, 'retiredSets'>) =>
  env.retiredSets ? env.retiredSets() : Promise.resolve(new Map<string, Date>());

/** Why the caller may not open a template (null when they may). */
export async function refusal(
  env: Pick<ExamServiceDeps, 'repo' | 'quotas'>,
  def: TemplateDef,
  ctx: AuthedContext,
  c: Catalogue,
  rights: Rights,
): Promise<AppError | null> {
  const { caller } = ctx;
  const staff = caller.isAdmin || caller.isOperator || caller.isTeacher;
  const page = def.template.page;
  if (page === 'higher') {
    if (staff || (await env.repo.higherFlag(Number(caller.userId)))) return null;
    return errors.forbidden('高阶题库需由管理员为你开通，请联系客服');
  }
  if (page === 'simulate') return mockRefusal(await env.quotas(), caller, measureMocks.has(def.template.exam_kind));
  for (const s of def.sections) {
    for (const id of s.questionIds) {
      const q = c.byId.get(id)?.question;
      const why = q ? rights.refusalFor(caller, q.visibility) : null;
      if (why) return why;
    }
  }
  return null;
}

/** The stored sections of a new exam (adaptive sections get their routing cut scores). */
export function newSections(
  specs: TemplateSection[],
  c: Catalogue,
  paramsOf: ExamServiceDeps['scoring']['paramsOf'],
): StoredSection[] {
  const sections = specs.map((s, index): StoredSection => {
    const ds = s.questionIds.map((id) => c.byId.get(id)?.question.difficulty ?? 2);
    return {
      index,
      name: s.name,
      kind: s.kind,
      difficulty: ds.length ? Math.round(ds.reduce((a, b) => a + b, 0) / ds.length) : 2,
      limit: s.limit,
      startedAt: 0,
      finishedAt: 0,
      used: 0,
      finished: false,
      auto: false,
      questions: s.questionIds.map(newRuntime),
    };
  });
  return withRouting(specs, sections, (id) => c.byId.get(id)?.question, paramsOf);
}

/** Inserts a new exam (not started) in `tx`; returns its id. */
export async function insertExam(
  env: { repo: ExamRepo; clock: Clock },
  tx: Tx,
  ctx: AuthedContext,
  fields: { name: string; kind: string; templateId: string; bookId: string | null; option: CreateOption | null },
  sections: StoredSection[],
) {
  const now = env.clock.now();
  const id = randomUUID();
  await env.repo.insertExam(tx, {
    id,
    userId: Number(ctx.caller.userId),
    templateId: fields.templateId,
    bookId: fields.bookId,
    name: fields.name,
    kind: fields.kind,
    status: ExamStatus.NotStart,
    createOption: fields.option,
    sections,
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

export async function listTemplates(
  env: BooksEnv,
  page: BookPage,
  ctx: AuthedContext,
): Promise<{ cards: TemplateCard[]; practice_mode: PracticeMode }> {
  const { repo, clock } = env;
  const [{ c, t }, rights, retired] = await Promise.all([env.templates(), env.rights(), retiredOf(env)]);
  const defs = t.defs.filter((d) => d.template.page === page && !d.template.hide && !retired.has(d.template.id));
  const mine = new Map(
    (
      await repo.booksOf(
        Number(ctx.caller.userId),
        defs.map((d) => d.template.id),
      )
    ).map((b) => [b.book.templateId, b]),
  );
  const now = clock.now().getTime();
  const cards: TemplateCard[] = [];
  for (const d of defs) {
    const b = mine.get(d.template.id);
    const why = await refusal(env, d, ctx, c, rights);
    const first = c.byId.get(d.sections[0]?.questionIds[0] ?? '')?.question;
    cards.push({
      template: d.template,
      status: bookStatusOf(b ? b.status : null, d.template, now),
      book_id: b?.book.id ?? null,
      exam_id: b?.book.examId ?? null,
      accessable: !why,
      refusal: why?.show ?? '',
      category: first?.category ?? QuestionCategory.None,
      result: (b?.result as TemplateCard['result']) ?? null,
    });
  }
  // The mode of the candidate's last practice set is the one offered next (remembered per user).
  return { cards, practice_mode: (await repo.lastPracticeMode(Number(ctx.caller.userId))) ?? 'exam' };
}

export async function openBook(
  env: BooksEnv & { paramsOf: ExamServiceDeps['scoring']['paramsOf'] },
  templateId: string,
  restart: boolean,
  ctx: AuthedContext,
  mode: PracticeMode = 'exam',
) {
  const { repo, clock } = env;
  const [{ c, t }, rights, quotas] = await Promise.all([env.templates(), env.rights(), env.quotas()]);
  const def = t.byId.get(templateId);
  if (!def || def.template.hide) throw errors.notFound('练习册不存在');
  if ((await retiredOf(env)).has(templateId)) {
    throw errors.notFound('这套练习已下架；下架前打开过它的用户可在「已下架的精选」中查看记录');
  }
  // 练习模式 is for practice sets; a mock is taken as the test is (ADR 0022).
  if (mode === 'practice' && def.template.exam_kind !== 'practice') {
    throw errors.invalidParam('模考只能用考试模式作答');
  }
  const why = await refusal(env, def, ctx, c, rights);
  if (why) throw why;
  const tpl: BookTemplate = def.template;
  const userId = Number(ctx.caller.userId);
  const result = await repo.db.transaction(async (tx) => {
    await repo.lockUserTemplate(tx, userId, templateId);
    const existing = await repo.findBookByTemplate(tx, userId, templateId);
    const existingExam = existing ? await repo.lockExam(tx, userId, existing.examId) : undefined;
    const now = clock.now();
    const fresh = !existing || !existingExam || (restart && isOver(existingExam.status));
    if (!fresh && existing && existingExam) return { book: existing, status: existingExam.status };
    const status = bookStatusOf(null, tpl, now.getTime());
    if (tpl.unlock_date_stamp && status === BookStatus.NotOpen) {
      throw new AppError('book_not_open', {
        show: `本套题将于 ${chinaDay(new Date(tpl.unlock_date_stamp * 1000))} 开放`,
      });
    }
    if (status === BookStatus.Expired) throw new AppError('book_not_open', { show: '本套题已过开放期限' });
    if (tpl.page === 'simulate') await consume(tx, quotas, ctx.caller, 'mock', now);
    const bookId = existing?.id ?? randomUUID();
    const examId = await insertExam(
      env,
      tx,
      ctx,
      { name: tpl.title, kind: tpl.exam_kind, templateId, bookId, option: null },
      newSections(def.sections, c, env.paramsOf).map((sec) =>
        mode === 'practice' ? { ...sec, practiceMode: true } : sec,
      ),
    );
    if (existing && existingExam) {
      // The earlier attempt stays in the record (and its report), closed.
      await repo.closeExam(tx, existingExam.id, now);
      await repo.updateBook(tx, existing.id, { examId, status: BookStatus.Start, updatedAt: now });
      return { book: { ...existing, examId, status: BookStatus.Start }, status: ExamStatus.NotStart as number };
    }
    const row = {
      id: bookId,
      userId,
      templateId,
      examId,
      title: tpl.title,
      status: BookStatus.Start,
      createdAt: now,
      updatedAt: now,
    };
    await repo.insertBook(tx, row);
    return { book: row, status: ExamStatus.NotStart as number };
  });
  if (result.status === ExamStatus.NotStart) env.onStarted?.(userId);
  return { book: toBook(result.book, tpl, result.status, clock.now().getTime()), exam_id: result.book.examId };
}

/** The caller's past and running exams, newest first (mocks only, or custom exams only, on request). */
export async function listRecords(
  env: { repo: ExamRepo },
  b: { page: number; page_size: number; mock_only: boolean; custom_only: boolean },
  ctx: AuthedContext,
) {
  const { rows, total } = await env.repo.records(
    Number(ctx.caller.userId),
    b.page,
    b.page_size,
    b.mock_only,
    b.custom_only,
  );
  return {
    page_control: { page: b.page, page_size: b.page_size, total },
    records: rows.map(toRecord),
  };
}

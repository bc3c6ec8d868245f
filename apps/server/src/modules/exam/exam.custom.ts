// Custom exams (create_exam): sections assembled from the questions the caller may open and has not
// answered, by the caller's choices (kinds, difficulties, math area, a full adaptive mock or one
// practice section). Assembly (buildCustom) is pure; createCustomExam stores the exam.

import { randomUUID } from 'node:crypto';
import { QuestionCategory, QuestionState, testCategories } from '@gre/contract/enums';
import type { AdaptiveLevel, CreateOption } from '@gre/contract/exam';
import type { Question } from '@gre/contract/question';
import type { AuthedContext } from '../../platform/endpoints.ts';
import { errors } from '../../platform/errors.ts';
import { fnv1a } from '../../platform/hash.ts';
import type { Catalogue } from '../question/catalogue.ts';
import { insertExam, newSections } from './exam.books.ts';
import type { ExamServiceDeps, Templates } from './exam.deps.ts';
import type { StoredSection } from './exam.engine.ts';
import { greSections } from './exam.mocks.ts';
import { assertMayMock, consume, consumeTailor } from './exam.quota.ts';
import type { ExamRepo } from './exam.repo.ts';
import { mathAreaOf, mockOnlyIds, type TemplateSection } from './exam.templates.ts';

export type CustomEnv = Pick<ExamServiceDeps, 'repo' | 'clock' | 'rights' | 'quotas' | 'onStarted'> & {
  templates: Templates;
  paramsOf: ExamServiceDeps['scoring']['paramsOf'];
};

export async function createCustomExam(env: CustomEnv, option: CreateOption, ctx: AuthedContext) {
  const { repo, clock } = env;
  const [{ c }, rights, quotas] = await Promise.all([env.templates(), env.rights(), env.quotas()]);
  const may = (q: Question) => rights.canOpen(ctx.caller, q.visibility);
  const done = option.include_done ? new Set<string>() : await answeredIds(repo, Number(ctx.caller.userId));
  const pool = customPool(c).filter(
    (q) => may(q) && !done.has(q.id) && q.visibility !== 'hidden' && q.visibility !== 'forbid',
  );
  const sections = buildCustom(option, pool, c);
  if (!sections.length || sections.some((s) => !s.questionIds.length)) {
    throw errors.notFound('没有符合条件的题目，请放宽组卷条件');
  }
  const isMock = option.kind === 'full';
  if (isMock) assertMayMock(quotas, ctx.caller, true);
  const examId = await repo.db.transaction(async (tx) => {
    if (isMock) await consume(tx, quotas, ctx.caller, 'mock', clock.now());
    // The custom-exam quota, then the extra ones granted beyond it, under the user's row lock (ADR 0034).
    await consumeTailor(tx, quotas, ctx.caller, clock.now());
    return insertExam(
      env,
      tx,
      ctx,
      {
        name: isMock ? '自选模考' : '自选练习',
        kind: isMock ? 'mock_full' : 'custom',
        templateId: '',
        bookId: null,
        option,
      },
      newSections(sections, c, env.paramsOf),
    );
  });
  env.onStarted?.(Number(ctx.caller.userId));
  return { exam_id: examId };
}

export interface RedoRequest {
  ids: string[];
  name: string;
  practice_mode: boolean;
}

/**
 * 错题重做 and today's review (ADR 0025): one untimed practice section of the given questions, in the
 * given order, those the caller may open; its answers are recorded back into the crafts when it is
 * finished (the craft service's exam hook), like any practice set's.
 */
export async function createRedoExam(env: CustomEnv, b: RedoRequest, ctx: AuthedContext) {
  const [{ c }, rights] = await Promise.all([env.templates(), env.rights()]);
  const ids: string[] = [];
  for (const id of new Set(b.ids)) {
    const q = c.byId.get(id)?.question;
    if (!q || q.kind === 'issue' || q.visibility === 'hidden' || q.visibility === 'forbid') continue;
    if (rights.canOpen(ctx.caller, q.visibility)) ids.push(id);
  }
  if (!ids.length) throw errors.notFound('选中的题目都无法组成练习（已下线或需要开通会员）');
  const section: TemplateSection = { name: b.name, kind: 'practice', limit: 0, questionIds: ids };
  const sections = newSections([section], c, env.paramsOf).map((s) =>
    b.practice_mode ? { ...s, practiceMode: true } : s,
  );
  const examId = await env.repo.db.transaction((tx) =>
    insertExam(env, tx, ctx, { name: b.name, kind: 'custom', templateId: '', bookId: null, option: null }, sections),
  );
  env.onStarted?.(Number(ctx.caller.userId));
  return { exam_id: examId, question_count: ids.length };
}

/**
 * Custom exams draw from the test's categories only, without the mock-only pool (ADR 0021) (the 15k word questions are not test items),
 * through the catalogue's per-category lists: a create costs no scan of the whole bank.
 */
export function customPool(c: Catalogue): Question[] {
  const mockOnly = mockOnlyIds(c);
  return testCategories.flatMap((cat) =>
    (c.byCategory.get(cat) ?? [])
      .map((i) => (c.entries[i] as (typeof c.entries)[number]).question)
      .filter((q) => !mockOnly.has(q.id)),
  );
}

/** The questions answered in the caller's last 500 exams (left out unless include_done). */
export async function answeredIds(repo: Pick<ExamRepo, 'records'>, userId: number): Promise<Set<string>> {
  const { rows } = await repo.records(userId, 1, 500, false);
  const ids = new Set<string>();
  for (const r of rows)
    for (const s of r.sections as StoredSection[])
      for (const q of s.questions) if (q.state === QuestionState.Answered) ids.add(q.id);
  return ids;
}

/** Sections of a custom exam from the questions the caller may open. */
export function buildCustom(o: CreateOption, pool: Question[], c: Catalogue): TemplateSection[] {
  const tagName = (id: string) => c.tagNames.get(id) ?? id;
  const rnd = randomUUID();
  const order = (qs: Question[]) => {
    const keyed = qs.map((q) => ({ q, k: fnv1a(rnd + q.id) }));
    keyed.sort((a, b) => {
      if (o.pick_first && (a.q.visibility === 'pick') !== (b.q.visibility === 'pick'))
        return a.q.visibility === 'pick' ? -1 : 1;
      if (o.select_kind === 'easy' && a.q.difficulty !== b.q.difficulty) return a.q.difficulty - b.q.difficulty;
      if (o.select_kind === 'hard' && a.q.difficulty !== b.q.difficulty) return b.q.difficulty - a.q.difficulty;
      return a.k - b.k;
    });
    return keyed.map((x) => x.q);
  };
  const fits = (q: Question) =>
    (!o.question_kinds.length || o.question_kinds.includes(q.kind)) &&
    (!o.difficulties.length || o.difficulties.includes(q.difficulty)) &&
    (q.category !== QuestionCategory.Math ||
      o.math_create_kind === 'all' ||
      mathAreaOf(q, tagName) === o.math_create_kind);
  /** Takes about n questions, a passage or figure with all its questions the caller may open. */
  const takeN = (qs: Question[], n: number, used: Set<string>, ordered = order(qs)) => {
    const out: string[] = [];
    for (const q of ordered) {
      if (out.length >= n) break;
      if (used.has(q.id)) continue;
      const mates = q.group_id ? qs.filter((m) => m.group_id === q.group_id && !used.has(m.id)) : [q];
      if (out.length + mates.length > n && out.length > 0) continue;
      for (const m of mates) {
        used.add(m.id);
        out.push(m.id);
      }
    }
    return out;
  };
  const verbalPool = pool.filter((q) => (q.category === 1 || q.category === 2) && fits(q));
  const quantPool = pool.filter((q) => q.category === 3 && fits(q));
  const used = new Set<string>();
  const limit = (minutes: number) => (o.enable_count_up ? 0 : minutes * 60);
  /**
   * A second section's easy / medium / hard variants (easiest first, closest to difficulty 2 first,
   * hardest first); they may share questions with each other, never with an earlier section.
   */
  const adaptive = (qs: Question[], n: number) => {
    const rank: Record<AdaptiveLevel, (q: Question) => number> = {
      easy: (q) => q.difficulty,
      medium: (q) => Math.abs(q.difficulty - 2),
      hard: (q) => -q.difficulty,
    };
    const pick = (l: AdaptiveLevel) =>
      takeN(
        qs,
        n,
        new Set(used),
        [...order(qs)].sort((a, b) => rank[l](a) - rank[l](b)),
      );
    const variants = { easy: pick('easy'), medium: pick('medium'), hard: pick('hard') };
    for (const id of Object.values(variants).flat()) used.add(id);
    return { questionIds: variants.medium, variants };
  };
  if (o.kind === 'full') {
    const { issue, verbal1, verbal2, quant1, quant2 } = greSections;
    const out: TemplateSection[] = [];
    if (o.with_issue) {
      out.push({
        name: issue.name,
        kind: 'issue',
        limit: limit(issue.minutes),
        questionIds: takeN(
          pool.filter((q) => q.kind === 'issue'),
          1,
          used,
        ),
      });
    }
    out.push(
      {
        name: verbal1.name,
        kind: 'verbal',
        limit: limit(verbal1.minutes),
        questionIds: takeN(verbalPool, verbal1.count, used),
      },
      {
        name: quant1.name,
        kind: 'quant',
        limit: limit(quant1.minutes),
        questionIds: takeN(quantPool, quant1.count, used),
      },
      {
        name: verbal2.name,
        kind: 'verbal',
        limit: limit(verbal2.minutes),
        ...adaptive(verbalPool, verbal2.count),
      },
      {
        name: quant2.name,
        kind: 'quant',
        limit: limit(quant2.minutes),
        ...adaptive(quantPool, quant2.count),
      },
    );
    return out;
  }
  const source = o.kind === 'verbal' ? verbalPool : o.kind === 'quant' ? quantPool : [...verbalPool, ...quantPool];
  return [{ name: '自选练习', kind: 'practice', limit: limit(o.minutes), questionIds: takeN(source, o.count, used) }];
}

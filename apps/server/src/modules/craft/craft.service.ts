// The review loop (issue 14, ADR 0025): what a user keeps per question (collect with tags, wrong
// answers, notes, reasons, mastery, improvement plans, flash-card state), the books built from it
// (tree, filtered list, redo sets), and the memory schedule of mistakes (FSRS). Every call reads and
// writes the caller's own rows only; answers and notes of the caller's running exam are withheld by
// the answer gate, which screens every response that carries a craft (exam.exposure.ts).

import { chinaMidnight } from '@gre/contract/china-time';
import type { Craft, CraftReason, ReviewScope, ReviewTree } from '@gre/contract/craft';
import { craftLimits } from '@gre/contract/craft';
import type { reviewListRequest, updateCraft } from '@gre/contract/endpoints/craft';
import { QuestionCategory, QuestionState, roleName } from '@gre/contract/enums';
import type { Answer, Question, QuestionInfo } from '@gre/contract/question';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { crafts } from '../../db/schema/craft.ts';
import { addDays, type Clock, chinaDay } from '../../platform/clock.ts';
import { type AuthedContext, type Caller, isStaff, type RequestContext } from '../../platform/endpoints.ts';
import { AppError, errors } from '../../platform/errors.ts';
import { everything, type InvalidationBus } from '../../platform/invalidation.ts';
import { TtlCache } from '../../platform/ttl-cache.ts';
import type { CommittedSections } from '../exam/exam.deps.ts';
import type { Quota } from '../exam/exam.quota.ts';
import { scoreAnswer } from '../exam/exam.scoring.ts';
import { defaultRetention, fresh, type StoredMemory, toMemory } from '../memory/memory.fsrs.ts';
import type { MemoryService, ReviewRequest } from '../memory/memory.service.ts';
import type { Catalogue, CatalogueEntry } from '../question/catalogue.ts';
import type { Rights } from '../question/rights.ts';
import { questionInfoOf } from '../question/search.ts';
import { ratingOf } from './craft.memory.ts';
import { reasonIdsOf, reasonIndex, reasonLibrary } from './craft.reasons.ts';
import type { BookFilter, CraftInsert, CraftRepo, CraftRow } from './craft.repo.ts';

type ListBody = z.output<typeof reviewListRequest>;
type UpdateBody = z.output<typeof updateCraft.request>;
type Source = { name: string; exam_id: string; template_id: string };
type Tx = Parameters<Parameters<CraftRepo['db']['transaction']>[0]>[0];

export const craftsTopic = 'crafts';
const emptyText = { review: '', difficulty: '', new_way: '', puzzle: '', note: '' };
const unlimited = -1;
/** The trends' row of wrong answers without a reason ticked. */
const unmarked = 'none';

export interface CraftServiceDeps {
  repo: CraftRepo;
  clock: Clock;
  bus: InvalidationBus;
  /** Schedules the reviews with the user's memory model and logs them (ADR 0027). */
  memory: Pick<MemoryService, 'reviewAll'>;
  catalogue: () => Promise<Catalogue>;
  rights: () => Promise<Rights>;
  quotas: () => Promise<Map<number, Quota>>;
  /** The answer gate: the caller's running exam's questions (record_answer refuses them). */
  runningIds: (ctx: RequestContext) => Promise<((id: string) => boolean) | null>;
  /** The exam service's redo sets. */
  createRedo: (
    b: { ids: string[]; name: string; practice_mode: boolean },
    ctx: AuthedContext,
  ) => Promise<{ exam_id: string; question_count: number }>;
}

/** A row as the contract shows it. */
export function toCraft(r: CraftRow): Craft {
  const text = (r.textInput as Craft['note']['text_input'] | null) ?? emptyText;
  const source = (r.source as Craft['source']) ?? null;
  return {
    id: r.questionId,
    collect: { collected: r.collected, collect_ids: r.collectIds.map(String), word: null },
    wrong: r.wrong,
    wrong_count: r.wrongCount,
    issue: { answer: (r.lastAnswer as Answer | null) ?? null, result: { correct: r.lastCorrect ?? null } },
    note: {
      text_input: { ...emptyText, ...text },
      review: { mastery: r.mastery, reasons: r.reasonsText, improvement: r.improvement, reviewed: r.scheduled },
      reasons: (r.reasons as CraftReason[]) ?? [],
      source,
    },
    in_higher: r.inHigher,
    card: (r.card as Craft['card'] | null) ?? {
      finished: false,
      collected: false,
      range_kind: '',
      collect_time_stamp: 0,
    },
    source,
    memory: r.scheduled && r.memory ? toMemory(r.memory as StoredMemory) : null,
  };
}

/** Whether a row is in the 笔记 book: the generated column `crafts.noted`, for counting before a write. */
function isNoted(r: Pick<CraftInsert, 'textInput' | 'mastery' | 'reasonIds' | 'reasonsText' | 'improvement'>) {
  const t = (r.textInput as Record<string, string> | null | undefined) ?? {};
  return (
    Object.values(t).some((v) => v.trim() !== '') ||
    (r.mastery ?? 0) > 0 ||
    (r.reasonIds?.length ?? 0) > 0 ||
    (r.reasonsText ?? '') !== '' ||
    (r.improvement ?? '') !== ''
  );
}

/** The row to write for a question the user has no craft of yet (or the existing one, to change). */
function base(userId: number, q: Question, tagIds: string[], prev: CraftRow | undefined, now: Date): CraftInsert {
  if (prev) return { ...prev, updatedAt: now };
  return {
    userId,
    questionId: q.id,
    category: q.category,
    kind: q.kind,
    tagIds,
    updatedAt: now,
  };
}

const higherTemplate = (templateId: string) => templateId.startsWith('hi-');

function sourceOf(s: Source, now: Date) {
  return {
    source: { ...s, update_time_stamp: Math.floor(now.getTime() / 1000) },
    sourceName: s.name,
  };
}

export function createCraftService(deps: CraftServiceDeps) {
  const { repo, clock } = deps;
  // Book trees per user (an aggregate over up to thousands of rows), dropped on the user's writes
  // here and, through the bus, in every other process.
  // One entry per user (its books by scope), so a write drops them in O(1).
  const trees = new TtlCache<string, Map<string, Promise<ReviewTree>>>(clock, 5 * 60_000, 20_000);
  deps.bus.subscribe((topic, key) => {
    if (topic === craftsTopic) trees.delete(key);
    else if (topic === everything) trees.clear();
  });
  const changed = (userId: number) => {
    trees.delete(String(userId));
    deps.bus.publish(craftsTopic, String(userId));
  };

  async function entryOf(id: string): Promise<CatalogueEntry> {
    const e = (await deps.catalogue()).byId.get(id);
    if (!e || e.question.visibility === 'hidden') throw errors.notFound('题目不存在或已下线');
    return e;
  }

  async function quotaOf(ctx: AuthedContext): Promise<Quota | undefined> {
    return (await deps.quotas()).get(ctx.caller.roleKind);
  }

  const limitError = (ctx: AuthedContext, what: string) => {
    const role = roleName[ctx.caller.roleKind as keyof typeof roleName] ?? '当前账号';
    return new AppError('limit', { show: `${role}${what}，开通会员后不限`, roleName: role });
  };

  /** The caller's finite collect / note limits, or null when there is nothing to count (staff, unlimited). */
  async function limitsOf(ctx: AuthedContext): Promise<{ collects: number; notes: number } | null> {
    if (isStaff(ctx.caller)) return null;
    const q = await quotaOf(ctx);
    const collects = q?.collectsTotal ?? 0;
    const notes = q?.notesTotal ?? 0;
    return collects === unlimited && notes === unlimited ? null : { collects, notes };
  }

  /** Refuses a write that makes rows newly collected / noted beyond the caller's limits (inside `tx`, locked). */
  async function checkLimits(
    tx: Tx,
    ctx: AuthedContext,
    limits: { collects: number; notes: number },
    newlyCollected: number,
    newlyNoted: number,
  ) {
    if (newlyCollected === 0 && newlyNoted === 0) return;
    const n = await repo.counts(Number(ctx.caller.userId), tx);
    if (newlyCollected && limits.collects !== unlimited && n.allCollects + newlyCollected > limits.collects) {
      throw limitError(ctx, `最多收藏 ${limits.collects} 道题`);
    }
    if (newlyNoted && limits.notes !== unlimited && n.allNotes + newlyNoted > limits.notes) {
      throw limitError(ctx, `最多给 ${limits.notes} 道题写笔记`);
    }
  }

  /**
   * update_v2's write: one statement on every path (ADR 0025 amendment, issue 14). A kind that may
   * change whether the question is collected or noted (Collect, Note, Improvement) locks the user's
   * row first, in the same statement, as every write that changes those does (the triggers keeping
   * the user's counts take that row after the craft otherwise: two orders, a deadlock); a role with
   * a finite limit is checked against the counts read under that lock. Card and Schedule: the upsert.
   */
  async function write(
    ctx: AuthedContext,
    kind: UpdateBody['update_kind'],
    insert: CraftInsert,
    set: Record<string, unknown>,
    collecting: boolean,
    part: Partial<CraftInsert>,
  ): Promise<CraftRow> {
    const counter = kind === 'Collect' ? 'collected' : kind === 'Note' || kind === 'Improvement' ? 'noted' : null;
    if (!counter) return repo.upsert(insert, set, repo.db, 'async');
    const limits = await limitsOf(ctx);
    const limit = !limits ? unlimited : counter === 'collected' ? limits.collects : limits.notes;
    // Only a write that collects, or leaves a note, can pass the limit (if the question was not so already).
    const newly = counter === 'collected' ? collecting : isNoted(part);
    const quota = { counter, limit: newly && limit !== unlimited ? limit : null } as const;
    // Refused: asked once more, in case a concurrent request of the user collected / noted this very
    // question after the first statement's snapshot (craft.repo.ts, upsertWithinQuota).
    const row =
      (await repo.upsertWithinQuota(insert, set, quota)) ??
      (quota.limit === null ? null : await repo.upsertWithinQuota(insert, set, quota));
    if (row) return row;
    throw limitError(ctx, counter === 'collected' ? `最多收藏 ${limit} 道题` : `最多给 ${limit} 道题写笔记`);
  }

  async function assertOwnTags(userId: number, ids: string[], on?: Tx) {
    const wanted = [...new Set(ids.map(Number))];
    const own = await repo.ownTagIds(userId, wanted, on);
    if (own.size !== wanted.length) throw errors.notFound('标签不存在，请刷新后重试');
    return wanted;
  }

  /** Records answers (a finished exam's, a search answer) into the crafts and the schedule. */
  async function record(
    tx: Tx,
    userId: number,
    answers: { q: Question; tagIds: string[]; answer: Answer | null; correct: boolean; used: number }[],
    src: Source,
  ): Promise<CraftRow[]> {
    if (!answers.length) return [];
    const now = clock.now();
    const [prevRows, settings] = await Promise.all([
      repo.gets(
        userId,
        answers.map((a) => a.q.id),
        tx,
      ),
      // Locks the user's row before any craft: the lock order of every write that may change what
      // is collected or noted (a craft rewritten from a stale read could; the counts' triggers).
      repo.settings(userId, tx, { lock: true }),
    ]);
    const prev = new Map(prevRows.map((r) => [r.questionId, r]));
    const rows: CraftInsert[] = [];
    const reviewed: { row: CraftInsert; request: ReviewRequest }[] = [];
    const wrongs: { userId: number; questionId: string; kind: string; at: Date }[] = [];
    for (const a of answers) {
      const p = prev.get(a.q.id);
      const row = base(userId, a.q, a.tagIds, p, now);
      row.lastAnswer = a.answer;
      row.lastCorrect = a.correct;
      Object.assign(row, sourceOf(src, now));
      if (higherTemplate(src.template_id)) row.inHigher = true;
      if (!a.correct) {
        row.wrong = true;
        row.wrongCount = (p?.wrongCount ?? 0) + 1;
        wrongs.push({ userId, questionId: a.q.id, kind: a.q.kind, at: now });
      } else if (settings.removeCorrects && p?.wrong) row.wrong = false;
      // A wrong answer puts the question on the schedule; any answer to a scheduled one is a review.
      if (!a.correct || p?.scheduled) {
        const prevCard = p?.scheduled ? (p.memory as StoredMemory) : null;
        reviewed.push({
          row,
          request: { key: `q:${a.q.id}`, prev: prevCard, grade: ratingOf(a.correct, a.used, a.q.kind) },
        });
      }
      rows.push(row);
    }
    const cards = await deps.memory.reviewAll(
      tx,
      userId,
      now,
      reviewed.map((r) => r.request),
    );
    reviewed.forEach(({ row }, i) => {
      const m = cards[i] as StoredMemory;
      row.scheduled = true;
      row.memory = m;
      row.dueAt = new Date(m.due * 1000);
    });
    const out: CraftRow[] = [];
    for (const row of rows) out.push(await repo.put(row, tx));
    await repo.logWrongs(wrongs, tx);
    return out;
  }

  async function treeOf(userId: number, scope: ReviewScope, higher: boolean): Promise<ReviewTree> {
    const [g, c, tags] = await Promise.all([repo.tree(userId, { scope, higher }), deps.catalogue(), repo.tags(userId)]);
    const categories = new Map<number, ReviewTree['categories'][number]>();
    for (const k of g.kinds.sort((a, b) => a.category - b.category || a.kind.localeCompare(b.kind))) {
      let cat = categories.get(k.category);
      if (!cat) {
        cat = { category: k.category as ReviewTree['categories'][number]['category'], count: 0, kinds: [] };
        categories.set(k.category, cat);
      }
      cat.count += k.count;
      cat.kinds.push({
        kind: k.kind as ReviewTree['categories'][number]['kinds'][number]['kind'],
        count: k.count,
        tags: g.tags
          .filter((t) => t.category === k.category && t.kind === k.kind)
          .sort((a, b) => b.count - a.count)
          .map((t) => ({ id: t.tag, name: c.tagNames.get(t.tag) ?? t.tag, count: t.count })),
      });
    }
    const collectCounts = new Map(g.collects.map((x) => [x.id, x.count]));
    const mastery = [0, 0, 0, 0, 0, 0];
    for (const m of g.mastery) if (m.mastery >= 0 && m.mastery <= 5) mastery[m.mastery] = m.count;
    return {
      total: [...categories.values()].reduce((n, x) => n + x.count, 0),
      categories: [...categories.values()],
      collect_tags: tags.map((t) => ({
        id: String(t.id),
        name: t.name,
        desp: t.desp,
        count: collectCounts.get(t.id) ?? 0,
      })),
      mastery,
      reasons: g.reasons.sort((a, b) => b.count - a.count).map((r) => ({ reason_id: r.id, count: r.count })),
      sources: g.sources
        .filter((s) => s.name !== '')
        .sort((a, b) => b.count - a.count)
        .slice(0, 50),
    };
  }

  async function assertHigher(ctx: AuthedContext, higher: boolean) {
    if (!higher || isStaff(ctx.caller)) return;
    if (!(await repo.higherFlag(Number(ctx.caller.userId)))) throw errors.forbidden('高阶题库尚未开通');
  }

  /** The end of today, China time (due "today" means due by then). */
  const endOfToday = () => chinaMidnight(addDays(chinaDay(clock.now()), 1));

  function infoOf(c: Catalogue, id: string, may: (v: string) => boolean): QuestionInfo | null {
    const e = c.byId.get(id);
    return e ? questionInfoOf(e, may(e.question.visibility)) : null;
  }

  return {
    reasonLibrary: () => reasonLibrary,

    async update(b: UpdateBody, ctx: AuthedContext): Promise<{ craft: Craft }> {
      const userId = Number(ctx.caller.userId);
      const q = (await entryOf(b.craft_id)).question;
      const now = clock.now();
      // What this kind writes: for a new row (`part`), and over an existing one (`set`, SQL allowed).
      const part: Partial<CraftInsert> = { ...sourceOf(b.source, now), updatedAt: now };
      if (higherTemplate(b.source.template_id)) part.inHigher = true;
      let set: Record<string, unknown> = {};
      let collecting = false;
      switch (b.update_kind) {
        case 'Collect': {
          const c = b.craft.collect;
          collecting = c.collected;
          part.collected = c.collected;
          part.collectIds = c.collected ? await assertOwnTags(userId, c.collect_ids) : [];
          part.collectedAt = c.collected ? now : null;
          set = {
            collectedAt: c.collected ? sql`coalesce(${crafts.collectedAt}, ${now.toISOString()}::timestamptz)` : null,
          };
          break;
        }
        case 'Note': {
          const n = b.craft.note;
          const offered = reasonIdsOf(q.category);
          const reasons: CraftReason[] = [];
          for (const r of n.reasons) {
            const known = reasonIndex.get(r.reason_id);
            if (!known || !offered.has(r.reason_id)) throw errors.invalidParam('错因不在错因库中，请刷新后重试');
            if (r.checked && !reasons.some((x) => x.reason_id === r.reason_id)) {
              reasons.push({ reason_id: r.reason_id, type: known.type, checked: true });
            }
          }
          Object.assign(part, {
            textInput: n.text_input,
            mastery: n.review.mastery,
            reasonsText: n.review.reasons,
            reasons,
            reasonIds: reasons.map((r) => r.reason_id),
          });
          break;
        }
        case 'Improvement':
          part.improvement = b.craft.note.review.improvement;
          break;
        case 'Card':
          part.card = {
            ...b.craft.card,
            collect_time_stamp: b.craft.card.collected ? Math.floor(now.getTime() / 1000) : 0,
          };
          break;
        case 'Schedule': {
          const on = b.craft.note.review.reviewed;
          const m = on ? fresh(now) : null;
          Object.assign(part, { scheduled: on, memory: m, dueAt: m ? new Date(m.due * 1000) : null });
          // Putting a question on the schedule again keeps its memory.
          if (on) {
            set = {
              memory: sql`case when ${crafts.scheduled} then ${crafts.memory} else ${JSON.stringify(m)}::jsonb end`,
              dueAt: sql`case when ${crafts.scheduled} then ${crafts.dueAt} else to_timestamp(${(m as StoredMemory).due}) end`,
            };
          }
          break;
        }
      }
      const insert: CraftInsert = {
        userId,
        questionId: q.id,
        category: q.category,
        kind: q.kind,
        tagIds: q.tag_ids,
        ...part,
        updatedAt: now,
      };
      set = { ...part, ...set };
      const row = await write(ctx, b.update_kind, insert, set, collecting, part);
      changed(userId);
      return { craft: toCraft(row) };
    },

    /** The exam view's crafts of its questions (the caller's own). */
    async craftsOf(userId: number, ids: string[]): Promise<Map<string, Craft>> {
      const rows = await repo.gets(userId, [...new Set(ids)]);
      return new Map(rows.map((r) => [r.questionId, toCraft(r)]));
    },

    async gets(ids: string[], ctx: AuthedContext) {
      const rows = await repo.gets(Number(ctx.caller.userId), [...new Set(ids)]);
      return { crafts: rows.map(toCraft) };
    },

    async collectMany(
      b: { ids: string[]; collected: boolean; collect_ids: string[]; source: Source },
      ctx: AuthedContext,
    ) {
      const userId = Number(ctx.caller.userId);
      const entries = await Promise.all([...new Set(b.ids)].map((id) => entryOf(id)));
      const now = clock.now();
      // Read outside the transaction: on PGlite it holds the one connection (ADR 0025).
      const limits = b.collected ? await limitsOf(ctx) : null;
      const rows = await repo.db.transaction(async (tx) => {
        // The user's row first, as every write that changes what is collected (the counts' triggers).
        await repo.lockUser(tx, userId);
        const tagIds = b.collected ? await assertOwnTags(userId, b.collect_ids, tx) : [];
        const prev = new Map(
          (
            await repo.gets(
              userId,
              entries.map((e) => e.question.id),
              tx,
            )
          ).map((r) => [r.questionId, r]),
        );
        let newly = 0;
        const out: CraftRow[] = [];
        for (const e of entries) {
          const p = prev.get(e.question.id);
          if (!p && !b.collected) continue;
          const next = base(userId, e.question, e.question.tag_ids, p, now);
          Object.assign(next, sourceOf(b.source, now));
          if (b.collected && !p?.collected) newly++;
          next.collected = b.collected;
          next.collectIds = b.collected ? [...new Set([...(p?.collected ? p.collectIds : []), ...tagIds])] : [];
          if (next.collectIds.length > craftLimits.tagsPerQuestion) {
            throw errors.invalidParam(`一道题最多 ${craftLimits.tagsPerQuestion} 个标签`);
          }
          next.collectedAt = b.collected ? (p?.collected ? p.collectedAt : now) : null;
          out.push(next as CraftRow);
        }
        if (limits && newly) await checkLimits(tx, ctx, limits, newly, 0);
        const written: CraftRow[] = [];
        for (const r of out) written.push(await repo.put(r, tx));
        return written;
      });
      changed(userId);
      return { crafts: rows.map(toCraft) };
    },

    async recordAnswer(
      b: { id: string; answer: Answer; used_time_seconds: number; source: Source },
      ctx: AuthedContext,
    ) {
      const userId = Number(ctx.caller.userId);
      const e = await entryOf(b.id);
      const q = e.question;
      const running = await deps.runningIds(ctx);
      if (running?.(q.id)) throw errors.forbidden('这道题在你正在进行的考试中，考完后才能在这里作答');
      (await deps.rights()).assertCanOpen(ctx.caller, q.visibility);
      const correct = scoreAnswer(q, b.answer);
      if (correct === null) throw errors.invalidParam('这道题不能在这里判分');
      const source = { ...b.source, name: b.source.name || '搜索' };
      const [row] = await repo.db.transaction((tx) =>
        record(tx, userId, [{ q, tagIds: q.tag_ids, answer: b.answer, correct, used: b.used_time_seconds }], source),
      );
      changed(userId);
      return { correct, craft: toCraft(row as CraftRow) };
    },

    /** The exam service's hook: a finished exam's answered questions go into the crafts. */
    async onExamCommitted(x: CommittedSections) {
      if (!x.examFinished) return;
      const cat = await deps.catalogue();
      const answers: Parameters<typeof record>[2] = [];
      for (const s of x.allSections)
        for (const r of s.questions) {
          if (r.state !== QuestionState.Answered || r.correct === null) continue;
          const q = cat.byId.get(r.id)?.question;
          if (!q || q.category === QuestionCategory.Issue) continue;
          answers.push({ q, tagIds: q.tag_ids, answer: r.answer, correct: r.correct, used: r.used });
        }
      await record(x.tx, x.userId, answers, { name: x.examName, exam_id: x.examId, template_id: x.templateId });
      x.afterCommit(() => changed(x.userId));
    },

    async summary(ctx: AuthedContext) {
      const userId = Number(ctx.caller.userId);
      const [n, due, s] = await Promise.all([
        repo.counts(userId),
        repo.dueCount(userId, endOfToday()),
        repo.settings(userId),
      ]);
      return {
        wrongs: n.wrongs,
        collects: n.collects,
        notes: n.notes,
        higher_wrongs: n.higherWrongs,
        higher_collects: n.higherCollects,
        higher_notes: n.higherNotes,
        due_today: due,
        scheduled: n.scheduled,
        desired_retention: s.desiredRetention,
        remove_corrects: s.removeCorrects,
      };
    },

    // Collect tags -----------------------------------------------------------------------------------

    async addTag(b: { name: string; desp: string }, ctx: AuthedContext) {
      const userId = Number(ctx.caller.userId);
      const row = await repo.db.transaction(async (tx) => {
        await repo.lockUser(tx, userId);
        if ((await repo.countTags(userId, tx)) >= craftLimits.tags) {
          throw new AppError('limit', { show: `最多 ${craftLimits.tags} 个收藏标签，请先删除不用的标签` });
        }
        const r = await repo.addTag(tx, { userId, name: b.name, desp: b.desp, createdAt: clock.now() });
        if (!r) throw errors.invalidParam('已有同名标签');
        return r;
      });
      changed(userId);
      return { collect: { id: String(row.id), name: row.name, desp: row.desp, count: 0 } };
    },

    async tags(ctx: AuthedContext) {
      const userId = Number(ctx.caller.userId);
      const [rows, counts] = await Promise.all([repo.tags(userId), repo.tagCounts(userId)]);
      return {
        collects: rows.map((t) => ({ id: String(t.id), name: t.name, desp: t.desp, count: counts.get(t.id) ?? 0 })),
      };
    },

    async deleteTag(id: string, ctx: AuthedContext) {
      const userId = Number(ctx.caller.userId);
      if (!(await repo.deleteTag(userId, Number(id)))) throw errors.notFound('标签不存在');
      changed(userId);
      return { id };
    },

    // Books ------------------------------------------------------------------------------------------

    async tree(b: { scope: ReviewScope; higher: boolean }, ctx: AuthedContext): Promise<ReviewTree> {
      await assertHigher(ctx, b.higher);
      const userId = Number(ctx.caller.userId);
      let books = trees.get(String(userId));
      if (!books) {
        books = new Map();
        trees.set(String(userId), books);
      }
      const key = `${b.scope}:${b.higher}`;
      let hit = books.get(key);
      if (!hit) {
        const mine = books;
        hit = treeOf(userId, b.scope, b.higher);
        hit.catch(() => mine.delete(key));
        books.set(key, hit);
      }
      return hit;
    },

    async list(b: ListBody, ctx: AuthedContext) {
      await assertHigher(ctx, b.higher);
      const userId = Number(ctx.caller.userId);
      if (b.collect_id !== undefined && !(await repo.ownTagIds(userId, [Number(b.collect_id)])).size) {
        throw errors.notFound('标签不存在，请刷新后重试');
      }
      const f: BookFilter = {
        scope: b.scope,
        higher: b.higher,
        ...(b.category !== undefined ? { category: b.category } : {}),
        ...(b.kind !== undefined ? { kind: b.kind } : {}),
        ...(b.tag_id !== undefined ? { tagId: b.tag_id } : {}),
        ...(b.collect_id !== undefined ? { collectId: Number(b.collect_id) } : {}),
        ...(b.mastery !== undefined ? { mastery: b.mastery } : {}),
        ...(b.reason_id !== undefined ? { reasonId: b.reason_id } : {}),
        ...(b.source !== undefined ? { source: b.source } : {}),
        ...(b.from ? { from: chinaMidnight(b.from) } : {}),
        ...(b.to ? { to: chinaMidnight(addDays(b.to, 1)) } : {}),
        ...(b.due ? { dueBy: endOfToday() } : {}),
      };
      const [{ items, total, ids }, c, rights] = await Promise.all([
        repo.list(userId, f, b.page, b.page_size, 500),
        deps.catalogue(),
        deps.rights(),
      ]);
      const may = (v: string) => rights.canOpen(ctx.caller, v);
      const out = [];
      for (const r of items) {
        const info = infoOf(c, r.questionId, may);
        if (info) out.push({ question: info, craft: toCraft(r), updated_at: Math.floor(r.updatedAt.getTime() / 1000) });
      }
      return {
        page_control: { page: b.page, page_size: b.page_size, total },
        items: out,
        all_ids: ids.filter((id) => c.byId.has(id)),
      };
    },

    /** The version basis of the user's wrong book: count and latest change (the 错题本 PDF's cache key, ADR 0040). */
    wrongBookBasis: (userId: number) => repo.wrongBookBasis(userId),

    /**
     * The user's wrong book with its questions in full (key and analysis: the 错题本 PDF, ADR 0040; the
     * caller checks the running exam): the latest `limit` the user may open now, and how many the
     * book holds in all.
     */
    async wrongBook(caller: Caller, limit: number) {
      const userId = Number(caller.userId);
      // The basis first: a change between the two reads leaves the file stale-marked, never stale-trusted.
      const basis = await repo.wrongBookBasis(userId);
      const [rows, c, rights] = await Promise.all([repo.wrongBook(userId, limit), deps.catalogue(), deps.rights()]);
      const items = [];
      for (const r of rows) {
        const q = c.byId.get(r.questionId)?.question;
        if (!q || q.visibility === 'hidden' || !rights.canOpen(caller, q.visibility)) continue;
        items.push({ question: q, group: q.group_id ? (c.groups.get(q.group_id) ?? null) : null, craft: toCraft(r) });
      }
      return { items, total: basis.count, basis: basis.basis };
    },

    createRedo: (b: { ids: string[]; name: string; practice_mode: boolean }, ctx: AuthedContext) =>
      deps.createRedo(b, ctx),

    async due(ctx: AuthedContext) {
      const userId = Number(ctx.caller.userId);
      const by = endOfToday();
      const [count, ids, c] = await Promise.all([
        repo.dueCount(userId, by),
        repo.dueIds(userId, by, craftLimits.bulk),
        deps.catalogue(),
      ]);
      return { count, ids: ids.filter((id) => c.byId.has(id)) };
    },

    async trends(b: { weeks: number }, ctx: AuthedContext) {
      const userId = Number(ctx.caller.userId);
      const today = chinaDay(clock.now());
      // Monday of this week (China time), then back `weeks - 1` weeks.
      const dow = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
      const monday = addDays(today, -dow);
      const weeks = Array.from({ length: b.weeks }, (_, i) => addDays(monday, -7 * (b.weeks - 1 - i)));
      const [rows, mastery] = await Promise.all([
        repo.wrongsByWeek(userId, chinaMidnight(weeks[0] as string)),
        repo.masteryCounts(userId),
      ]);
      const kindsOfReasons = new Map<string, { desp: string; counts: number[] }>();
      const byKind = new Map<string, { wrongs: number; reasons: Map<string, number> }>();
      for (const r of rows) {
        const n = Number(r.n);
        const wi = weeks.indexOf(r.week);
        const k = byKind.get(r.kind) ?? { wrongs: 0, reasons: new Map() };
        k.wrongs += n;
        byKind.set(r.kind, k);
        // Wrong answers without a reason yet count too, so the weeks show every mistake.
        const ids = r.reason_ids?.length ? r.reason_ids : [unmarked];
        for (const id of ids) {
          if (id === unmarked) {
            const t = kindsOfReasons.get(unmarked) ?? { desp: '未标错因', counts: weeks.map(() => 0) };
            if (wi >= 0) t.counts[wi] = (t.counts[wi] ?? 0) + n;
            kindsOfReasons.set(unmarked, t);
            continue;
          }
          const info = reasonIndex.get(id);
          if (!info) continue;
          k.reasons.set(id, (k.reasons.get(id) ?? 0) + n);
          const t = kindsOfReasons.get(info.type) ?? { desp: info.kindDesp, counts: weeks.map(() => 0) };
          if (wi >= 0) t.counts[wi] = (t.counts[wi] ?? 0) + n;
          kindsOfReasons.set(info.type, t);
        }
      }
      const levels = [0, 0, 0, 0, 0, 0];
      for (const m of mastery) if (m.mastery >= 0 && m.mastery <= 5) levels[m.mastery] = Number(m.n);
      return {
        weeks,
        by_week: [...kindsOfReasons].map(([kind, v]) => ({ kind, kind_desp: v.desp, counts: v.counts })),
        by_kind: [...byKind]
          .sort((a, b) => b[1].wrongs - a[1].wrongs)
          .map(([kind, v]) => ({
            kind: kind as Question['kind'],
            wrongs: v.wrongs,
            reasons: [...v.reasons].sort((a, b) => b[1] - a[1]).map(([reason_id, count]) => ({ reason_id, count })),
          })),
        mastery: levels,
      };
    },

    async updateSettings(b: { remove_corrects?: boolean; desired_retention?: number }, ctx: AuthedContext) {
      const userId = Number(ctx.caller.userId);
      await repo.updateSettings(userId, {
        ...(b.remove_corrects !== undefined ? { removeCorrects: b.remove_corrects } : {}),
        ...(b.desired_retention !== undefined ? { desiredRetention: b.desired_retention } : {}),
      });
      const s = await repo.settings(userId);
      return { remove_corrects: s.removeCorrects, desired_retention: s.desiredRetention ?? defaultRetention };
    },
  };
}

export type CraftService = ReturnType<typeof createCraftService>;

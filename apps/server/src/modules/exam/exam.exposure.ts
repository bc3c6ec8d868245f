// The answer gate (docs/decisions/0017-no-answers-during-a-running-exam.md). While a timed exam of
// the caller runs, no endpoint hands that caller the key, the analysis, the passage translation or
// a right/wrong verdict of any of its questions. It holds by construction: the registrar
// (platform/endpoints.ts) passes every response whose contract schema can carry a Question through
// `screen`, so an endpoint added later is covered without knowing about the gate. Content that is
// not a Question (search hits, word details) asks the gate itself (`runningIds`, `checkWord`).
//
// Who is served anyway, and logged in `exam_exposures` (calibration leaves those exams out): staff
// (they need keys to work, even in a mock of their own), and the candidate of an exam whose time
// is over but which nobody finished (an abandoned exam must not hide analyses for ever; if it is
// resumed and finished, its answers were seen).
//
// "Running" needs no job: an unfinished timed exam runs until its last clock event (created, a
// section started or committed) plus the limits of its unfinished sections, i.e. as long as the
// candidate could still be working had they gone on without a pause.
//
// Per user the gate keeps "my unfinished timed exams" in memory: one query on a miss, dropped when an
// exam is created, starts or commits a section, or finishes (the exam service's hooks publish
// `exams` on the invalidation bus, so other processes drop theirs too), and after a TTL in case a
// message from another process was lost. A response that carries no key at all (an exam view while
// it runs, lists, every exam write) never needs the lookup, so exam saves cost no query more.

import type { Endpoint } from '@gre/contract/endpoint';
import { QuestionCategory } from '@gre/contract/enums';
import type { Question } from '@gre/contract/question';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock.ts';
import { isStaff, type RequestContext } from '../../platform/endpoints.ts';
import { errors } from '../../platform/errors.ts';
import { everything, type InvalidationBus } from '../../platform/invalidation.ts';
import { TtlCache } from '../../platform/ttl-cache.ts';
import type { Catalogue } from '../question/catalogue.ts';
import type { StoredSection } from './exam.engine.ts';
import type { ExposureRepo, ExposureRow } from './exam.exposure.repo.ts';

/** The bus topic the exam service publishes (key: the user id) when a user's exams change state. */
export const examsTopic = 'exams';

/** An unfinished timed exam of the caller: its questions, and until when it runs. */
export interface GuardedExam {
  id: string;
  questionIds: ReadonlySet<string>;
  /** Unix ms; the exam runs while now < until, and has lapsed (time over, not finished) after. */
  until: number;
}

/**
 * Until when an unfinished exam runs: its last clock event plus the limits of its unfinished
 * sections (0 when no section is timed: untimed sets never hide anything).
 */
export function runningUntil(sections: readonly StoredSection[], createdAt: number): number {
  if (!sections.some((s) => s.limit > 0)) return 0;
  let last = createdAt;
  let remaining = 0;
  for (const s of sections) {
    last = Math.max(last, s.startedAt, s.finishedAt);
    if (!s.finished) remaining += s.limit;
  }
  return last + remaining * 1000;
}

/** Every question the exam shows or may still show (adaptive variants not chosen yet included). */
export function questionIdsOf(sections: readonly StoredSection[]): Set<string> {
  const ids = new Set<string>();
  for (const s of sections) {
    for (const q of s.questions) ids.add(q.id);
    if (s.adaptive) for (const variant of Object.values(s.adaptive.variants)) for (const id of variant) ids.add(id);
  }
  return ids;
}

type Reason = ExposureRow['reason'];

/** For one question: withheld, or served (with the unfinished exams whose answer it gives away). */
type Decision = { withhold: true } | { withhold: false; exposures: { examId: string; reason: Reason }[] };

export function decide(exams: readonly GuardedExam[], id: string, staff: boolean, now: number): Decision {
  const exposures: { examId: string; reason: Reason }[] = [];
  for (const e of exams) {
    if (!e.questionIds.has(id)) continue;
    const running = now < e.until;
    if (running && !staff) return { withhold: true };
    exposures.push({ examId: e.id, reason: running ? 'staff' : 'lapsed' });
  }
  return { withhold: false, exposures };
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A zod schema's own definition (zod 4), walked without depending on each schema class. */
const defOf = (s: unknown): Obj | null => {
  const zod = isObj(s) ? (s as { _zod?: { def?: unknown } })._zod : undefined;
  return zod && isObj(zod.def) ? zod.def : null;
};

/** Whether a response schema can carry a Question (somewhere, an object with `standard_answer`). */
export function carriesQuestions(schema: z.ZodType): boolean {
  const seen = new Set<unknown>();
  const visit = (s: unknown): boolean => {
    const def = defOf(s);
    if (!def || seen.has(s)) return false;
    seen.add(s);
    if (def.type === 'object' && isObj(def.shape) && 'standard_answer' in def.shape) return true;
    // A craft (the review loop): the user's last answer, its verdict and notes of a question.
    if (def.type === 'object' && isObj(def.shape) && 'issue' in def.shape && 'wrong' in def.shape) return true;
    for (const v of Object.values(def)) {
      if (defOf(v) && visit(v)) return true;
      if (Array.isArray(v) && v.some((x) => defOf(x) && visit(x))) return true;
      if (isObj(v) && !defOf(v) && Object.values(v).some((x) => defOf(x) && visit(x))) return true;
    }
    return false;
  };
  return visit(schema);
}

/** Something in a response that gives a question's answer away, with the question ids it concerns. */
export interface Revealing {
  /**
   * A Question with its key or analysis; a question's verdict in an exam view; a passage's
   * translation; a craft with the user's last answer, its verdict or notes.
   */
  kind: 'question' | 'verdict' | 'translation' | 'craft';
  node: Obj;
  ids: string[];
}

/** Every part of `data` that gives an answer away (contract shapes: Question, QuestionRuntime, QuestionGroup). */
export function findRevealing(data: unknown, out: Revealing[] = []): Revealing[] {
  if (Array.isArray(data)) {
    for (const x of data) if (typeof x === 'object' && x !== null) findRevealing(x, out);
    return out;
  }
  if (!isObj(data)) return out;
  const id = data.id;
  if ('standard_answer' in data && 'analysis' in data && typeof id === 'string') {
    if (data.standard_answer !== null || data.analysis !== null) out.push({ kind: 'question', node: data, ids: [id] });
    return out;
  }
  if (typeof id === 'string' && isObj(data.data) && isObj(data.result) && 'correct' in data.result) {
    if (data.result.correct !== null) out.push({ kind: 'verdict', node: data, ids: [id] });
    if (isObj(data.craft)) findRevealing(data.craft, out);
    return findRevealing(data.data, out);
  }
  if (typeof id === 'string' && isObj(data.issue) && 'wrong' in data && isObj(data.note)) {
    out.push({ kind: 'craft', node: data, ids: [id] });
    return out;
  }
  if (Array.isArray(data.question_ids) && typeof data.translation === 'string') {
    if (data.translation !== '') out.push({ kind: 'translation', node: data, ids: data.question_ids as string[] });
    return out;
  }
  for (const v of Object.values(data)) if (typeof v === 'object' && v !== null) findRevealing(v, out);
  return out;
}

const emptyAnswer = () => ({ selects: [], multi_selects: [], text: '', description: '', text2: '' });

/** Takes the revealing part out of a response (which the registrar has just parsed: a copy of its own). */
function withhold(r: Revealing) {
  if (r.kind === 'question') {
    r.node.standard_answer = null;
    r.node.analysis = null;
  } else if (r.kind === 'verdict') {
    // With the verdict, the candidate's own earlier answer would give the key away too.
    (r.node.result as Obj).correct = null;
    if (isObj(r.node.action)) r.node.action.answer = emptyAnswer();
  } else if (r.kind === 'craft') {
    // The last answer with its verdict is the key; a note may spell it out.
    r.node.issue = { answer: null, result: { correct: null } };
    const note = r.node.note as Obj;
    note.text_input = { review: '', difficulty: '', new_way: '', puzzle: '', note: '' };
    if (isObj(note.review)) {
      note.review.reasons = '';
      note.review.improvement = '';
    }
  } else r.node.translation = '';
}

/** The words whose dictionary entry answers a word question (the word, its pair, the options). */
export function keyWordsOf(q: Question): string[] {
  if (q.category !== QuestionCategory.Word) return [];
  const words = [q.word_info?.id ?? '', q.word_info?.pair_id ?? '', ...q.input_method.option_groups.flat()];
  return words.map((w) => w.trim().toLowerCase()).filter((w) => w !== '');
}

export interface AnswerGateDeps {
  repo: ExposureRepo;
  clock: Clock;
  bus: InvalidationBus;
  catalogue: () => Promise<Catalogue>;
  logError?: (err: unknown, msg: string) => void;
  /** How long a user's lookup is kept without an invalidation (a message lost between processes). */
  ttlMs?: number;
}

export function createAnswerGate(deps: AnswerGateDeps) {
  const { repo, clock } = deps;
  const cache = new TtlCache<string, Promise<GuardedExam[]>>(clock, deps.ttlMs ?? 60_000, 100_000);
  deps.bus.subscribe((topic, key) => {
    if (topic === examsTopic) cache.delete(key);
    // Messages may have been missed (a Redis outage): read everyone's exams again.
    else if (topic === everything) cache.clear();
  });

  /** The caller's unfinished timed exams (cached per user, see the header). */
  function lookup(userId: string): Promise<GuardedExam[]> {
    const hit = cache.get(userId);
    if (hit) return hit;
    const loading = repo.unfinishedTimed(Number(userId), clock.now()).then((rows) =>
      rows.map((r) => ({
        id: r.id,
        questionIds: questionIdsOf(r.sections),
        until: runningUntil(r.sections, r.createdAt.getTime()),
      })),
    );
    loading.catch(() => {
      if (cache.get(userId) === loading) cache.delete(userId);
    });
    cache.set(userId, loading);
    return loading;
  }

  // Exposures this process has logged already (the table keeps the first; no need to write again).
  const logged = new Set<string>();
  async function record(
    ctx: RequestContext,
    path: string,
    exposures: { examId: string; questionId: string; reason: Reason }[],
  ) {
    const at = clock.now();
    const rows: ExposureRow[] = [];
    for (const x of exposures) {
      const k = `${x.examId}\n${x.questionId}`;
      if (logged.has(k)) continue;
      rows.push({ ...x, userId: Number(ctx.caller?.userId), path, at });
    }
    if (!rows.length) return;
    await repo.record(rows);
    if (logged.size > 50_000) logged.clear();
    for (const r of rows) logged.add(`${r.examId}\n${r.questionId}`);
  }

  const carrying = new WeakMap<Endpoint, boolean>();
  const carries = (ep: Endpoint) => {
    let c = carrying.get(ep);
    if (c === undefined) {
      c = carriesQuestions(ep.response);
      carrying.set(ep, c);
    }
    return c;
  };

  return {
    lookup,

    /** A user's exam was created or started a section: every process reads their exams again. */
    changed(userId: number | string) {
      deps.bus.publish(examsTopic, String(userId));
    },

    /** The exam service's `onCommitted` hook: once the commit is durable, the lookups are stale. */
    async examCommitted(c: { userId: number; afterCommit: (fn: () => void) => void }) {
      c.afterCommit(() => deps.bus.publish(examsTopic, String(c.userId)));
    },

    /**
     * The registrar's last step for every response: withholds what gives away an answer of the
     * caller's running exam, and logs what is served anyway. Returns `data` (changed in place).
     */
    async screen(ep: Endpoint, ctx: RequestContext, data: unknown): Promise<unknown> {
      if (!ctx.caller || !carries(ep)) return data;
      const found = findRevealing(data);
      if (!found.length) return data;
      const exams = await lookup(ctx.caller.userId);
      if (!exams.length) return data;
      const staff = isStaff(ctx.caller);
      const now = clock.now().getTime();
      const served: { item: Revealing; exposures: { examId: string; questionId: string; reason: Reason }[] }[] = [];
      for (const item of found) {
        const exposures: { examId: string; questionId: string; reason: Reason }[] = [];
        let held = false;
        for (const id of item.ids) {
          const d = decide(exams, id, staff, now);
          if (d.withhold) {
            held = true;
            break;
          }
          for (const x of d.exposures) exposures.push({ examId: x.examId, questionId: id, reason: x.reason });
        }
        if (held) withhold(item);
        // A translation is no answer: nothing to log when it is served.
        else if (exposures.length && item.kind !== 'translation') served.push({ item, exposures });
      }
      if (served.length) {
        try {
          await record(
            ctx,
            ep.path,
            served.flatMap((s) => s.exposures),
          );
        } catch (err) {
          // Not logged, not served.
          deps.logError?.(err, 'logging an exam exposure failed; the answers were withheld');
          for (const s of served) withhold(s.item);
        }
      }
      return data;
    },

    /** Ids of the caller's running exams (search leaves them out of text hits), or null when none. */
    async runningIds(ctx: RequestContext): Promise<((id: string) => boolean) | null> {
      if (!ctx.caller) return null;
      const now = clock.now().getTime();
      const running = (await lookup(ctx.caller.userId)).filter((e) => now < e.until);
      if (!running.length) return null;
      return (id) => running.some((e) => e.questionIds.has(id));
    },

    /** Logs exposures for served questions of the caller's unfinished exams (search hits of a lapsed exam). */
    async served(ctx: RequestContext, ids: readonly string[], path: string) {
      if (!ctx.caller || !ids.length) return;
      const exams = await lookup(ctx.caller.userId);
      if (!exams.length) return;
      const staff = isStaff(ctx.caller);
      const now = clock.now().getTime();
      const exposures: { examId: string; questionId: string; reason: Reason }[] = [];
      for (const id of ids) {
        const d = decide(exams, id, staff, now);
        if (!d.withhold)
          for (const x of d.exposures) exposures.push({ examId: x.examId, questionId: id, reason: x.reason });
      }
      await record(ctx, path, exposures);
    },

    /**
     * For the word lists and books (modules/word, ADR 0026), which are not asked one word at a time:
     * the questions of every unfinished timed exam of the caller, running or lapsed, staff too, and
     * the key words of its word questions. Lists leave those meanings and question-derived words out
     * rather than serve and log them; word details (`checkWord`) stay the one way to see them.
     */
    async guarded(ctx: RequestContext): Promise<{ questionIds: ReadonlySet<string>; words: ReadonlySet<string> }> {
      const questionIds = new Set<string>();
      const words = new Set<string>();
      if (!ctx.caller) return { questionIds, words };
      const exams = await lookup(ctx.caller.userId);
      if (!exams.length) return { questionIds, words };
      const c = await deps.catalogue();
      for (const e of exams)
        for (const id of e.questionIds) {
          questionIds.add(id);
          const q = c.byId.get(id)?.question;
          if (q) for (const w of keyWordsOf(q)) words.add(w);
        }
      return { questionIds, words };
    },

    /**
     * Word details answer a word question (its meaning, its synonyms): refused while the caller's
     * exam with that question runs, logged when served to staff or after the exam's time is over.
     */
    async checkWord(ctx: RequestContext, word: string, path: string) {
      if (!ctx.caller) return;
      const exams = await lookup(ctx.caller.userId);
      if (!exams.length) return;
      const c = await deps.catalogue();
      const key = word.trim().toLowerCase();
      const ids: string[] = [];
      for (const e of exams) {
        for (const id of e.questionIds) {
          const q = c.byId.get(id)?.question;
          if (q && keyWordsOf(q).includes(key)) ids.push(id);
        }
      }
      const staff = isStaff(ctx.caller);
      const now = clock.now().getTime();
      const exposures: { examId: string; questionId: string; reason: Reason }[] = [];
      for (const id of ids) {
        const d = decide(exams, id, staff, now);
        if (d.withhold) throw errors.forbidden('考试进行中：本场考试用到的单词，交卷后才能查看释义');
        for (const x of d.exposures) exposures.push({ examId: x.examId, questionId: id, reason: x.reason });
      }
      await record(ctx, path, exposures);
    },
  };
}

// The exam engine: pure functions over the stored exam and the time `now` (from the injected
// clock). Rules (docs/decisions/0012-exam-engine.md):
// - sections run one after another; only the current one (the first unfinished) can be written;
// - a section starts when the candidate first opens or moves into it; its deadline is
//   started_at + time limit (0 = untimed, the web counts up);
// - a section whose deadline passed is committed by `settle` the next time the exam is read or
//   written, at its deadline, with used time = its limit, marked auto_committed; the next section
//   does not start until the candidate opens it;
// - writing to a section after its deadline is refused (section_timeout);
// - when the last section is committed the exam is Finished and scored;
// - a mock's second Verbal / Quant section is adaptive: when the first section of its measure is
//   committed (by the candidate or at its deadline), its number right chooses the easy, medium or
//   hard variant (cut scores stored with the section, docs/scoring.md) and the questions are filled.
import { ExamStatus, QuestionState } from '@gre/contract/enums';
import type { AdaptiveLevel } from '@gre/contract/exam';
import type { Answer } from '@gre/contract/question';
import { AppError } from '../../platform/errors.ts';
import { levelOf } from '../scoring/irt.ts';

export interface StoredRuntime {
  id: string;
  answer: Answer | null;
  flagged: boolean;
  /** Seconds spent on the question. */
  used: number;
  state: QuestionState;
  /** Unix ms of the last answer, 0 before. */
  answeredAt: number;
  correct: boolean | null;
  /** 练习模式: submitted on its own; its answer is final and its key shown (absent = false). */
  submitted?: boolean;
  /** 练习模式: the candidate chose 跳过 (cleared when the question is answered; absent = false). */
  skipped?: boolean;
}

export interface StoredSection {
  index: number;
  name: string;
  kind: 'issue' | 'verbal' | 'quant' | 'practice';
  difficulty: number;
  /** Seconds; 0 = untimed. */
  limit: number;
  startedAt: number;
  finishedAt: number;
  used: number;
  finished: boolean;
  auto: boolean;
  /** 练习模式 (practice sets only; absent = 考试模式). */
  practiceMode?: boolean;
  questions: StoredRuntime[];
  /** A second section chosen by the first (absent on fixed sections and on exams made before). */
  adaptive?: AdaptiveSpec;
}

/** An adaptive section: empty until the section `from` is committed, then the chosen variant. */
export interface AdaptiveSpec {
  /** Index of the measure's first section, whose number right chooses. */
  from: number;
  /** Fewer right than this: the easy variant. */
  easyBelow: number;
  /** At least this many right: the hard variant (medium in between). */
  hardFrom: number;
  /** Question ids of each variant (never sent to the web). */
  variants: Record<AdaptiveLevel, string[]>;
  /** Rounded mean authored difficulty of each variant. */
  difficulty: Record<AdaptiveLevel, number>;
  /** The chosen level, null until chosen. */
  level: AdaptiveLevel | null;
  /** Number right in the first section when the level was chosen. */
  right: number | null;
}

export interface EngineExam {
  status: ExamStatus;
  cursorSection: number;
  cursorQuestion: number;
  isAutoCommit: boolean;
  sections: StoredSection[];
  finishedAt: number;
}

export const deadlineOf = (s: StoredSection) => (s.limit > 0 && s.startedAt > 0 ? s.startedAt + s.limit * 1000 : 0);

export function remainingSeconds(s: StoredSection, now: number): number {
  if (s.limit <= 0) return -1;
  if (s.finished) return 0;
  if (!s.startedAt) return s.limit;
  return Math.max(0, Math.ceil((deadlineOf(s) - now) / 1000));
}

const refuse = {
  finished: () => new AppError('exam_finished', { show: '考试已结束，不能再修改答案' }),
  closed: () => new AppError('section_closed', { show: '该部分已提交，不能再修改' }),
  notYet: () => new AppError('section_closed', { show: '请先完成当前部分' }),
  timeout: () => new AppError('section_timeout', { show: '本部分时间已到，答案已自动提交' }),
  position: () => new AppError('invalid_param', { show: '题号不正确' }),
  submitted: () => new AppError('invalid_param', { show: '本题已提交，不能再修改答案' }),
  notPracticeMode: () => new AppError('invalid_param', { show: '只有练习模式可以逐题提交' }),
  emptySubmit: () => new AppError('invalid_param', { show: '请先作答再提交' }),
};

/** The section that can be written now: the first unfinished one (undefined when all are done). */
export const currentSection = (e: EngineExam) => e.sections.find((s) => !s.finished);

function statusOf(e: EngineExam): ExamStatus {
  if (e.status === ExamStatus.Close) return ExamStatus.Close;
  const done = e.sections.filter((s) => s.finished).length;
  if (done === e.sections.length) return ExamStatus.Finished;
  if (done > 0) return ExamStatus.PartCompleted;
  return e.sections.some((s) => s.startedAt > 0) ? ExamStatus.Start : ExamStatus.NotStart;
}

/** Fills the adaptive sections that wait for `committed`: its number right chooses the variant. */
function route(e: EngineExam, committed: StoredSection, score: (r: StoredRuntime) => boolean | null) {
  for (const s of e.sections) {
    const a = s.adaptive;
    if (!a || a.from !== committed.index || a.level || s.finished) continue;
    const right = committed.questions.filter((q) => score(q) === true).length;
    const level = levelOf(right, a);
    a.level = level;
    a.right = right;
    s.questions = a.variants[level].map(newRuntime);
    s.difficulty = a.difficulty[level];
  }
}

function commitSection(
  e: EngineExam,
  s: StoredSection,
  at: number,
  auto: boolean,
  score: (r: StoredRuntime) => boolean | null,
) {
  if (!s.startedAt) s.startedAt = at;
  s.finished = true;
  s.finishedAt = at;
  s.auto = auto;
  // Timed sections: wall time from start to commit (at most the limit). Untimed: the reported time
  // on its questions (a closed browser does not count as working).
  s.used =
    s.limit > 0
      ? Math.min(s.limit, Math.max(0, Math.round((at - s.startedAt) / 1000)))
      : s.questions.reduce((n, q) => n + q.used, 0);
  if (auto) e.isAutoCommit = true;
  route(e, s, score);
  const next = e.sections[s.index + 1];
  if (next) {
    e.cursorSection = next.index;
    e.cursorQuestion = 0;
  }
}

/** Finishes the exam: scores every question with `key` (the catalogue's question, answers included). */
function complete(e: EngineExam, at: number, score: (r: StoredRuntime) => boolean | null) {
  for (const s of e.sections) for (const q of s.questions) q.correct = score(q);
  e.finishedAt = at;
  e.status = ExamStatus.Finished;
}

/**
 * Commits every section whose time ran out (at its deadline), and finishes the exam when none is
 * left. Returns whether anything changed (the caller then saves the exam).
 */
export function settle(e: EngineExam, now: number, score: (r: StoredRuntime) => boolean | null): boolean {
  if (e.status === ExamStatus.Finished || e.status === ExamStatus.Close) return false;
  let changed = false;
  for (let s = currentSection(e); s; s = currentSection(e)) {
    const deadline = deadlineOf(s);
    if (!deadline || now < deadline) break;
    commitSection(e, s, deadline, true, score);
    changed = true;
  }
  if (changed) {
    e.status = statusOf(e);
    if (e.status === ExamStatus.Finished) complete(e, Math.min(now, lastFinish(e)), score);
  }
  return changed;
}

const lastFinish = (e: EngineExam) => Math.max(...e.sections.map((s) => s.finishedAt));

/**
 * The runtime at a position of the current section, starting the section if needed. `timedOut`
 * is what `settle` reported: a write to a section it just committed is a timeout, not a closed section.
 */
function writable(e: EngineExam, si: number, qi: number, now: number) {
  if (e.status === ExamStatus.Finished || e.status === ExamStatus.Close) throw refuse.finished();
  const s = e.sections[si];
  if (!s) throw refuse.position();
  const q = s.questions[qi];
  if (!q) throw refuse.position();
  if (s.finished) throw s.auto ? refuse.timeout() : refuse.closed();
  if (s !== currentSection(e)) throw refuse.notYet();
  if (!s.startedAt) s.startedAt = now;
  e.status = statusOf(e);
  return { s, q };
}

export function openQuestion(e: EngineExam, si: number, qi: number, now: number) {
  const { q } = writable(e, si, qi, now);
  if (q.state === QuestionState.NotEncountered) q.state = QuestionState.NotAnswered;
  e.cursorSection = si;
  e.cursorQuestion = qi;
  return q;
}

export function moveCursor(e: EngineExam, si: number, qi: number, now: number) {
  const { q } = writable(e, si, qi, now);
  e.cursorSection = si;
  e.cursorQuestion = qi;
  return q;
}

/** Seconds reported for a question, capped by the wall time the section has been running. */
function capSpent(s: StoredSection, seconds: number, now: number) {
  const elapsed = Math.ceil((now - s.startedAt) / 1000);
  const room = Math.max(0, elapsed - s.questions.reduce((n, q) => n + q.used, 0));
  return Math.max(0, Math.min(seconds, s.limit > 0 ? room : seconds));
}

/** Saves an answer. Returns whether this is the question's first answer (counted against quotas). */
export function saveAnswer(
  e: EngineExam,
  si: number,
  qi: number,
  answer: Answer,
  spent: number,
  now: number,
  empty: boolean,
) {
  const { s, q } = writable(e, si, qi, now);
  if (q.submitted) throw refuse.submitted();
  const first = q.answeredAt === 0 && !empty;
  const added = capSpent(s, spent, now);
  q.used += added;
  if (empty) {
    q.answer = null;
    q.state = QuestionState.NotAnswered;
  } else {
    q.answer = answer;
    q.state = QuestionState.Answered;
    q.answeredAt = now;
    if (q.skipped) q.skipped = false;
  }
  return { q, first, spent: added };
}

/**
 * 练习模式: answers one question for good and scores it at once (the key and analysis are then shown
 * for it alone). Only in a practice-mode section, only with an answer, only once.
 */
export function submitQuestion(
  e: EngineExam,
  si: number,
  qi: number,
  answer: Answer,
  spent: number,
  now: number,
  empty: boolean,
  score: (r: StoredRuntime) => boolean | null,
) {
  const s = e.sections[si];
  if (s && !s.practiceMode) throw refuse.notPracticeMode();
  if (empty) throw refuse.emptySubmit();
  const done = saveAnswer(e, si, qi, answer, spent, now, false);
  done.q.submitted = true;
  done.q.correct = score(done.q);
  return done;
}

/**
 * 练习模式: skips a question (or takes the skip back), counting the time spent on it. Answering it
 * later clears the skip; a submitted question cannot be skipped.
 */
export function skip(e: EngineExam, si: number, qi: number, skipped: boolean, spent: number, now: number) {
  const s = e.sections[si];
  if (s && !s.practiceMode) throw refuse.notPracticeMode();
  const { s: section, q } = writable(e, si, qi, now);
  if (q.submitted) throw refuse.submitted();
  const added = capSpent(section, spent, now);
  q.used += added;
  q.skipped = skipped;
  return { q, spent: added };
}

export function flag(e: EngineExam, si: number, qi: number, flagged: boolean, now: number) {
  const { q } = writable(e, si, qi, now);
  q.flagged = flagged;
  return q;
}

export function addTime(e: EngineExam, si: number, qi: number, seconds: number, now: number) {
  const { s, q } = writable(e, si, qi, now);
  q.used += capSpent(s, seconds, now);
  return q;
}

/** Commits the current section by the candidate's choice (idempotent for an already committed one). */
export function finishSection(e: EngineExam, si: number, now: number, score: (r: StoredRuntime) => boolean | null) {
  if (e.status === ExamStatus.Finished || e.status === ExamStatus.Close) return;
  const s = e.sections[si];
  if (!s) throw refuse.position();
  if (s.finished) return;
  if (s !== currentSection(e)) throw refuse.notYet();
  commitSection(e, s, now, false, score);
  e.status = statusOf(e);
  if (e.status === ExamStatus.Finished) complete(e, now, score);
}

/** Hands in the whole exam: commits every open section now and scores. */
export function finishExam(e: EngineExam, now: number, score: (r: StoredRuntime) => boolean | null) {
  if (e.status === ExamStatus.Finished || e.status === ExamStatus.Close) return;
  for (let s = currentSection(e); s; s = currentSection(e)) commitSection(e, s, now, false, score);
  e.status = ExamStatus.Finished;
  complete(e, now, score);
}

export function newRuntime(id: string): StoredRuntime {
  return {
    id,
    answer: null,
    flagged: false,
    used: 0,
    state: QuestionState.NotEncountered,
    answeredAt: 0,
    correct: null,
  };
}

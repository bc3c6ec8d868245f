// The player's pure rules: the section clock (from the server's deadline and the server's clock,
// never reset by the browser), the review-screen status of each question, where the player
// starts, and the labels. The player component only calls these.
import { ExamStatus, measureLabel, QuestionCategory, QuestionState } from '@gre/contract/enums';
import type { Exam, ExamProgress, QuestionRuntime, Section, SectionAction } from '@gre/contract/exam';
import type { Answer, Question } from '@gre/contract/question';
import { isComplete } from '../question/answer-logic.ts';

/** server_time − client time when the answer arrived: add it to Date.now() to read the server's clock. */
export function clockOffset(serverTime: number, clientNow: number): number {
  return serverTime - clientNow;
}

export interface SectionClock {
  /** 'down' with a deadline; 'up' when untimed (count-up). */
  mode: 'down' | 'up';
  /** Seconds left (down) or spent (up); never negative. */
  seconds: number;
  /** Down only: the deadline has passed by the server's clock. */
  overtime: boolean;
}

/**
 * The clock of a section. Timed: deadline − (client now + offset), so a reload shows the true
 * remaining time. Untimed: the used seconds the server reported plus the time since that report.
 */
export function sectionClock(
  action: SectionAction,
  limitSeconds: number,
  clientNow: number,
  offset: number,
  reportedAtClient: number,
): SectionClock {
  if (limitSeconds <= 0 || action.remaining_seconds === -1) {
    const since = action.finished ? 0 : Math.max(0, Math.floor((clientNow - reportedAtClient) / 1000));
    return { mode: 'up', seconds: action.used_seconds + since, overtime: false };
  }
  if (action.finished) return { mode: 'down', seconds: 0, overtime: true };
  if (!action.deadline) return { mode: 'down', seconds: limitSeconds, overtime: false };
  const leftMs = action.deadline - (clientNow + offset);
  // Network delay makes the offset slightly low: the clock never shows more than the limit.
  const seconds = Math.min(limitSeconds, Math.max(0, Math.ceil(leftMs / 1000)));
  return { mode: 'down', seconds, overtime: leftMs <= 0 };
}

/** 1:05:09 / 17:59 / 0:07. */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const r = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${r}` : `${m}:${r}`;
}

/** Whether the five-minute warning is due: crossing 5:00 left in a section longer than that. */
export function warnsFiveMinutes(clock: SectionClock, limitSeconds: number): boolean {
  return clock.mode === 'down' && limitSeconds > 300 && !clock.overtime && clock.seconds <= 300 && clock.seconds > 0;
}

export type ReviewStatus = 'answered' | 'incomplete' | 'not_answered' | 'not_seen';

export const reviewStatusLabel: Record<ReviewStatus, string> = {
  answered: '已作答',
  incomplete: '未完成',
  not_answered: '未作答',
  not_seen: '未看过',
};

/** Whether an answer has something in it (what the server calls not empty). */
export function hasAnything(a: Answer): boolean {
  return a.selects.length > 0 || a.multi_selects.some((m) => m.length > 0) || !!a.text.trim() || !!a.text2.trim();
}

/** A question's line on the review screen, from its state and the answer on screen. */
export function reviewStatus(state: QuestionState, q: Pick<Question, 'input_method'>, answer: Answer): ReviewStatus {
  if (hasAnything(answer)) return isComplete(q.input_method, answer) ? 'answered' : 'incomplete';
  if (state === QuestionState.NotEncountered) return 'not_seen';
  return 'not_answered';
}

/** The section the candidate can work in: the first unfinished one, or -1 when all are done. */
export function currentSectionIndex(sections: readonly Pick<Section, 'action'>[]): number {
  return sections.findIndex((s) => !s.action.finished);
}

export type Stage = 'StartIntro' | 'InExam' | 'EndIntro' | 'Review' | 'Result';

export const isOver = (status: number) => status === ExamStatus.Finished || status === ExamStatus.Close;

/** Where the player opens: the result, the intro of a section not begun, or the question at the cursor. */
export function initialPosition(exam: Pick<Exam, 'status' | 'sections' | 'cursor'>): {
  stage: Stage;
  section: number;
  question: number;
} {
  const si = currentSectionIndex(exam.sections);
  if (isOver(exam.status) || si < 0)
    return { stage: 'Result', section: Math.max(0, exam.sections.length - 1), question: 0 };
  const section = exam.sections[si] as Section;
  if (!section.action.started_at) return { stage: 'StartIntro', section: si, question: 0 };
  const q = exam.cursor.section_index === si ? exam.cursor.question_index : 0;
  return { stage: 'InExam', section: si, question: Math.min(Math.max(0, q), section.questions.length - 1) };
}

/** Where the player is: the stage, the section and question on screen, how the last section ended. */
export interface PlayerState {
  stage: Stage;
  /** A new object each time the player moves to a question (it is then opened on the server again). */
  pos: { si: number; qi: number };
  /** The section that ended (EndIntro) was committed by the server because its time ran out. */
  endedAuto: boolean;
}

/** What moves the player from stage to stage. */
export type PlayerEvent =
  /** Show question `question` of the open section (a question, the review screen, Back, Next). */
  | { type: 'go'; question: number }
  /** The review screen (检查) of the open section. */
  | { type: 'review' }
  /** The open section was committed, by the candidate (结束本节) or by the server when time ran out. */
  | { type: 'committed'; auto: boolean; examOver: boolean }
  /** 开始本部分 on a section's intro, or 继续 / 查看成绩 after a section ended. */
  | { type: 'continue'; sections: readonly Pick<Section, 'index' | 'action'>[] };

/** The section after `si` the candidate goes on to: the first unfinished one after it, or -1. Never back. */
export function nextSectionAfter(sections: readonly Pick<Section, 'index' | 'action'>[], si: number): number {
  return sections.findIndex((s) => s.index > si && !s.action.finished);
}

/**
 * Where the player opens (initialPosition), except that a section the server committed while the
 * candidate was away is first said to have ended (EndIntro, endedAuto) before the next one.
 */
export function initialPlayerState(exam: Pick<Exam, 'status' | 'sections' | 'cursor'>): PlayerState {
  const at = initialPosition(exam);
  const before = exam.sections[at.section - 1];
  return at.stage === 'StartIntro' && before?.action.auto_committed
    ? { stage: 'EndIntro', pos: { si: at.section - 1, qi: 0 }, endedAuto: true }
    : { stage: at.stage, pos: { si: at.section, qi: at.question }, endedAuto: false };
}

const inSection = (stage: Stage) => stage === 'InExam' || stage === 'Review';

/**
 * The player's stages: StartIntro → InExam ⇄ Review → EndIntro → StartIntro (next section) … →
 * Result. Questions and the review screen only within an open section; a committed section is left
 * for its end screen (or the result when the exam is over) and never entered again.
 */
export function playerReducer(state: PlayerState, event: PlayerEvent): PlayerState {
  switch (event.type) {
    case 'go':
      if (!inSection(state.stage)) return state;
      return { ...state, stage: 'InExam', pos: { ...state.pos, qi: event.question } };
    case 'review':
      if (!inSection(state.stage) || state.stage === 'Review') return state;
      return { ...state, stage: 'Review' };
    case 'committed':
      if (!inSection(state.stage)) return state;
      return { ...state, stage: event.examOver ? 'Result' : 'EndIntro', endedAuto: event.auto };
    case 'continue': {
      if (state.stage === 'StartIntro') return { ...state, stage: 'InExam', pos: { si: state.pos.si, qi: 0 } };
      if (state.stage !== 'EndIntro') return state;
      const next = nextSectionAfter(event.sections, state.pos.si);
      if (next < 0) return { ...state, stage: 'Result' };
      return { ...state, stage: 'StartIntro', pos: { si: next, qi: 0 } };
    }
  }
}

/** The answers of every question as the server has them, by index_key. */
export function answersOf(exam: Pick<Exam, 'sections'>): Record<string, Answer> {
  const out: Record<string, Answer> = {};
  for (const s of exam.sections) for (const q of s.questions) out[q.index_key] = q.action.answer;
  return out;
}

/** The measure label of a section kind. */
export const sectionKindLabel: Record<Section['kind'], string> = {
  issue: '分析性写作',
  verbal: measureLabel.verbal,
  quant: measureLabel.quant,
  practice: '练习',
};

export { examKindLabel } from '@gre/contract/exam';

/** Whether a section shows the calculator: Quant, or a practice section made only of math. */
export function hasCalculator(section: Pick<Section, 'kind' | 'questions'>): boolean {
  if (section.kind === 'quant') return true;
  if (section.kind !== 'practice') return false;
  return (
    section.questions.length > 0 &&
    section.questions.every((q: QuestionRuntime) => q.data.category === QuestionCategory.Math)
  );
}

/** Seconds to report for the question on screen: whole seconds since `since`, at most one hour. */
export function spentSeconds(since: number, now: number): number {
  return Math.min(3600, Math.max(0, Math.floor((now - since) / 1000)));
}

/**
 * The exam with a progress answer applied (section clocks, status, cursor, the written question).
 * Monotonic: an answer that left the server before a section was committed (a save or time report
 * still in flight when 结束本节 went through) never reopens that section or lowers the status; it
 * used to leave the player on the "已结束" screen with 继续 pointing back at the closed section.
 */
export function withProgress(e: Exam, p: ExamProgress): Exam {
  const stale = p.server_time < e.server_time;
  return {
    ...e,
    status: Math.max(e.status, p.status) as Exam['status'],
    cursor: stale ? e.cursor : p.cursor,
    is_auto_commit: e.is_auto_commit || p.is_auto_commit,
    server_time: Math.max(e.server_time, p.server_time),
    sections: e.sections.map((s) => {
      const incoming = p.sections.find((x) => x.index === s.index)?.action;
      const action = incoming && !stale && !(s.action.finished && !incoming.finished) ? incoming : s.action;
      const written = p.question && p.question.section_index === s.index ? p.question : null;
      return {
        ...s,
        action,
        questions: written
          ? s.questions.map((q, i) =>
              i === written.question_index
                ? { ...q, action: { ...written.action, answer: q.action.answer }, skip: written.skip }
                : q,
            )
          : s.questions,
      };
    }),
  };
}

import { ExamStatus, QuestionState } from '@gre/contract/enums';
import type { SectionAction } from '@gre/contract/exam';
import { describe, expect, it } from 'vitest';
import { emptyAnswer } from '../question/answer-logic.ts';
import { makeQuestion } from '../question/testing/make-question.ts';
import {
  answersOf,
  clockOffset,
  formatClock,
  initialPlayerState,
  initialPosition,
  nextSectionAfter,
  type PlayerState,
  playerReducer,
  reviewStatus,
  sectionClock,
  spentSeconds,
  warnsFiveMinutes,
  withProgress,
} from './exam-logic.ts';
import { makeSectionAction } from './testing/make-section.ts';

const action = makeSectionAction;

describe('sectionClock', () => {
  const serverNow = 1_000_000_000_000;
  it('counts down from the server deadline, corrected by the clock offset', () => {
    // The browser's clock is 90 s behind the server's.
    const clientNow = serverNow - 90_000;
    const offset = clockOffset(serverNow, clientNow);
    const a = action({ started_at: serverNow - 60_000, deadline: serverNow + 1020_000 });
    expect(sectionClock(a, 1080, clientNow, offset, clientNow)).toEqual({
      mode: 'down',
      seconds: 1020,
      overtime: false,
    });
    expect(sectionClock(a, 1080, clientNow + 20_500, offset, clientNow).seconds).toBe(1000);
  });
  it('is overtime at and after the deadline, never negative', () => {
    const a = action({ started_at: 1, deadline: serverNow });
    expect(sectionClock(a, 1080, serverNow + 5000, 0, serverNow)).toEqual({ mode: 'down', seconds: 0, overtime: true });
  });
  it('never shows more than the limit (a late answer makes the offset low)', () => {
    const a = action({ started_at: serverNow, deadline: serverNow + 1080_000 });
    expect(sectionClock(a, 1080, serverNow - 800, 0, serverNow).seconds).toBe(1080);
  });
  it('shows the whole limit before the section starts', () => {
    expect(sectionClock(action(), 1080, serverNow, 0, serverNow).seconds).toBe(1080);
  });
  it('counts up when untimed, from the server-reported used seconds', () => {
    const a = action({ remaining_seconds: -1, used_seconds: 100, started_at: 1 });
    expect(sectionClock(a, 0, serverNow + 30_000, 0, serverNow)).toEqual({ mode: 'up', seconds: 130, overtime: false });
  });
  it('formats and warns at five minutes', () => {
    expect(formatClock(3909)).toBe('1:05:09');
    expect(formatClock(1079)).toBe('17:59');
    expect(formatClock(7)).toBe('0:07');
    expect(warnsFiveMinutes({ mode: 'down', seconds: 300, overtime: false }, 1080)).toBe(true);
    expect(warnsFiveMinutes({ mode: 'down', seconds: 301, overtime: false }, 1080)).toBe(false);
    expect(warnsFiveMinutes({ mode: 'down', seconds: 200, overtime: false }, 240)).toBe(false);
    expect(warnsFiveMinutes({ mode: 'up', seconds: 200, overtime: false }, 0)).toBe(false);
  });
  it('reports whole seconds spent, capped at an hour', () => {
    expect(spentSeconds(0, 12_900)).toBe(12);
    expect(spentSeconds(0, 10_000_000)).toBe(3600);
    expect(spentSeconds(5000, 0)).toBe(0);
  });
});

describe('reviewStatus', () => {
  const se = makeQuestion({ kind: 'se', input_method: { kind: 'pair', group_size: 2 } });
  const tc2 = makeQuestion({
    kind: 'tc2',
    input_method: {
      kind: 'blanks',
      option_groups: [
        ['a', 'b', 'c'],
        ['d', 'e', 'f'],
      ],
    },
  });
  const frac = makeQuestion({ kind: 'numeric_fraction', input_method: { kind: 'fraction' } });
  const single = makeQuestion();
  it('tells not seen from seen but not answered', () => {
    expect(reviewStatus(QuestionState.NotEncountered, single, emptyAnswer)).toBe('not_seen');
    expect(reviewStatus(QuestionState.NotAnswered, single, emptyAnswer)).toBe('not_answered');
    expect(reviewStatus(QuestionState.Answered, single, { ...emptyAnswer, selects: [2] })).toBe('answered');
  });
  it('marks half answers incomplete: one of two SE choices, one blank of two, half a fraction', () => {
    expect(reviewStatus(QuestionState.Answered, se, { ...emptyAnswer, selects: [1] })).toBe('incomplete');
    expect(reviewStatus(QuestionState.Answered, se, { ...emptyAnswer, selects: [1, 4] })).toBe('answered');
    expect(reviewStatus(QuestionState.Answered, tc2, { ...emptyAnswer, multi_selects: [[1], []] })).toBe('incomplete');
    expect(
      reviewStatus(QuestionState.Answered, tc2, { ...emptyAnswer, multi_selects: [[1], [2]], selects: [1, 2] }),
    ).toBe('answered');
    expect(reviewStatus(QuestionState.Answered, frac, { ...emptyAnswer, text: '3' })).toBe('incomplete');
  });
  it('counts a cleared answer as not answered', () => {
    expect(reviewStatus(QuestionState.Answered, single, emptyAnswer)).toBe('not_answered');
  });
});

describe('initialPosition', () => {
  const section = (over: Partial<SectionAction>, n = 3) => ({
    action: action(over),
    questions: Array.from({ length: n }),
  });
  it('opens the intro of a section not begun', () => {
    const exam = {
      status: ExamStatus.NotStart,
      sections: [section({})],
      cursor: { section_index: 0, question_index: 0 },
    };
    expect(initialPosition(exam as never)).toEqual({ stage: 'StartIntro', section: 0, question: 0 });
  });
  it('resumes at the cursor of the running section', () => {
    const exam = {
      status: ExamStatus.PartCompleted,
      sections: [section({ finished: true, started_at: 1 }), section({ started_at: 2 })],
      cursor: { section_index: 1, question_index: 2 },
    };
    expect(initialPosition(exam as never)).toEqual({ stage: 'InExam', section: 1, question: 2 });
  });
  it('opens the next section intro after the server committed one, and the result when all are done', () => {
    const next = {
      status: ExamStatus.PartCompleted,
      sections: [section({ finished: true, started_at: 1, auto_committed: true }), section({})],
      cursor: { section_index: 1, question_index: 0 },
    };
    expect(initialPosition(next as never).stage).toBe('StartIntro');
    const done = { ...next, status: ExamStatus.Finished, sections: [section({ finished: true })] };
    expect(initialPosition(done as never).stage).toBe('Result');
  });
});

describe('withProgress (a late answer never reopens a committed section)', () => {
  const sec = (index: number, finished: boolean) => ({
    index,
    name: `s${index}`,
    kind: 'verbal' as const,
    difficulty: 2,
    time_limit_seconds: 1080,
    action: action({ finished, started_at: 1 }),
    result: null,
    questions: [],
  });
  const exam = {
    status: 2,
    cursor: { section_index: 1, question_index: 0 },
    is_auto_commit: false,
    server_time: 2000,
    sections: [sec(0, true), sec(1, false)],
  } as never;
  it('keeps a finished section finished and the later status, whatever a stale answer says', () => {
    const stale = {
      id: 'e',
      status: 1,
      cursor: { section_index: 0, question_index: 3 },
      is_auto_commit: false,
      server_time: 1500,
      sections: [{ index: 0, action: action({ finished: false, started_at: 1 }) }],
      question: null,
    } as never;
    const after = withProgress(exam, stale);
    expect(after.sections[0]?.action.finished).toBe(true);
    expect(after.status).toBe(2);
    expect(after.cursor).toEqual({ section_index: 1, question_index: 0 });
  });
  it('applies a newer answer', () => {
    const fresh = {
      id: 'e',
      status: 3,
      cursor: { section_index: 1, question_index: 0 },
      is_auto_commit: false,
      server_time: 2500,
      sections: [{ index: 1, action: action({ finished: true, started_at: 1 }) }],
      question: null,
    } as never;
    const after = withProgress(exam, fresh);
    expect(after.sections[1]?.action.finished).toBe(true);
    expect(after.status).toBe(3);
  });
  it('carries 跳过 of the question written (练习模式)', () => {
    const q = { id: 'q1', action: { answer: null, flagged: false }, skip: false };
    const withQuestion = { ...(exam as object), sections: [{ ...sec(0, false), questions: [q] }] } as never;
    const skipped = {
      id: 'e',
      status: 2,
      cursor: { section_index: 0, question_index: 0 },
      is_auto_commit: false,
      server_time: 2500,
      sections: [],
      question: { section_index: 0, question_index: 0, action: { flagged: false }, skip: true },
    } as never;
    const after = withProgress(withQuestion, skipped);
    expect(after.sections[0]?.questions[0]?.skip).toBe(true);
  });
});

describe('the player stages (playerReducer)', () => {
  const sections = (...finished: boolean[]) =>
    finished.map((f, index) => ({ index, action: action({ finished: f, started_at: f ? 1 : 0 }) }));
  const at = (stage: PlayerState['stage'], si = 0, qi = 0, endedAuto = false): PlayerState => ({
    stage,
    pos: { si, qi },
    endedAuto,
  });

  it('starts a section from its intro at its first question', () => {
    const s = playerReducer(at('StartIntro', 1, 3), { type: 'continue', sections: sections(true, false) });
    expect(s).toEqual(at('InExam', 1, 0));
  });

  it('moves between questions and the review screen within the section, each move a new position', () => {
    const start = at('InExam', 0, 0);
    const second = playerReducer(start, { type: 'go', question: 1 });
    expect(second).toEqual(at('InExam', 0, 1));
    const review = playerReducer(second, { type: 'review' });
    expect(review).toEqual(at('Review', 0, 1));
    // 检查 again on the review screen changes nothing (no re-render, no time report).
    expect(playerReducer(review, { type: 'review' })).toBe(review);
    const back = playerReducer(review, { type: 'go', question: 1 });
    expect(back).toEqual(at('InExam', 0, 1));
    // Going to the question on screen still opens it again (the position is a new object).
    expect(back.pos).not.toBe(review.pos);
  });

  it('leaves a committed section for its end, or for the result when the exam is over', () => {
    expect(playerReducer(at('InExam', 0, 4), { type: 'committed', auto: false, examOver: false })).toEqual(
      at('EndIntro', 0, 4, false),
    );
    expect(playerReducer(at('Review', 0, 4), { type: 'committed', auto: true, examOver: false })).toEqual(
      at('EndIntro', 0, 4, true),
    );
    expect(playerReducer(at('InExam', 1, 0), { type: 'committed', auto: false, examOver: true }).stage).toBe('Result');
  });

  it('goes on after a section end to the next unfinished section, never back, then to the result', () => {
    const next = playerReducer(at('EndIntro', 0, 5, true), { type: 'continue', sections: sections(true, false) });
    expect(next).toEqual(at('StartIntro', 1, 0, true));
    // A late answer left section 0 looking open: 继续 still moves forward.
    expect(playerReducer(at('EndIntro', 1, 2), { type: 'continue', sections: sections(false, true, false) })).toEqual(
      at('StartIntro', 2, 0),
    );
    expect(playerReducer(at('EndIntro', 1, 2), { type: 'continue', sections: sections(true, true) }).stage).toBe(
      'Result',
    );
    expect(nextSectionAfter(sections(false, true, true), 0)).toBe(-1);
  });

  it('ignores moves that do not belong to the stage', () => {
    for (const stage of ['StartIntro', 'EndIntro', 'Result'] as const) {
      const s = at(stage, 1, 0);
      expect(playerReducer(s, { type: 'go', question: 2 })).toBe(s);
      expect(playerReducer(s, { type: 'review' })).toBe(s);
      expect(playerReducer(s, { type: 'committed', auto: true, examOver: true })).toBe(s);
    }
    for (const stage of ['InExam', 'Review', 'Result'] as const) {
      const s = at(stage, 0, 1);
      expect(playerReducer(s, { type: 'continue', sections: sections(false, false) })).toBe(s);
    }
  });

  it('opens where the exam is, after first saying a section ended while the candidate was away', () => {
    const exam = (status: number, ...acts: Partial<SectionAction>[]) =>
      ({
        status,
        sections: acts.map((a, index) => ({ index, action: action(a), questions: Array.from({ length: 3 }) })),
        cursor: { section_index: 1, question_index: 2 },
      }) as never;
    expect(initialPlayerState(exam(ExamStatus.NotStart, {}))).toEqual(at('StartIntro', 0, 0));
    expect(
      initialPlayerState(exam(ExamStatus.PartCompleted, { finished: true, started_at: 1 }, { started_at: 2 })),
    ).toEqual(at('InExam', 1, 2));
    expect(
      initialPlayerState(exam(ExamStatus.PartCompleted, { finished: true, started_at: 1, auto_committed: true }, {})),
    ).toEqual(at('EndIntro', 0, 0, true));
    expect(initialPlayerState(exam(ExamStatus.PartCompleted, { finished: true, started_at: 1 }, {}))).toEqual(
      at('StartIntro', 1, 0),
    );
    expect(initialPlayerState(exam(ExamStatus.Finished, { finished: true, started_at: 1 })).stage).toBe('Result');
  });

  it('reads every answer by its question key', () => {
    const answer = { ...emptyAnswer, selects: [2] };
    const exam = {
      sections: [{ questions: [{ index_key: 's0-q0', action: { answer } }] }, { questions: [] }],
    } as never;
    expect(answersOf(exam)).toEqual({ 's0-q0': answer });
  });
});

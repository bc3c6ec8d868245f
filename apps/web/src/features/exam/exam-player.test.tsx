// @vitest-environment jsdom
// The player's stages in a DOM, against a small fake of the exam API (the api client is mocked):
// intro → questions → review → 结束本节 → section end → next section → result, the debounced and
// flushed saves, the shortcuts, and a section the server commits when its time runs out.
import type { Endpoint } from '@gre/contract/endpoint';
import {
  addUsedTime,
  finishSection,
  flagQuestion,
  getExam,
  openQuestion,
  saveAnswer,
} from '@gre/contract/endpoints/exam';
import { ExamStatus, QuestionState } from '@gre/contract/enums';
import type { Exam, ExamProgress, Section } from '@gre/contract/exam';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiOptions, api } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { emptyAnswer } from '../question/answer-logic.ts';
import { makeQuestion } from '../question/testing/make-question.ts';
import { ExamPlayer } from './exam-player.tsx';
import { makeSectionAction } from './testing/make-section.ts';

vi.mock('../../lib/api-client.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../lib/api-client.ts')>();
  return { ...actual, api: vi.fn() };
});
vi.mock('../../lib/toast.ts', () => ({ toast: vi.fn() }));
// The result's page frame (navigation, current user) is not what is tested here.
vi.mock('../../app/nav-layout.tsx', () => ({ NavLayout: (props: { children?: ReactNode }) => props.children }));

const apiMock = vi.mocked(api);
const toastMock = vi.mocked(toast);

function makeSection(index: number, name: string, count = 2, over: Partial<Section['action']> = {}): Section {
  return {
    index,
    name,
    kind: 'verbal',
    difficulty: 2,
    time_limit_seconds: 1080,
    action: makeSectionAction(over),
    result: null,
    questions: Array.from({ length: count }, (_, i) => ({
      id: `q-${index}-${i}`,
      data: makeQuestion({ id: `x-${index}${i}`, inquiry: `Question ${index}.${i} was ____.` }),
      action: {
        answer: emptyAnswer,
        flagged: false,
        used_time_seconds: 0,
        state: QuestionState.NotEncountered,
        answered_time: 0,
        submitted: false,
      },
      result: { correct: null },
      index_key: `s${index}-q${i}`,
      craft: null,
      skip: false,
    })),
  };
}

function makeExam(sections: Section[], status: Exam['status'] = ExamStatus.NotStart): Exam {
  return {
    id: 'exam-1',
    user_id: 'u-1',
    template_id: 't-1',
    name: '语文单部分模考 1',
    kind: 'mock_section',
    status,
    sections,
    result: null,
    create_option: null,
    cursor: { section_index: 0, question_index: 0 },
    is_auto_commit: false,
    server_time: Date.now(),
    seen_before: [],
  };
}

type Call = { endpoint: Endpoint; payload: Record<string, unknown>; keepalive: boolean };

/** A fake server over `server`: what each call writes, and the progress answer it gives. */
function serve(server: { exam: Exam }) {
  const calls: Call[] = [];
  let clock = Date.now();
  const progress = (question: ExamProgress['question'] = null): ExamProgress => {
    const e = server.exam;
    e.server_time = Math.max(clock++, Date.now());
    return {
      id: e.id,
      status: e.status,
      cursor: e.cursor,
      is_auto_commit: e.is_auto_commit,
      server_time: e.server_time,
      sections: e.sections.map((s) => ({ index: s.index, action: structuredClone(s.action) })),
      question,
    };
  };
  const written = (si: number, qi: number) => {
    const q = server.exam.sections[si]?.questions[qi];
    if (!q) throw new Error(`no question ${si}/${qi}`);
    return q;
  };
  apiMock.mockImplementation((async (
    endpoint: Endpoint,
    payload: Record<string, unknown>,
    options: ApiOptions = {},
  ) => {
    calls.push({ endpoint, payload, keepalive: options.keepalive ?? false });
    const si = payload.section_index as number;
    const qi = payload.question_index as number;
    const section = server.exam.sections[si];
    switch (endpoint) {
      case getExam:
        server.exam.server_time = Math.max(clock++, Date.now());
        return { exam: structuredClone(server.exam), groups: [] };
      case openQuestion: {
        if (section && !section.action.started_at) {
          section.action.started_at = Date.now();
          section.action.deadline = Date.now() + section.time_limit_seconds * 1000;
          server.exam.status = ExamStatus.Start;
        }
        server.exam.cursor = { section_index: si, question_index: qi };
        const q = written(si, qi);
        if (q.action.state === QuestionState.NotEncountered) q.action.state = QuestionState.NotAnswered;
        return progress({ section_index: si, question_index: qi, action: structuredClone(q.action), skip: false });
      }
      case saveAnswer: {
        const q = written(si, qi);
        q.action.answer = payload.answer as typeof emptyAnswer;
        q.action.state = QuestionState.Answered;
        return progress({ section_index: si, question_index: qi, action: structuredClone(q.action), skip: false });
      }
      case flagQuestion: {
        const q = written(si, qi);
        q.action.flagged = payload.flagged as boolean;
        return progress({ section_index: si, question_index: qi, action: structuredClone(q.action), skip: false });
      }
      case addUsedTime:
        return progress();
      case finishSection: {
        if (section) section.action.finished = true;
        const done = server.exam.sections.every((s) => s.action.finished);
        server.exam.status = done ? ExamStatus.Finished : ExamStatus.PartCompleted;
        return progress();
      }
      default:
        throw new Error(`unexpected call ${endpoint.path}`);
    }
  }) as never);
  return {
    calls,
    of: (endpoint: Endpoint) => calls.filter((c) => c.endpoint === endpoint).map((c) => c.payload),
  };
}

/** `onServer`: how the server's copy differs from what the page was given (it committed a section). */
function renderPlayer(exam: Exam, onServer?: (server: Exam) => void) {
  const server = { exam: structuredClone(exam) };
  onServer?.(server.exam);
  const api = serve(server);
  render(
    <MemoryRouter>
      <ExamPlayer initial={{ exam: structuredClone(exam), groups: [] }} receivedAt={Date.now()} />
    </MemoryRouter>,
  );
  return { server, api };
}

/** The first of the bar's buttons (the top bar and the phone bar both have them). */
const barButton = (name: string) => screen.getAllByRole('button', { name })[0] as HTMLElement;

async function startSection() {
  fireEvent.click(await screen.findByRole('button', { name: '开始本部分' }));
  await screen.findByText('第 1 题 / 共 2 题');
}

async function endSection() {
  fireEvent.click(barButton('结束本节'));
  const dialog = await screen.findByRole('dialog', { name: '结束本节？' });
  fireEvent.click(within(dialog).getByRole('button', { name: '结束本节' }));
}

beforeEach(() => {
  apiMock.mockReset();
  toastMock.mockReset();
});
afterEach(() => {
  cleanup();
});

describe('the exam player', () => {
  it('opens on the section intro, then shows and opens the first question of the section', async () => {
    const { api } = renderPlayer(makeExam([makeSection(0, '语文 第一部分')]));
    expect(screen.getByRole('heading', { name: '考试说明' })).toBeTruthy();
    expect(screen.getByText(/限时 18 分钟/)).toBeTruthy();
    expect(api.calls).toEqual([]);

    await startSection();
    expect(screen.getByText(/Question 0\.0 was/)).toBeTruthy();
    await waitFor(() =>
      expect(api.of(openQuestion)).toEqual([{ exam_id: 'exam-1', section_index: 0, question_index: 0 }]),
    );
    // The server's deadline runs the timer.
    expect(screen.getByRole('timer').getAttribute('aria-label')).toMatch(/^剩余时间 1[78]:\d\d$/);
  });

  it('saves an answer after the save delay, with the answer of that moment', async () => {
    const { api } = renderPlayer(makeExam([makeSection(0, '语文 第一部分')]));
    await startSection();
    fireEvent.click(screen.getAllByRole('radio')[1] as HTMLElement);
    expect(api.of(saveAnswer)).toEqual([]);
    await waitFor(() => expect(api.of(saveAnswer)).toHaveLength(1), { timeout: 3000 });
    expect(api.of(saveAnswer)[0]).toEqual({
      exam_id: 'exam-1',
      section_index: 0,
      question_index: 0,
      answer: { ...emptyAnswer, selects: [1] },
      used_time_seconds: 0,
    });
    expect(api.calls.find((c) => c.endpoint === saveAnswer)?.keepalive).toBe(false);
  });

  it('sends a pending answer at once when moving on, and as a keepalive request when the page goes', async () => {
    const { api } = renderPlayer(makeExam([makeSection(0, '语文 第一部分')]));
    await startSection();
    fireEvent.click(screen.getAllByRole('radio')[0] as HTMLElement);
    fireEvent.click(barButton('下一题'));
    await screen.findByText('第 2 题 / 共 2 题');
    expect(api.of(saveAnswer)).toEqual([
      expect.objectContaining({ question_index: 0, answer: { ...emptyAnswer, selects: [0] } }),
    ]);
    await waitFor(() => expect(api.of(openQuestion).map((p) => p.question_index)).toEqual([0, 1]));

    fireEvent.click(screen.getAllByRole('radio')[2] as HTMLElement);
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    const last = api.calls.filter((c) => c.endpoint === saveAnswer).at(-1);
    expect(last).toEqual({
      endpoint: saveAnswer,
      payload: expect.objectContaining({ question_index: 1, answer: { ...emptyAnswer, selects: [2] } }),
      keepalive: true,
    });
  });

  it('opens the review screen after the last question and goes back to a question from it', async () => {
    renderPlayer(makeExam([makeSection(0, '语文 第一部分')]));
    await startSection();
    fireEvent.click(barButton('下一题'));
    await screen.findByText('第 2 题 / 共 2 题');
    fireEvent.click(barButton('下一题'));
    const table = await screen.findByRole('table', { name: '本部分题目状态' });
    expect(screen.getByText('检查 · 语文 第一部分')).toBeTruthy();
    expect(within(table).getByRole('button', { name: '前往第 1 题（未作答）' })).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: '前往第 1 题（未作答）' }));
    await screen.findByText('第 1 题 / 共 2 题');
    expect(screen.queryByRole('table', { name: '本部分题目状态' })).toBeNull();
  });

  it('marks a question and answers the keyboard shortcuts', async () => {
    const { api } = renderPlayer(makeExam([makeSection(0, '语文 第一部分')]));
    await startSection();
    fireEvent.keyDown(window, { code: 'KeyM', altKey: true });
    await waitFor(() => expect(barButton('已标记').getAttribute('aria-pressed')).toBe('true'));
    expect(api.of(flagQuestion)).toEqual([{ exam_id: 'exam-1', section_index: 0, question_index: 0, flagged: true }]);
    fireEvent.keyDown(window, { code: 'KeyN', altKey: true });
    await screen.findByText('第 2 题 / 共 2 题');
    fireEvent.keyDown(window, { code: 'KeyB', altKey: true });
    await screen.findByText('第 1 题 / 共 2 题');
    // Not with Ctrl: the browser's own shortcut.
    fireEvent.keyDown(window, { code: 'KeyN', altKey: true, ctrlKey: true });
    expect(screen.getByText('第 1 题 / 共 2 题')).toBeTruthy();
    fireEvent.keyDown(window, { code: 'KeyR', altKey: true });
    await screen.findByRole('table', { name: '本部分题目状态' });
    // On the review screen Alt+N does nothing and Alt+B returns to the question it came from.
    fireEvent.keyDown(window, { code: 'KeyN', altKey: true });
    expect(screen.getByRole('table', { name: '本部分题目状态' })).toBeTruthy();
    fireEvent.keyDown(window, { code: 'KeyB', altKey: true });
    await screen.findByText('第 1 题 / 共 2 题');
  });

  it('commits a section with 结束本节, shows its end, and goes on to the next section', async () => {
    const { api } = renderPlayer(makeExam([makeSection(0, '语文 第一部分'), makeSection(1, '语文 第二部分')]));
    await startSection();
    fireEvent.click(screen.getAllByRole('radio')[0] as HTMLElement);
    await endSection();

    await screen.findByRole('heading', { name: '「语文 第一部分」已结束' });
    expect(screen.getByText('本部分答案已提交。')).toBeTruthy();
    expect(screen.getByText('接下来：语文 第二部分')).toBeTruthy();
    // The pending answer went before the commit.
    const order = api.calls.map((c) => c.endpoint.path).filter((p) => p !== addUsedTime.path);
    expect(order.slice(-2)).toEqual([saveAnswer.path, finishSection.path]);
    expect(api.of(finishSection)).toEqual([{ exam_id: 'exam-1', section_index: 0 }]);

    fireEvent.click(screen.getByRole('button', { name: '继续' }));
    await screen.findByRole('heading', { name: '下一部分' });
    await startSection();
    expect(screen.getByText(/Question 1\.0 was/)).toBeTruthy();
    await waitFor(() =>
      expect(api.of(openQuestion).at(-1)).toEqual({ exam_id: 'exam-1', section_index: 1, question_index: 0 }),
    );
  });

  it('shows the result when the last section is committed', async () => {
    const { api } = renderPlayer(makeExam([makeSection(0, '语文 第一部分')]));
    await startSection();
    await endSection();
    await screen.findByRole('heading', { name: '语文单部分模考 1 · 已完成' });
    expect(screen.getByRole('link', { name: '返回模考' })).toBeTruthy();
    // The result is read with the finished exam.
    await waitFor(() => expect(api.of(getExam)).toHaveLength(1));
    expect(screen.getByLabelText('正在读取成绩')).toBeTruthy();
  });

  it('leaves a section the server committed when its time ran out', async () => {
    const { server } = renderPlayer(makeExam([makeSection(0, '语文 第一部分'), makeSection(1, '语文 第二部分')]));
    await startSection();
    // The deadline passed on the server: the next write is refused and the exam read again.
    const section = server.exam.sections[0] as Section;
    section.action = { ...section.action, finished: true, auto_committed: true };
    server.exam.status = ExamStatus.PartCompleted;
    server.exam.is_auto_commit = true;
    const original = apiMock.getMockImplementation();
    apiMock.mockImplementation((async (endpoint: Endpoint, payload: never, options: never) => {
      if (endpoint === flagQuestion) {
        throw new ApiError(
          {
            type: 'api',
            errData: {
              kind: 'section_timeout',
              show: '本部分时间已到',
              detail: '',
              overflow_subject: '',
              role_name: '',
            },
          },
          [],
        );
      }
      return original?.(endpoint, payload, options);
    }) as never);
    fireEvent.click(barButton('标记'));

    await screen.findByRole('heading', { name: '「语文 第一部分」已结束' });
    expect(screen.getByText('本部分时间已到，答案已由系统自动提交。')).toBeTruthy();
    // The refusal already said so: not said twice.
    expect(toastMock).not.toHaveBeenCalledWith('warning', '本部分时间已到，答案已自动提交');
  });

  it('sends the same requests, in order, through a whole section', async () => {
    const { api } = renderPlayer(makeExam([makeSection(0, '语文 第一部分')]));
    await startSection();
    fireEvent.click(screen.getAllByRole('radio')[3] as HTMLElement);
    fireEvent.click(screen.getAllByRole('radio')[4] as HTMLElement);
    fireEvent.click(barButton('下一题'));
    await screen.findByText('第 2 题 / 共 2 题');
    fireEvent.click(screen.getAllByRole('radio')[0] as HTMLElement);
    fireEvent.click(barButton('检查'));
    const table = await screen.findByRole('table', { name: '本部分题目状态' });
    fireEvent.click(within(table).getByRole('button', { name: /^前往第 1 题/ }));
    await screen.findByText('第 1 题 / 共 2 题');
    fireEvent.keyDown(window, { code: 'KeyN', altKey: true });
    await screen.findByText('第 2 题 / 共 2 题');
    await endSection();
    await screen.findByRole('heading', { name: '语文单部分模考 1 · 已完成' });
    await waitFor(() => expect(api.of(getExam)).toHaveLength(1));
    const at = (si: number, qi: number) => ({ exam_id: 'exam-1', section_index: si, question_index: qi });
    const answer = (n: number) => ({ ...emptyAnswer, selects: [n] });
    // Time reports (add_time) depend on how long each step took: left out.
    expect(
      api.calls.filter((c) => c.endpoint !== addUsedTime).map((c) => [c.endpoint.path, c.payload, c.keepalive]),
    ).toEqual([
      [openQuestion.path, at(0, 0), false],
      [saveAnswer.path, { ...at(0, 0), answer: answer(4), used_time_seconds: 0 }, false],
      [openQuestion.path, at(0, 1), false],
      [saveAnswer.path, { ...at(0, 1), answer: answer(0), used_time_seconds: 0 }, false],
      [openQuestion.path, at(0, 0), false],
      [openQuestion.path, at(0, 1), false],
      [finishSection.path, { exam_id: 'exam-1', section_index: 0 }, false],
      [getExam.path, { exam_id: 'exam-1' }, false],
    ]);
  });

  it('sends a save of a question only after the one in flight, with the latest answer', async () => {
    renderPlayer(makeExam([makeSection(0, '语文 第一部分')]));
    await startSection();
    // The first save is slow (being retried after a lost race).
    let release: (() => void) | null = null;
    const original = apiMock.getMockImplementation();
    const sent: unknown[] = [];
    apiMock.mockImplementation((async (endpoint: Endpoint, payload: { answer: unknown }, options: never) => {
      if (endpoint === saveAnswer) sent.push(payload.answer);
      if (endpoint === saveAnswer && !release) {
        await new Promise<void>((r) => {
          release = r;
        });
      }
      return original?.(endpoint, payload, options);
    }) as never);
    const answerThenNext = async (radio: number) => {
      fireEvent.click(screen.getAllByRole('radio')[radio] as HTMLElement);
      fireEvent.click(barButton('下一题'));
      await screen.findByText('第 2 题 / 共 2 题');
      fireEvent.keyDown(window, { code: 'KeyB', altKey: true });
      await screen.findByText('第 1 题 / 共 2 题');
    };
    await answerThenNext(1);
    await answerThenNext(2);
    await answerThenNext(3);
    const saves = () => sent;
    expect(saves()).toEqual([{ ...emptyAnswer, selects: [1] }]);
    act(() => release?.());
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(saves()[1]).toEqual({ ...emptyAnswer, selects: [3] });
  });

  it('stays out of a committed section when a save answered before the commit arrives after it', async () => {
    const { api } = renderPlayer(makeExam([makeSection(0, '语文 第一部分'), makeSection(1, '语文 第二部分')]));
    await startSection();
    let late: (() => void) | null = null;
    const original = apiMock.getMockImplementation();
    apiMock.mockImplementation((async (endpoint: Endpoint, payload: never, options: never) => {
      const answer = await original?.(endpoint, payload, options);
      // The server answered (section open) before 结束本节; the answer reaches the page after it.
      if (endpoint === saveAnswer && !late) {
        await new Promise<void>((r) => {
          late = r;
        });
      }
      return answer;
    }) as never);
    fireEvent.click(screen.getAllByRole('radio')[0] as HTMLElement);
    fireEvent.click(barButton('下一题'));
    await screen.findByText('第 2 题 / 共 2 题');
    await endSection();
    await screen.findByRole('heading', { name: '「语文 第一部分」已结束' });
    expect(late).not.toBeNull();
    await act(async () => late?.());
    expect(api.of(saveAnswer)).toHaveLength(1);
    expect(screen.getByRole('heading', { name: '「语文 第一部分」已结束' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '继续' }));
    await screen.findByRole('heading', { name: '下一部分' });
    expect(screen.getByText('语文 第二部分')).toBeTruthy();
  });

  it('warns once at five minutes left', async () => {
    const now = Date.now();
    const exam = makeExam(
      [makeSection(0, '语文 第一部分', 2, { started_at: now - 781_000, deadline: now + 299_000 })],
      ExamStatus.Start,
    );
    renderPlayer(exam);
    expect(screen.getByText('第 1 题 / 共 2 题')).toBeTruthy();
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith('warning', '本部分还剩 5 分钟'));
    expect(toastMock).toHaveBeenCalledTimes(1);
  });

  it('reads the exam when the time is up by the server clock, and leaves the section the server committed', async () => {
    const now = Date.now();
    const exam = makeExam(
      [
        makeSection(0, '语文 第一部分', 2, { started_at: now - 1_081_000, deadline: now - 1000 }),
        makeSection(1, '语文 第二部分'),
      ],
      ExamStatus.Start,
    );
    // The server commits the section when the exam is read after its deadline.
    const { api } = renderPlayer(exam, (e) => {
      const section = e.sections[0] as Section;
      section.action = { ...section.action, finished: true, auto_committed: true };
      e.status = ExamStatus.PartCompleted;
    });
    await screen.findByRole('heading', { name: '「语文 第一部分」已结束' });
    expect(api.of(getExam)).toHaveLength(1);
    expect(screen.getByText('本部分时间已到，答案已由系统自动提交。')).toBeTruthy();
    expect(toastMock).toHaveBeenCalledWith('warning', '本部分时间已到，答案已自动提交');
  });

  it('says so when a section was committed by time while the candidate was away', async () => {
    const exam = makeExam(
      [
        makeSection(0, '语文 第一部分', 2, { started_at: 1, deadline: 2, finished: true, auto_committed: true }),
        makeSection(1, '语文 第二部分'),
      ],
      ExamStatus.PartCompleted,
    );
    renderPlayer(exam);
    expect(screen.getByRole('heading', { name: '「语文 第一部分」已结束' })).toBeTruthy();
    expect(screen.getByText('本部分时间已到，答案已由系统自动提交。')).toBeTruthy();
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith('warning', '上一部分时间已到，答案已自动提交'));
    fireEvent.click(screen.getByRole('button', { name: '继续' }));
    await screen.findByRole('heading', { name: '下一部分' });
    expect(screen.getByText('语文 第二部分')).toBeTruthy();
  });
});

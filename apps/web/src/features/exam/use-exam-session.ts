// The player's copy of the exam as the server has it: the exam, its passages and figures, the
// server-clock base, and the sections this player has left (no more writes to them). Every write's
// progress answer is applied through `applyProgress` (monotonic: exam-logic.ts withProgress); a
// write refused because the section or exam is closed reads the exam again.
import type { ResponseOf } from '@gre/contract/endpoint';
import { getExam } from '@gre/contract/endpoints/exam';
import type { Exam, ExamProgress } from '@gre/contract/exam';
import { type Dispatch, type RefObject, type SetStateAction, useCallback, useRef, useState } from 'react';
import { ApiError, api } from '../../lib/api-client.ts';
import { clockOffset, withProgress } from './exam-logic.ts';

export type ExamView = ResponseOf<typeof getExam>;
type Group = ExamView['groups'][number];

const closedKinds = new Set(['section_timeout', 'section_closed', 'exam_finished']);

/** The server's clock: its offset from the browser's, and when (browser time) it was read. */
export interface ClockBase {
  offset: number;
  at: number;
}

export interface ExamSession {
  examId: string;
  exam: Exam;
  setExam: Dispatch<SetStateAction<Exam>>;
  groups: Map<string, Group>;
  clockBase: ClockBase;
  /** Sections this player has seen committed: nothing more is written to them. */
  closed: RefObject<Set<number>>;
  /** A write was refused with `section_timeout`: the time-up toast has been said (useSectionCommit). */
  timeoutToasted: RefObject<boolean>;
  applyProgress: (p: ExamProgress) => void;
  /** Reads the exam again (the server commits a section whose time ran out). */
  refresh: () => Promise<Exam>;
  /** For every write's catch: a refusal because the section or exam is closed reads the exam again. */
  onWriteError: (error: unknown) => void;
}

export function useExamSession(initial: ExamView, receivedAt: number): ExamSession {
  const examId = initial.exam.id;
  const [exam, setExam] = useState<Exam>(initial.exam);
  // Passages and figures; a mock's second section brings its own when it is chosen (refresh below).
  const [groups, setGroups] = useState(() => new Map(initial.groups.map((g) => [g.id, g])));
  const [clockBase, setClockBase] = useState<ClockBase>(() => ({
    offset: clockOffset(initial.exam.server_time, receivedAt),
    at: receivedAt,
  }));
  const closed = useRef(new Set<number>());
  const timeoutToasted = useRef(false);

  const applyProgress = useCallback((p: ExamProgress) => {
    const at = Date.now();
    setExam((e) => withProgress(e, p));
    setClockBase({ offset: clockOffset(p.server_time, at), at });
  }, []);

  const refresh = useCallback(async () => {
    const view = await api(getExam, { exam_id: examId });
    const at = Date.now();
    setExam(view.exam);
    setGroups(new Map(view.groups.map((g) => [g.id, g])));
    setClockBase({ offset: clockOffset(view.exam.server_time, at), at });
    return view.exam;
  }, [examId]);

  /** A write was refused because the section or exam is closed: read the exam again and move on. */
  const onWriteError = useCallback(
    (error: unknown) => {
      if (!(error instanceof ApiError) || error.failure.type !== 'api') return;
      if (!closedKinds.has(error.failure.errData.kind)) return;
      if (error.failure.errData.kind === 'section_timeout') timeoutToasted.current = true;
      void refresh().catch(() => {});
    },
    [refresh],
  );

  return { examId, exam, setExam, groups, clockBase, closed, timeoutToasted, applyProgress, refresh, onWriteError };
}

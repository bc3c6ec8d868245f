// Committing a section, both ways. The candidate: 结束本节 asks first (the dialog's state is here),
// then reports the time on the question, sends what is pending and commits. The server: when the
// section on screen comes back finished (time ran out, or the candidate's commit went through), the
// player closes it for writes, drops pending saves, reads a later section chosen by this one, says
// so if time ran out, and moves to the section's end (or the result when the exam is over).
import { finishSection } from '@gre/contract/endpoints/exam';
import type { Section } from '@gre/contract/exam';
import { type Dispatch, type SetStateAction, useEffect, useState } from 'react';
import { api } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { isOver, type PlayerEvent, type Stage } from './exam-logic.ts';
import type { ExamSession } from './use-exam-session.ts';

export function useSectionCommit(opts: {
  session: ExamSession;
  stage: Stage;
  pos: { si: number; qi: number };
  section: Section | undefined;
  dispatch: Dispatch<PlayerEvent>;
  /** Stable callbacks (they are effect dependencies). */
  discardAll: () => void;
  closeCalculator: () => void;
  flush: () => Promise<unknown>;
  reportTime: (si: number, qi: number) => Promise<void>;
}): {
  confirmExit: boolean;
  setConfirmExit: Dispatch<SetStateAction<boolean>>;
  exitSection: () => Promise<void>;
} {
  const { session, stage, pos, section, dispatch, discardAll, closeCalculator, flush, reportTime } = opts;
  const { examId, exam, closed, timeoutToasted, refresh, applyProgress, onWriteError } = session;
  const [confirmExit, setConfirmExit] = useState(false);
  const inSection = stage === 'InExam' || stage === 'Review';

  // The section on screen was committed (by the candidate, or by the server when time ran out).
  useEffect(() => {
    if (!inSection || !section?.action.finished || closed.current.has(pos.si)) return;
    closed.current.add(pos.si);
    discardAll();
    closeCalculator();
    setConfirmExit(false);
    const auto = section.action.auto_committed;
    // A later section chosen by this one (easy / medium / hard) gets its questions now: read them.
    if (exam.sections.some((s) => s.index > pos.si && !s.questions.length)) void refresh().catch(() => {});
    if (auto && !timeoutToasted.current) toast('warning', '本部分时间已到，答案已自动提交');
    timeoutToasted.current = false;
    dispatch({ type: 'committed', auto, examOver: isOver(exam.status) });
  }, [
    inSection,
    section,
    pos.si,
    exam.status,
    exam.sections,
    refresh,
    closed,
    timeoutToasted,
    discardAll,
    closeCalculator,
    dispatch,
  ]);

  const exitSection = async () => {
    setConfirmExit(false);
    const si = pos.si;
    await reportTime(si, pos.qi);
    await flush();
    await api(finishSection, { exam_id: examId, section_index: si }).then(applyProgress).catch(onWriteError);
  };

  return { confirmExit, setConfirmExit, exitSection };
}

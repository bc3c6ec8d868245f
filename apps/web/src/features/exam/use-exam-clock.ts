// The section clock and the time on each question. The server owns the clock: the timer is its
// deadline read through the server-clock offset (exam-logic.ts sectionClock), ticking each second
// while a section is open; when it passes, the exam is read again (the server commits the section).
// The five-minute warning comes once per section. The question on screen is opened on the server
// (NotEncountered → NotAnswered, the cursor, the section's start) and its time is reported every
// 20 s while the page is visible, and when it leaves the screen.
import { addUsedTime, openQuestion } from '@gre/contract/endpoints/exam';
import type { Exam, ExamProgress, Section } from '@gre/contract/exam';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { type SectionClock, type Stage, sectionClock, spentSeconds, warnsFiveMinutes } from './exam-logic.ts';
import type { ClockBase } from './use-exam-session.ts';

export const timeReportMs = 20_000;

export function useExamClock(opts: {
  examId: string;
  stage: Stage;
  pos: { si: number; qi: number };
  section: Section | undefined;
  clockBase: ClockBase;
  closed: RefObject<Set<number>>;
  applyProgress: (p: ExamProgress) => void;
  onWriteError: (error: unknown) => void;
  refresh: () => Promise<Exam>;
}): { clock: SectionClock | null; reportTime: (si: number, qi: number) => Promise<void> } {
  const { examId, stage, pos, section, clockBase, closed, applyProgress, onWriteError, refresh } = opts;
  const [now, setNow] = useState(() => Date.now());
  const spentSince = useRef(Date.now());
  const refreshing = useRef(false);
  const warned = useRef(new Set<number>());
  const inSection = stage === 'InExam' || stage === 'Review';

  const reportTime = useCallback(
    (si: number, qi: number) => {
      const at = Date.now();
      const seconds = spentSeconds(spentSince.current, at);
      spentSince.current += seconds * 1000;
      if (seconds <= 0 || closed.current.has(si)) return Promise.resolve();
      return api(addUsedTime, { exam_id: examId, section_index: si, question_index: qi, seconds })
        .then(applyProgress)
        .catch(onWriteError);
    },
    [examId, closed, applyProgress, onWriteError],
  );

  // Open the question on screen (NotEncountered → NotAnswered, cursor, starts the section), count
  // its time, and report the time when it leaves the screen.
  useEffect(() => {
    if (stage !== 'InExam') return;
    const { si, qi } = pos;
    spentSince.current = Date.now();
    if (!closed.current.has(si)) {
      api(openQuestion, { exam_id: examId, section_index: si, question_index: qi })
        .then(applyProgress)
        .catch(onWriteError);
    }
    const every = setInterval(() => {
      if (document.visibilityState === 'visible') void reportTime(si, qi);
    }, timeReportMs);
    return () => {
      clearInterval(every);
      void reportTime(si, qi);
    };
  }, [stage, pos, examId, closed, applyProgress, onWriteError, reportTime]);

  // The clock ticks while a section is open.
  useEffect(() => {
    if (!inSection) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [inSection]);

  const clock = section
    ? sectionClock(section.action, section.time_limit_seconds, now, clockBase.offset, clockBase.at)
    : null;

  // Time is up by the server's clock: read the exam (the server commits the section) and move on.
  useEffect(() => {
    if (!inSection || !clock?.overtime || refreshing.current || section?.action.finished) return;
    refreshing.current = true;
    void refresh()
      .catch(() => {})
      .finally(() => {
        setTimeout(() => {
          refreshing.current = false;
        }, 2000);
      });
  }, [inSection, clock?.overtime, section?.action.finished, refresh]);

  // The five-minute warning, once per section.
  useEffect(() => {
    if (!inSection || !clock || !section) return;
    if (warnsFiveMinutes(clock, section.time_limit_seconds) && !warned.current.has(pos.si)) {
      warned.current.add(pos.si);
      toast('warning', `本部分还剩 ${Math.ceil(clock.seconds / 60)} 分钟`);
    }
  }, [inSection, clock, section, pos.si]);

  return { clock, reportTime };
}

// Answers are saved as they change: 700 ms after the last change of a question, one save of a
// question at a time (save-queue.ts: a save being retried is neither overtaken nor landed on by an
// older answer), each with the answer as it is when it leaves. Moving on flushes what is pending;
// closing the tab (or leaving it for another app on a phone) sends it at once as keepalive requests.
//
// Not a TanStack Query `useMutation`: a mutation starts its request only after a few awaited steps
// (onMutate hooks) and, in its default network mode, holds it while the browser says it is offline;
// a page being closed cannot wait for either, and no screen reads a save's pending state.
import { saveAnswer } from '@gre/contract/endpoints/exam';
import type { Exam, ExamProgress } from '@gre/contract/exam';
import type { Answer } from '@gre/contract/question';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../lib/api-client.ts';
import { emptyAnswer } from '../question/answer-logic.ts';
import { answersOf } from './exam-logic.ts';
import { createSaveQueue } from './save-queue.ts';

export const saveDelayMs = 700;

export interface AnswerSaver {
  /** The answers on screen, by index_key. */
  answers: Record<string, Answer>;
  /** The candidate changed an answer: show it, and save it after the delay. */
  change: (key: string, si: number, qi: number, answer: Answer) => void;
  /** Sends every pending save now (keepalive: as requests that outlive the page). */
  flush: (keepalive?: boolean) => Promise<unknown>;
  /** Forgets the pending save of one question (its answer leaves another way: 提交本题). */
  discard: (key: string) => void;
  /** Forgets every pending save (the section was committed). */
  discardAll: () => void;
}

export function useAnswerSaver(opts: {
  examId: string;
  initialExam: Exam;
  /** Sections committed: their saves are not sent. */
  closed: RefObject<Set<number>>;
  applyProgress: (p: ExamProgress) => void;
  onWriteError: (error: unknown) => void;
}): AnswerSaver {
  const { examId, closed, applyProgress, onWriteError } = opts;
  const [answers, setAnswers] = useState<Record<string, Answer>>(() => answersOf(opts.initialExam));
  const answersRef = useRef(answers);
  answersRef.current = answers;
  const pending = useRef(new Map<string, { timer: ReturnType<typeof setTimeout>; si: number; qi: number }>());
  // Saves of one question one after the other (a lost race is retried by the api client).
  const saves = useRef(createSaveQueue());

  const sendSave = useCallback(
    (key: string, si: number, qi: number, keepalive = false) => {
      pending.current.delete(key);
      if (closed.current.has(si)) return Promise.resolve();
      // The answer as it is when the save leaves (it may wait for an earlier save of this question).
      const send = () => {
        if (closed.current.has(si)) return Promise.resolve();
        const answer = answersRef.current[key] ?? emptyAnswer;
        return api(
          saveAnswer,
          { exam_id: examId, section_index: si, question_index: qi, answer, used_time_seconds: 0 },
          { keepalive },
        )
          .then(applyProgress)
          .catch(onWriteError);
      };
      // A closing page cannot wait for an earlier save still being retried: it sends at once.
      return keepalive ? send() : saves.current.enqueue(key, send);
    },
    [examId, closed, applyProgress, onWriteError],
  );

  const flush = useCallback(
    (keepalive = false) => {
      const waits: Promise<void>[] = [];
      for (const [key, p] of [...pending.current.entries()]) {
        clearTimeout(p.timer);
        waits.push(sendSave(key, p.si, p.qi, keepalive));
      }
      return Promise.all(waits);
    },
    [sendSave],
  );

  // Closing the tab (or leaving it for another app on a phone) within the save delay must not lose
  // the answer just typed: send what is pending at once, as requests that outlive the page.
  useEffect(() => {
    const flushNow = () => void flush(true);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flushNow();
    };
    window.addEventListener('pagehide', flushNow);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flushNow);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [flush]);

  const change = useCallback(
    (key: string, si: number, qi: number, answer: Answer) => {
      setAnswers((a) => ({ ...a, [key]: answer }));
      answersRef.current = { ...answersRef.current, [key]: answer };
      const old = pending.current.get(key);
      if (old) clearTimeout(old.timer);
      pending.current.set(key, { si, qi, timer: setTimeout(() => void sendSave(key, si, qi), saveDelayMs) });
    },
    [sendSave],
  );

  const discard = useCallback((key: string) => {
    const waiting = pending.current.get(key);
    if (!waiting) return;
    clearTimeout(waiting.timer);
    pending.current.delete(key);
  }, []);

  const discardAll = useCallback(() => {
    for (const p of pending.current.values()) clearTimeout(p.timer);
    pending.current.clear();
  }, []);

  return { answers, change, flush, discard, discardAll };
}

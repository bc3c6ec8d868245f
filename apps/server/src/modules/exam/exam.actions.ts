// The candidate's writes on a running exam (open_question, move_cursor, save_answer,
// submit_question, flag, add_time, finish_section, finish), and the server's settling of exams whose
// time ran out. Each is one engine operation through writeExam (exam.write.ts).
import { QuestionCategory } from '@gre/contract/enums';
import type { Answer } from '@gre/contract/question';
import type { AuthedContext } from '../../platform/endpoints.ts';
import { errors } from '../../platform/errors.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import type { Catalogue } from '../question/catalogue.ts';
import { by, position, scorer } from './exam.deps.ts';
import type { EngineExam } from './exam.engine.ts';
import * as engine from './exam.engine.ts';
import { toEngine, toProgress } from './exam.mapper.ts';
import { answerFits, isEmptyAnswer } from './exam.scoring.ts';
import { type Effects, type WriteEnv, writeExam } from './exam.write.ts';

interface At {
  exam_id: string;
  section_index: number;
  question_index: number;
}
interface AnswerBody extends At {
  answer: Answer;
  used_time_seconds: number;
}

export async function openQuestion(env: WriteEnv, b: At, ctx: AuthedContext) {
  const w = await writeExam(env, by(ctx), b.exam_id, (e, now) =>
    engine.openQuestion(e, b.section_index, b.question_index, now),
  );
  return toProgress(w.row, w.e, w.now, position(b.section_index, b.question_index));
}

export async function moveCursor(env: WriteEnv, b: At, ctx: AuthedContext) {
  const w = await writeExam(env, by(ctx), b.exam_id, (e, now) =>
    engine.moveCursor(e, b.section_index, b.question_index, now),
  );
  return toProgress(w.row, w.e, w.now, position(b.section_index, b.question_index));
}

/** The question an answer is for, refusing an answer that does not fit its kind. */
function answeredQuestion(e: EngineExam, c: Catalogue, b: AnswerBody) {
  const id = e.sections[b.section_index]?.questions[b.question_index]?.id;
  const q = id ? c.byId.get(id)?.question : undefined;
  if (q) {
    const g = q.group_id ? c.groups.get(q.group_id) : undefined;
    const sentences = g ? g.paragraphs.flat().length : 0;
    if (!answerFits(q, b.answer, sentences)) throw errors.invalidParam('答案与题目不匹配');
  }
  return q;
}

/** A first answer takes a quota unit and counts one question (or word) of today's practice. */
function counted(fx: Effects, first: boolean, spent: number, isWord: boolean) {
  fx.quota = first;
  fx.activity = { question: first && !isWord ? 1 : 0, word: first && isWord ? 1 : 0, seconds: spent };
}

export async function saveAnswer(env: WriteEnv, b: AnswerBody, ctx: AuthedContext) {
  const w = await writeExam(env, by(ctx), b.exam_id, (e, now, c, fx) => {
    const q = answeredQuestion(e, c, b);
    const empty = isEmptyAnswer(b.answer);
    const { first, spent } = engine.saveAnswer(
      e,
      b.section_index,
      b.question_index,
      b.answer,
      b.used_time_seconds,
      now,
      empty,
    );
    counted(fx, first, spent, q?.category === QuestionCategory.Word);
  });
  return toProgress(w.row, w.e, w.now, position(b.section_index, b.question_index));
}

/** 练习模式: submits one question for good; its key and analysis then come with the exam. */
export async function submitQuestion(env: WriteEnv, b: AnswerBody, ctx: AuthedContext) {
  const w = await writeExam(env, by(ctx), b.exam_id, (e, now, c, fx) => {
    const q = answeredQuestion(e, c, b);
    const { first, spent } = engine.submitQuestion(
      e,
      b.section_index,
      b.question_index,
      b.answer,
      b.used_time_seconds,
      now,
      isEmptyAnswer(b.answer),
      scorer(c),
    );
    counted(fx, first, spent, q?.category === QuestionCategory.Word);
  });
  return toProgress(w.row, w.e, w.now, position(b.section_index, b.question_index));
}

/** 练习模式: skips a question, or takes the skip back. */
export async function skip(env: WriteEnv, b: At & { skip: boolean; used_time_seconds: number }, ctx: AuthedContext) {
  const w = await writeExam(env, by(ctx), b.exam_id, (e, now, _c, fx) => {
    const { spent } = engine.skip(e, b.section_index, b.question_index, b.skip, b.used_time_seconds, now);
    fx.activity = { question: 0, word: 0, seconds: spent };
  });
  return toProgress(w.row, w.e, w.now, position(b.section_index, b.question_index));
}

export async function flag(env: WriteEnv, b: At & { flagged: boolean }, ctx: AuthedContext) {
  const w = await writeExam(env, by(ctx), b.exam_id, (e, now) =>
    engine.flag(e, b.section_index, b.question_index, b.flagged, now),
  );
  return toProgress(w.row, w.e, w.now, position(b.section_index, b.question_index));
}

export async function addTime(env: WriteEnv, b: At & { seconds: number }, ctx: AuthedContext) {
  const w = await writeExam(env, by(ctx), b.exam_id, (e, now, _c, fx) => {
    const q = e.sections[b.section_index]?.questions[b.question_index];
    const before = q?.used ?? 0;
    engine.addTime(e, b.section_index, b.question_index, b.seconds, now);
    fx.activity = { question: 0, word: 0, seconds: (q?.used ?? 0) - before };
  });
  return toProgress(w.row, w.e, w.now, position(b.section_index, b.question_index));
}

export async function finishSection(env: WriteEnv, b: { exam_id: string; section_index: number }, ctx: AuthedContext) {
  const w = await writeExam(env, by(ctx), b.exam_id, (e, now, c) =>
    engine.finishSection(e, b.section_index, now, scorer(c)),
  );
  return toProgress(w.row, w.e, w.now, null);
}

export async function finishExam(env: WriteEnv, examId: string, ctx: AuthedContext) {
  const w = await writeExam(env, by(ctx), examId, (e, now, c) => engine.finishExam(e, now, scorer(c)));
  return toProgress(w.row, w.e, w.now, null);
}

export const settleQueue = 'exam.settle_expired';

/**
 * Commits sections whose time ran out while nobody had the exam open (a closed browser), so their
 * essays are graded and their results counted without waiting for the candidate to come back.
 * Returns how many exams it settled.
 */
export async function settleExpired(env: WriteEnv, limit = 200): Promise<number> {
  const { repo, clock, copies } = env;
  const { c } = await env.templates();
  const due = await repo.expired(clock.now(), limit);
  let settled = 0;
  for (const d of due) {
    try {
      // Only when the clock really commits something (a candidate's write may have done it).
      const { row } = await copies.current(d.userId, d.id, true);
      if (!engine.settle(toEngine(row), clock.now().getTime(), scorer(c))) continue;
      await writeExam(env, { userId: d.userId, caller: null }, d.id, () => null);
      settled++;
    } catch (err) {
      env.logError?.(err, `settling exam ${d.id} failed`);
    }
  }
  return settled;
}

/** The recurring settle job: every minute; a run that fails is simply the next minute's work. */
export async function startSettleWorker(queue: JobQueue, settle: (limit: number) => Promise<number>) {
  await queue.define(settleQueue, { retryLimit: 0, expireInSeconds: 120 });
  await queue.work(settleQueue, async () => {
    // Another batch only while a whole batch was settled (failures end the run; next minute retries).
    while ((await settle(200)) === 200) {
      // A backlog (after downtime): keep going in batches.
    }
  });
  await queue.schedule(settleQueue, '* * * * *');
}

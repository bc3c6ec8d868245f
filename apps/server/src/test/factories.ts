// Test factories: rows inserted as the services write them, so a test reaches a state (a finished
// mock, a response log, a day of practice, an essay being graded) without driving the API there.
// Tests that are about the path itself (the exam engine, grading) still go through the endpoints.
import { ExamStatus, IssueResultStatus } from '@gre/contract/enums';
import type { ExamResult } from '@gre/contract/exam';
import { essays } from '../db/schema/essay.ts';
import { exams } from '../db/schema/exam.ts';
import { responses } from '../db/schema/scoring.ts';
import { dailyActivity } from '../db/schema/summary.ts';
import { newRuntime, type StoredSection } from '../modules/exam/exam.engine.ts';
import { chinaDay } from '../platform/clock.ts';
import type { TestApp } from './harness.ts';

let seq = 0;
const nextId = (prefix: string) => `${prefix}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;

/**
 * An update_v2 body saving a note on `craftId`: the note's text and mastery, its other fields empty;
 * `extra` adds the note's reasons and the update's source.
 */
export function noteUpdate(
  craftId: string | undefined,
  text: string,
  mastery: number,
  extra: { reasons?: { reason_id: string; type: string; checked: boolean }[]; source?: { name: string } } = {},
) {
  return {
    update_kind: 'Note',
    craft_id: craftId,
    craft: {
      note: {
        text_input: { note: text, review: '', difficulty: '', new_way: '', puzzle: '' },
        review: { mastery, reasons: '' },
        ...(extra.reasons ? { reasons: extra.reasons } : {}),
      },
    },
    ...(extra.source ? { source: extra.source } : {}),
  };
}

/** An exam result with only the given scaled scores (and the raw counts zero). */
export function resultWith(s: { verbal?: number; quant?: number; issue?: number }): ExamResult {
  const scaled = (score: number | undefined) => (score === undefined ? null : { score, band: 3, items: 27 });
  return {
    correct: 0,
    total: 0,
    answered: 0,
    avg_time_seconds: 0,
    verbal: { correct: 0, total: 0 },
    quantitative: { correct: 0, total: 0 },
    issue: { written: s.issue === undefined ? 0 : 1, total: s.issue === undefined ? 0 : 1 },
    word: { correct: 0, total: 0 },
    knowledge: [],
    difficulties: [],
    verbal_score: scaled(s.verbal),
    quant_score: scaled(s.quant),
    issue_score: s.issue ?? null,
    adaptive: null,
    total_score: s.verbal !== undefined && s.quant !== undefined ? s.verbal + s.quant : null,
    interpret: '',
  };
}

/**
 * An exam of `userId` (a full mock unless `kind` says otherwise), finished at `at` with the given
 * scores unless `status` is below Finished. Returns its id.
 */
export async function buildExam(
  t: TestApp,
  userId: number,
  at: string | Date,
  scores: { verbal?: number; quant?: number; issue?: number } = {},
  opts: { kind?: string; status?: number; name?: string } = {},
): Promise<string> {
  const id = nextId('fx');
  const when = new Date(at);
  const status = opts.status ?? ExamStatus.Finished;
  const done = status >= ExamStatus.Finished;
  await t.database.db.insert(exams).values({
    id,
    userId,
    name: opts.name ?? `模考 ${seq}`,
    kind: opts.kind ?? 'mock_full',
    status,
    sections: [],
    result: done ? resultWith(scores) : null,
    createdAt: new Date(when.getTime() - 3_600_000),
    updatedAt: when,
    finishedAt: done ? when : null,
  });
  return id;
}

/**
 * A timed one-question word test of `userId`, not started (limit in seconds): the row a timed word
 * set would store (no product page makes one yet). The answer gate treats its word as a running
 * exam's key. Returns its id.
 */
export async function buildWordTest(t: TestApp, userId: number, questionId: string, limit: number): Promise<string> {
  const id = nextId('word-test');
  const now = t.clock.now();
  const sections: StoredSection[] = [
    {
      index: 0,
      name: '单词测验',
      kind: 'practice',
      difficulty: 1,
      limit,
      startedAt: 0,
      finishedAt: 0,
      used: 0,
      finished: false,
      auto: false,
      questions: [newRuntime(questionId)],
    },
  ];
  await t.database.db.insert(exams).values({
    id,
    userId,
    name: '单词测验',
    kind: 'custom',
    status: ExamStatus.NotStart,
    sections,
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

/** One answered (or skipped) question of a finished set, as the response log stores it. */
export interface ResponseItem {
  kind: string;
  category: number;
  difficulty: number;
  answered: boolean;
  correct: boolean;
  secs: number;
  tags?: string[];
}

/** The response log of a finished set, as the exam service writes it when the exam finishes. */
export async function buildResponses(
  t: TestApp,
  userId: number,
  at: string | Date,
  items: ResponseItem[],
  examKind = 'practice',
  examId = nextId('set'),
): Promise<string> {
  const when = new Date(at);
  await t.database.db.insert(responses).values(
    items.map((it, i) => ({
      userId,
      examId,
      sectionIndex: 0,
      questionIndex: i,
      questionId: `q-${examId}-${i}`,
      examKind,
      category: it.category,
      kind: it.kind,
      difficulty: it.difficulty,
      tagIds: it.tags ?? [],
      answered: it.answered,
      correct: it.correct,
      usedSeconds: it.secs,
      day: chinaDay(when),
      at: when,
    })),
  );
  return examId;
}

/** A China day of practice in the daily activity table. */
export async function buildActivity(
  t: TestApp,
  userId: number,
  day: string,
  v: { q?: number; w?: number; secs?: number; mins?: number },
): Promise<void> {
  await t.database.db.insert(dailyActivity).values({
    userId,
    day,
    usedQuestion: v.q ?? 0,
    usedWord: v.w ?? 0,
    usedSeconds: v.secs ?? 0,
    usedTimeMins: v.mins ?? 0,
  });
}

/** An Issue essay of `userId` (being graded unless `patch` says otherwise), created 20 minutes ago. */
export async function buildEssay(
  t: TestApp,
  userId: number,
  text: string,
  patch: Partial<typeof essays.$inferInsert> = {},
): Promise<string> {
  const at = new Date(t.clock.now().getTime() - 20 * 60_000);
  const id = nextId('essay');
  await t.database.db.insert(essays).values({
    id,
    userId,
    questionId: 'is-0003',
    source: 'idea',
    text,
    wordCount: text.split(/\s+/).filter(Boolean).length,
    status: IssueResultStatus.Judging,
    createdAt: at,
    updatedAt: at,
    ...patch,
  });
  return id;
}

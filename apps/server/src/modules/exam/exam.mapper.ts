// Stored exams → contract objects. While an exam runs, questions go out without their key and
// analysis and passages without their translation; after it is finished, with everything.
import { BookStatus, ExamStatus, QuestionCategory } from '@gre/contract/enums';
import type {
  Book,
  BookTemplate,
  CreateOption,
  Exam,
  ExamKind,
  ExamProgress,
  ExamRecord,
  ExamResult,
  QuestionAction,
  SectionAction,
} from '@gre/contract/exam';
import type { Question, QuestionGroup } from '@gre/contract/question';
import type { Catalogue } from '../question/catalogue.ts';
import { withAccess } from '../question/question.mapper.ts';
import {
  deadlineOf,
  type EngineExam,
  remainingSeconds,
  type StoredRuntime,
  type StoredSection,
} from './exam.engine.ts';
import type { BookRow, ExamRow } from './exam.repo.ts';
import { sectionResult } from './exam.result.ts';

export function toEngine(row: ExamRow): EngineExam {
  return {
    status: row.status as ExamStatus,
    cursorSection: row.cursorSection,
    cursorQuestion: row.cursorQuestion,
    isAutoCommit: row.isAutoCommit,
    sections: structuredClone(row.sections as StoredSection[]),
    finishedAt: row.finishedAt?.getTime() ?? 0,
  };
}

export const isOver = (status: number) => status === ExamStatus.Finished || status === ExamStatus.Close;

/** A stand-in for a question that left the bank after the exam was made. */
function retired(id: string): Question {
  return {
    id,
    category: QuestionCategory.None,
    kind: 'tc1',
    difficulty: 1,
    group_id: null,
    figure: null,
    description: '',
    passage: { kind: 'none', core: '', text: '', translate: '', quantity_a: '', quantity_b: '', word_connect: '' },
    inquiry: '该题已下线',
    input_method: {
      kind: 'single',
      option_groups: [],
      fillable: false,
      fill_prefix: '',
      fill_suffix: '',
      group_size: 1,
      option_size: 0,
      instructions: '',
    },
    standard_answer: null,
    analysis: null,
    tag_ids: [],
    visibility: 'hidden',
    brief: '该题已下线',
    accessable: false,
    manual_mark: {
      xi: false,
      doggie: false,
      chick: false,
      card: false,
      pick: false,
      pick_in_use: false,
      best: false,
      support_card: false,
    },
    source_names: [],
    card_learn: false,
    support_translate: false,
    origin_id: '',
    topic_id: '',
    word_info: null,
  };
}

const emptyAnswer = { selects: [], multi_selects: [], text: '', description: '', text2: '' };

export function toAction(r: StoredRuntime): QuestionAction {
  return {
    answer: r.answer ?? emptyAnswer,
    flagged: r.flagged,
    used_time_seconds: r.used,
    state: r.state,
    answered_time: r.answeredAt,
    submitted: r.submitted === true,
  };
}

export function toSectionAction(s: StoredSection, now: number): SectionAction {
  const running = s.startedAt > 0 && !s.finished;
  return {
    started_at: s.startedAt,
    deadline: deadlineOf(s),
    used_seconds: s.finished
      ? s.used
      : running
        ? s.limit > 0
          ? Math.min(s.limit, Math.round((now - s.startedAt) / 1000))
          : s.questions.reduce((n, q) => n + q.used, 0)
        : 0,
    remaining_seconds: remainingSeconds(s, now),
    finished: s.finished,
    auto_committed: s.auto,
    practice_mode: s.practiceMode === true,
  };
}

export function toExam(
  row: ExamRow,
  e: EngineExam,
  c: Catalogue,
  now: number,
): { exam: Exam; groups: QuestionGroup[] } {
  const over = isOver(e.status);
  const groups = new Map<string, QuestionGroup>();
  const questionOf = (id: string) => c.byId.get(id)?.question;
  const exam: Exam = {
    id: row.id,
    user_id: String(row.userId),
    template_id: row.templateId,
    name: row.name,
    kind: row.kind as ExamKind,
    status: e.status,
    sections: e.sections.map((s) => ({
      index: s.index,
      name: s.name,
      kind: s.kind,
      difficulty: s.difficulty,
      time_limit_seconds: s.limit,
      action: toSectionAction(s, now),
      result: sectionResult(s, questionOf, over),
      questions: s.questions.map((r, qi) => {
        const q = questionOf(r.id);
        if (q?.group_id && !groups.has(q.group_id)) {
          const g = c.groups.get(q.group_id);
          if (g) groups.set(g.id, over ? g : { ...g, translation: '' });
        }
        // A question submitted in 练习模式 is shown with its key and analysis, as after the exam.
        const shown = over || r.submitted === true;
        return {
          id: r.id,
          data: q ? withAccess(q, true, shown) : retired(r.id),
          action: toAction(r),
          result: { correct: shown ? r.correct : null },
          index_key: `s${s.index}-q${qi}`,
          craft: null,
          skip: r.skipped === true,
        };
      }),
    })),
    result: (row.result as ExamResult | null) ?? null,
    create_option: (row.createOption as CreateOption | null) ?? null,
    cursor: { section_index: e.cursorSection, question_index: e.cursorQuestion },
    is_auto_commit: e.isAutoCommit,
    server_time: now,
    seen_before: [],
  };
  return { exam, groups: [...groups.values()] };
}

export function toProgress(
  row: ExamRow,
  e: EngineExam,
  now: number,
  written: { si: number; qi: number } | null,
): ExamProgress {
  const r = written ? e.sections[written.si]?.questions[written.qi] : undefined;
  return {
    id: row.id,
    status: e.status,
    cursor: { section_index: e.cursorSection, question_index: e.cursorQuestion },
    is_auto_commit: e.isAutoCommit,
    server_time: now,
    sections: e.sections.map((s) => ({ index: s.index, action: toSectionAction(s, now) })),
    question:
      written && r
        ? { section_index: written.si, question_index: written.qi, action: toAction(r), skip: r.skipped === true }
        : null,
  };
}

export function bookStatusOf(examStatus: number | null, template: BookTemplate, now: number): BookStatus {
  if (examStatus !== null && isOver(examStatus)) return BookStatus.Finish;
  const unlock = template.unlock_date_stamp * 1000;
  if (unlock && now < unlock) return BookStatus.NotOpen;
  if (unlock && template.limit && now >= unlock + template.limit * 86_400_000) return BookStatus.Expired;
  return examStatus === null ? BookStatus.NotOpen : BookStatus.Start;
}

export function toBook(row: BookRow, template: BookTemplate, examStatus: number, now: number): Book {
  return {
    id: row.id,
    user_id: String(row.userId),
    template,
    exam_id: row.examId,
    title: row.title,
    status: bookStatusOf(examStatus, template, now),
    limit: template.limit,
  };
}

export function toRecord(row: ExamRow): ExamRecord {
  const sections = row.sections as StoredSection[];
  const all = sections.flatMap((s) => s.questions);
  return {
    exam_id: row.id,
    book_id: row.bookId,
    template_id: row.templateId,
    name: row.name,
    kind: row.kind as ExamKind,
    status: row.status as ExamStatus,
    // An adaptive section not chosen yet counts the length of its medium variant.
    question_count:
      all.length +
      sections.reduce((n, s) => n + (s.adaptive && !s.adaptive.level ? s.adaptive.variants.medium.length : 0), 0),
    answered: all.filter((q) => q.answer).length,
    created_at: row.createdAt.getTime(),
    finished_at: row.finishedAt?.getTime() ?? 0,
    result: (row.result as ExamResult | null) ?? null,
  };
}

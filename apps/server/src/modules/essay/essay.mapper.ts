// Essay rows → the contract's essay (times as unix ms, the grader named in Chinese).
import type { IssueResultStatus } from '@gre/contract/enums';
import type { Essay, EssayComment, EssaySource, EssayTeacherComment } from '@gre/contract/essay';
import type { EssayRow } from './essay.repo.ts';
import { graderAgreement, graderLabel } from './grader.ts';

export function toEssay(r: EssayRow): Essay {
  return {
    id: r.id,
    question_id: r.questionId,
    source: r.source as EssaySource,
    exam_id: r.examId,
    section_index: r.sectionIndex,
    text: r.text,
    word_count: r.wordCount,
    status: r.status as IssueResultStatus,
    score: r.score,
    rank: r.rank === null ? null : Math.round(r.rank),
    comment: (r.comment as EssayComment | null) ?? null,
    grader: r.grader,
    grader_label: graderLabel(r.grader),
    failure: r.failure,
    attempts: r.attempts,
    created_at: r.createdAt.getTime(),
    updated_at: r.updatedAt.getTime(),
    finished_at: r.finishedAt?.getTime() ?? 0,
    agreement: graderAgreement(r.grader),
    teacher_score: r.teacherScore,
    teacher_comment: (r.teacherComment as EssayTeacherComment | null) ?? null,
    teacher_graded_at: r.teacherGradedAt?.getTime() ?? 0,
  };
}

/**
 * The remind mail of a graded essay (ADR 0030): its score, and a link to where it is read (the
 * prompt's page on /idea, or the exam's report). Web paths as apps/web/src/app/paths.ts writes them.
 */
export function essayGradedMail(r: EssayRow): { subject: string; content: string; link: string } {
  const where = r.examId ? '模考报告' : '立意页';
  return {
    subject: '作文批改完成',
    content: `你的 Issue 作文已批改完成，得分 ${r.score ?? '—'} 分（满分 6 分）。评语和排名见${where}。`,
    link: r.examId ? `/report/exam?exam=${encodeURIComponent(r.examId)}` : `/idea/${encodeURIComponent(r.questionId)}`,
  };
}

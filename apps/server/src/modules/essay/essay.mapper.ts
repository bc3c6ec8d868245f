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

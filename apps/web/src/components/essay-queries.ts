// Query options for essays, shared by the essay card (exam result, report) and the idea page.
import { getEssay, getExamEssays, listEssays } from '@gre/contract/endpoints/essay';
import { IssueResultStatus } from '@gre/contract/enums';
import type { Essay } from '@gre/contract/essay';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../lib/api-client.ts';

/** How often a Judging essay is read again. */
export const essayPollMs = 2000;

export const essayKeys = {
  all: ['essay'] as const,
  one: (id: string) => ['essay', 'one', id] as const,
  exam: (examId: string) => ['essay', 'exam', examId] as const,
  list: (questionId: string, page: number) => ['essay', 'list', questionId, page] as const,
};

/** One essay; polled every 2 s while it is Judging, then left alone. */
export function essayQuery(id: string, initial?: Essay) {
  return queryOptions({
    queryKey: essayKeys.one(id),
    queryFn: ({ signal }) => api(getEssay, { essay_id: id }, { signal }),
    initialData: initial,
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.status === IssueResultStatus.Judging ? essayPollMs : false),
  });
}

export function examEssaysQuery(examId: string) {
  return queryOptions({
    queryKey: essayKeys.exam(examId),
    queryFn: ({ signal }) => api(getExamEssays, { exam_id: examId }, { signal }),
    staleTime: 0,
  });
}

export function myEssaysQuery(questionId: string, page = 1, pageSize = 10) {
  return queryOptions({
    queryKey: essayKeys.list(questionId, page),
    queryFn: ({ signal }) => api(listEssays, { question_id: questionId, page, page_size: pageSize }, { signal }),
    staleTime: 0,
  });
}

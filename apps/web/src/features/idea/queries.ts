// The Issue prompts for the idea page: the list (search by category, then the prompts the caller may
// open with their guides), and one prompt.
import { getQuestion, getQuestions, searchQuestions } from '@gre/contract/endpoints/question';
import { QuestionCategory } from '@gre/contract/enums';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export function issuePromptsQuery() {
  return queryOptions({
    queryKey: ['idea', 'prompts'],
    queryFn: async ({ signal }) => {
      const found = await api(
        searchQuestions,
        { category: QuestionCategory.Issue, page: 1, page_size: 50 },
        { signal },
      );
      const open = found.question_infos.filter((q) => q.accessable).map((q) => q.id);
      const full = open.length ? (await api(getQuestions, { ids: open }, { signal })).questions : [];
      const byId = new Map(full.map((q) => [q.id, q]));
      return found.question_infos.map((info) => ({ info, question: byId.get(info.id) ?? null }));
    },
    staleTime: 5 * 60_000,
  });
}

export function issuePromptQuery(id: string) {
  return queryOptions({
    queryKey: ['idea', 'prompt', id],
    queryFn: ({ signal }) => api(getQuestion, { id }, { signal }),
    staleTime: 5 * 60_000,
  });
}

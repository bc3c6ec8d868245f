import { getTags, searchQuestions } from '@gre/contract/endpoints/question';
import type { QuestionCategory } from '@gre/contract/enums';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { type SearchState, toRequest } from './search-logic.ts';

export function searchQuery(state: SearchState) {
  const request = toRequest(state);
  return queryOptions({
    queryKey: ['question', 'search', request],
    queryFn: ({ signal }) => api(searchQuestions, request, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function tagsQuery(category: QuestionCategory) {
  return queryOptions({
    queryKey: ['question', 'tags', category],
    queryFn: ({ signal }) => api(getTags, { category }, { signal }),
    staleTime: 10 * 60_000,
  });
}

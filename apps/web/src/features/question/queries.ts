import { getQuestion } from '@gre/contract/endpoints/question';
import { getWordDetails } from '@gre/contract/endpoints/word';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export function questionQuery(id: string) {
  return queryOptions({
    queryKey: ['question', 'get', id],
    queryFn: ({ signal }) => api(getQuestion, { id }, { signal }),
    staleTime: 60_000,
  });
}

export function wordDetailsQuery(word: string) {
  return queryOptions({
    queryKey: ['word', 'details', word.toLowerCase()],
    queryFn: ({ signal }) => api(getWordDetails, { word }, { signal }),
    staleTime: 10 * 60_000,
  });
}

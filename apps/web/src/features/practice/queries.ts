import { listRecords, listTemplates } from '@gre/contract/endpoints/exam';
import type { BookPage } from '@gre/contract/exam';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/** Progress changes while the candidate works in the player, so lists are read fresh on each visit. */
export function templatesQuery(page: BookPage) {
  return queryOptions({
    queryKey: ['book', 'templates', page],
    queryFn: ({ signal }) => api(listTemplates, { page }, { signal }),
    staleTime: 0,
  });
}

export function recordsQuery(page: number, mockOnly: boolean, pageSize = 20, customOnly = false) {
  return queryOptions({
    queryKey: ['exam', 'records', page, pageSize, mockOnly, customOnly],
    queryFn: ({ signal }) =>
      api(listRecords, { page, page_size: pageSize, mock_only: mockOnly, custom_only: customOnly }, { signal }),
    staleTime: 0,
  });
}

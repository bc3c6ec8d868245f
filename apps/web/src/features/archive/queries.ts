// The archives' reads (ADR 0041): my retired 精选 sets with their records, my retired six-two books.
import {
  getArchivedPick,
  getArchivedSixTwo,
  listArchivedPicks,
  listArchivedSixTwo,
} from '@gre/contract/endpoints/archive';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export const archivedPicksQuery = queryOptions({
  queryKey: ['archive', 'picks'],
  queryFn: ({ signal }) => api(listArchivedPicks, {}, { signal }),
});

export function archivedPickQuery(templateId: string) {
  return queryOptions({
    queryKey: ['archive', 'pick', templateId],
    queryFn: ({ signal }) => api(getArchivedPick, { template_id: templateId }, { signal, shownInPage: ['not_found'] }),
    retry: false,
  });
}

export const archivedSixTwoQuery = queryOptions({
  queryKey: ['archive', 'sixtwo'],
  queryFn: ({ signal }) => api(listArchivedSixTwo, {}, { signal }),
});

export function archivedBookQuery(bookId: string, page: number, pageSize: number) {
  return queryOptions({
    queryKey: ['archive', 'sixtwo', bookId, page, pageSize],
    queryFn: ({ signal }) =>
      api(getArchivedSixTwo, { book_id: bookId, page, page_size: pageSize }, { signal, shownInPage: ['not_found'] }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

// The home summary (`/api/summary/get`): read by the home page and the analyze page's overview.
// Figures change as the candidate practises, so it is read again after a few seconds.
import { getSummary } from '@gre/contract/endpoints/summary';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client.ts';

export const summaryQuery = queryOptions({
  queryKey: ['summary', 'get'],
  queryFn: ({ signal }) => api(getSummary, {}, { signal }),
  staleTime: 5_000,
});

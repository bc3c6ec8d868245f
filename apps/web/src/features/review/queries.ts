// The review loop's reads (crafts, the reason library, collect tags, the books, today's due set,
// trends) and the one place that says which of them a write makes stale.

import type { Craft, ReviewScope } from '@gre/contract/craft';
import type { RequestOf } from '@gre/contract/endpoint';
import {
  getCollectTags,
  getCraftSummary,
  getCrafts,
  getDue,
  getReasonLib,
  getReviewTree,
  getReviewTrends,
  listReview,
  updateCraft,
} from '@gre/contract/endpoints/craft';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { queryClient } from '../../lib/query-client.ts';

export function craftQuery(id: string) {
  return queryOptions({
    queryKey: ['craft', 'one', id],
    queryFn: ({ signal }) => api(getCrafts, { ids: [id] }, { signal }).then((r) => r.crafts[0] ?? null),
    staleTime: 30_000,
  });
}

export const reasonLibQuery = queryOptions({
  queryKey: ['craft', 'reason_lib'],
  queryFn: ({ signal }) => api(getReasonLib, {}, { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

export const collectTagsQuery = queryOptions({
  queryKey: ['collect', 'all'],
  queryFn: ({ signal }) => api(getCollectTags, {}, { signal }),
});

export const craftSummaryQuery = queryOptions({
  queryKey: ['review', 'summary'],
  queryFn: ({ signal }) => api(getCraftSummary, {}, { signal }),
});

export function reviewTreeQuery(scope: ReviewScope, higher: boolean) {
  return queryOptions({
    queryKey: ['review', 'tree', scope, higher],
    queryFn: ({ signal }) => api(getReviewTree, { scope, higher }, { signal }),
  });
}

export function reviewListQuery(request: RequestOf<typeof listReview>) {
  return queryOptions({
    queryKey: ['review', 'list', request],
    queryFn: ({ signal }) => api(listReview, request, { signal }),
    placeholderData: keepPreviousData,
  });
}

export const dueQuery = queryOptions({
  queryKey: ['review', 'due'],
  queryFn: ({ signal }) => api(getDue, {}, { signal }),
});

export const trendsQuery = queryOptions({
  queryKey: ['review', 'trends'],
  queryFn: ({ signal }) => api(getReviewTrends, { weeks: 12 }, { signal }),
});

/** After a craft write: the craft itself is fresh; the books, counts and due set are stale. */
export function craftChanged(crafts: readonly Craft[]): void {
  for (const c of crafts) queryClient.setQueryData(craftQuery(c.id).queryKey, c);
  void queryClient.invalidateQueries({ queryKey: ['review'] });
  void queryClient.invalidateQueries({ queryKey: ['collect'] });
}

/** update_v2, then the caches: every craft write of the web goes through here. */
export async function saveCraft(request: RequestOf<typeof updateCraft>): Promise<Craft> {
  const { craft } = await api(updateCraft, request);
  craftChanged([craft]);
  return craft;
}

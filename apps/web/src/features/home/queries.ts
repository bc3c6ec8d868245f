import { monthActivity } from '@gre/contract/endpoints/summary';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import type { YearMonth } from '../../lib/china-time.ts';

export const monthActivityKey = ['summary', 'month_activity'] as const;

export function monthActivityQuery({ year, month }: YearMonth) {
  return queryOptions({
    queryKey: [...monthActivityKey, year, month],
    queryFn: ({ signal }) => api(monthActivity, { year, month }, { signal }),
  });
}

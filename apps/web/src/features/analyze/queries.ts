import { getAvgScore, getDaily, getExercise, getTotalScore } from '@gre/contract/endpoints/summary';
import type { StatsRange } from '@gre/contract/enums';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

// Statistics change with every finished set, so they are read fresh after a few seconds (the
// loader's prefetch still serves the first render).
const staleTime = 5_000;

export function exerciseQuery(range: StatsRange) {
  return queryOptions({
    queryKey: ['summary', 'exercise', range],
    queryFn: ({ signal }) => api(getExercise, { range }, { signal }),
    staleTime,
  });
}

export function avgScoreQuery(range: StatsRange) {
  return queryOptions({
    queryKey: ['summary', 'avg_score', range],
    queryFn: ({ signal }) => api(getAvgScore, { range }, { signal }),
    staleTime,
  });
}

export function totalScoreQuery(range: StatsRange) {
  return queryOptions({
    queryKey: ['summary', 'total_score', range],
    queryFn: ({ signal }) => api(getTotalScore, { range }, { signal }),
    staleTime,
  });
}

export function dailyQuery(days: number) {
  return queryOptions({
    queryKey: ['summary', 'daily', days],
    queryFn: ({ signal }) => api(getDaily, { days }, { signal }),
    staleTime,
  });
}

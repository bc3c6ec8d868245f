// Route module for /analyze: the candidate's statistics over a range (`?range=`), with charts.
// The page and its charting library load only here (a lazy route module).
import type { LoaderFunctionArgs } from 'react-router';
import { requireUser } from '../../app/route-guards.ts';
import { queryClient } from '../../lib/query-client.ts';
import { summaryQuery } from '../../lib/summary-query.ts';
import { dailyDays, rangeOf } from './analyze-logic.ts';
import { avgScoreQuery, dailyQuery, exerciseQuery, totalScoreQuery } from './queries.ts';

export { AnalyzePage as Component } from './analyze-page.tsx';

export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  await requireUser(request);
  const range = rangeOf(new URL(request.url).searchParams);
  // prefetchQuery never throws: a failed figure shows its own retry, the page still opens.
  await Promise.all([
    queryClient.prefetchQuery(summaryQuery),
    queryClient.prefetchQuery(exerciseQuery(range)),
    queryClient.prefetchQuery(avgScoreQuery(range)),
    queryClient.prefetchQuery(totalScoreQuery(range)),
    queryClient.prefetchQuery(dailyQuery(dailyDays)),
  ]);
  return null;
}

// Route module for / and /home.

import type { LoaderFunctionArgs } from 'react-router';
import { requireUser } from '../../app/route-guards.ts';
import { chinaDate } from '../../lib/china-time.ts';
import { queryClient } from '../../lib/query-client.ts';
import { summaryQuery } from '../../lib/summary-query.ts';
import { latestNoticeQuery } from '../mail/queries.ts';
import { monthActivityQuery } from './queries.ts';

export { HomePage as Component } from './home-page.tsx';

export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  await requireUser(request);
  // prefetchQuery never throws: a failed calendar or summary shows its own retry, the page still opens.
  await Promise.all([
    queryClient.prefetchQuery(monthActivityQuery(chinaDate(new Date()))),
    queryClient.prefetchQuery(summaryQuery),
    queryClient.prefetchQuery(latestNoticeQuery),
  ]);
  return null;
}

// Route module for / and /home.
import { chinaDate } from '../../lib/china-time.ts';
import { loadCurrentUser } from '../../lib/current-user.ts';
import { queryClient } from '../../lib/query-client.ts';
import { summaryQuery } from '../../lib/summary-query.ts';
import { monthActivityQuery } from './queries.ts';

export { HomePage as Component } from './home-page.tsx';

export async function loader(): Promise<null> {
  const user = await loadCurrentUser();
  if (user === null || user === 'handled') return null;
  // prefetchQuery never throws: a failed calendar or summary shows its own retry, the page still opens.
  await Promise.all([
    queryClient.prefetchQuery(monthActivityQuery(chinaDate(new Date()))),
    queryClient.prefetchQuery(summaryQuery),
  ]);
  return null;
}

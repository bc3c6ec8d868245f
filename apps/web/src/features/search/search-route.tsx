// Route module for /search: the query is in the URL, so the loader can fetch what the page shows.
import type { LoaderFunctionArgs } from 'react-router';
import { requireUser } from '../../app/route-guards.ts';
import { queryClient } from '../../lib/query-client.ts';
import { searchQuery, tagsQuery } from './queries.ts';
import { parseSearchParams } from './search-logic.ts';

export { SearchPage as Component } from './search-page.tsx';

export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  await requireUser(request);
  const state = parseSearchParams(new URL(request.url).searchParams);
  // prefetchQuery never throws: a failed search shows its own retry, the page still opens.
  await Promise.all([
    queryClient.prefetchQuery(searchQuery(state)),
    queryClient.prefetchQuery(tagsQuery(state.category)),
  ]);
  return null;
}

// Route module for /word: the list's search is in the URL, so the loader fetches what the page shows.
import type { LoaderFunctionArgs } from 'react-router';
import { requireUser } from '../../app/route-guards.ts';
import { queryClient } from '../../lib/query-client.ts';
import { wordBooksQuery, wordSearchQuery } from './queries.ts';
import { parseWordParams, searchRequestOf } from './word-logic.ts';

export { WordPage as Component } from './word-page.tsx';

export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  await requireUser(request);
  const state = parseWordParams(new URL(request.url).searchParams);
  // prefetchQuery never throws: a failed read shows its own retry, the page still opens.
  await (state.tab === 'books'
    ? queryClient.prefetchQuery(wordBooksQuery)
    : queryClient.prefetchQuery(wordSearchQuery(searchRequestOf(state))));
  return null;
}

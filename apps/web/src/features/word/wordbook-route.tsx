// Route module for /wordbook/:bookID.
import type { LoaderFunctionArgs } from 'react-router';
import { requireUser } from '../../app/route-guards.ts';
import { queryClient } from '../../lib/query-client.ts';
import { bookWordsQuery } from './queries.ts';
import { bookPageSize, pageOf } from './wordbook-page.tsx';

export { WordbookPage as Component } from './wordbook-page.tsx';

export async function loader({ request, params }: LoaderFunctionArgs): Promise<null> {
  await requireUser(request);
  const page = pageOf(new URL(request.url).searchParams);
  await queryClient.prefetchQuery(bookWordsQuery(params.bookID ?? '', page, bookPageSize));
  return null;
}

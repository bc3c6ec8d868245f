// Route module for /personal/{wrongs,collect,note,higher_*}: a review book. The tree (category →
// kind → knowledge tag), the filters (kept in the URL), the paged list and the bulk actions.
import type { LoaderFunctionArgs } from 'react-router';
import { requireUser } from '../../app/route-guards.ts';
import { queryClient } from '../../lib/query-client.ts';
import { reviewListQuery, reviewTreeQuery } from './queries.ts';
import { bookOf, listRequestOf, parseBookParams } from './review-logic.ts';

export { BookPage as Component } from './book-page.tsx';

export async function loader({ request, params }: LoaderFunctionArgs): Promise<null> {
  const user = await requireUser(request);
  const book = bookOf(params.book);
  if (!book) throw new Response('Not Found', { status: 404, statusText: '没有这个页面' });
  if (book.higher && !user.accessibility.show_higher_collect) return null;
  const filters = parseBookParams(new URL(request.url).searchParams);
  // prefetchQuery never throws: a failed read shows its own retry, the page still opens.
  await Promise.all([
    queryClient.prefetchQuery(reviewTreeQuery(book.scope, book.higher)),
    queryClient.prefetchQuery(reviewListQuery(listRequestOf(book, filters))),
  ]);
  return null;
}

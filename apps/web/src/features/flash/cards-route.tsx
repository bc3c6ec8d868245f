// Route module for /personal/card (我的闪卡): the first page is read before the page shows.
import type { LoaderFunctionArgs } from 'react-router';
import { requireUser } from '../../app/route-guards.ts';
import { queryClient } from '../../lib/query-client.ts';
import { cardsQuery, parseCardFilters } from './queries.ts';

export { CardsPage as Component } from './cards-page.tsx';

export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  await requireUser(request);
  await queryClient.prefetchQuery(cardsQuery(parseCardFilters(new URL(request.url).searchParams)));
  return null;
}

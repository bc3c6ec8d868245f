// Route module for /flash/:flashID (spec section 2: has a loader): the set is read before the page shows.
import type { LoaderFunctionArgs } from 'react-router';
import { requireUser } from '../../app/route-guards.ts';
import { queryClient } from '../../lib/query-client.ts';
import { flashQuery } from './queries.ts';

export { FlashPage as Component } from './flash-page.tsx';

export async function loader({ request, params }: LoaderFunctionArgs): Promise<null> {
  await requireUser(request);
  await queryClient.prefetchQuery(flashQuery(params.flashID ?? ''));
  return null;
}

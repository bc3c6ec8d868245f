// Route module for /personal (the personal index).
import type { LoaderFunctionArgs } from 'react-router';
import { requireUser } from '../../app/route-guards.ts';
import { queryClient } from '../../lib/query-client.ts';
import { profileQuery } from './queries.ts';

export { PersonalPage as Component } from './personal-page.tsx';

export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  await requireUser(request);
  await queryClient.prefetchQuery(profileQuery);
  return null;
}

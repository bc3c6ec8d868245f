// Route module for /personal (the personal index).
import { loadCurrentUser } from '../../lib/current-user.ts';
import { queryClient } from '../../lib/query-client.ts';
import { profileQuery } from './queries.ts';

export { PersonalPage as Component } from './personal-page.tsx';

export async function loader(): Promise<null> {
  const user = await loadCurrentUser();
  if (user === null || user === 'handled') return null;
  await queryClient.prefetchQuery(profileQuery);
  return null;
}

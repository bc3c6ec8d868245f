// The logged-in user (`/api/user/get`), shared by start-up, the navigation and every page.
import { getUser } from '@gre/contract/endpoints/user';
import type { User } from '@gre/contract/user';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { ApiError, api } from './api-client.ts';
import { effectsLeaveThePage } from './error-catalogue.ts';
import { queryClient } from './query-client.ts';
import { readToken } from './token.ts';
import { parseTokenPayload } from './token-payload.ts';

export const currentUserQuery = queryOptions({
  queryKey: ['user', 'me'],
  queryFn: ({ signal }) => api(getUser, {}, { signal }),
});

/**
 * The user when a usable token is stored and `/api/user/get` answers, else null. Loaders run in
 * parallel, so a page loader calls this before fetching anything of its own: it shares the one
 * request of the layout's guard and never calls the API for a visitor who is not logged in.
 */
export async function loadCurrentUser(): Promise<User | null | 'handled'> {
  if (parseTokenPayload(readToken()) === null) return null;
  try {
    return await queryClient.ensureQueryData(currentUserQuery);
  } catch (error) {
    // 'handled': the error catalogue is already taking the visitor somewhere (overlay, reload, /login).
    return error instanceof ApiError && effectsLeaveThePage(error.effects) ? 'handled' : null;
  }
}

/** For pages under the navigation layout, whose loader has already loaded the user. */
export function useCurrentUser(): User {
  return useSuspenseQuery(currentUserQuery).data;
}

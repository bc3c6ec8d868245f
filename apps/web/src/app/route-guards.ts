// Loaders that carry out start-up (spec section 2) and keep logged-out visitors off member pages.

import type { User } from '@gre/contract/user';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { ApiError } from '../lib/api-client.ts';
import { currentUserQuery, loadCurrentUser } from '../lib/current-user.ts';
import { queryClient } from '../lib/query-client.ts';
import { toast } from '../lib/toast.ts';
import { readToken, removeToken } from '../lib/token.ts';
import { wordInfosQuery } from '../lib/word-infos-query.ts';
import { useAppStore } from './app-store.ts';
import { loginHref } from './paths.ts';
import { decideStartup, planStartupFailure, userLoadFailedMessage } from './startup.ts';

/** Runs once when the app opens (the root route never revalidates). */
export async function startupLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const { pathname, search, hash } = new URL(request.url);
  const here = `${pathname}${search}${hash}`;
  const decision = decideStartup({ pathname, token: readToken() });
  if (decision.kind !== 'load_user') {
    if (decision.removeToken) removeToken();
    if (decision.kind === 'go_to_login') throw redirect(loginHref(here));
    return null;
  }
  try {
    const user = await queryClient.ensureQueryData(currentUserQuery);
    useAppStore.getState().setCurrentUserId(user.id);
  } catch (error) {
    const plan = planStartupFailure({ pathname, effects: error instanceof ApiError ? error.effects : [] });
    if (plan.toast) toast('error', userLoadFailedMessage);
    if (plan.redirectToLogin) throw redirect(loginHref(here));
    if (plan.wait) await untilTheCatalogueMovesOn();
  }
  return null;
}

/** Never settles: the maintenance overlay, a reload or the delayed /login navigation takes over. */
function untilTheCatalogueMovesOn(): Promise<never> {
  return new Promise<never>(() => {});
}

/**
 * The one way a loader settles "who is the user": the logged-in user, or a redirect to /login that
 * keeps the page asked for (path, query and hash). When the error catalogue is already taking the
 * visitor elsewhere (maintenance overlay, reload, /login after a warning), the loader waits for it
 * rather than render a page that has no user. The layout and every member page's loader call it;
 * loaders run in parallel and share the one `/api/user/get` request.
 */
export async function requireUser(request: Request): Promise<User> {
  const user = await loadCurrentUser();
  if (user === 'handled') return untilTheCatalogueMovesOn();
  if (user === null) {
    const { pathname, search, hash } = new URL(request.url);
    throw redirect(loginHref(`${pathname}${search}${hash}`));
  }
  useAppStore.getState().setCurrentUserId(user.id);
  // Word infos: loaded once a user is known and not yet loaded (spec section 2), in the background.
  void queryClient.prefetchQuery(wordInfosQuery);
  return user;
}

/** The navigation layout's loader: member pages need a user. */
export async function requireUserLoader({ request }: LoaderFunctionArgs): Promise<null> {
  await requireUser(request);
  return null;
}

// Loaders that carry out start-up (spec section 2) and keep logged-out visitors off member pages.
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { ApiError } from '../lib/api-client.ts';
import { currentUserQuery, loadCurrentUser } from '../lib/current-user.ts';
import { queryClient } from '../lib/query-client.ts';
import { toast } from '../lib/toast.ts';
import { readToken, removeToken } from '../lib/token.ts';
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

/** Member pages: a well-formed token and a loaded user, or /login. */
export async function requireUserLoader({ request }: LoaderFunctionArgs): Promise<null> {
  // On failure the start-up loader or the error catalogue has already told the visitor why.
  const user = await loadCurrentUser();
  if (user === 'handled') await untilTheCatalogueMovesOn();
  if (user === null || user === 'handled') {
    const { pathname, search, hash } = new URL(request.url);
    throw redirect(loginHref(`${pathname}${search}${hash}`));
  }
  useAppStore.getState().setCurrentUserId(user.id);
  return null;
}

// Start-up (spec section 2) as pure decisions; `root-loader.ts` carries them out.
import { type Effect, effectsLeaveThePage } from '../lib/error-catalogue.ts';
import { parseTokenPayload } from '../lib/token-payload.ts';
import { isPublicPath } from './paths.ts';

export type StartupDecision =
  /** No usable token on a page that needs one. */
  | { kind: 'go_to_login'; removeToken: boolean }
  /** No usable token, but the page is open to visitors (login, agreement, debug). */
  | { kind: 'stay_anonymous'; removeToken: boolean }
  /** A well-formed token: fetch the user. */
  | { kind: 'load_user' };

export function decideStartup(input: { pathname: string; token: string | null }): StartupDecision {
  const payload = parseTokenPayload(input.token);
  if (payload !== null) return { kind: 'load_user' };
  // A stored value that is not a token is rubbish: drop it so that it is not sent again.
  const removeToken = input.token !== null;
  return isPublicPath(input.pathname) ? { kind: 'stay_anonymous', removeToken } : { kind: 'go_to_login', removeToken };
}

export const userLoadFailedMessage = '获取用户信息失败，请重新登录';

export interface StartupFailurePlan {
  /** Show '获取用户信息失败，请重新登录' (unless the catalogue already sent the visitor elsewhere). */
  toast: boolean;
  /** Redirect to /login (not from a page open to visitors). */
  redirectToLogin: boolean;
  /**
   * The catalogue is taking the visitor elsewhere (maintenance overlay, reload, /login after the
   * 3-second warning): stay on this URL and render nothing new, so that 刷新 reloads this page.
   */
  wait: boolean;
}

/** What to do when `/api/user/get` fails at start-up, given the effects the catalogue already ran. */
export function planStartupFailure(input: { pathname: string; effects: readonly Effect[] }): StartupFailurePlan {
  const onPublicPage = isPublicPath(input.pathname);
  const handled = effectsLeaveThePage(input.effects);
  return {
    toast: !handled,
    redirectToLogin: !onPublicPage && !handled,
    wait: !onPublicPage && handled,
  };
}

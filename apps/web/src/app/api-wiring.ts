// Connects the API client to the page: toasts, dialogs, the backdrop and navigation.
import type { createBrowserRouter } from 'react-router';
import { configureApiClient } from '../lib/api-client.ts';
import { createEffectRunner } from '../lib/effect-runner.ts';
import { toast } from '../lib/toast.ts';
import { removeToken } from '../lib/token.ts';
import { useAppStore } from './app-store.ts';
import { loginHref, paths } from './paths.ts';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The login page forgets the previous visitor's data when it mounts (see `login-page.tsx`). */
function goToLogin(router: AppRouter): void {
  const { pathname, search, hash } = router.state.location;
  // An expired login on a page returns there after logging in again.
  if (pathname !== paths.login) void router.navigate(loginHref(`${pathname}${search}${hash}`), { replace: true });
}

/** `getRouter` is read when an effect runs, so the client can be connected before the router exists. */
export function connectApiClient(getRouter: () => AppRouter): void {
  const store = useAppStore.getState;
  configureApiClient({
    runEffects: createEffectRunner({
      toast,
      removeToken,
      goToLogin: () => goToLogin(getRouter()),
      reload: () => window.location.reload(),
      openMaintenance: () => store().openMaintenance(),
      openDialog: (dialog) => store().openDialog(dialog),
      schedule: (run, delayMs) => {
        window.setTimeout(run, delayMs);
      },
    }),
    changeBackdrop: (delta) => store().changeBackdrop(delta),
  });
}

// The toasts' container (notistack, themed), loaded after the first screen (lib/toast.ts,
// docs/decisions/0019-web-delivery.md). Toasts raised while it loaded show as soon as it is up.
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import { styled } from '@mui/material/styles';
import { closeSnackbar, enqueueSnackbar, MaterialDesignContent, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { connectToasts } from '../lib/toast.ts';

const Toast = styled(MaterialDesignContent)(({ theme: t }) => ({
  fontFamily: t.typography.fontFamily,
  fontSize: '0.9375rem',
  '&.notistack-MuiContent-success': { backgroundColor: t.palette.success.main },
  '&.notistack-MuiContent-error': { backgroundColor: t.palette.error.main },
  '&.notistack-MuiContent-warning': { backgroundColor: t.palette.warning.main },
  '&.notistack-MuiContent-info': { backgroundColor: t.palette.primary.main },
}));

const toastComponents = { success: Toast, error: Toast, warning: Toast, info: Toast };

/** Mounted inside the provider, so notistack's enqueueSnackbar is live when it connects. */
function ConnectToasts() {
  useEffect(
    () =>
      connectToasts((variant, message, extra) =>
        enqueueSnackbar(message, {
          variant,
          ...(extra
            ? {
                autoHideDuration: 8000,
                action: (key) => (
                  <>
                    <Button
                      color="inherit"
                      size="small"
                      variant="outlined"
                      onClick={() => {
                        closeSnackbar(key);
                        extra.onClick();
                      }}
                    >
                      {extra.label}
                    </Button>
                    <Button color="inherit" size="small" onClick={() => closeSnackbar(key)}>
                      关闭
                    </Button>
                  </>
                ),
              }
            : {}),
        }),
      ),
    [],
  );
  return null;
}

/** Below the app bar (64 px; 56 on phones), so a toast never covers the navigation or a page title. */
const belowAppBar = { top: { xs: '64px !important', sm: '72px !important' } };

export function ToastHost() {
  return (
    <SnackbarProvider
      classes={{ containerAnchorOriginTopCenter: 'toasts-below-app-bar' }}
      maxSnack={5}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      autoHideDuration={4000}
      preventDuplicate
      Components={toastComponents}
      action={(key) => (
        <Button color="inherit" size="small" onClick={() => closeSnackbar(key)}>
          关闭
        </Button>
      )}
    >
      <GlobalStyles styles={(t) => ({ '.toasts-below-app-bar': t.unstable_sx(belowAppBar) })} />
      <ConnectToasts />
    </SnackbarProvider>
  );
}

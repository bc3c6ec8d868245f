// Theme, server-data cache, the global dialogs and the toasts around the whole app. Dialogs and
// toasts load after the first screen (docs/decisions/0019-web-delivery.md).
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import { lazyOrNothing } from '../lib/lazy-or-nothing.ts';
import { queryClient } from '../lib/query-client.ts';
import { theme } from '../lib/theme.ts';
import { DialogHost } from './dialogs/dialog-host.tsx';

// Offline before it loaded: the page still works, toasts wait (lib/toast.ts).
const ToastHost = lazyOrNothing('the toast host', () => import('./toast-host.tsx').then((m) => m.ToastHost));

export function AppProviders(props: { children: ReactNode; withDialogs?: boolean }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        {props.children}
        {props.withDialogs === false ? null : <DialogHost />}
        <Suspense fallback={null}>
          <ToastHost />
        </Suspense>
      </QueryClientProvider>
    </ThemeProvider>
  );
}

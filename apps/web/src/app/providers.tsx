import Button from '@mui/material/Button';
import CssBaseline from '@mui/material/CssBaseline';
import { styled, ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { closeSnackbar, MaterialDesignContent, SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { queryClient } from '../lib/query-client.ts';
import { theme } from '../lib/theme.ts';
import { DialogHost } from './dialogs/dialog-host.tsx';

const Toast = styled(MaterialDesignContent)(({ theme: t }) => ({
  fontFamily: t.typography.fontFamily,
  fontSize: '0.9375rem',
  '&.notistack-MuiContent-success': { backgroundColor: t.palette.success.main },
  '&.notistack-MuiContent-error': { backgroundColor: t.palette.error.main },
  '&.notistack-MuiContent-warning': { backgroundColor: t.palette.warning.main },
  '&.notistack-MuiContent-info': { backgroundColor: t.palette.primary.main },
}));

const toastComponents = { success: Toast, error: Toast, warning: Toast, info: Toast };

export function AppProviders(props: { children: ReactNode; withDialogs?: boolean }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <SnackbarProvider
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
          {props.children}
          {props.withDialogs === false ? null : <DialogHost />}
        </SnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}

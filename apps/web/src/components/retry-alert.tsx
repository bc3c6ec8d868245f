// A failed load with a 重试 button: the one form every page uses when its data could not be read.
import { Alert, Button } from '@mui/material';
import type { ReactNode } from 'react';

export function RetryAlert(props: { onRetry: () => void; children: ReactNode }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={props.onRetry}>
          重试
        </Button>
      }
    >
      {props.children}
    </Alert>
  );
}

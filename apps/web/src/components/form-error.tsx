// A form's refusal (the contract's words or the server's), read out at once; nothing when there is none.
import Alert from '@mui/material/Alert';
import type { SxProps, Theme } from '@mui/material/styles';

export function FormError(props: { error: string; sx?: SxProps<Theme> }) {
  return props.error ? (
    <Alert severity="error" role="alert" sx={props.sx}>
      {props.error}
    </Alert>
  ) : null;
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';

/** The 验证码 field with its 获取验证码 button. */
export function CodeField(props: {
  value: string;
  error?: string;
  onChange: (value: string) => void;
  onSend: () => void;
  sending: boolean;
  secondsLeft: number;
}) {
  const waiting = props.secondsLeft > 0;
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <TextField
        label="验证码"
        name="code"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value.replace(/\D/g, '').slice(0, 6))}
        error={props.error !== undefined}
        helperText={props.error ?? ' '}
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
      />
      <Button
        variant="outlined"
        onClick={props.onSend}
        disabled={props.sending || waiting}
        sx={{ flexShrink: 0, height: 56, minWidth: 112, whiteSpace: 'nowrap' }}
      >
        {waiting ? `获取验证码（${props.secondsLeft}s）` : '获取验证码'}
      </Button>
    </Box>
  );
}

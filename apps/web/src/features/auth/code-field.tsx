import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { errorProps, type TextBinding } from '../../lib/form.ts';

/** The 验证码 field with its 获取验证码 button. */
export function CodeField(props: { binding: TextBinding; onSend: () => void; sending: boolean; secondsLeft: number }) {
  const { binding } = props;
  const id = useId();
  const waiting = props.secondsLeft > 0;
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <TextField
        label="验证码"
        name="code"
        value={binding.value}
        onChange={(e) => binding.onChange(e.target.value.replace(/\D/g, '').slice(0, 6))}
        onBlur={binding.onBlur}
        inputRef={binding.inputRef}
        {...errorProps(id, binding.error, ' ')}
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

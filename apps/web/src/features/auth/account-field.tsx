import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { errorProps, type TextBinding } from '../../lib/form.ts';

export function AccountField(props: { binding: TextBinding }) {
  const { binding } = props;
  const id = useId();
  return (
    <TextField
      label="手机号或邮箱"
      name="account"
      value={binding.value}
      onChange={(e) => binding.onChange(e.target.value)}
      onBlur={binding.onBlur}
      inputRef={binding.inputRef}
      {...errorProps(id, binding.error, ' ')}
      autoComplete="username"
      slotProps={{ htmlInput: { inputMode: 'email', autoCapitalize: 'off', spellCheck: false } }}
    />
  );
}

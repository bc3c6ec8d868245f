import TextField from '@mui/material/TextField';

export function AccountField(props: { value: string; error?: string; onChange: (value: string) => void }) {
  return (
    <TextField
      label="手机号或邮箱"
      name="account"
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      error={props.error !== undefined}
      helperText={props.error ?? ' '}
      autoComplete="username"
      slotProps={{ htmlInput: { inputMode: 'email', autoCapitalize: 'off', spellCheck: false } }}
    />
  );
}

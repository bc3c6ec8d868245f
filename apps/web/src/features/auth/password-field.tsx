import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { errorProps, type TextBinding } from '../../lib/form.ts';

/** A password input with a show/hide toggle (its name avoids the word 密码 so labels stay unique). */
export function PasswordField(props: {
  label: string;
  binding: TextBinding;
  helper?: string;
  autoComplete: 'current-password' | 'new-password';
}) {
  const { binding } = props;
  const [visible, setVisible] = useState(false);
  const id = useId();
  return (
    <TextField
      label={props.label}
      name={props.autoComplete === 'new-password' ? 'new-password' : 'password'}
      type={visible ? 'text' : 'password'}
      value={binding.value}
      onChange={(e) => binding.onChange(e.target.value)}
      onBlur={binding.onBlur}
      inputRef={binding.inputRef}
      {...errorProps(id, binding.error, props.helper ?? ' ')}
      autoComplete={props.autoComplete}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={visible ? '隐藏明文' : '显示明文'}
                onClick={() => setVisible((v) => !v)}
                edge="end"
                size="small"
              >
                {visible ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

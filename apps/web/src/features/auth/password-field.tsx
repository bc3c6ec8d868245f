import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

/** A password input with a show/hide toggle (its name avoids the word 密码 so labels stay unique). */
export function PasswordField(props: {
  label: string;
  value: string;
  error?: string;
  helper?: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
}) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      label={props.label}
      name={props.autoComplete === 'new-password' ? 'new-password' : 'password'}
      type={visible ? 'text' : 'password'}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      error={props.error !== undefined}
      helperText={props.error ?? props.helper ?? ' '}
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

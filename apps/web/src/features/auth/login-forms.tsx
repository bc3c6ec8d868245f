import { login, register, resetPassword } from '@gre/contract/endpoints/user';
import { accountSchema, codeSchema, nameSchema, passwordSchema } from '@gre/contract/user';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../app/paths.ts';
import { api } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { fieldError, fieldErrors, hasErrors } from '../../lib/validate.ts';
import { AccountField } from './account-field.tsx';
import { CodeField } from './code-field.tsx';
import { PasswordField } from './password-field.tsx';
import { newPasswordHelper, resetPasswordHelper, weakPasswordHint } from './password-rule.ts';
import { useSendCode } from './use-send-code.ts';
import { useStartSession } from './use-start-session.ts';

export interface AccountState {
  account: string;
  setAccount: (value: string) => void;
}

type Errors = Partial<Record<'account' | 'password' | 'code' | 'name', string>>;

function SubmitButton(props: { label: string; pending: boolean }) {
  return (
    <Button type="submit" variant="contained" size="large" disabled={props.pending} fullWidth>
      {props.label}
    </Button>
  );
}

/** 获取验证码 for the account in the form: validates the account first. */
function useCodeSender(purpose: 'login' | 'register' | 'reset', account: string, setErrors: (e: Errors) => void) {
  const sender = useSendCode(purpose);
  const send = () => {
    const error = fieldError(accountSchema, account);
    if (error !== null) {
      setErrors({ account: error });
      return;
    }
    setErrors({});
    sender.send(account.trim());
  };
  return { send, sending: sender.sending, secondsLeft: sender.secondsLeft };
}

export function PasswordLoginForm({ account, setAccount }: AccountState) {
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const startSession = useStartSession();
  const mutation = useMutation({
    mutationFn: () => api(login, { account: account.trim(), password }),
    onSuccess: (session) => startSession(session, `欢迎回来，${session.user.name}`),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = fieldErrors({
      account: fieldError(accountSchema, account),
      password: password === '' ? '请输入密码' : null,
    });
    setErrors(next);
    if (!hasErrors(next)) mutation.mutate();
  };
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={1}>
      <AccountField value={account} onChange={setAccount} error={errors.account} />
      <PasswordField
        label="密码"
        value={password}
        onChange={setPassword}
        error={errors.password}
        autoComplete="current-password"
      />
      <SubmitButton label="登录" pending={mutation.isPending} />
    </Stack>
  );
}

export function CodeLoginForm({ account, setAccount }: AccountState) {
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const sender = useCodeSender('login', account, setErrors);
  const startSession = useStartSession();
  const mutation = useMutation({
    mutationFn: () => api(login, { account: account.trim(), code }),
    onSuccess: (session) => startSession(session, `欢迎回来，${session.user.name}`),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = fieldErrors({ account: fieldError(accountSchema, account), code: fieldError(codeSchema, code) });
    setErrors(next);
    if (!hasErrors(next)) mutation.mutate();
  };
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={1}>
      <AccountField value={account} onChange={setAccount} error={errors.account} />
      <CodeField value={code} onChange={setCode} error={errors.code} {...sender} onSend={sender.send} />
      <SubmitButton label="登录" pending={mutation.isPending} />
    </Stack>
  );
}

export function RegisterForm({ account, setAccount }: AccountState) {
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const sender = useCodeSender('register', account, setErrors);
  const startSession = useStartSession();
  const mutation = useMutation({
    mutationFn: () =>
      api(register, {
        account: account.trim(),
        code,
        password,
        ...(name.trim() === '' ? {} : { name: name.trim() }),
      }),
    onSuccess: (session) => startSession(session, '注册成功，欢迎加入 GRE 备考'),
    onError: (error) => {
      const hint = weakPasswordHint(error);
      if (hint !== null) setErrors({ password: hint });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = fieldErrors({
      account: fieldError(accountSchema, account),
      code: fieldError(codeSchema, code),
      name: name.trim() === '' ? null : fieldError(nameSchema, name),
      password: fieldError(passwordSchema, password),
    });
    setErrors(next);
    if (!hasErrors(next)) mutation.mutate();
  };
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={1}>
      <AccountField value={account} onChange={setAccount} error={errors.account} />
      <CodeField value={code} onChange={setCode} error={errors.code} {...sender} onSend={sender.send} />
      <TextField
        label="昵称"
        name="nickname"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name !== undefined}
        helperText={errors.name ?? '选填，最多 20 个字'}
        autoComplete="nickname"
      />
      <PasswordField
        label="密码"
        value={password}
        onChange={setPassword}
        error={errors.password}
        helper={newPasswordHelper}
        autoComplete="new-password"
      />
      <SubmitButton label="注册" pending={mutation.isPending} />
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        注册即表示您已阅读并同意
        <Link component={RouterLink} to={paths.agreement} underline="always">
          《用户协议》
        </Link>
      </Typography>
    </Stack>
  );
}

export function ResetPasswordForm({ account, setAccount, onDone }: AccountState & { onDone: () => void }) {
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const sender = useCodeSender('reset', account, setErrors);
  const mutation = useMutation({
    mutationFn: () => api(resetPassword, { account: account.trim(), code, password }),
    onSuccess: () => {
      toast('success', '密码已重设，请使用新密码登录');
      onDone();
    },
    onError: (error) => {
      const hint = weakPasswordHint(error);
      if (hint !== null) setErrors({ password: hint });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = fieldErrors({
      account: fieldError(accountSchema, account),
      code: fieldError(codeSchema, code),
      password: fieldError(passwordSchema, password),
    });
    setErrors(next);
    if (!hasErrors(next)) mutation.mutate();
  };
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={1}>
      <AccountField value={account} onChange={setAccount} error={errors.account} />
      <CodeField value={code} onChange={setCode} error={errors.code} {...sender} onSend={sender.send} />
      <PasswordField
        label="新密码"
        value={password}
        onChange={setPassword}
        error={errors.password}
        helper={resetPasswordHelper}
        autoComplete="new-password"
      />
      <SubmitButton label="重设密码" pending={mutation.isPending} />
    </Stack>
  );
}

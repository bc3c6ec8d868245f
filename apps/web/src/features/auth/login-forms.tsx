import type { RequestOf } from '@gre/contract/endpoint';
import { login, register, resetPassword } from '@gre/contract/endpoints/user';
import { accountSchema, type CodePurpose } from '@gre/contract/user';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useController, useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../app/paths.ts';
import { api } from '../../lib/api-client.ts';
import { errorProps, type TextBinding, textBinding } from '../../lib/form.ts';
import { toast } from '../../lib/toast.ts';
import { fieldError } from '../../lib/validate.ts';
import { AccountField } from './account-field.tsx';
import { CodeField } from './code-field.tsx';
import { codeLoginSchema, passwordLoginSchema, registerSchema, resetPasswordSchema } from './login-schemas.ts';
import { PasswordField } from './password-field.tsx';
import { newPasswordHelper, resetPasswordHelper, weakPasswordHint } from './password-rule.ts';
import { useSendCode } from './use-send-code.ts';
import { useStartSession } from './use-start-session.ts';

/** The account is shared by the four forms: switching tabs keeps what was typed. */
export interface AccountState {
  account: string;
  setAccount: (value: string) => void;
}

/** A form's errors show from a submit until the next one (not re-checked while typing). */
const reValidateMode = 'onSubmit';

/** The account field's binding, which also keeps the shared account up to date. */
function sharedAccount(binding: TextBinding, setAccount: (value: string) => void): TextBinding {
  return {
    ...binding,
    onChange: (value) => {
      binding.onChange(value);
      setAccount(value);
    },
  };
}

/** What the code sender needs of a form: to clear its errors and to show one under the account. */
interface AccountErrors {
  clearErrors: () => void;
  setError: (name: 'account', error: { type: string; message: string }) => void;
}

function SubmitButton(props: { label: string; pending: boolean }) {
  return (
    <Button type="submit" variant="contained" size="large" disabled={props.pending} fullWidth>
      {props.label}
    </Button>
  );
}

/** 获取验证码 for the account in the form: validates the account first (and clears the form's other errors). */
function useCodeSender(purpose: CodePurpose, account: string, form: AccountErrors) {
  const sender = useSendCode(purpose);
  const send = () => {
    const error = fieldError(accountSchema, account);
    form.clearErrors();
    if (error !== null) {
      form.setError('account', { type: 'validate', message: error });
      return;
    }
    sender.send(account.trim());
  };
  return { send, sending: sender.sending, secondsLeft: sender.secondsLeft };
}

export function PasswordLoginForm({ account, setAccount }: AccountState) {
  const form = useForm({
    resolver: zodResolver(passwordLoginSchema),
    defaultValues: { account, password: '' },
    reValidateMode,
  });
  const accountField = textBinding(useController({ control: form.control, name: 'account' }));
  const password = textBinding(useController({ control: form.control, name: 'password' }));
  const startSession = useStartSession();
  const mutation = useMutation({
    mutationFn: (body: RequestOf<typeof login>) => api(login, body),
    onSuccess: (session) => startSession(session, `欢迎回来，${session.user.name}`),
  });
  return (
    <Stack component="form" noValidate onSubmit={form.handleSubmit((body) => mutation.mutate(body))} spacing={1}>
      <AccountField binding={sharedAccount(accountField, setAccount)} />
      <PasswordField label="密码" binding={password} autoComplete="current-password" />
      <SubmitButton label="登录" pending={mutation.isPending} />
    </Stack>
  );
}

export function CodeLoginForm({ account, setAccount }: AccountState) {
  const form = useForm({
    resolver: zodResolver(codeLoginSchema),
    defaultValues: { account, code: '' },
    reValidateMode,
  });
  const accountField = textBinding(useController({ control: form.control, name: 'account' }));
  const code = textBinding(useController({ control: form.control, name: 'code' }));
  const sender = useCodeSender('login', account, form);
  const startSession = useStartSession();
  const mutation = useMutation({
    mutationFn: (body: RequestOf<typeof login>) => api(login, body),
    onSuccess: (session) => startSession(session, `欢迎回来，${session.user.name}`),
  });
  return (
    <Stack component="form" noValidate onSubmit={form.handleSubmit((body) => mutation.mutate(body))} spacing={1}>
      <AccountField binding={sharedAccount(accountField, setAccount)} />
      <CodeField binding={code} {...sender} onSend={sender.send} />
      <SubmitButton label="登录" pending={mutation.isPending} />
    </Stack>
  );
}

export function RegisterForm({ account, setAccount }: AccountState) {
  const form = useForm({
    resolver: zodResolver(registerSchema),
    defaultValues: { account, code: '', name: '', password: '' },
    reValidateMode,
  });
  const accountField = textBinding(useController({ control: form.control, name: 'account' }));
  const code = textBinding(useController({ control: form.control, name: 'code' }));
  const name = textBinding(useController({ control: form.control, name: 'name' }));
  const password = textBinding(useController({ control: form.control, name: 'password' }));
  const nameId = useId();
  const sender = useCodeSender('register', account, form);
  const startSession = useStartSession();
  const mutation = useMutation({
    mutationFn: (body: RequestOf<typeof register>) => api(register, body),
    onSuccess: (session) => startSession(session, '注册成功，欢迎加入 GRE 备考'),
    onError: (error) => {
      const hint = weakPasswordHint(error);
      if (hint === null) return;
      form.clearErrors();
      form.setError('password', { type: 'server', message: hint });
    },
  });
  const submit = form.handleSubmit(({ name, ...body }) =>
    mutation.mutate(name === undefined ? body : { ...body, name }),
  );
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={1}>
      <AccountField binding={sharedAccount(accountField, setAccount)} />
      <CodeField binding={code} {...sender} onSend={sender.send} />
      <TextField
        label="昵称"
        name="nickname"
        value={name.value}
        onChange={(e) => name.onChange(e.target.value)}
        onBlur={name.onBlur}
        inputRef={name.inputRef}
        {...errorProps(nameId, name.error, '选填，最多 20 个字')}
        autoComplete="nickname"
      />
      <PasswordField label="密码" binding={password} helper={newPasswordHelper} autoComplete="new-password" />
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
  const form = useForm({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { account, code: '', password: '' },
    reValidateMode,
  });
  const accountField = textBinding(useController({ control: form.control, name: 'account' }));
  const code = textBinding(useController({ control: form.control, name: 'code' }));
  const password = textBinding(useController({ control: form.control, name: 'password' }));
  const sender = useCodeSender('reset', account, form);
  const mutation = useMutation({
    mutationFn: (body: RequestOf<typeof resetPassword>) => api(resetPassword, body),
    onSuccess: () => {
      toast('success', '密码已重设，请使用新密码登录');
      onDone();
    },
    onError: (error) => {
      const hint = weakPasswordHint(error);
      if (hint === null) return;
      form.clearErrors();
      form.setError('password', { type: 'server', message: hint });
    },
  });
  return (
    <Stack component="form" noValidate onSubmit={form.handleSubmit((body) => mutation.mutate(body))} spacing={1}>
      <AccountField binding={sharedAccount(accountField, setAccount)} />
      <CodeField binding={code} {...sender} onSend={sender.send} />
      <PasswordField label="新密码" binding={password} helper={resetPasswordHelper} autoComplete="new-password" />
      <SubmitButton label="重设密码" pending={mutation.isPending} />
    </Stack>
  );
}

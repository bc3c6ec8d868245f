// The schemas of the four login forms, made from the request bodies they send (packages/contract), so
// the web refuses what the server would refuse, with the same Chinese messages. A form's values are the
// strings as typed; what its schema gives back (the account trimmed, an empty nickname left out) is the
// body of the request.
import { login, register, resetPassword } from '@gre/contract/endpoints/user';
import { z } from 'zod';

// The login body takes a password or a code (a refinement over the whole body); each login form sends
// one of them, so each takes its own fields from the body's shape.
const loginBody = login.request.shape;
const loginPasswordMax = loginBody.password.unwrap().maxLength ?? 64;

/** 密码登录: a password set under older rules still logs in, so it is only required and bounded. */
export const passwordLoginSchema = z.object({
  account: loginBody.account,
  password: z
    .string()
    .min(1, { error: '请输入密码' })
    .max(loginPasswordMax, { error: `密码最多 ${loginPasswordMax} 位` }),
});

/** 验证码登录. */
export const codeLoginSchema = z.object({ account: loginBody.account, code: loginBody.code.unwrap() });

/** 注册: the 昵称 is optional, and left empty (or only spaces) it is not sent. */
export const registerSchema = register.request.extend({
  name: z
    .string()
    .transform((name) => (name.trim() === '' ? undefined : name))
    .pipe(register.request.shape.name),
});

/** 找回密码: the body itself. */
export const resetPasswordSchema = resetPassword.request;

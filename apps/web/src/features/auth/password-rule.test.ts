import { passwordRule, passwordSchema, weakPasswordDetail } from '@gre/contract/user';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { newPasswordHelper, resetPasswordHelper, weakPasswordHint } from './password-rule.ts';

const errData = (kind: string, show: string, detail = '') => ({
  kind,
  show,
  detail,
  overflow_subject: '',
  role_name: '',
});

describe('the new-password rule on the forms', () => {
  it('is the contract sentence, on register and on reset', () => {
    expect(newPasswordHelper).toBe(passwordRule);
    expect(resetPasswordHelper.startsWith(passwordRule)).toBe(true);
    expect(passwordRule).toContain('首尾不能有空格');
  });

  it('is written nowhere else in the auth feature (no differing copy)', () => {
    const sources = import.meta.glob<string>(['./*.ts', './*.tsx', '!./*.test.ts'], {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    expect(Object.keys(sources)).toContain('./login-forms.tsx');
    for (const [file, source] of Object.entries(sources)) {
      expect(source, file).not.toMatch(/至少 ?8 ?位|字母和数字|首尾不能有空格/);
    }
  });

  it('is checked in the web by the same schema as on the server', () => {
    expect(passwordSchema.safeParse('        1a').error?.issues[0]?.message).toBe('密码首尾不能有空格');
  });
});

describe('weakPasswordHint', () => {
  it("shows the server's hint for a password refused as too guessable", () => {
    const hint = '密码太容易被猜到。这是常用密码。';
    const error = new ApiError({ type: 'api', errData: errData('invalid_param', hint, weakPasswordDetail) }, []);
    expect(weakPasswordHint(error)).toBe(hint);
  });

  it('ignores every other failure', () => {
    expect(weakPasswordHint(new ApiError({ type: 'api', errData: errData('code_invalid', '验证码错误') }, []))).toBe(
      null,
    );
    expect(weakPasswordHint(new ApiError({ type: 'network', message: 'offline' }, []))).toBe(null);
    expect(weakPasswordHint(new Error('x'))).toBe(null);
  });
});

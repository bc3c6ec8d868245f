// The new-password rule on the register and reset forms, from the one source of truth: the contract's
// sentence (`passwordRule`, checked by its schema) and, for the strength floor that only the server can
// check (its dictionaries stay out of the web's bundle), the server's Chinese hint from the refusal.
import { passwordRule, weakPasswordDetail } from '@gre/contract/user';
import { ApiError } from '../../lib/api-client.ts';

export const newPasswordHelper = passwordRule;
export const resetPasswordHelper = `${passwordRule}；重设后所有设备需重新登录`;

/** The server's hint when it refused a new password as too guessable; null for any other failure. */
export function weakPasswordHint(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.failure.type !== 'api') return null;
  const err = error.failure.errData;
  return err.kind === 'invalid_param' && err.detail === weakPasswordDetail ? err.show : null;
}

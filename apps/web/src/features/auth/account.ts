// Which channel an account uses: a mainland mobile number gets an SMS, anything else an email.

import type { CodePurpose } from '@gre/contract/user';
import { phonePattern } from '@gre/contract/user';

export type AccountKind = 'phone' | 'email';

export function accountKind(account: string): AccountKind {
  return phonePattern.test(account.trim()) ? 'phone' : 'email';
}

export type CodeRequest =
  | { channel: 'sms'; payload: { phone: string; purpose: CodePurpose } }
  | { channel: 'email'; payload: { email: string; purpose: CodePurpose } };

export function codeRequest(account: string, purpose: CodePurpose): CodeRequest {
  const trimmed = account.trim();
  return accountKind(trimmed) === 'phone'
    ? { channel: 'sms', payload: { phone: trimmed, purpose } }
    : { channel: 'email', payload: { email: trimmed, purpose } };
}

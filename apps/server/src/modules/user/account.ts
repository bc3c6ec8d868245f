// An account string is a mainland phone number or an email address.
import { phonePattern } from '@gre/contract/user';

export type Account =
  | { channel: 'sms'; phone: string; target: string }
  | { channel: 'email'; email: string; target: string };

export function parseAccount(raw: string): Account {
  const v = raw.trim();
  if (phonePattern.test(v)) {
    const phone = v.replace(/^\+?86/, '');
    return { channel: 'sms', phone, target: phone };
  }
  const email = v.toLowerCase();
  return { channel: 'email', email, target: email };
}

export function accountKey(a: Account): { phone?: string; email?: string } {
  return a.channel === 'sms' ? { phone: a.phone } : { email: a.email };
}

export function maskPhone(p: string): string {
  return p.length === 11 ? `${p.slice(0, 3)}****${p.slice(7)}` : p;
}

export function maskEmail(e: string): string {
  const at = e.lastIndexOf('@');
  if (at <= 0) return e;
  const local = [...e.slice(0, at)];
  return `${local[0]}${'*'.repeat(Math.max(1, Math.min(local.length - 1, 4)))}@${e.slice(at + 1)}`;
}

// The signed links of a notice e-mail (ADR 0030): `/notice/{userID}/{id}/{token}` opens that notice
// for that user without logging in until the token expires; `/unsubscribe/{userID}/{token}` turns
// that user's notice e-mails off. Tokens are HMAC-SHA256 under a key derived from the server's secret
// (the one that signs logins, deps.secret), so a link names its user and notice and cannot be forged
// or moved to another user or notice; the expiry is inside the signed text.
import { createSigner } from '../../platform/signed.ts';

export type LinkCheck = { ok: true } | { ok: false; reason: 'invalid' | 'expired' };

export interface MailLinks {
  noticeToken(userId: number, noticeId: number, expiresAt: Date): string;
  checkNotice(userId: number, noticeId: number, token: string, now: Date): LinkCheck;
  unsubscribeToken(userId: number): string;
  checkUnsubscribe(userId: number, token: string): LinkCheck;
  /** Absolute addresses for an e-mail, under the site's public address. */
  noticeUrl(userId: number, noticeId: number, expiresAt: Date): string;
  unsubscribeUrl(userId: number): string;
}

export function createMailLinks(secret: string, publicUrl: string): MailLinks {
  // Its own key: a MAC of a link is never a MAC any other part of the server would accept.
  const signer = createSigner(secret, 'gre-prep mail links v1');
  const mac = signer.sign;
  const base = publicUrl.replace(/\/+$/, '');

  const links: MailLinks = {
    noticeToken(userId, noticeId, expiresAt) {
      const exp = Math.floor(expiresAt.getTime() / 1000).toString(36);
      return `${exp}.${mac(`notice|${userId}|${noticeId}|${exp}`)}`;
    },
    checkNotice(userId, noticeId, token, now) {
      const m = /^([0-9a-z]{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!m) return { ok: false, reason: 'invalid' };
      const [, exp = '', given = ''] = m;
      if (!signer.verify(`notice|${userId}|${noticeId}|${exp}`, given)) return { ok: false, reason: 'invalid' };
      if (Number.parseInt(exp, 36) * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
      return { ok: true };
    },
    unsubscribeToken(userId) {
      return mac(`unsubscribe|${userId}`);
    },
    checkUnsubscribe(userId, token) {
      return signer.verify(`unsubscribe|${userId}`, token) ? { ok: true } : { ok: false, reason: 'invalid' };
    },
    noticeUrl(userId, noticeId, expiresAt) {
      return `${base}/notice/${userId}/${noticeId}/${links.noticeToken(userId, noticeId, expiresAt)}`;
    },
    unsubscribeUrl(userId) {
      return `${base}/unsubscribe/${userId}/${links.unsubscribeToken(userId)}`;
    },
  };
  return links;
}

// HMAC-SHA256 signatures of short texts under a key derived from the server's secret and a purpose
// label: a signature made for one purpose (mail links, export downloads) is never one another part
// of the server accepts. Used for links that act without a login token.
import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';

export interface Signer {
  /** base64url, 43 characters. */
  sign(text: string): string;
  /** Constant-time comparison of `given` with the signature of `text`. */
  verify(text: string, given: string): boolean;
}

export function createSigner(secret: string, purpose: string): Signer {
  // A KeyObject made once: createHmac with raw key bytes builds one on every call, several times the
  // cost of the HMAC of a short text (measured: lesson segments check one per request, ADR 0039).
  const key = createSecretKey(createHmac('sha256', secret).update(purpose).digest());
  const sign = (text: string) => createHmac('sha256', key).update(text).digest('base64url');
  return {
    sign,
    verify(text, given) {
      const x = Buffer.from(given);
      const y = Buffer.from(sign(text));
      return x.length === y.length && timingSafeEqual(x, y);
    },
  };
}

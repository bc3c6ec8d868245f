// Signed, expiring addresses of images that are not public (ADR 0036 amendment, ADR 0037): a
// discussion picture is public only while a visible (approved, not deleted) comment shows it. Until
// then, and again when its comment is held, rejected or deleted, it is served only through
// /media/images/<id>?e=<expiry seconds>&s=<HMAC of id and expiry>, an address the server hands to
// the uploader (the upload's answer, their own held or rejected comment) and to staff (the review
// queue). Expiries are rounded up to the hour so a page read twice in an hour names the same
// address (the browser's cache keeps working), and stay valid between one and two hours.

import { imageUrl } from '@gre/contract/endpoints/upload';
import type { Clock } from '../../platform/clock.ts';
import { createSigner } from '../../platform/signed.ts';

const hourSeconds = 3600;

export type ImageLinkCheck = 'ok' | 'invalid' | 'expired';

export function createImageLinks(secret: string, clock: Clock) {
  const signer = createSigner(secret, 'gre-prep private image v1');
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
  return {
    /** The signed address of image `id`, valid for one to two hours. */
    url(id: string): string {
      const e = (Math.floor(nowSeconds() / hourSeconds) + 2) * hourSeconds;
      return `${imageUrl(id)}?e=${e}&s=${signer.sign(`${id}.${e}`)}`;
    },
    /** Seconds the signed address stays valid (a private response's cache lifetime). */
    secondsLeft: (e: string) => Math.max(0, Number(e) - nowSeconds()),
    check(id: string, q: { e?: unknown; s?: unknown }): ImageLinkCheck {
      const { e, s } = q;
      if (typeof e !== 'string' || typeof s !== 'string' || !/^\d{1,12}$/.test(e) || s.length > 64) return 'invalid';
      if (!signer.verify(`${id}.${e}`, s)) return 'invalid';
      return Number(e) < nowSeconds() ? 'expired' : 'ok';
    },
  };
}

export type ImageLinks = ReturnType<typeof createImageLinks>;

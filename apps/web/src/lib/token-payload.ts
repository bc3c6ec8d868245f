// Reading the payload of the stored login token (spec section 5): a three-part signed token whose
// middle part is base64url JSON naming a user. The signature is the server's business; the web only
// refuses tokens that cannot be one of ours, so that it does not call the API with garbage.

export interface TokenPayload {
  userId: string;
  /** Expiry in unix seconds, when the token carries one. */
  expiresAt: number | null;
}

export function decodeBase64Url(part: string): string | null {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(part)) return null;
  const base64 = part.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  try {
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** The payload of a well-formed token, or null when the token must be rejected. */
export function parseTokenPayload(token: string | null | undefined): TokenPayload | null {
  if (typeof token !== 'string') return null;
  const parts = token.trim().split('.');
  if (parts.length !== 3 || parts.some((p) => p.length === 0)) return null;
  const json = decodeBase64Url(parts[1] ?? '');
  if (json === null) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
  const record = payload as Record<string, unknown>;
  const rawId = record.user_id;
  let userId: string;
  if (typeof rawId === 'string') userId = rawId.trim();
  else if (typeof rawId === 'number' && Number.isSafeInteger(rawId) && rawId > 0) userId = String(rawId);
  else return null;
  if (userId === '') return null;
  const exp = record.exp;
  return { userId, expiresAt: typeof exp === 'number' && Number.isFinite(exp) ? exp : null };
}

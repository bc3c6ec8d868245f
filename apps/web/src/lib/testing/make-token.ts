// Builds tokens of any shape for the tests of the token check (never used by the app).

export function base64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** header.payload.signature with the payload as JSON (or a raw string when given one). */
export function makeToken(payload: unknown, raw = false): string {
  const header = base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = raw ? String(payload) : base64Url(JSON.stringify(payload));
  return `${header}.${body}.c2lnbmF0dXJl`;
}

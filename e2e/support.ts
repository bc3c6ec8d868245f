// Helpers for journeys: read the development outbox, call the API as a script would, forge tokens.
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { SignJWT } from 'jose';

export const demoPassword = 'Demo1234';
export const jwtSecret = 'e2e-secret-that-is-long-enough-for-hs256-0123456789';

/** The newest 6-digit code the server sent to `to` (development outbox under DATA_DIR). */
export async function codeFromOutbox(to: string, timeoutMs = 10_000): Promise<string> {
  const file = path.join(process.env.GRE_E2E_DATA_DIR as string, 'outbox.jsonl');
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (fs.existsSync(file)) {
      const lines = fs.readFileSync(file, 'utf8').trim().split('\n').reverse();
      for (const l of lines) {
        const m = JSON.parse(l) as { to: string; text: string };
        const code = m.to === to ? /\b(\d{6})\b/.exec(m.text)?.[1] : undefined;
        if (code) return code;
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code for ${to} in the outbox`);
}

/**
 * Moves the e2e server's clock `ms` ahead of real time (0 brings it back): the server reads the
 * offset from CLOCK_OFFSET_FILE (playwright.config.ts) at most every 100 ms.
 */
export async function moveServerClock(ms: number): Promise<void> {
  fs.writeFileSync(path.join(process.env.GRE_E2E_DATA_DIR as string, 'clock-offset-ms'), String(ms));
  await new Promise((r) => setTimeout(r, 300));
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`;
}

export async function apiLogin(request: APIRequestContext, account: string, password = demoPassword): Promise<string> {
  const res = await request.post('/api/user/login', { data: { account, password } });
  const body = await res.json();
  if (!body.ok) throw new Error(`login failed: ${JSON.stringify(body.err_data)}`);
  return body.data.token as string;
}

export async function setMaintenance(request: APIRequestContext, adminToken: string, on: boolean) {
  const res = await request.post('/api/system/set_maintenance', {
    data: { on, message: on ? 'e2e' : '' },
    headers: { authorization: `Bearer ${adminToken}` },
  });
  const body = await res.json();
  if (!body.ok) throw new Error(`set_maintenance failed: ${JSON.stringify(body.err_data)}`);
}

/** A correctly signed token whose expiry has passed. */
export function expiredToken(userId: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ user_id: userId, sid: 'expired-session' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('gre-prep')
    .setAudience('gre-prep-web')
    .setSubject(userId)
    .setIssuedAt(now - 7200)
    .setExpirationTime(now - 3600)
    .sign(new TextEncoder().encode(jwtSecret));
}

/** Calls the API as a script would; the data of an `ok` answer, else throws with err_data. */
export async function post<T>(request: APIRequestContext, path: string, data: unknown, token?: string): Promise<T> {
  return postFrom<T>(request, path, data, token ? { authorization: `Bearer ${token}` } : {});
}

async function postFrom<T>(
  request: APIRequestContext,
  path: string,
  data: unknown,
  headers: Record<string, string>,
): Promise<T> {
  const res = await request.post(path, { data, headers });
  const body = await res.json();
  if (!body.ok) throw new Error(`${path}: ${JSON.stringify(body.err_data)}`);
  return body.data as T;
}

/** A new trial candidate with an account of its own, registered with an email code as the login page does it. */
export async function newCandidate(request: APIRequestContext, prefix = 'e2e'): Promise<string> {
  const email = uniqueEmail(prefix);
  // Each candidate comes from an address of its own (TEST-NET-2, through the loopback proxy the
  // journeys' server trusts), as real candidates do: the journeys run one after another from one
  // machine and would otherwise meet the per-address code limit (5 a minute) between them.
  const headers = { 'x-forwarded-for': `198.51.100.${1 + Math.floor(Math.random() * 254)}` };
  await postFrom(request, '/api/email/send_code', { email, purpose: 'register' }, headers);
  const code = await codeFromOutbox(email);
  const data = await postFrom<{ token: string }>(
    request,
    '/api/user/register',
    { account: email, code, password: 'Kettle-moon-47' },
    headers,
  );
  return data.token;
}

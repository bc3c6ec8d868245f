// A random id for this browser, created once and sent as `X-Device-Id` (spec sections 7 and 9).
import { readStorage, storageKeys, writeStorage } from './storage.ts';

/** crypto.randomUUID exists only in secure contexts; plain-http deployments fall back to getRandomValues. */
export function newDeviceId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

let cached: string | null = null;

export function getDeviceId(): string {
  if (cached !== null) return cached;
  const stored = readStorage(storageKeys.deviceId);
  if (stored !== null && stored.trim() !== '') {
    cached = stored;
    return stored;
  }
  const created = newDeviceId();
  writeStorage(storageKeys.deviceId, created);
  cached = created;
  return created;
}

// localStorage that never throws: private windows and disabled storage behave like an empty store.

export const storageKeys = {
  token: 'token',
  deviceId: 'device_id',
  migrationBypassAt: 'migration_bypass_at',
  /** Admin mode with its edit and highlight modes (lib/admin-mode.ts), per browser. */
  adminMode: 'admin_mode',
} as const;

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled: the value lives for this page only.
  }
}

export function removeStorage(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing stored, nothing to remove.
  }
}

/** The names of every stored key, sorted (values stay private). */
export function listStorageKeys(): string[] {
  try {
    const keys: string[] = [];
    for (let i = 0; i < window.localStorage.length; i++) {
      const key = window.localStorage.key(i);
      if (key !== null) keys.push(key);
    }
    return keys.sort();
  } catch {
    return [];
  }
}

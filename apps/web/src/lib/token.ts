// The login token in localStorage (spec section 9: "Local storage holds the token").
import { readStorage, removeStorage, storageKeys, writeStorage } from './storage.ts';

export function readToken(): string | null {
  return readStorage(storageKeys.token);
}

export function storeToken(token: string): void {
  writeStorage(storageKeys.token, token);
}

export function removeToken(): void {
  removeStorage(storageKeys.token);
}

// The API version sent in `X-Api-Version`: the contract's default unless the build overrides it.
import { defaultApiVersion } from '@gre/contract/envelope';

export function resolveApiVersion(override: string | undefined): string {
  const trimmed = override?.trim() ?? '';
  return trimmed === '' ? defaultApiVersion : trimmed;
}

export const apiVersion = resolveApiVersion(import.meta.env.VITE_API_VERSION);

import { defaultApiVersion } from '@gre/contract/envelope';
import { describe, expect, it } from 'vitest';
import { resolveApiVersion } from './api-version.ts';

describe('resolveApiVersion', () => {
  it('uses the contract default unless the build overrides it', () => {
    expect(resolveApiVersion(undefined)).toBe(defaultApiVersion);
    expect(resolveApiVersion('  ')).toBe(defaultApiVersion);
    expect(resolveApiVersion('v2.0.0')).toBe('v2.0.0');
    expect(defaultApiVersion).toBe('v1.99.99');
  });
});

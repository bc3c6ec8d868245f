// The reconnection delay: grows from 100 ms, never beyond 5 s, and spreads processes apart.
import { describe, expect, it } from 'vitest';
import { maxReconnectDelayMs, reconnectDelay, redisAddress } from './redis.ts';

describe('reconnectDelay', () => {
  it('doubles from 100 ms up to 5 s, each delay between half and all of its ceiling', () => {
    const ceilings = [100, 200, 400, 800, 1600, 3200, 5000, 5000];
    ceilings.forEach((ceiling, i) => {
      expect(reconnectDelay(i + 1, () => 0)).toBe(ceiling / 2);
      expect(reconnectDelay(i + 1, () => 1)).toBe(ceiling);
    });
    expect(reconnectDelay(10_000, () => 1)).toBe(maxReconnectDelayMs);
  });
});

describe('redisAddress', () => {
  it('names host and port for the log, never the password', () => {
    expect(redisAddress('redis://:s3cret@cache.internal:6380/2')).toBe('cache.internal:6380');
    expect(redisAddress('rediss://user:s3cret@cache.internal')).toBe('cache.internal:6379');
  });
});

// The rate-limit counters (@fastify/rate-limit) with Redis: shared by every app process while
// Redis answers, counted in this process while it does not (docs/decisions/0016). The plugin's
// own `skipOnError` would let every request through during an outage; here a request is never
// failed because of Redis and the limit still holds, per process, until Redis is back.
// Both halves are the plugin's own stores (same algorithm, same keys), so nothing is re-implemented.
import { createRequire } from 'node:module';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;

/** What the plugin's stores implement (incr, read for `{ increment: false }`, child per route). */
interface Store {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): Store;
}
interface StoreOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}

// The plugin ships its stores as CommonJS files without type declarations (pinned version).
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding?: boolean,
  exponentialBackoff?: boolean,
  cache?: number,
) => Store;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean | undefined,
  exponentialBackoff: boolean | undefined,
  redis: Redis,
  key: string,
) => Store;

class SharedOrLocalStore implements Store {
  private readonly redis: Redis;
  private readonly shared: Store;
  private readonly local: Store;
  constructor(redis: Redis, shared: Store, local: Store) {
    this.redis = redis;
    this.shared = shared;
    this.local = local;
  }

  private run(method: 'incr' | 'read', key: string, cb: Callback, timeWindow: number, max: number) {
    if (this.redis.status !== 'ready') return this.local[method](key, cb, timeWindow, max);
    // A command that fails (connection lost meanwhile, timeout) is counted here instead.
    this.shared[method](
      key,
      (err, res) => (err ? this.local[method](key, cb, timeWindow, max) : cb(null, res)),
      timeWindow,
      max,
    );
  }

  incr(key: string, cb: Callback, timeWindow: number, max: number) {
    this.run('incr', key, cb, timeWindow, max);
  }

  read(key: string, cb: Callback, timeWindow: number, max: number) {
    this.run('read', key, cb, timeWindow, max);
  }

  child(routeOptions: unknown): Store {
    return new SharedOrLocalStore(this.redis, this.shared.child(routeOptions), this.local.child(routeOptions));
  }
}

/** The `store` option for @fastify/rate-limit: Redis (keys under `nameSpace`) when connected, else local. */
export function sharedOrLocalStore(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  return class extends SharedOrLocalStore {
    constructor(options: StoreOptions) {
      super(
        redis,
        new RedisStore(options.continueExceeding, options.exponentialBackoff, redis, nameSpace),
        new LocalStore(options.continueExceeding, options.exponentialBackoff),
      );
    }
  } as unknown as FastifyRateLimitStoreCtor;
}

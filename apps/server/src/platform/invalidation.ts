// Cache invalidation across app processes. Every process applies an invalidation locally at once;
// with REDIS_URL set it is also published, and every other process applies it when it arrives.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

export type InvalidationHandler = (topic: string, key: string) => void;

export interface InvalidationBus {
  publish(topic: string, key: string): void;
  subscribe(handler: InvalidationHandler): void;
  close(): Promise<void>;
}

const channel = 'gre-prep:invalidate';

export async function createInvalidationBus(redis?: Redis): Promise<InvalidationBus> {
  const handlers: InvalidationHandler[] = [];
  const self = randomUUID();
  const apply = (topic: string, key: string) => {
    for (const h of handlers) h(topic, key);
  };
  let sub: Redis | undefined;
  if (redis) {
    sub = redis.duplicate();
    await sub.subscribe(channel);
    sub.on('message', (_ch: string, msg: string) => {
      const m = JSON.parse(msg) as { from: string; topic: string; key: string };
      if (m.from !== self) apply(m.topic, m.key);
    });
  }
  return {
    publish(topic, key) {
      apply(topic, key);
      redis?.publish(channel, JSON.stringify({ from: self, topic, key })).catch(() => {});
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    async close() {
      await sub?.quit();
    },
  };
}

// Cache invalidation across app processes. Every process applies an invalidation locally at once;
// with Redis it is also published, and every other process applies it when it arrives.
//
// Redis may be down at start or go away later (docs/decisions/0016): the bus then keeps working
// in this process alone and never fails a caller. What was published meanwhile is lost, so when
// the link is back, a process that may have missed messages (its subscription was interrupted)
// drops everything it caches, and a process whose own messages did not get out tells the others
// to do the same: handlers receive the topic `everything` for that.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

export type InvalidationHandler = (topic: string, key: string) => void;

/** The topic (and key) handlers receive when messages may have been missed: drop every cached entry. */
export const everything = '*';

export interface InvalidationBus {
  publish(topic: string, key: string): void;
  subscribe(handler: InvalidationHandler): void;
  close(): Promise<void>;
}

interface BusLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

interface Message {
  from: string;
  topic: string;
  key: string;
}

const channel = 'gre-prep:invalidate';

/** Start-up waits this long at most for the first subscription (a Redis that does not answer). */
const firstSubscriptionWaitMs = 3_000;

/**
 * A bus for this process; with `redis`, shared with the other processes over pub/sub. Resolves
 * once subscribed, or once the first attempt failed (it then keeps trying in the background).
 */
export async function createInvalidationBus(redis?: Redis, log?: BusLog): Promise<InvalidationBus> {
  const handlers: InvalidationHandler[] = [];
  const self = randomUUID();
  const apply = (topic: string, key: string) => {
    for (const h of handlers) h(topic, key);
  };
  if (!redis) {
    return {
      publish: apply,
      subscribe: (handler) => void handlers.push(handler),
      close: async () => {},
    };
  }

  // Own messages that never reached Redis: once it answers again, the others are told to resync.
  let unsent = false;
  const send = (m: Message) => {
    if (redis.status !== 'ready') {
      unsent = true;
      return;
    }
    redis.publish(channel, JSON.stringify(m)).catch(() => {
      unsent = true;
    });
  };
  const sendResyncIfNeeded = () => {
    if (!unsent || redis.status !== 'ready') return;
    unsent = false;
    send({ from: self, topic: everything, key: everything });
  };
  redis.on('ready', sendResyncIfNeeded);

  // The subscription has its own connection (a subscribed connection takes no other command),
  // re-established by hand on every reconnection, so a lost subscription is noticed.
  const sub = redis.duplicate({
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    autoResubscribe: false,
    lazyConnect: false,
  });
  // Outages are logged once by the main client (platform/redis.ts); this listener keeps ioredis
  // from printing every failed attempt of this connection.
  sub.on('error', () => {});
  let gap = false;
  sub.on('close', () => {
    gap = true;
  });
  sub.on('message', (_ch: string, raw: string) => {
    let m: Message;
    try {
      m = JSON.parse(raw) as Message;
    } catch {
      return;
    }
    if (m.from === self || typeof m.topic !== 'string' || typeof m.key !== 'string') return;
    apply(m.topic, m.key);
  });

  let firstOutcome: () => void = () => {};
  const first = new Promise<void>((resolve) => {
    firstOutcome = resolve;
  });
  sub.once('close', () => firstOutcome());
  sub.on('ready', () => {
    sub.subscribe(channel).then(
      () => {
        if (gap) {
          gap = false;
          apply(everything, everything);
          log?.info({ channel }, 'invalidation bus subscribed again after a Redis outage: local caches dropped');
        }
        sendResyncIfNeeded();
        firstOutcome();
      },
      // The connection went away meanwhile (the next `ready` subscribes again), or Redis refused.
      (err: Error) => {
        if (sub.status === 'ready') log?.warn({ err: err.message }, 'invalidation bus could not subscribe');
      },
    );
  });
  const timer = setTimeout(() => firstOutcome(), firstSubscriptionWaitMs);
  await first;
  clearTimeout(timer);

  return {
    publish(topic, key) {
      // Out to the other processes first: this process's own handlers may take a while (a chat
      // message is written to every stream connected here, ADR 0038) and must not hold back the
      // others' copy, nor keep it from leaving if one of them throws.
      send({ from: self, topic, key });
      apply(topic, key);
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    async close() {
      redis.off('ready', sendResyncIfNeeded);
      sub.disconnect();
    },
  };
}

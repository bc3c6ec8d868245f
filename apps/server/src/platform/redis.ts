// Redis is optional and never needed to serve (docs/decisions/0016): app processes share rate-limit
// counters and cache invalidations through it while it answers, and fall back to their own
// counters and caches while it does not. So a command must fail at once rather than wait for a
// connection (no offline queue, no retries of a request, a timeout for a server that stops
// answering), the client reconnects by itself with a growing delay, and an outage shows in the log
// as one warning when it starts and one line when it ends - ioredis reports every failed
// reconnection attempt, which logged as such would flood the log.
import { Redis, type RedisOptions } from 'ioredis';

export interface RedisLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** The longest wait between two reconnection attempts. */
export const maxReconnectDelayMs = 5_000;

/**
 * The wait before reconnection attempt `attempt` (1, 2, …): 100 ms, 200 ms, 400 ms … up to 5 s,
 * each drawn between half and all of that, so that processes that lost Redis together do not
 * reconnect in step.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(maxReconnectDelayMs, 100 * 2 ** Math.min(Math.max(attempt, 1) - 1, 16));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export const redisOptions = {
  // While disconnected, a command fails at once: the caller falls back instead of waiting.
  enableOfflineQueue: false,
  // Commands in flight when the connection drops fail at once too (never re-sent later).
  maxRetriesPerRequest: 0,
  autoResendUnfulfilledCommands: false,
  // A server that stops answering without closing the connection costs a request at most this.
  commandTimeout: 1_000,
  connectTimeout: 2_000,
  retryStrategy: (attempt: number) => reconnectDelay(attempt),
} satisfies RedisOptions;

/** The address for the log, without credentials. */
export function redisAddress(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '6379'}`;
  } catch {
    return 'redis';
  }
}

/** A client for REDIS_URL with the options above; its outages are logged as described at the top. */
export function openRedis(url: string, log: RedisLog): Redis {
  const client = new Redis(url, redisOptions);
  reportOutages(client, log, redisAddress(url));
  return client;
}

/**
 * One warning when the connection is lost or cannot be made, one info line when it is back.
 * Also the listener for ioredis's `error` events (without one, each would be printed to stderr).
 */
export function reportOutages(client: Redis, log: RedisLog, address: string): void {
  let down = false;
  const lost = (reason: string) => {
    if (down) return;
    down = true;
    log.warn(
      { redis: address, reason },
      'Redis unreachable: rate limits and caches are per process until it is back (reconnecting with backoff) / Redis 不可用：恢复前限流与缓存按进程各自计算',
    );
  };
  client.on('error', (err: Error) => lost(err.message));
  // Emitted when a reconnection is scheduled: never after quit()/disconnect().
  client.on('reconnecting', () => lost('connection closed'));
  client.on('ready', () => {
    if (!down) return;
    down = false;
    log.info({ redis: address }, 'Redis is back: shared rate limits and cache invalidation resumed / Redis 已恢复');
  });
}

/**
 * Resolves once the client is ready, or as soon as a first attempt fails (then it goes on
 * reconnecting in the background), or after `timeoutMs`: start-up never waits for Redis longer.
 * True when it is connected.
 */
export function firstConnection(client: Redis, timeoutMs = redisOptions.connectTimeout + 500): Promise<boolean> {
  if (client.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (connected: boolean) => {
      clearTimeout(timer);
      client.off('ready', onReady);
      client.off('close', onFailed);
      client.off('end', onFailed);
      resolve(connected);
    };
    const onReady = () => done(true);
    const onFailed = () => done(false);
    const timer = setTimeout(onFailed, timeoutMs);
    client.once('ready', onReady);
    client.once('close', onFailed);
    client.once('end', onFailed);
  });
}

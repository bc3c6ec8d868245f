// Password hashing in a bounded worker pool (issue 9, item 3; ADR 0006). scrypt at our cost takes
// ~0.1 GB and most of a second of one core. On libuv's thread pool, 20 concurrent logins took the
// threads that also read index.html and the static files, and `GET /` waited seconds. Here the hashes
// run on their own threads (by default one fewer than the cores, so the event loop keeps a core),
// at a lower CPU priority, and at most `queue` hashes wait: past that the caller is answered `busy`
// at once, instead of piling up requests and memory. Unknown accounts are checked against a dummy
// hash through the same pool, so they take as long as known ones.
import os from 'node:os';
import { Piscina } from 'piscina';
import { errors } from './errors.ts';
import type { StrengthVerdict } from './password-strength.ts';
import type { PasswordTask } from './password-worker.ts';

export interface PasswordHasherOptions {
  /** Worker threads; default: the cores less one (at least one). */
  threads?: number;
  /** Hashes allowed to wait for a free thread; default 8 per thread. */
  queue?: number;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Checks a password; with no stored hash (unknown account) it checks a dummy one and answers false. */
  verify(password: string, encoded: string | null | undefined): Promise<boolean>;
  /** The strength verdict of a new password (zxcvbn, password-strength.ts), the account and name counting as guessable. */
  strength(password: string, personal: { account?: string; name?: string }): Promise<StrengthVerdict>;
  /**
   * Throws `busy` when the queue is full, before the caller spends anything (database queries) on a
   * request that would be refused anyway: clients that retry at once then cost next to nothing.
   */
  refuseWhenFull(purpose: keyof typeof busyMessages): void;
  stats(): { threads: number; queueLimit: number; queued: number; completed: number };
  close(): Promise<void>;
}

export function defaultHashThreads(): number {
  return Math.max(1, os.availableParallelism() - 1);
}

export const busyMessages = {
  login: '登录人数较多，请稍后重试',
  other: '当前访问人数较多，请稍后重试',
};

export function createPasswordHasher(opts: PasswordHasherOptions = {}): PasswordHasher {
  const threads = opts.threads ?? defaultHashThreads();
  const queue = opts.queue ?? threads * 8;
  const pool = new Piscina<PasswordTask, unknown>({
    filename: new URL('./password-worker.ts', import.meta.url).href,
    minThreads: threads,
    maxThreads: threads,
    maxQueue: queue,
    idleTimeout: Number.POSITIVE_INFINITY,
    // Below the event loop: when the cores are contended, pages and API calls go first.
    niceIncrement: 10,
  });

  async function run<T>(task: PasswordTask, busyMessage: string): Promise<T> {
    try {
      return (await pool.run(task)) as T;
    } catch (err) {
      if (err instanceof Error && err.message === 'Task queue is at limit') throw errors.busy(busyMessage);
      throw err;
    }
  }

  return {
    hash: (password) => run<string>({ op: 'hash', password }, busyMessages.other),
    verify: (password, encoded) =>
      encoded
        ? run<boolean>({ op: 'verify', password, encoded }, busyMessages.login)
        : run<boolean>({ op: 'verify_dummy', password }, busyMessages.login),
    strength: (password, personal) => run<StrengthVerdict>({ op: 'strength', password, personal }, busyMessages.other),
    refuseWhenFull: (purpose) => {
      if (pool.queueSize >= queue && pool.idleThreads === 0) throw errors.busy(busyMessages[purpose]);
    },
    stats: () => ({ threads, queueLimit: queue, queued: pool.queueSize, completed: pool.completed }),
    close: () => pool.destroy(),
  };
}

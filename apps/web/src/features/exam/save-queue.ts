// Saves of one question leave one after the other, each with the answer as it is when it leaves.
// A save being retried after a lost race (api-client.ts: `conflict` is sent again after a pause)
// must neither be overtaken by a later save of the same question nor land after it with an older
// answer; saves of different questions do not wait for each other.

export interface SaveQueue {
  /**
   * Runs `send` once the save of `key` in flight (if any) has settled. `send` reads the answer when
   * it runs, so while one save is in flight the next ones collapse into one: they share its promise.
   */
  enqueue(key: string, send: () => Promise<void>): Promise<void>;
}

export function createSaveQueue(): SaveQueue {
  const inFlight = new Map<string, Promise<void>>();
  const waiting = new Map<string, Promise<void>>();
  const start = (key: string, send: () => Promise<void>): Promise<void> => {
    const run = send().catch(() => {});
    inFlight.set(key, run);
    void run.then(() => {
      if (inFlight.get(key) === run) inFlight.delete(key);
    });
    return run;
  };
  return {
    enqueue(key, send) {
      const queued = waiting.get(key);
      if (queued) return queued;
      const before = inFlight.get(key);
      if (!before) return start(key, send);
      const next = before.then(() => {
        waiting.delete(key);
        return start(key, send);
      });
      waiting.set(key, next);
      return next;
    },
  };
}

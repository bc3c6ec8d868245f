import { describe, expect, it } from 'vitest';
import { createSaveQueue } from './save-queue.ts';

/** A save whose answer from the server the test decides. */
function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('the save queue', () => {
  it('sends the next save of a question only after the one in flight, with the answer of that moment', async () => {
    const q = createSaveQueue();
    let answer = 'A';
    const sent: string[] = [];
    const first = deferred();
    const send = (wait?: Promise<void>) => () => {
      sent.push(answer);
      return wait ?? Promise.resolve();
    };
    const one = q.enqueue('s0-q1', send(first.promise));
    answer = 'B';
    const two = q.enqueue('s0-q1', send());
    answer = 'C';
    const three = q.enqueue('s0-q1', send());
    await Promise.resolve();
    expect(sent).toEqual(['A']); // the first is still being retried
    first.resolve();
    await Promise.all([one, two, three]);
    // The waiting saves collapse into one, sent with the latest answer.
    expect(sent).toEqual(['A', 'C']);
  });

  it('does not hold back other questions', async () => {
    const q = createSaveQueue();
    const sent: string[] = [];
    const slow = deferred();
    void q.enqueue('s0-q1', () => {
      sent.push('q1');
      return slow.promise;
    });
    await q.enqueue('s0-q2', async () => {
      sent.push('q2');
    });
    expect(sent).toEqual(['q1', 'q2']);
    slow.resolve();
  });

  it('goes on after a failed save', async () => {
    const q = createSaveQueue();
    const sent: string[] = [];
    const failed = q.enqueue('k', async () => {
      sent.push('1');
      throw new Error('lost');
    });
    const next = q.enqueue('k', async () => {
      sent.push('2');
    });
    await Promise.all([failed, next]);
    expect(sent).toEqual(['1', '2']);
  });
});

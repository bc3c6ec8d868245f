// Pure helpers of the idea page: the 30-minute writing clock and the draft kept in the browser.

/** The Issue task's time, as on the test. */
export const issueSeconds = 30 * 60;

/** Seconds left of the clock started at `startedAt` (unix ms); the full time before it starts. */
export function secondsLeft(startedAt: number | null, now: number, limit = issueSeconds): number {
  if (startedAt === null) return limit;
  return Math.max(0, limit - Math.floor((now - startedAt) / 1000));
}

/** mm:ss */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** Where an unfinished essay on a prompt is kept between visits (this browser only). */
export const draftKey = (questionId: string) => `gre-essay-draft:${questionId}`;

export function readDraft(storage: Pick<Storage, 'getItem'> | undefined, questionId: string): string {
  try {
    return storage?.getItem(draftKey(questionId)) ?? '';
  } catch {
    return '';
  }
}

export function writeDraft(
  storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined,
  questionId: string,
  text: string,
) {
  try {
    if (text.trim()) storage?.setItem(draftKey(questionId), text);
    else storage?.removeItem(draftKey(questionId));
  } catch {
    // Storage full or disabled: the draft just is not kept.
  }
}

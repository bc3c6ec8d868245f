import { describe, expect, it } from 'vitest';
import { draftKey, formatClock, issueSeconds, readDraft, secondsLeft, writeDraft } from './idea-logic.ts';

describe('the writing clock', () => {
  it('counts 30 minutes down from the start and stops at zero', () => {
    expect(secondsLeft(null, 5_000)).toBe(issueSeconds);
    expect(secondsLeft(1_000, 1_000)).toBe(1800);
    expect(secondsLeft(1_000, 61_999)).toBe(1740);
    expect(secondsLeft(1_000, 1_000 + 1800_000)).toBe(0);
    expect(secondsLeft(1_000, 1_000 + 4000_000)).toBe(0);
  });
  it('shows mm:ss', () => {
    expect(formatClock(1800)).toBe('30:00');
    expect(formatClock(61)).toBe('01:01');
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(-3)).toBe('00:00');
  });
});

describe('the draft', () => {
  it('is kept per prompt and removed when empty', () => {
    const m = new Map<string, string>();
    const storage = {
      getItem: (k: string) => m.get(k) ?? null,
      setItem: (k: string, v: string) => void m.set(k, v),
      removeItem: (k: string) => void m.delete(k),
    };
    writeDraft(storage, 'is-0001', 'Some text');
    expect(m.get(draftKey('is-0001'))).toBe('Some text');
    expect(readDraft(storage, 'is-0001')).toBe('Some text');
    expect(readDraft(storage, 'is-0002')).toBe('');
    writeDraft(storage, 'is-0001', '   ');
    expect(m.has(draftKey('is-0001'))).toBe(false);
  });
  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => {},
    };
    expect(readDraft(broken, 'x')).toBe('');
    expect(() => writeDraft(broken, 'x', 'text')).not.toThrow();
    expect(readDraft(undefined, 'x')).toBe('');
  });
});

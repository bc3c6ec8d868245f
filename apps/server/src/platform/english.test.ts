import { describe, expect, it } from 'vitest';
import { englishWords, stem } from './english.ts';

describe('english (search and the essay scorer share it)', () => {
  it('finds inflected forms and possessives under one stem', () => {
    expect(stem("microscope's")).toBe(stem('microscope'));
    expect(stem('microscope’s')).toBe(stem('microscopes'));
    expect(stem("species'")).toBe(stem('species'));
    for (const w of ['arguing', 'argued', 'argues']) expect(stem(w)).toBe(stem('argue'));
    expect(stem('grading')).toBe(stem('grades'));
    expect(stem('improved')).toBe(stem('improvement'));
    expect(stem('studies')).toBe(stem('study'));
    // Different words stay apart.
    expect(stem('argument')).not.toBe(stem('argue'));
    expect(stem('policy')).not.toBe(stem('police'));
  });
  it('splits words at hyphens and keeps contractions whole', () => {
    expect(englishWords('A well-known don’t-care case')).toEqual(['a', 'well', 'known', "don't", 'care', 'case']);
  });
});

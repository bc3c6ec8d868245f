import { describe, expect, it } from 'vitest';
import { barSlots, formatNumber, linearScale, niceTicks, pieSlices } from './figure-geometry.ts';

describe('niceTicks', () => {
  it('starts at 0 and ends at a round number above the maximum', () => {
    expect(niceTicks(30, 102)).toEqual([0, 25, 50, 75, 100, 125]);
    expect(niceTicks(0, 75)).toEqual([0, 20, 40, 60, 80]);
    expect(niceTicks(0, 8)).toEqual([0, 2, 4, 6, 8]);
  });
  it('handles small decimals and negatives', () => {
    expect(niceTicks(0.1, 0.9)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(niceTicks(-12, 30)).toEqual([-20, -10, 0, 10, 20, 30]);
  });
  it('has two ticks when every value is zero', () => {
    expect(niceTicks(0, 0)).toEqual([0, 1]);
  });
});

describe('linearScale', () => {
  it('maps the lowest tick to the bottom and the highest to the top', () => {
    const y = linearScale([0, 50, 100], 200, 0);
    expect(y(0)).toBe(200);
    expect(y(100)).toBe(0);
    expect(y(25)).toBe(150);
  });
});

describe('barSlots', () => {
  it('centres the bars of a category inside its band', () => {
    const slots = barSlots(100, 100, 2);
    expect(slots).toHaveLength(2);
    const left = slots[0]?.x ?? 0;
    const last = slots[1];
    expect(left - 100).toBeCloseTo(100 + 100 - ((last?.x ?? 0) + (last?.width ?? 0)));
  });
});

describe('pieSlices', () => {
  it('turns values into shares that go once round the circle', () => {
    const slices = pieSlices(
      [
        { label: 'A', value: 50 },
        { label: 'B', value: 25 },
        { label: 'C', value: 25 },
      ],
      100,
      100,
      80,
    );
    expect(slices.map((s) => s.share)).toEqual([0.5, 0.25, 0.25]);
    expect(slices[0]?.start).toBe(0);
    expect(slices[2]?.end).toBeCloseTo(2 * Math.PI);
    // The first half goes clockwise from 12 o'clock to 6 o'clock.
    expect(slices[0]?.path).toBe('M 100 100 L 100 20 A 80 80 0 0 1 100 180 Z');
    // Its label sits on the right.
    expect(slices[0]?.labelX).toBeGreaterThan(100);
  });
  it('draws a single full slice as a circle', () => {
    const [only] = pieSlices([{ label: 'All', value: 100 }], 50, 50, 40);
    expect(only?.path.startsWith('M 10 50 A 40 40')).toBe(true);
  });
});

describe('formatNumber', () => {
  it('adds thousands separators and keeps strings', () => {
    expect(formatNumber(4800)).toBe('4,800');
    expect(formatNumber(12.5)).toBe('12.5');
    expect(formatNumber(0.1 + 0.2)).toBe('0.3');
    expect(formatNumber('2019')).toBe('2019');
  });
});

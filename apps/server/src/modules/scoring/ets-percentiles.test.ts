import { describe, expect, it } from 'vitest';
import { etsPercentile } from './ets-percentiles.ts';

describe('ETS percentile table', () => {
  it('reads the anchor figures of the recent table, not a normal curve', () => {
    // The figures the new-user review checked against ETS's recent interpretive data.
    expect(etsPercentile(165, 'quant')).toBe(70);
    expect(etsPercentile(160, 'quant')).toBe(53);
    expect(etsPercentile(170, 'quant')).toBe(92);
    expect(etsPercentile(165, 'verbal')).toBe(95);
    expect(etsPercentile(150, 'verbal')).toBe(39);
  });

  it('is monotone over 130–170 on both measures and clamps outside', () => {
    for (const m of ['verbal', 'quant'] as const) {
      for (let s = 131; s <= 170; s++) expect(etsPercentile(s, m)).toBeGreaterThanOrEqual(etsPercentile(s - 1, m));
      expect(etsPercentile(130, m)).toBe(0);
      expect(etsPercentile(171, m)).toBe(etsPercentile(170, m));
      expect(etsPercentile(129, m)).toBe(0);
    }
  });
});

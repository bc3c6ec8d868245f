/**
 * ETS's published percentile ranks for the Verbal and Quantitative scales, as data. The result page
 * reads a score's percentile here ("按 ETS 公布的百分位估算"): our score is our estimate on our scale
 * (ADR 0014); the percentile says where that score sits among real GRE test takers.
 *
 * Source: ETS, GRE General Test Interpretive Data (percentage of test takers scoring lower than each
 * scaled score, over the three most recent July-to-June testing years), as republished in full at
 * https://www.manhattanreview.com/gre-score-percentiles ("the most recent data from ETS"); that page
 * does not name the three-year window. The figures are the recent post-2020 table (Quant 165 → 70,
 * Quant 160 → 53), not the 2011–2018 tables (Quant 165 → 91). Replace the table, the `period` and the
 * test's anchor figures together when ETS publishes a new window.
 */
import type { Measure } from './irt.ts';

/** Scores 170 down to 130; `0` where ETS prints "-" (fewer than 1% score lower). */
const descending: Record<Measure, readonly number[]> = {
  // 170 … 130
  verbal: [
    99, 99, 98, 97, 96, 95, 93, 91, 89, 86, 84, 80, 77, 73, 69, 65, 59, 55, 48, 43, 39, 34, 30, 26, 23, 21, 18, 16, 13,
    11, 9, 8, 6, 5, 4, 3, 2, 2, 1, 1, 0,
  ],
  quant: [
    92, 87, 83, 78, 74, 70, 66, 63, 60, 57, 53, 50, 48, 45, 42, 40, 36, 34, 31, 29, 25, 23, 21, 18, 15, 13, 11, 9, 8, 6,
    5, 4, 3, 2, 2, 1, 1, 1, 0, 0, 0,
  ],
};

/** Percentage of GRE test takers below `score` (130–170) on `measure`, by ETS's table; 0 means < 1. */
export function etsPercentile(score: number, measure: Measure): number {
  const s = Math.min(170, Math.max(130, Math.round(score)));
  return descending[measure][170 - s] as number;
}

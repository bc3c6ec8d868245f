// Geometry of the data-interpretation figures, kept pure: axis ticks, bar and point positions,
// pie slices and number formatting. The SVG components only draw what these compute.

/** Ticks from 0 (or below, for negatives) to a round maximum, in 1-2-2.5-5 steps. */
export function niceTicks(minValue: number, maxValue: number, target = 5): number[] {
  const lo = Math.min(0, minValue);
  const hi = Math.max(0, maxValue);
  if (hi === lo) return [0, 1];
  const rough = (hi - lo) / target;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * magnitude >= rough) ?? 10) * magnitude;
  const first = Math.floor(lo / step) * step;
  const last = Math.ceil(hi / step) * step;
  const ticks: number[] = [];
  for (let v = first; v <= last + step / 1e6; v += step) ticks.push(Number(v.toFixed(10)));
  return ticks;
}

/** Numbers as a chart or table prints them: thousands separators, no float noise. */
export function formatNumber(value: number | string): string {
  if (typeof value === 'string') return value;
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 }).format(value);
}

export interface Scale {
  (value: number): number;
  ticks: number[];
}

/** A linear scale from the ticks' range onto [bottom, top] pixels (SVG y grows downwards). */
export function linearScale(ticks: readonly number[], bottom: number, top: number): Scale {
  const lo = ticks[0] ?? 0;
  const hi = ticks[ticks.length - 1] ?? 1;
  const span = hi - lo || 1;
  const scale = ((v: number) => bottom - ((v - lo) / span) * (bottom - top)) as Scale;
  scale.ticks = [...ticks];
  return scale;
}

/** Where the bars of one category go: `band` pixels wide starting at `x0`, bars side by side. */
export function barSlots(x0: number, band: number, seriesCount: number): { x: number; width: number }[] {
  const inner = band * 0.76;
  const width = Math.max(2, Math.min(56, inner / Math.max(1, seriesCount)));
  const start = x0 + (band - width * seriesCount) / 2;
  return Array.from({ length: seriesCount }, (_, i) => ({ x: start + i * width, width }));
}

export interface PieSlice {
  label: string;
  value: number;
  share: number;
  start: number;
  end: number;
  /** SVG path of the slice around (cx, cy) with radius r. */
  path: string;
  /** A point inside the slice for its label. */
  labelX: number;
  labelY: number;
}

function point(cx: number, cy: number, r: number, angle: number): [number, number] {
  // 0 is 12 o'clock, clockwise, as pie charts are read.
  return [cx + r * Math.sin(angle), cy - r * Math.cos(angle)];
}

const round = (n: number) => Math.round(n * 100) / 100;

export function pieSlices(
  slices: readonly { label: string; value: number }[],
  cx: number,
  cy: number,
  r: number,
): PieSlice[] {
  const total = slices.reduce((sum, s) => sum + Math.max(0, s.value), 0) || 1;
  let angle = 0;
  return slices.map((s) => {
    const share = Math.max(0, s.value) / total;
    const start = angle;
    const end = angle + share * 2 * Math.PI;
    angle = end;
    const [x1, y1] = point(cx, cy, r, start);
    const [x2, y2] = point(cx, cy, r, end);
    const large = end - start > Math.PI ? 1 : 0;
    const path =
      share >= 0.9999
        ? `M ${round(cx - r)} ${round(cy)} A ${r} ${r} 0 1 1 ${round(cx + r)} ${round(cy)} A ${r} ${r} 0 1 1 ${round(cx - r)} ${round(cy)} Z`
        : `M ${round(cx)} ${round(cy)} L ${round(x1)} ${round(y1)} A ${r} ${r} 0 ${large} 1 ${round(x2)} ${round(y2)} Z`;
    const [labelX, labelY] = point(cx, cy, r * 0.66, (start + end) / 2);
    return { label: s.label, value: s.value, share, start, end, path, labelX: round(labelX), labelY: round(labelY) };
  });
}

/** Series colours: distinct in hue and lightness, readable on white, with a marker shape each. */
export const seriesColors = ['#0f6e6a', '#c27c0e', '#5b6bbf', '#b0413e', '#6b8e23', '#7a4f9a', '#2b8cbe', '#8c6d4f'];
export const seriesMarkers = ['circle', 'square', 'triangle', 'diamond'] as const;

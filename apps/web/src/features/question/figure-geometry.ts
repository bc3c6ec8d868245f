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

// ---- Geometry figures (a question's own drawing: points, segments, circles, angles, axes) ----

/** A box in figure units (y grows upwards). */
export interface GeoBox {
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

interface GeoPart {
  points: readonly { id: string; x: number; y: number }[];
  circles: readonly { center: string; radius: number | null; through: string | null }[];
  axes: { x: readonly [number, number]; y: readonly [number, number] } | null;
  arcs?: readonly { center: string; from: string; to: string }[];
}

/** A circle's radius in figure units, given directly or by a point it passes through. */
export function circleRadius(
  c: { center: string; radius: number | null; through: string | null },
  at: (id: string) => { x: number; y: number } | undefined,
): number {
  if (c.radius !== null) return c.radius;
  const o = at(c.center);
  const p = c.through === null ? undefined : at(c.through);
  return o && p ? Math.hypot(p.x - o.x, p.y - o.y) : 0;
}

/** What the drawing must show: the axes' ranges, else every point and circle, with a small margin. */
export function geometryBounds(f: GeoPart): GeoBox {
  if (f.axes) return { minX: f.axes.x[0], maxX: f.axes.x[1], minY: f.axes.y[0], maxY: f.axes.y[1] };
  const at = (id: string) => f.points.find((p) => p.id === id);
  const xs: number[] = [];
  const ys: number[] = [];
  for (const p of f.points) {
    xs.push(p.x);
    ys.push(p.y);
  }
  for (const c of f.circles) {
    const o = at(c.center);
    if (!o) continue;
    const r = circleRadius(c, at);
    xs.push(o.x - r, o.x + r);
    ys.push(o.y - r, o.y + r);
  }
  for (const a of f.arcs ?? []) {
    const o = at(a.center);
    const p = at(a.from);
    const q = at(a.to);
    if (!o || !p || !q) continue;
    const r = Math.hypot(p.x - o.x, p.y - o.y);
    const start = Math.atan2(p.y - o.y, p.x - o.x);
    let sweep = Math.atan2(q.y - o.y, q.x - o.x) - start;
    while (sweep <= 0) sweep += 2 * Math.PI;
    for (let k = 0; k <= 48; k++) {
      const t = start + (sweep * k) / 48;
      xs.push(o.x + r * Math.cos(t));
      ys.push(o.y + r * Math.sin(t));
    }
  }
  const box = { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
  const m = 0.04 * Math.max(box.maxX - box.minX, box.maxY - box.minY, 1e-6);
  return { minX: box.minX - m, maxX: box.maxX + m, minY: box.minY - m, maxY: box.maxY + m };
}

export interface GeoLayout {
  width: number;
  height: number;
  /** Pixels per figure unit (the same both ways: circles stay round). */
  scale: number;
  x: (u: number) => number;
  y: (v: number) => number;
}

/**
 * Fits the box into `width` pixels and at most `maxHeight`, `pad` pixels kept free all round for
 * labels, centred horizontally; figure y (upwards) becomes SVG y (downwards).
 */
export function fitGeometry(box: GeoBox, width: number, maxHeight: number, pad = 28): GeoLayout {
  const bw = Math.max(box.maxX - box.minX, 1e-6);
  const bh = Math.max(box.maxY - box.minY, 1e-6);
  const scale = Math.max(0.01, Math.min((width - 2 * pad) / bw, (maxHeight - 2 * pad) / bh));
  const offsetX = (width - bw * scale) / 2;
  return {
    width,
    height: Math.round(bh * scale + 2 * pad),
    scale,
    x: (u) => round(offsetX + (u - box.minX) * scale),
    y: (v) => round(pad + (box.maxY - v) * scale),
  };
}

export type Compass = 'n' | 'ne' | 'e' | 'se' | 's' | 'sw' | 'w' | 'nw';
const compassAngles: Record<Compass, number> = { e: 0, ne: 45, n: 90, nw: 135, w: 180, sw: 225, s: 270, se: 315 };

/** The compass direction (on screen) from (cx, cy) towards (px, py), in SVG pixels; north when they meet. */
export function compassAway(px: number, py: number, cx: number, cy: number): Compass {
  if (Math.hypot(px - cx, py - cy) < 1e-9) return 'n';
  const deg = (Math.atan2(cy - py, px - cx) * 180) / Math.PI;
  const k = ((Math.round(deg / 45) % 8) + 8) % 8;
  return (['e', 'ne', 'n', 'nw', 'w', 'sw', 's', 'se'] as const)[k] as Compass;
}

/** Where a label goes `d` pixels from its point in that direction, and how it is anchored. */
export function compassOffset(pos: Compass, d: number): { dx: number; dy: number; anchor: 'start' | 'middle' | 'end' } {
  const a = (compassAngles[pos] * Math.PI) / 180;
  const dx = round(Math.cos(a) * d);
  const dy = round(-Math.sin(a) * d);
  return { dx, dy, anchor: Math.abs(dx) < 1 ? 'middle' : dx > 0 ? 'start' : 'end' };
}

type Px = { x: number; y: number };

/** The middle of a segment pushed `off` pixels along its normal, on the side away from (cx, cy). */
export function segmentLabelPoint(a: Px, b: Px, cx: number, cy: number, off: number): Px {
  const mx = (a.x + b.x) / 2;
  const my = (a.y + b.y) / 2;
  const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  let nx = -(b.y - a.y) / len;
  let ny = (b.x - a.x) / len;
  const side = (cx - mx) * nx + (cy - my) * ny;
  if (side > 0 || (Math.abs(side) < 1e-9 && ny > 0)) {
    nx = -nx;
    ny = -ny;
  }
  return { x: round(mx + nx * off), y: round(my + ny * off) };
}

/**
 * The arc marking the (smaller) angle at `v` between the rays to `a` and `b`, `r` pixels out, and a
 * point for its label on the bisector further out.
 */
export function angleArc(
  v: Px,
  a: Px,
  b: Px,
  r: number,
  labelGap = 13,
): { path: string; labelX: number; labelY: number } {
  const ta = Math.atan2(a.y - v.y, a.x - v.x);
  const tb = Math.atan2(b.y - v.y, b.x - v.x);
  let delta = tb - ta;
  while (delta > Math.PI) delta -= 2 * Math.PI;
  while (delta <= -Math.PI) delta += 2 * Math.PI;
  const p1 = { x: v.x + r * Math.cos(ta), y: v.y + r * Math.sin(ta) };
  const p2 = { x: v.x + r * Math.cos(tb), y: v.y + r * Math.sin(tb) };
  const mid = ta + delta / 2;
  // A narrow angle pushes its label out until a label about 24 pixels wide clears both rays.
  const lr = Math.min(r + 48, Math.max(r + labelGap, 14 / Math.max(0.05, Math.sin(Math.abs(delta) / 2))));
  return {
    path: `M ${round(p1.x)} ${round(p1.y)} A ${r} ${r} 0 0 ${delta > 0 ? 1 : 0} ${round(p2.x)} ${round(p2.y)}`,
    labelX: round(v.x + lr * Math.cos(mid)),
    labelY: round(v.y + lr * Math.sin(mid)),
  };
}

/** The small square of a right angle at `v` between the rays to `a` and `b`, side `s` pixels. */
export function rightAngleMark(v: Px, a: Px, b: Px, s: number): string {
  const unit = (p: Px) => {
    const l = Math.hypot(p.x - v.x, p.y - v.y) || 1;
    return { x: (p.x - v.x) / l, y: (p.y - v.y) / l };
  };
  const ua = unit(a);
  const ub = unit(b);
  const p1 = { x: v.x + s * ua.x, y: v.y + s * ua.y };
  const p2 = { x: p1.x + s * ub.x, y: p1.y + s * ub.y };
  const p3 = { x: v.x + s * ub.x, y: v.y + s * ub.y };
  return `M ${round(p1.x)} ${round(p1.y)} L ${round(p2.x)} ${round(p2.y)} L ${round(p3.x)} ${round(p3.y)}`;
}

/** `n` short ticks across the middle of a segment (equal-length marks), 4 pixels apart. */
export function tickMarks(a: Px, b: Px, n: number, half = 5): string[] {
  const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const ux = (b.x - a.x) / len;
  const uy = (b.y - a.y) / len;
  const mx = (a.x + b.x) / 2;
  const my = (a.y + b.y) / 2;
  return Array.from({ length: n }, (_, i) => {
    const s = (i - (n - 1) / 2) * 4;
    const cx = mx + ux * s;
    const cy = my + uy * s;
    return `M ${round(cx - uy * half)} ${round(cy + ux * half)} L ${round(cx + uy * half)} ${round(cy - ux * half)}`;
  });
}

/** The line through p and q clipped to the box (figure units); null when it misses the box. */
export function lineInBox(
  p: { x: number; y: number },
  q: { x: number; y: number },
  box: GeoBox,
): [{ x: number; y: number }, { x: number; y: number }] | null {
  const dx = q.x - p.x;
  const dy = q.y - p.y;
  let t0 = -Infinity;
  let t1 = Infinity;
  const clip = (d: number, lo: number, hi: number, at: number) => {
    if (Math.abs(d) < 1e-12) return at >= lo - 1e-9 && at <= hi + 1e-9;
    const a = (lo - at) / d;
    const b = (hi - at) / d;
    t0 = Math.max(t0, Math.min(a, b));
    t1 = Math.min(t1, Math.max(a, b));
    return true;
  };
  if (!clip(dx, box.minX, box.maxX, p.x) || !clip(dy, box.minY, box.maxY, p.y)) return null;
  if (!(t0 <= t1) || !Number.isFinite(t0) || !Number.isFinite(t1)) return null;
  return [
    { x: p.x + t0 * dx, y: p.y + t0 * dy },
    { x: p.x + t1 * dx, y: p.y + t1 * dy },
  ];
}

/**
 * An arc around `c` (SVG pixels), counter-clockwise as seen on the page from `from` to `to`, radius
 * `r`; with `sector`, closed through the centre.
 */
export function arcPath(c: Px, from: Px, to: Px, r: number, sector = false): string {
  // Page angles (y up): counter-clockwise is the increasing angle.
  const af = Math.atan2(c.y - from.y, from.x - c.x);
  const at = Math.atan2(c.y - to.y, to.x - c.x);
  let sweep = at - af;
  while (sweep <= 0) sweep += 2 * Math.PI;
  const p1 = { x: c.x + r * Math.cos(af), y: c.y - r * Math.sin(af) };
  const p2 = { x: c.x + r * Math.cos(at), y: c.y - r * Math.sin(at) };
  const arc = `A ${round(r)} ${round(r)} 0 ${sweep > Math.PI ? 1 : 0} 0 ${round(p2.x)} ${round(p2.y)}`;
  return sector
    ? `M ${round(c.x)} ${round(c.y)} L ${round(p1.x)} ${round(p1.y)} ${arc} Z`
    : `M ${round(p1.x)} ${round(p1.y)} ${arc}`;
}

/** Ticks of an axis range at multiples of `step`. */
export function axisTicks(lo: number, hi: number, step: number): number[] {
  const out: number[] = [];
  for (let k = Math.ceil(lo / step - 1e-9); k * step <= hi + 1e-9; k++) out.push(Number((k * step).toFixed(10)));
  return out;
}

interface FactsFigure {
  title: string;
  not_to_scale: boolean;
  description: string;
  axes: unknown;
  points: readonly { id: string; label: string }[];
  segments: readonly { from: string; to: string; label: string }[];
  circles: readonly { center: string; radius: number | null }[];
  polygons: readonly { points: readonly string[] }[];
  arcs: readonly { shaded: boolean }[];
  angles: readonly { at: string; from: string; to: string; label: string; right: boolean }[];
  texts: readonly { text: string }[];
}

/**
 * The figure in words for screen readers: the author's description, else what the parts say
 * (labelled points, labelled segments, circles, angles), and the not-to-scale note.
 */
export function geometryFacts(f: FactsFigure): string {
  const name = (id: string) => f.points.find((p) => p.id === id)?.label || id;
  let body: string;
  if (f.description.trim()) {
    body = f.description.trim();
  } else {
    const parts: string[] = [];
    if (f.axes) parts.push('坐标平面');
    const labelled = f.points.filter((p) => p.label).map((p) => p.label);
    if (labelled.length) parts.push(`点 ${labelled.join('、')}`);
    for (const s of f.segments) if (s.label) parts.push(`${name(s.from)}${name(s.to)} = ${s.label}`);
    for (const c of f.circles)
      parts.push(
        c.radius === null ? `以 ${name(c.center)} 为圆心的圆` : `以 ${name(c.center)} 为圆心、半径 ${c.radius} 的圆`,
      );
    for (const a of f.angles) {
      if (a.right) parts.push(`角 ${name(a.at)} 为直角`);
      else if (a.label) parts.push(`角 ${name(a.from)}${name(a.at)}${name(a.to)} = ${a.label}`);
    }
    if (f.polygons.length || f.arcs.some((a) => a.shaded)) parts.push('阴影部分如图');
    for (const t of f.texts) parts.push(`标注 ${t.text}`);
    body = parts.join('，');
  }
  const head = f.title ? `图形（${f.title}）：` : '图形：';
  return `${head}${body}${f.not_to_scale ? '。图形未按比例绘制' : ''}`;
}

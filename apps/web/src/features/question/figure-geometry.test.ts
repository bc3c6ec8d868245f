import { describe, expect, it } from 'vitest';
import {
  angleArc,
  arcPath,
  axisTicks,
  barSlots,
  circleRadius,
  compassAway,
  compassOffset,
  fitGeometry,
  formatNumber,
  geometryBounds,
  geometryFacts,
  linearScale,
  lineInBox,
  niceTicks,
  pieSlices,
  rightAngleMark,
  segmentLabelPoint,
  tickMarks,
} from './figure-geometry.ts';

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

describe('geometry figures', () => {
  const points = [
    { id: 'A', x: 0, y: 0 },
    { id: 'B', x: 4, y: 0 },
    { id: 'C', x: 0, y: 3 },
  ];
  const at = (id: string) => points.find((p) => p.id === id);

  it('bounds the points and circles with a small margin, or the axes exactly', () => {
    const b = geometryBounds({ points, circles: [], axes: null });
    expect(b.minX).toBeLessThan(0);
    expect(b.maxX).toBeGreaterThan(4);
    expect(b.maxX - b.minX).toBeCloseTo(4 + 2 * 0.16);
    // An arc counts with its whole sweep: a quarter from 3 o'clock to 12 o'clock around A reaches y = 4.
    const arcPoints = [...points, { id: 'T', x: 0, y: 4 }];
    const withArc = geometryBounds({
      points: arcPoints,
      circles: [],
      axes: null,
      arcs: [{ center: 'A', from: 'B', to: 'T' }],
    });
    expect(withArc.maxY).toBeGreaterThan(4);
    const quarter = geometryBounds({
      points: [
        { id: 'O', x: 0, y: 0 },
        { id: 'P', x: Math.SQRT1_2, y: -Math.SQRT1_2 },
        { id: 'Q', x: Math.SQRT1_2, y: Math.SQRT1_2 },
      ],
      circles: [],
      axes: null,
      arcs: [{ center: 'O', from: 'P', to: 'Q' }],
    });
    // The arc from -45° to 45° bulges out to x = 1, past its end points.
    expect(quarter.maxX).toBeGreaterThan(1);
    const withCircle = geometryBounds({ points, circles: [{ center: 'A', radius: null, through: 'B' }], axes: null });
    expect(withCircle.minY).toBeLessThan(-4);
    expect(geometryBounds({ points, circles: [], axes: { x: [-5, 5], y: [-2, 6] } })).toEqual({
      minX: -5,
      maxX: 5,
      minY: -2,
      maxY: 6,
    });
  });

  it('gives a circle its radius or the distance to the point it passes through', () => {
    expect(circleRadius({ center: 'A', radius: null, through: 'B' }, at)).toBe(4);
    expect(circleRadius({ center: 'A', radius: 2.5, through: null }, at)).toBe(2.5);
  });

  it('fits the box into the width and height with one scale, y flipped, centred', () => {
    const g = fitGeometry({ minX: 0, maxX: 10, minY: 0, maxY: 5 }, 360, 300, 20);
    expect(g.scale).toBe(32);
    expect(g.height).toBe(200);
    expect(g.x(0)).toBe(20);
    expect(g.x(10)).toBe(340);
    expect(g.y(5)).toBe(20);
    expect(g.y(0)).toBe(180);
    // Limited by the height: the drawing is centred in the wider space.
    const tall = fitGeometry({ minX: 0, maxX: 2, minY: 0, maxY: 4 }, 500, 240, 20);
    expect(tall.scale).toBe(50);
    expect(tall.x(1)).toBe(250);
  });

  it('puts labels away from the middle, anchored on the far side', () => {
    expect(compassAway(10, 0, 0, 0)).toBe('e');
    expect(compassAway(0, -10, 0, 0)).toBe('n');
    expect(compassAway(-10, 10, 0, 0)).toBe('sw');
    expect(compassOffset('e', 10)).toEqual({ dx: 10, dy: -0, anchor: 'start' });
    expect(compassOffset('n', 10)).toMatchObject({ dy: -10, anchor: 'middle' });
    expect(compassOffset('sw', 10).anchor).toBe('end');
  });

  it('labels a segment on the side away from the figure', () => {
    // A horizontal segment with the figure above it (smaller SVG y): the label goes below.
    expect(segmentLabelPoint({ x: 0, y: 100 }, { x: 100, y: 100 }, 50, 50, 12)).toEqual({ x: 50, y: 112 });
    expect(segmentLabelPoint({ x: 0, y: 100 }, { x: 100, y: 100 }, 50, 150, 12)).toEqual({ x: 50, y: 88 });
  });

  it('marks the smaller angle, with its label on the bisector', () => {
    const arc = angleArc({ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 0, y: 10 }, 10, 10);
    expect(arc.path).toBe('M 10 0 A 10 10 0 0 1 0 10');
    expect(arc.labelX).toBeCloseTo(20 * Math.SQRT1_2, 1);
    expect(arc.labelY).toBeCloseTo(20 * Math.SQRT1_2, 1);
    // A narrow angle's label sits further out, clear of the rays.
    const narrow = angleArc({ x: 0, y: 0 }, { x: 100, y: 0 }, { x: 100, y: -20 }, 18, 14);
    expect(narrow.labelX).toBeGreaterThan(50);
    // The same angle given the other way round sweeps back.
    expect(angleArc({ x: 0, y: 0 }, { x: 0, y: 10 }, { x: 10, y: 0 }, 10).path).toBe('M 0 10 A 10 10 0 0 0 10 0');
    expect(rightAngleMark({ x: 0, y: 0 }, { x: 50, y: 0 }, { x: 0, y: -50 }, 8)).toBe('M 8 0 L 8 -8 L 0 -8');
  });

  it('draws equal-length ticks across the middle', () => {
    const ticks = tickMarks({ x: 0, y: 0 }, { x: 100, y: 0 }, 2);
    expect(ticks).toEqual(['M 48 5 L 48 -5', 'M 52 5 L 52 -5']);
    expect(tickMarks({ x: 0, y: 0 }, { x: 100, y: 0 }, 0)).toEqual([]);
  });

  it('clips a line to the box, and misses a box it does not cross', () => {
    const box = { minX: -5, maxX: 5, minY: -5, maxY: 5 };
    expect(lineInBox({ x: 0, y: 0 }, { x: 1, y: 1 }, box)).toEqual([
      { x: -5, y: -5 },
      { x: 5, y: 5 },
    ]);
    expect(lineInBox({ x: 0, y: 2 }, { x: 1, y: 2 }, box)).toEqual([
      { x: -5, y: 2 },
      { x: 5, y: 2 },
    ]);
    expect(lineInBox({ x: 0, y: 20 }, { x: 1, y: 21 }, box)).toBeNull();
  });

  it('draws an arc or a sector counter-clockwise as seen on the page', () => {
    // Centre (100, 100), from 3 o'clock to 12 o'clock: a quarter, small arc, sweep 0 (counter-clockwise on screen).
    expect(arcPath({ x: 100, y: 100 }, { x: 150, y: 100 }, { x: 100, y: 50 }, 50, true)).toBe(
      'M 100 100 L 150 100 A 50 50 0 0 0 100 50 Z',
    );
    expect(arcPath({ x: 100, y: 100 }, { x: 150, y: 100 }, { x: 100, y: 50 }, 50)).toBe(
      'M 150 100 A 50 50 0 0 0 100 50',
    );
    // From 12 o'clock round to 3 o'clock counter-clockwise is three quarters: the large arc.
    expect(arcPath({ x: 100, y: 100 }, { x: 100, y: 50 }, { x: 150, y: 100 }, 50)).toContain(' 0 1 0 150 100');
  });

  it('ticks an axis at multiples of the step', () => {
    expect(axisTicks(-3, 4, 2)).toEqual([-2, 0, 2, 4]);
    expect(axisTicks(0, 1, 0.5)).toEqual([0, 0.5, 1]);
  });

  it('words the figure for screen readers', () => {
    const base = {
      title: '',
      not_to_scale: false,
      description: '',
      axes: null,
      points: [
        { id: 'O', label: 'O' },
        { id: 'P', label: 'P' },
        { id: 'Q', label: '' },
      ],
      segments: [{ from: 'O', to: 'P', label: '5' }],
      circles: [{ center: 'O', radius: null }],
      polygons: [],
      arcs: [],
      angles: [{ at: 'O', from: 'P', to: 'Q', label: '40°', right: false }],
      texts: [],
    };
    expect(geometryFacts(base)).toBe('图形：点 O、P，OP = 5，以 O 为圆心的圆，角 POQ = 40°');
    expect(geometryFacts({ ...base, description: '圆 O', not_to_scale: true })).toBe('图形：圆 O。图形未按比例绘制');
  });
});

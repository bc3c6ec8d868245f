// Figures drawn from their data: a table as a table, bar / line / pie charts as SVG drawn at the
// width they get (so labels stay readable on a phone), every chart an image with a title for screen
// readers and its data in a hidden table; a geometry item's figure as SVG in theme colours, its
// given facts in words for screen readers, with the not-to-scale note under it when it applies.

import type { Figure, GeometryFigure } from '@gre/contract/question';
import Box from '@mui/material/Box';
import { alpha, useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { MathInline } from '../../components/math-text.tsx';
import { plainText } from '../../components/math-text-tokens.ts';
import { useElementWidth } from '../../components/use-element-width.ts';
import { visuallyHidden } from '../../components/visually-hidden.ts';
import {
  angleArc,
  arcPath,
  axisTicks,
  barSlots,
  type Compass,
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
  seriesColors,
  seriesMarkers,
  tickMarks,
} from './figure-geometry.ts';

type ChartFigure = Extract<Figure, { type: 'bar' | 'line' }>;
type PieFigure = Extract<Figure, { type: 'pie' }>;
type TableFigure = Extract<Figure, { type: 'table' }>;

const axisColor = '#55656a';
const gridColor = 'rgba(31, 45, 44, 0.12)';
const fontFamily = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans SC", sans-serif';

export function FigureView(props: { figure: Figure }) {
  const titleId = useId();
  const f = props.figure;
  if (f.type === 'geometry') return <GeometryView figure={f} />;
  return (
    <Box component="figure" aria-labelledby={titleId} sx={{ m: 0 }}>
      <Typography
        id={titleId}
        component="figcaption"
        lang="en"
        sx={{ fontWeight: 700, textAlign: 'center', mb: 1.5, fontSize: { xs: '0.95rem', sm: '1rem' }, lineHeight: 1.5 }}
      >
        <MathInline text={f.title} />
      </Typography>
      {f.type === 'table' ? <DataTable figure={f} /> : null}
      {f.type === 'bar' || f.type === 'line' ? <AxisChart figure={f} titleId={titleId} /> : null}
      {f.type === 'pie' ? <PieChart figure={f} titleId={titleId} /> : null}
    </Box>
  );
}

function isNumeric(v: string | number): boolean {
  return typeof v === 'number' || /^[-+]?[\d,.]+%?$/.test(v.trim());
}

function DataTable(props: { figure: TableFigure; hidden?: boolean }) {
  const { columns, rows } = props.figure;
  return (
    <Box
      // A wide table scrolls sideways: keyboard users reach the scroll by focusing it (WCAG 2.1.1).
      {...(props.hidden ? {} : { tabIndex: 0, role: 'region', 'aria-label': `表格：${props.figure.title}` })}
      sx={
        props.hidden
          ? visuallyHidden
          : {
              overflowX: 'auto',
              border: '1px solid',
              borderColor: 'divider',
              borderRadius: 2,
              bgcolor: 'background.paper',
            }
      }
    >
      <Table size="small" lang="en" sx={{ minWidth: Math.min(480, columns.length * 96) }}>
        <TableHead>
          <TableRow>
            {columns.map((c, i) => (
              <TableCell
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional.
                key={i}
                align={i === 0 ? 'left' : 'right'}
                sx={{ fontWeight: 700, bgcolor: 'rgba(15,110,106,0.06)', lineHeight: 1.35, verticalAlign: 'bottom' }}
              >
                <MathInline text={c} />
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional.
            <TableRow key={r} sx={{ '&:nth-of-type(even)': { bgcolor: 'rgba(15,110,106,0.025)' } }}>
              {row.map((cell, i) =>
                i === 0 ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional.
                  <TableCell key={i} component="th" scope="row" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                    {typeof cell === 'number' ? String(cell) : <MathInline text={cell} />}
                  </TableCell>
                ) : (
                  <TableCell
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional.
                    key={i}
                    align={isNumeric(cell) ? 'right' : 'left'}
                    sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
                  >
                    {typeof cell === 'number' ? formatNumber(cell) : <MathInline text={cell} />}
                  </TableCell>
                ),
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function Legend(props: { names: readonly string[]; line: boolean }) {
  if (props.names.length < 2) return null;
  return (
    <Box
      aria-hidden
      sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: { xs: 1.5, sm: 2.5 }, mb: 1 }}
      lang="en"
    >
      {props.names.map((name, i) => (
        <Box key={name} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, fontSize: '0.875rem' }}>
          <svg width="26" height="14" aria-hidden focusable="false">
            {props.line ? (
              <>
                <line x1="1" y1="7" x2="25" y2="7" stroke={seriesColors[i % seriesColors.length]} strokeWidth="2.5" />
                <Marker
                  kind={seriesMarkers[i % seriesMarkers.length] ?? 'circle'}
                  x={13}
                  y={7}
                  color={seriesColors[i % seriesColors.length] ?? '#000'}
                />
              </>
            ) : (
              <rect x="4" y="1" width="18" height="12" rx="2" fill={seriesColors[i % seriesColors.length]} />
            )}
          </svg>
          {name}
        </Box>
      ))}
    </Box>
  );
}

function Marker(props: { kind: (typeof seriesMarkers)[number]; x: number; y: number; color: string }) {
  const { x, y, color } = props;
  const r = 4.5;
  switch (props.kind) {
    case 'square':
      return <rect x={x - r} y={y - r} width={r * 2} height={r * 2} fill={color} stroke="#fff" strokeWidth="1" />;
    case 'triangle':
      return (
        <polygon points={`${x},${y - r - 1} ${x + r + 1},${y + r} ${x - r - 1},${y + r}`} fill={color} stroke="#fff" />
      );
    case 'diamond':
      return (
        <polygon
          points={`${x},${y - r - 1} ${x + r + 1},${y} ${x},${y + r + 1} ${x - r - 1},${y}`}
          fill={color}
          stroke="#fff"
        />
      );
    default:
      return <circle cx={x} cy={y} r={r} fill={color} stroke="#fff" strokeWidth="1" />;
  }
}

/** The hidden table a screen reader reads instead of the picture. */
function chartAsTable(figure: ChartFigure): TableFigure {
  return {
    type: 'table',
    title: figure.title,
    columns: [figure.x_label || '', ...figure.series.map((s) => s.name)],
    rows: figure.categories.map((c, i) => [c, ...figure.series.map((s) => s.values[i] ?? '')]),
  };
}

function AxisChart(props: { figure: ChartFigure; titleId: string }) {
  const f = props.figure;
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const narrow = width < 480;
  const height = narrow ? 280 : 320;
  const values = f.series.flatMap((s) => s.values);
  const ticks = niceTicks(Math.min(0, ...values), Math.max(0, ...values), narrow ? 4 : 5);
  const tickLabels = ticks.map((t) => formatNumber(t));
  const longestTick = Math.max(...tickLabels.map((t) => t.length));
  const yLabelSpace = f.y_label ? 22 : 0;
  const margin = { top: 18, right: 12, bottom: f.x_label ? 50 : 30, left: yLabelSpace + 12 + longestTick * 7.2 };
  const plotW = Math.max(120, width - margin.left - margin.right);
  const plotBottom = height - margin.bottom;
  const y = linearScale(ticks, plotBottom, margin.top);
  const n = Math.max(1, f.categories.length);
  const band = plotW / n;
  const xCenter = (i: number) => margin.left + band * i + band / 2;
  const fontSize = narrow ? 12 : 12.5;
  const bars = f.type === 'bar';
  const showValues = bars ? n * f.series.length <= (narrow ? 14 : 24) : f.series.length <= 3 && n <= (narrow ? 8 : 12);
  const rotateCategories = f.categories.some((c) => c.length * fontSize * 0.6 > band - 4);

  return (
    <Box ref={ref} sx={{ width: '100%' }}>
      <Legend names={f.series.map((s) => s.name)} line={!bars} />
      <svg
        width={width}
        height={height + (rotateCategories ? 24 : 0)}
        role="img"
        aria-labelledby={props.titleId}
        style={{ display: 'block', fontFamily, overflow: 'visible' }}
      >
        <title>{plainText(f.title)}</title>
        {/* Grid and y axis */}
        {ticks.map((t, i) => (
          <g key={t}>
            <line
              x1={margin.left}
              x2={margin.left + plotW}
              y1={y(t)}
              y2={y(t)}
              stroke={t === 0 ? axisColor : gridColor}
              strokeWidth={t === 0 ? 1.2 : 1}
            />
            <text x={margin.left - 6} y={y(t)} dy="0.32em" textAnchor="end" fontSize={fontSize} fill={axisColor}>
              {tickLabels[i]}
            </text>
          </g>
        ))}
        <line x1={margin.left} x2={margin.left} y1={margin.top} y2={plotBottom} stroke={axisColor} />
        {f.y_label ? (
          <text
            transform={`translate(${12}, ${(margin.top + plotBottom) / 2}) rotate(-90)`}
            textAnchor="middle"
            fontSize={fontSize}
            fill={axisColor}
          >
            {f.y_label}
          </text>
        ) : null}
        {/* Categories */}
        {f.categories.map((c, i) =>
          rotateCategories ? (
            <text
              key={c}
              transform={`translate(${xCenter(i)}, ${plotBottom + 10}) rotate(-35)`}
              textAnchor="end"
              dy="0.7em"
              fontSize={fontSize}
              fill="#1f2d2c"
            >
              {c}
            </text>
          ) : (
            <text key={c} x={xCenter(i)} y={plotBottom + 16} textAnchor="middle" fontSize={fontSize} fill="#1f2d2c">
              {c}
            </text>
          ),
        )}
        {f.x_label ? (
          <text
            x={margin.left + plotW / 2}
            y={height + (rotateCategories ? 24 : 0) - 8}
            textAnchor="middle"
            fontSize={fontSize}
            fill={axisColor}
          >
            {f.x_label}
          </text>
        ) : null}
        {/* Data */}
        {bars
          ? f.categories.map((c, i) => {
              const slots = barSlots(margin.left + band * i, band, f.series.length);
              return (
                <g key={c}>
                  {f.series.map((s, k) => {
                    const v = s.values[i];
                    const slot = slots[k];
                    if (v === undefined || !slot) return null;
                    const top = Math.min(y(v), y(0));
                    const h = Math.abs(y(v) - y(0));
                    return (
                      <g key={s.name}>
                        <rect
                          x={slot.x}
                          y={top}
                          width={slot.width - 1}
                          height={Math.max(0.5, h)}
                          fill={seriesColors[k % seriesColors.length]}
                        />
                        {showValues ? (
                          <text
                            x={slot.x + slot.width / 2}
                            y={v >= 0 ? top - 4 : top + h + 12}
                            textAnchor="middle"
                            fontSize={fontSize - 1}
                            fill="#1f2d2c"
                          >
                            {formatNumber(v)}
                          </text>
                        ) : null}
                      </g>
                    );
                  })}
                </g>
              );
            })
          : f.series.map((s, k) => {
              const color = seriesColors[k % seriesColors.length] ?? '#000';
              const points = s.values.map((v, i) => `${xCenter(i)},${y(v)}`).join(' ');
              return (
                <g key={s.name}>
                  <polyline points={points} fill="none" stroke={color} strokeWidth={2.5} strokeLinejoin="round" />
                  {s.values.map((v, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: points are positional.
                    <g key={i}>
                      <Marker
                        kind={seriesMarkers[k % seriesMarkers.length] ?? 'circle'}
                        x={xCenter(i)}
                        y={y(v)}
                        color={color}
                      />
                      {showValues ? (
                        <text
                          x={xCenter(i)}
                          y={y(v)}
                          dy={lineLabelAbove(f, k, i) ? -9 : 17}
                          textAnchor="middle"
                          fontSize={fontSize - 1}
                          fontWeight={600}
                          fill={color}
                          stroke="#fff"
                          strokeWidth={3}
                          paintOrder="stroke"
                        >
                          {formatNumber(v)}
                        </text>
                      ) : null}
                    </g>
                  ))}
                </g>
              );
            })}
      </svg>
      <DataTable figure={chartAsTable(f)} hidden />
    </Box>
  );
}

/** A line's value label goes above its point when it is the highest series there, else below. */
function lineLabelAbove(f: ChartFigure, k: number, i: number): boolean {
  const mine = f.series[k]?.values[i] ?? 0;
  return f.series.every((s, j) => j === k || (s.values[i] ?? -Infinity) <= mine);
}

function PieChart(props: { figure: PieFigure; titleId: string }) {
  const f = props.figure;
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const size = width < 520 ? Math.min(240, Math.max(180, width - 40)) : Math.min(300, Math.max(200, width * 0.48));
  const r = size / 2 - 4;
  const slices = pieSlices(f.slices, size / 2, size / 2, r);
  const total = f.slices.reduce((s, x) => s + x.value, 0);
  const percent = Math.abs(total - 100) < 0.5;
  const valueText = (v: number) => (percent ? `${formatNumber(v)}%` : formatNumber(v));
  return (
    <Box
      ref={ref}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'center', gap: { xs: 2, sm: 3 } }}
    >
      <svg
        width={size}
        height={size}
        role="img"
        aria-labelledby={props.titleId}
        style={{ display: 'block', fontFamily }}
      >
        <title>{plainText(f.title)}</title>
        {slices.map((s, i) => (
          <path key={s.label} d={s.path} fill={seriesColors[i % seriesColors.length]} stroke="#fff" strokeWidth={1.5} />
        ))}
        {slices.map((s) =>
          s.share >= 0.06 ? (
            <text
              key={s.label}
              x={s.labelX}
              y={s.labelY}
              dy="0.35em"
              textAnchor="middle"
              fontSize={size < 240 ? 11.5 : 13}
              fontWeight={700}
              fill="#fff"
            >
              {valueText(s.value)}
            </text>
          ) : null,
        )}
      </svg>
      <Box component="ul" lang="en" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.75, minWidth: 180 }}>
        {slices.map((s, i) => (
          <Box
            component="li"
            key={s.label}
            sx={{ display: 'flex', alignItems: 'center', gap: 1, fontSize: '0.9rem', lineHeight: 1.4 }}
          >
            <Box
              aria-hidden
              sx={{
                width: 14,
                height: 14,
                borderRadius: '3px',
                flexShrink: 0,
                bgcolor: seriesColors[i % seriesColors.length],
              }}
            />
            <Box component="span" sx={{ flex: 1 }}>
              {s.label}
            </Box>
            <Box component="span" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', pl: 2 }}>
              {valueText(s.value)}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

const noteText = 'Note: Figure not drawn to scale.';
/** An axis number with a real minus sign (−2, not -2), as printed maths writes it. */
const axisNumber = (t: number) => formatNumber(t).replace('-', '−');

/** A geometry figure: plain lines in the text colour, shaded regions in a light primary tint. */
function GeometryView(props: { figure: GeometryFigure }) {
  const f = props.figure;
  const theme = useTheme();
  const [ref, measured] = useElementWidth<HTMLDivElement>();
  const narrow = measured < 480;
  const width = Math.min(measured, 520);
  const box = geometryBounds(f);
  const g = fitGeometry(box, width, narrow ? 300 : 340, f.axes ? 30 : 26);
  const byId = new Map(f.points.map((p) => [p.id, p]));
  const at = (id: string) => byId.get(id);
  const px = (id: string) => {
    const p = at(id);
    return p ? { x: g.x(p.x), y: g.y(p.y) } : { x: 0, y: 0 };
  };
  const ink = theme.palette.text.primary;
  const muted = theme.palette.text.secondary;
  const halo = theme.palette.background.paper;
  const shade = alpha(theme.palette.primary.main, 0.18);
  const fontSize = narrow ? 14 : 15;
  const small = narrow ? 11.5 : 12;
  // Labels go away from the middle of the labelled points (the figure's "inside").
  const labelled = f.points.length ? f.points : [{ x: 0, y: 0 }];
  const cx = g.x(labelled.reduce((s, p) => s + p.x, 0) / labelled.length);
  const cy = g.y(labelled.reduce((s, p) => s + p.y, 0) / labelled.length);
  const facts = geometryFacts(f);
  const text = (
    key: string,
    x: number,
    y: number,
    label: string,
    anchor: 'start' | 'middle' | 'end',
    size = fontSize,
  ) => (
    <text
      key={key}
      x={x}
      y={y}
      dy="0.35em"
      textAnchor={anchor}
      fontSize={size}
      fill={ink}
      stroke={halo}
      strokeWidth={3.5}
      paintOrder="stroke"
      strokeLinejoin="round"
    >
      {label}
    </text>
  );

  let axes: ReactNode = null;
  if (f.axes) {
    const a = f.axes;
    const x0 = g.x(Math.min(Math.max(0, a.x[0]), a.x[1]));
    const y0 = g.y(Math.min(Math.max(0, a.y[0]), a.y[1]));
    const xTicks = axisTicks(a.x[0], a.x[1], a.step);
    const yTicks = axisTicks(a.y[0], a.y[1], a.step);
    axes = (
      <g aria-hidden>
        {a.grid
          ? [
              ...xTicks.map((t) => (
                <line
                  key={`gx${t}`}
                  x1={g.x(t)}
                  x2={g.x(t)}
                  y1={g.y(a.y[0])}
                  y2={g.y(a.y[1])}
                  stroke={theme.palette.divider}
                />
              )),
              ...yTicks.map((t) => (
                <line
                  key={`gy${t}`}
                  x1={g.x(a.x[0])}
                  x2={g.x(a.x[1])}
                  y1={g.y(t)}
                  y2={g.y(t)}
                  stroke={theme.palette.divider}
                />
              )),
            ]
          : null}
        <line x1={g.x(a.x[0]) - 6} x2={g.x(a.x[1]) + 6} y1={y0} y2={y0} stroke={muted} strokeWidth={1.3} />
        <line x1={x0} x2={x0} y1={g.y(a.y[0]) + 6} y2={g.y(a.y[1]) - 6} stroke={muted} strokeWidth={1.3} />
        <path d={`M ${g.x(a.x[1]) + 12} ${y0} l -8 -4 v 8 z`} fill={muted} />
        <path d={`M ${x0} ${g.y(a.y[1]) - 12} l -4 8 h 8 z`} fill={muted} />
        {text('ax', g.x(a.x[1]) + 14, y0 + 12, 'x', 'start', small + 1)}
        {text('ay', x0 + 10, g.y(a.y[1]) - 14, 'y', 'start', small + 1)}
        {xTicks.map((t) =>
          t === 0 ? null : (
            <g key={`tx${t}`}>
              <line x1={g.x(t)} x2={g.x(t)} y1={y0 - 3} y2={y0 + 3} stroke={muted} />
              {a.numbers ? text(`nx${t}`, g.x(t), y0 + 13, axisNumber(t), 'middle', small) : null}
            </g>
          ),
        )}
        {yTicks.map((t) =>
          t === 0 ? null : (
            <g key={`ty${t}`}>
              <line x1={x0 - 3} x2={x0 + 3} y1={g.y(t)} y2={g.y(t)} stroke={muted} />
              {a.numbers ? text(`ny${t}`, x0 - 7, g.y(t), axisNumber(t), 'end', small) : null}
            </g>
          ),
        )}
        {a.x[0] <= 0 && a.x[1] >= 0 && a.y[0] <= 0 && a.y[1] >= 0
          ? text('o', x0 - 6, y0 + 12, 'O', 'end', small)
          : null}
      </g>
    );
  }
  // Extended lines reach a little past the drawing (or to the plane's edge).
  const lineBox = f.axes
    ? box
    : {
        minX: box.minX - 0.02 * (box.maxX - box.minX),
        maxX: box.maxX + 0.02 * (box.maxX - box.minX),
        minY: box.minY,
        maxY: box.maxY,
      };

  return (
    <Box component="figure" sx={{ m: 0 }}>
      {f.title ? (
        <Typography
          component="figcaption"
          lang="en"
          sx={{ fontWeight: 700, textAlign: 'center', mb: 1, lineHeight: 1.5 }}
        >
          <MathInline text={f.title} />
        </Typography>
      ) : null}
      <Box ref={ref} sx={{ width: '100%', display: 'flex', justifyContent: 'center' }}>
        <svg
          width={g.width}
          height={g.height}
          role="img"
          aria-label={facts}
          lang="zh-CN"
          style={{ display: 'block', fontFamily, overflow: 'visible', maxWidth: '100%' }}
        >
          {axes}
          {f.polygons.map((p) => (
            <polygon
              key={p.points.join('-')}
              points={p.points.map((id) => `${px(id).x},${px(id).y}`).join(' ')}
              fill={shade}
              stroke="none"
            />
          ))}
          {f.arcs.map((a) => {
            if (!a.shaded) return null;
            const c = px(a.center);
            const from = px(a.from);
            return (
              <path
                key={`s-${a.center}-${a.from}-${a.to}`}
                d={arcPath(c, from, px(a.to), Math.hypot(from.x - c.x, from.y - c.y), true)}
                fill={shade}
                stroke="none"
              />
            );
          })}
          {f.circles.map((c) => {
            const o = px(c.center);
            return (
              <circle
                key={`${c.center}-${c.radius}-${c.through}`}
                cx={o.x}
                cy={o.y}
                r={circleRadius(c, at) * g.scale}
                fill="none"
                stroke={ink}
                strokeWidth={1.6}
                strokeDasharray={c.dashed ? '6 5' : undefined}
              />
            );
          })}
          {f.arcs.map((a) => {
            const c = px(a.center);
            const from = px(a.from);
            return (
              <path
                key={`a-${a.center}-${a.from}-${a.to}`}
                d={arcPath(c, from, px(a.to), Math.hypot(from.x - c.x, from.y - c.y))}
                fill="none"
                stroke={ink}
                strokeWidth={1.6}
              />
            );
          })}
          {f.segments.map((s, i) => {
            const a = at(s.from);
            const b = at(s.to);
            if (!a || !b) return null;
            const ends = s.extend ? lineInBox(a, b, lineBox) : [a, b];
            if (!ends) return null;
            const [p, q] = ends;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional.
              <g key={i}>
                <line
                  x1={g.x(p.x)}
                  y1={g.y(p.y)}
                  x2={g.x(q.x)}
                  y2={g.y(q.y)}
                  stroke={ink}
                  strokeWidth={1.7}
                  strokeDasharray={s.dashed ? '6 5' : undefined}
                  strokeLinecap="round"
                />
                {tickMarks(px(s.from), px(s.to), s.ticks).map((d) => (
                  <path key={d} d={d} stroke={ink} strokeWidth={1.5} />
                ))}
              </g>
            );
          })}
          {f.angles.map((a) =>
            a.right ? (
              <path
                key={`${a.from}${a.at}${a.to}`}
                d={rightAngleMark(px(a.at), px(a.from), px(a.to), 11)}
                fill="none"
                stroke={ink}
                strokeWidth={1.3}
              />
            ) : (
              <path
                key={`${a.from}${a.at}${a.to}`}
                d={angleArc(px(a.at), px(a.from), px(a.to), 18).path}
                fill="none"
                stroke={ink}
                strokeWidth={1.3}
              />
            ),
          )}
          {f.points.map((p) =>
            p.dot ? <circle key={`dot-${p.id}`} cx={g.x(p.x)} cy={g.y(p.y)} r={3.2} fill={ink} /> : null,
          )}
          {f.segments.map((s, i) => {
            if (!s.label) return null;
            const pos = segmentLabelPoint(px(s.from), px(s.to), cx, cy, 13);
            return text(`sl${i}`, pos.x, pos.y, s.label, 'middle', fontSize - 1);
          })}
          {f.angles.map((a) => {
            if (!a.label) return null;
            const arc = angleArc(px(a.at), px(a.from), px(a.to), 18, 14);
            return text(`al${a.from}${a.at}${a.to}`, arc.labelX, arc.labelY, a.label, 'middle', fontSize - 1);
          })}
          {f.points.map((p) => {
            if (!p.label) return null;
            const x = g.x(p.x);
            const y = g.y(p.y);
            const pos: Compass = p.label_pos ?? compassAway(x, y, cx, cy);
            const o = compassOffset(pos, 11);
            return text(`pl${p.id}`, x + o.dx, y + o.dy, p.label, o.anchor);
          })}
          {f.texts.map((t) => text(`t${t.x},${t.y}`, g.x(t.x), g.y(t.y), t.text, 'middle', fontSize - 1))}
        </svg>
      </Box>
      {f.not_to_scale ? (
        <Typography
          component="p"
          lang="en"
          variant="body2"
          sx={{ textAlign: 'center', fontStyle: 'italic', color: 'text.secondary', mt: 0.75 }}
        >
          {noteText}
        </Typography>
      ) : null}
    </Box>
  );
}

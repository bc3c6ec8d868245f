// The analyze page's charts (recharts: only this route's chunk loads it). Each chart sits in a
// <figure> with a visually hidden table of the same figures for screen readers.
import { measureLabel } from '@gre/contract/enums';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { visuallyHidden } from '../../components/visually-hidden.ts';
import { type DailyDatum, scoreText, type TrendDatum, type TrendMeasure, trendHas } from './analyze-logic.ts';

const axisTick = { fontSize: 12 };
// Tooltip lines in the body text colour: the series colours on white are below 4.5:1 (WCAG AA).
const tooltipItem = { color: '#1f2d2c' };

const trendViews: { value: TrendMeasure; label: string }[] = [
  { value: 'vq', label: `${measureLabel.verbal} / ${measureLabel.quant}` },
  { value: 'total', label: measureLabel.total },
  { value: 'issue', label: measureLabel.issue },
];

/** Score trend: Verbal and Quant (130–170), the total (260–340) or the essay (0–6), one point per mock. */
export function ScoreTrendChart(props: { data: TrendDatum[] }) {
  const theme = useTheme();
  const has = trendHas(props.data);
  const [chosen, setChosen] = useState<TrendMeasure>('vq');
  const view = has[chosen] ? chosen : (trendViews.find((v) => has[v.value])?.value ?? 'vq');
  const lines =
    view === 'vq'
      ? [
          { key: 'verbal', name: measureLabel.verbal, color: theme.palette.primary.main },
          { key: 'quant', name: measureLabel.quant, color: theme.palette.secondary.main },
        ]
      : view === 'total'
        ? [{ key: 'total', name: measureLabel.total, color: theme.palette.primary.dark }]
        : [{ key: 'issue', name: measureLabel.issue, color: '#6b46c1' }];
  const domain: [number, number] = view === 'vq' ? [130, 170] : view === 'total' ? [260, 340] : [0, 6];
  return (
    <Box component="figure" aria-label="成绩走势图" sx={{ m: 0 }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={view}
        onChange={(_, v: TrendMeasure | null) => v && setChosen(v)}
        aria-label="走势图显示的成绩"
        sx={{ mb: 1.5 }}
      >
        {trendViews.map((v) => (
          <ToggleButton key={v.value} value={v.value} disabled={!has[v.value]} sx={{ px: 1.5, py: 0.25 }}>
            {v.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <LineChart
        responsive
        data={props.data}
        style={{ width: '100%', height: 240 }}
        margin={{ top: 8, right: 12, bottom: 0, left: 0 }}
      >
        <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
        <XAxis
          dataKey="index"
          tickFormatter={(i: number) => props.data[i]?.label ?? ''}
          tick={axisTick}
          minTickGap={16}
        />
        <YAxis domain={domain} tick={axisTick} width={view === 'issue' ? 28 : 36} allowDecimals={view === 'issue'} />
        <Tooltip
          itemStyle={tooltipItem}
          labelFormatter={(i) => {
            const d = props.data[Number(i)];
            return d ? `${d.name} · ${d.date}` : '';
          }}
        />
        <Legend verticalAlign="bottom" height={28} iconType="plainline" />
        {lines.map((l) => (
          <Line
            key={l.key}
            type="monotone"
            dataKey={l.key}
            name={l.name}
            stroke={l.color}
            strokeWidth={2}
            dot={{ r: 3 }}
            connectNulls
            isAnimationActive={false}
          />
        ))}
      </LineChart>
      <Box component="table" sx={visuallyHidden}>
        <caption>每次模考的成绩</caption>
        <thead>
          <tr>
            <th scope="col">模考</th>
            <th scope="col">日期</th>
            <th scope="col">语文</th>
            <th scope="col">数学</th>
            <th scope="col">总分</th>
            <th scope="col">写作</th>
          </tr>
        </thead>
        <tbody>
          {props.data.map((d) => (
            <tr key={d.index}>
              <td>{d.name}</td>
              <td>{d.date}</td>
              <td>{scoreText(d.verbal)}</td>
              <td>{scoreText(d.quant)}</td>
              <td>{scoreText(d.total)}</td>
              <td>{scoreText(d.issue)}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}

/** Daily activity: questions answered per day (bars) and the accuracy of sets finished that day (line). */
export function DailyChart(props: { data: DailyDatum[] }) {
  const theme = useTheme();
  return (
    <Box component="figure" aria-label="每日做题与正确率" sx={{ m: 0 }}>
      <ComposedChart
        responsive
        data={props.data}
        style={{ width: '100%', height: 220 }}
        margin={{ top: 8, right: 0, bottom: 0, left: 0 }}
      >
        <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} vertical={false} />
        <XAxis dataKey="label" tick={axisTick} interval="preserveStartEnd" minTickGap={20} />
        <YAxis yAxisId="count" tick={axisTick} width={32} allowDecimals={false} />
        <YAxis
          yAxisId="pct"
          orientation="right"
          domain={[0, 100]}
          tick={axisTick}
          width={36}
          tickFormatter={(v: number) => `${v}%`}
        />
        <Tooltip
          itemStyle={tooltipItem}
          labelFormatter={(label, payload) => String(payload?.[0]?.payload?.date ?? label)}
          formatter={(value, name) => (name === '正确率' ? [`${value}%`, name] : [value, name])}
        />
        <Legend verticalAlign="bottom" height={28} />
        <Bar
          yAxisId="count"
          dataKey="questions"
          name="做题"
          stackId="done"
          fill={theme.palette.primary.light}
          isAnimationActive={false}
        />
        <Bar
          yAxisId="count"
          dataKey="words"
          name="单词"
          stackId="done"
          fill={theme.palette.secondary.light}
          radius={[3, 3, 0, 0]}
          isAnimationActive={false}
        />
        <Line
          yAxisId="pct"
          type="monotone"
          dataKey="accuracy"
          name="正确率"
          stroke={theme.palette.primary.dark}
          strokeWidth={2}
          dot={{ r: 2 }}
          connectNulls
          isAnimationActive={false}
        />
      </ComposedChart>
      <Typography component="figcaption" variant="caption" color="text.secondary">
        柱：每天做的题和单词；线：当天完成的练习与模考的正确率。
      </Typography>
      <Box component="table" sx={visuallyHidden}>
        <caption>每日学习</caption>
        <thead>
          <tr>
            <th scope="col">日期</th>
            <th scope="col">做题</th>
            <th scope="col">单词</th>
            <th scope="col">分钟</th>
            <th scope="col">正确率</th>
          </tr>
        </thead>
        <tbody>
          {props.data
            .filter((d) => d.questions + d.words + d.minutes > 0 || d.accuracy !== null)
            .map((d) => (
              <tr key={d.date}>
                <td>{d.date}</td>
                <td>{d.questions}</td>
                <td>{d.words}</td>
                <td>{d.minutes}</td>
                <td>{d.accuracy === null ? '—' : `${d.accuracy}%`}</td>
              </tr>
            ))}
        </tbody>
      </Box>
    </Box>
  );
}

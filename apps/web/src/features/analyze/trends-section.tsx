// 错因趋势 (review/get_trends): reasons ticked per week by reason kind (a stacked bar chart), wrong
// answers and the top reasons per question kind (a table), and the mastery distribution.
import { questionKindLabel } from '@gre/contract/question';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { bookHref } from '../../app/paths.ts';
import { visuallyHidden } from '../../components/visually-hidden.ts';
import { masteryLabels, reasonNames } from '../review/craft-logic.ts';
import { reasonLibQuery, trendsQuery } from '../review/queries.ts';
import { reasonWeekData, topReasons } from './analyze-logic.ts';
import { EmptyState, LoadFailed, Panel, Tile } from './analyze-parts.tsx';

const axisTick = { fontSize: 12 };
const tooltipItem = { color: '#1f2d2c' };

export function TrendsSection() {
  const theme = useTheme();
  const q = useQuery(trendsQuery);
  const lib = useQuery(reasonLibQuery);
  const names = reasonNames(lib.data);
  const name = (id: string) => names.get(id) ?? id;
  const palette = [
    theme.palette.primary.main,
    theme.palette.secondary.main,
    '#6b46c1',
    theme.palette.error.main,
    theme.palette.primary.light,
    theme.palette.secondary.dark,
    '#2f6f9f',
  ];
  const data = q.data;
  const rows = data ? reasonWeekData(data.weeks, data.by_week) : [];
  const totalReasons = data ? data.by_week.reduce((n, k) => n + k.counts.reduce((a, b) => a + b, 0), 0) : 0;
  const totalWrongs = data ? data.by_kind.reduce((n, k) => n + k.wrongs, 0) : 0;
  const masteryTotal = data ? data.mastery.reduce((a, b) => a + b, 0) : 0;
  return (
    <Panel
      title="错因趋势"
      hint={data ? `最近 ${data.weeks.length} 周 · 标记错因 ${totalReasons} 次 · 错题 ${totalWrongs} 次` : undefined}
    >
      {q.isError && !data ? (
        <LoadFailed what="错因趋势" retry={() => void q.refetch()} />
      ) : !data ? (
        <Skeleton variant="rounded" height={240} />
      ) : totalReasons === 0 && totalWrongs === 0 && masteryTotal === 0 ? (
        <EmptyState text="做错的题记下错因后，这里会显示你常犯的错误。" action="去错题本" href={bookHref('wrongs')} />
      ) : (
        <Box sx={{ display: 'grid', gap: 3 }}>
          <Box component="figure" aria-label="每周错因" sx={{ m: 0 }}>
            <Typography component="figcaption" variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
              每周错因（按错因类别）
            </Typography>
            <BarChart
              responsive
              data={rows}
              style={{ width: '100%', height: 240 }}
              margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
            >
              <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} vertical={false} />
              <XAxis dataKey="label" tick={axisTick} minTickGap={12} />
              <YAxis tick={axisTick} width={32} allowDecimals={false} />
              <Tooltip itemStyle={tooltipItem} labelFormatter={(l) => `${l} 这周`} />
              <Legend verticalAlign="bottom" height={28} />
              {data.by_week.map((k, i) => (
                <Bar
                  key={k.kind}
                  dataKey={k.kind}
                  name={k.kind_desp}
                  stackId="reasons"
                  fill={palette[i % palette.length]}
                  isAnimationActive={false}
                />
              ))}
            </BarChart>
            <Box component="table" sx={visuallyHidden}>
              <caption>每周错因次数</caption>
              <thead>
                <tr>
                  <th scope="col">周（周一）</th>
                  {data.by_week.map((k) => (
                    <th key={k.kind} scope="col">
                      {k.kind_desp}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.week}>
                    <td>{r.week}</td>
                    {data.by_week.map((k) => (
                      <td key={k.kind}>{r[k.kind]}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </Box>
          </Box>
          <Box>
            <Typography id="trend-kinds-title" variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
              各题型的错题与常见错因
            </Typography>
            <Box
              role="region"
              aria-labelledby="trend-kinds-title"
              tabIndex={0}
              sx={{ overflowX: 'auto', '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' } }}
            >
              <Table size="small" sx={{ minWidth: 420 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>题型</TableCell>
                    <TableCell align="right">错题次数</TableCell>
                    <TableCell>常见错因</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.by_kind.length === 0 ? (
                    <TableRow>
                      <TableCell colSpan={3} sx={{ color: 'text.secondary', textAlign: 'center' }}>
                        暂无数据
                      </TableCell>
                    </TableRow>
                  ) : (
                    data.by_kind.map((k) => (
                      <TableRow key={k.kind}>
                        <TableCell>{questionKindLabel[k.kind]}</TableCell>
                        <TableCell align="right">{k.wrongs}</TableCell>
                        <TableCell>{topReasons(k.reasons, name)}</TableCell>
                      </TableRow>
                    ))
                  )}
                </TableBody>
              </Table>
            </Box>
          </Box>
          <Box>
            <Typography variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
              掌握程度分布
            </Typography>
            <Box
              role="list"
              aria-label="掌握程度分布"
              sx={{
                display: 'grid',
                gap: 1,
                gridTemplateColumns: { xs: 'repeat(3, minmax(0, 1fr))', md: 'repeat(6, minmax(0, 1fr))' },
              }}
            >
              {masteryLabels.map((label, level) => (
                <Box role="listitem" key={label}>
                  <Tile label={level ? `${level} 星 · ${label}` : label} value={`${data.mastery[level] ?? 0} 题`} />
                </Box>
              ))}
            </Box>
          </Box>
        </Box>
      )}
    </Panel>
  );
}

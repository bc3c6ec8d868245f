// Accuracy and time over the chosen range: by category, kind, difficulty or knowledge point, and
// the slowest and most-missed kinds. Compact bar tables rather than charts: they read on a phone.
import type { AccuracyRow } from '@gre/contract/endpoints/summary';
import type { StatsRange } from '@gre/contract/enums';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { paths } from '../../app/paths.ts';
import { visuallyHidden } from '../../components/visually-hidden.ts';
import { emptyRangeText, formatSeconds, paceVerdict, percent } from './analyze-logic.ts';
import { EmptyState, LoadFailed, Panel, Tile, tileGrid } from './analyze-parts.tsx';
import { exerciseQuery } from './queries.ts';

const dimensions = [
  { value: 'by_category', label: '类别' },
  { value: 'by_kind', label: '题型' },
  { value: 'by_difficulty', label: '难度' },
  { value: 'by_tag', label: '知识点' },
] as const;
type Dimension = (typeof dimensions)[number]['value'];

const accuracyColor = (a: number | null) =>
  a === null ? 'inherit' : a >= 0.7 ? 'success' : a >= 0.4 ? 'primary' : 'warning';

function AccuracyTable(props: { rows: AccuracyRow[]; caption: string }) {
  if (props.rows.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
        暂无数据
      </Typography>
    );
  }
  return (
    <Table size="small" sx={{ tableLayout: 'fixed', '& td, & th': { px: { xs: 0.75, sm: 1.5 } } }}>
      <Box component="caption" sx={visuallyHidden}>
        {props.caption}
      </Box>
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: '30%' }}>名称</TableCell>
          <TableCell sx={{ width: '34%' }}>正确率</TableCell>
          <TableCell align="right" sx={{ width: '16%' }}>
            对/答
          </TableCell>
          <TableCell align="right" sx={{ width: '20%' }}>
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              平均
            </Box>
            用时
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {props.rows.map((r) => (
          <TableRow key={r.key}>
            <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere', fontWeight: 500 }}>
              {r.label}
            </TableCell>
            <TableCell>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <LinearProgress
                  variant="determinate"
                  value={r.accuracy === null ? 0 : r.accuracy * 100}
                  color={accuracyColor(r.accuracy)}
                  aria-hidden
                  sx={{ flex: 1, height: 6, display: { xs: 'none', sm: 'block' } }}
                />
                <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', minWidth: '2.6em' }}>
                  {percent(r.accuracy)}
                </Typography>
              </Stack>
              <LinearProgress
                variant="determinate"
                value={r.accuracy === null ? 0 : r.accuracy * 100}
                color={accuracyColor(r.accuracy)}
                aria-hidden
                sx={{ mt: 0.5, height: 4, display: { xs: 'block', sm: 'none' } }}
              />
            </TableCell>
            <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {r.correct}/{r.answered}
            </TableCell>
            <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {r.avg_seconds === null ? '—' : `${Math.round(r.avg_seconds)} 秒`}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function KindList(props: {
  title: string;
  empty: string;
  items: { kind: string; label: string; main: string; detail: string; warn: boolean }[];
}) {
  return (
    <Box
      component="section"
      aria-label={props.title}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: { xs: 1.5, sm: 2 } }}
    >
      <Typography variant="h5" component="h3" sx={{ mb: 0.5 }}>
        {props.title}
      </Typography>
      {props.items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {props.empty}
        </Typography>
      ) : (
        <List dense disablePadding>
          {props.items.map((it, i) => (
            <ListItem key={it.kind} disableGutters sx={{ display: 'block', py: 0.75 }}>
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
                <Typography sx={{ fontWeight: 600 }}>
                  {i + 1}. {it.label}
                </Typography>
                <Typography
                  variant="body2"
                  sx={{ fontWeight: 700, color: it.warn ? 'warning.main' : 'text.secondary', flexShrink: 0 }}
                >
                  {it.main}
                </Typography>
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {it.detail}
              </Typography>
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}

export function AccuracySection(props: { range: StatsRange }) {
  const q = useQuery(exerciseQuery(props.range));
  const [dimension, setDimension] = useState<Dimension>('by_kind');
  const d = q.data;
  const none = d !== undefined && d.sets.available === 0 && props.range === 'all';
  const compared = (d?.by_kind ?? []).some((k) => k.answered >= 3);
  const notYet = '每个题型答满 3 道后开始比较。';
  return (
    <Panel
      title="正确率与用时"
      hint={d && !none ? `基于 ${d.sets.used} 次完成的练习与模考（共 ${d.sets.available} 次）` : undefined}
    >
      {q.isError && !d ? (
        <LoadFailed what="正确率" retry={() => void q.refetch()} />
      ) : !d ? (
        <Skeleton variant="rounded" height={240} />
      ) : none ? (
        <EmptyState
          text="还没有完成的练习，做完一组题后这里会显示各题型的正确率和用时。"
          action="去练习"
          href={paths.exerciseList}
        />
      ) : (
        <Stack spacing={2}>
          {d.note ? <Alert severity="info">{d.note}</Alert> : null}
          {d.overall.total === 0 && !d.note ? (
            <Typography color="text.secondary" sx={{ py: 1, textAlign: 'center' }}>
              {emptyRangeText(props.range, '练习')}
            </Typography>
          ) : null}
          {d.sets.used > 0 ? (
            <>
              <Box sx={tileGrid} role="group" aria-label="语文与数学">
                <Tile label="正确率" value={percent(d.overall.accuracy)} hint="语文与数学" />
                <Tile
                  label="已交卷"
                  value={`${d.overall.answered} 题`}
                  hint={`交卷后计入正确率 · 共 ${d.overall.total} 题`}
                />
                <Tile label="答对" value={`${d.overall.correct} 题`} />
                <Tile label="平均用时" value={formatSeconds(d.overall.avg_seconds)} hint="每道已交卷的题" />
              </Box>
              <Box>
                <Tabs
                  value={dimension}
                  onChange={(_, v: Dimension) => setDimension(v)}
                  aria-label="按什么统计"
                  variant="fullWidth"
                  sx={{
                    borderBottom: 1,
                    borderColor: 'divider',
                    minHeight: 40,
                    '& .MuiTab-root': { minHeight: 40, minWidth: 0, px: 1 },
                  }}
                >
                  {dimensions.map((x) => (
                    <Tab key={x.value} value={x.value} label={x.label} />
                  ))}
                </Tabs>
                <AccuracyTable
                  rows={d[dimension]}
                  caption={`按${dimensions.find((x) => x.value === dimension)?.label}的正确率与用时`}
                />
              </Box>
              <Box
                sx={{
                  display: 'grid',
                  gap: 2,
                  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
                }}
              >
                <KindList
                  title="最慢的题型"
                  empty={compared ? '答满 3 道的题型都在考试节奏之内，继续保持！' : notYet}
                  items={d.slowest.map((s) => {
                    const v = paceVerdict(s.avg_seconds, s.pace_seconds);
                    return {
                      kind: s.kind,
                      label: s.label,
                      main: v.text,
                      warn: v.slow,
                      detail: `平均 ${formatSeconds(s.avg_seconds)} · 建议 ${formatSeconds(s.pace_seconds)} · 已交卷 ${s.answered} 题`,
                    };
                  })}
                />
                <KindList
                  title="错得最多的题型"
                  empty={compared ? '答满 3 道的题型都没有错题，继续保持！' : notYet}
                  items={d.most_missed.map((m) => ({
                    kind: m.kind,
                    label: m.label,
                    main: `正确率 ${percent(m.accuracy)}`,
                    warn: m.accuracy < 0.6,
                    detail: `答错 ${m.wrong} 题 / 已交卷 ${m.answered} 题`,
                  }))}
                />
              </Box>
            </>
          ) : null}
        </Stack>
      )}
    </Panel>
  );
}

// The analyze page: an overview, the range selector, mock scores, accuracy and time, daily activity.
import type { StatsRange } from '@gre/contract/enums';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { summaryQuery } from '../../lib/summary-query.ts';
import { AccuracySection } from './accuracy-section.tsx';
import { DailyChart } from './analyze-charts.tsx';
import { dailyChartData, dailyDays, dailyTotals, formatMinutes, percent, rangeOf, ranges } from './analyze-logic.ts';
import { LoadFailed, Panel, Tile, tileGrid } from './analyze-parts.tsx';
import { dailyQuery } from './queries.ts';
import { ScoreSection } from './score-section.tsx';
import { TrendsSection } from './trends-section.tsx';

function Overview() {
  const q = useQuery(summaryQuery);
  if (q.isError && !q.data) return <LoadFailed what="概览" retry={() => void q.refetch()} />;
  if (!q.data) return <Skeleton variant="rounded" height={96} />;
  const t = q.data.totals;
  return (
    <Box sx={tileGrid} role="group" aria-label="累计概览">
      <Tile label="累计做题" value={`${t.questions} 题`} hint={t.words ? `另有单词 ${t.words} 个` : undefined} />
      <Tile
        label="正确率"
        value={percent(t.accuracy)}
        hint={t.graded ? `基于 ${t.graded} 道已交卷的题` : '完成练习后统计'}
      />
      <Tile label="学习时长" value={formatMinutes(t.minutes)} hint={t.days ? `学习了 ${t.days} 天` : undefined} />
      <Tile label="模考" value={`${q.data.mock_count} 次`} />
    </Box>
  );
}

function RangeSelector(props: { value: StatsRange; onChange: (r: StatsRange) => void }) {
  return (
    <Box role="radiogroup" aria-label="统计范围" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {ranges.map((r) => {
        const selected = r.value === props.value;
        return (
          <Chip
            key={r.value}
            role="radio"
            aria-checked={selected}
            label={r.label}
            clickable
            color={selected ? 'primary' : 'default'}
            variant={selected ? 'filled' : 'outlined'}
            onClick={() => props.onChange(r.value)}
            sx={{ fontWeight: selected ? 700 : 500 }}
          />
        );
      })}
    </Box>
  );
}

function DailySection() {
  const q = useQuery(dailyQuery(dailyDays));
  const data = q.data ? dailyChartData(q.data.days) : [];
  const totals = dailyTotals(data);
  return (
    <Panel
      title={`每日学习（最近 ${dailyDays} 天）`}
      hint={
        q.data && totals.activeDays > 0
          ? `学习 ${totals.activeDays} 天 · 做题 ${totals.questions} 道 · 单词 ${totals.words} 个 · ${formatMinutes(totals.minutes)}`
          : undefined
      }
    >
      {q.isError && !q.data ? (
        <LoadFailed what="每日学习" retry={() => void q.refetch()} />
      ) : !q.data ? (
        <Skeleton variant="rounded" height={220} />
      ) : totals.activeDays === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
          最近 {dailyDays} 天还没有学习记录。
        </Typography>
      ) : (
        <DailyChart data={data} />
      )}
    </Panel>
  );
}

export function AnalyzePage() {
  const [params, setParams] = useSearchParams();
  const range = rangeOf(params);
  return (
    <Stack spacing={{ xs: 2, sm: 3 }}>
      <Box>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.85rem' } }}>
          学习分析
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          模考成绩走势、各题型的正确率与用时、每天的学习情况和错因趋势。
        </Typography>
      </Box>
      <Overview />
      <Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          统计范围（用于模考成绩与正确率）
        </Typography>
        <RangeSelector
          value={range}
          onChange={(r) => setParams(r === 'all' ? {} : { range: r }, { replace: true, preventScrollReset: true })}
        />
      </Box>
      <ScoreSection range={range} />
      <AccuracySection range={range} />
      <DailySection />
      <TrendsSection />
    </Stack>
  );
}

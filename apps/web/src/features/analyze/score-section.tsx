// Mock scores over the chosen range: the averages (with the mocks they rest on) and the trend.
import type { StatsRange } from '@gre/contract/enums';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { paths } from '../../app/paths.ts';
import { summaryQuery } from '../../lib/summary-query.ts';
import { ScoreTrendChart } from './analyze-charts.tsx';
import { emptyRangeText, scoreText, trendChartData } from './analyze-logic.ts';
import { EmptyState, LoadFailed, Panel, Tile, tileGrid } from './analyze-parts.tsx';
import { avgScoreQuery, totalScoreQuery } from './queries.ts';

const measures = [
  { key: 'verbal', label: '语文平均' },
  { key: 'quant', label: '数学平均' },
  { key: 'total', label: '总分平均' },
  { key: 'issue', label: '写作平均' },
] as const;

export function ScoreSection(props: { range: StatsRange }) {
  const summary = useQuery(summaryQuery);
  const avg = useQuery(avgScoreQuery(props.range));
  const trend = useQuery(totalScoreQuery(props.range));
  const noMocks = summary.data?.mock_count === 0;
  const note = avg.data?.note ?? null;
  const data = trend.data ? trendChartData(trend.data.points) : [];
  // No score kept by the range: one sentence instead of four empty tiles and an empty chart.
  const nothing = avg.data !== undefined && measures.every((m) => avg.data[m.key].count === 0);
  return (
    <Panel title="模考成绩" hint="只统计完成的模考；语文、数学、总分、写作各自按统计范围取舍。">
      {noMocks ? (
        <EmptyState text="还没有模考记录，完成一次模考后这里会显示成绩走势。" action="去模考" href={paths.simulate} />
      ) : (
        <Stack spacing={2}>
          {note ? <Alert severity="info">{note}</Alert> : null}
          {avg.isError && !avg.data ? (
            <LoadFailed what="平均分" retry={() => void avg.refetch()} />
          ) : !avg.data ? (
            <Skeleton variant="rounded" height={96} />
          ) : nothing ? (
            note ? null : (
              <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
                {props.range === 'all' ? '完成的模考还没有可显示的成绩。' : emptyRangeText(props.range, '模考')}
              </Typography>
            )
          ) : (
            <>
              <Box sx={tileGrid} role="group" aria-label="平均分">
                {measures.map((m) => {
                  const v = avg.data[m.key];
                  return (
                    <Tile
                      key={m.key}
                      label={m.label}
                      value={scoreText(v.average)}
                      hint={v.count ? `基于 ${v.count} 次模考` : '本范围没有成绩'}
                    />
                  );
                })}
              </Box>
              {trend.isError && !trend.data ? (
                <LoadFailed what="成绩走势" retry={() => void trend.refetch()} />
              ) : !trend.data ? (
                <Skeleton variant="rounded" height={240} />
              ) : (
                <ScoreTrendChart data={data} />
              )}
            </>
          )}
        </Stack>
      )}
    </Panel>
  );
}

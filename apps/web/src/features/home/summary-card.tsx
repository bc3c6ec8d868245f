import type { ResponseOf } from '@gre/contract/endpoint';
import type { getSummary } from '@gre/contract/endpoints/summary';
import { measureLabel } from '@gre/contract/enums';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { formatChineseDate } from '../../lib/china-time.ts';
import { accuracyText, hoursText } from './home-logic.ts';

type Summary = ResponseOf<typeof getSummary>;

function Figure(props: { value: string; label: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography
        sx={{
          fontSize: { xs: '1.15rem', sm: '1.35rem' },
          fontWeight: 700,
          lineHeight: 1.3,
          color: 'primary.dark',
          whiteSpace: 'nowrap',
        }}
      >
        {props.value}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {props.label}
      </Typography>
    </Box>
  );
}

function LastMock(props: { mock: NonNullable<Summary['last_mock']> }) {
  const m = props.mock;
  const scores = [
    { label: measureLabel.verbal, value: m.verbal },
    { label: measureLabel.quant, value: m.quant },
    { label: measureLabel.total, value: m.total },
    { label: measureLabel.issue, value: m.issue },
  ];
  return (
    <Box component="section" aria-label="最近一次模考">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'baseline' }, columnGap: 1 }}
      >
        <Typography sx={{ fontWeight: 600, flexShrink: 0 }}>最近一次模考</Typography>
        <Typography variant="body2" color="text.secondary" noWrap sx={{ minWidth: 0, maxWidth: '100%' }}>
          {m.name} · {formatChineseDate(m.date)}
        </Typography>
      </Stack>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: 1, mt: 1 }}>
        {scores.map((s) => (
          <Box key={s.label} sx={{ textAlign: 'center', py: 1, borderRadius: 2, bgcolor: 'rgba(15, 110, 106, 0.05)' }}>
            <Typography sx={{ fontWeight: 700, fontSize: '1.15rem' }}>{s.value ?? '—'}</Typography>
            <Typography variant="caption" color="text.secondary">
              {s.label}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** 学习概览: all-time questions, accuracy, words and time, and the last mock's scores. */
export function SummaryCard(props: { query: UseQueryResult<Summary> }) {
  const { data, isError, refetch } = props.query;
  return (
    <Card component="section" aria-label="学习概览">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <InsightsOutlined color="primary" />
            <Typography variant="h4" component="h2">
              学习概览
            </Typography>
          </Stack>
          <Button component={Link} to={paths.analyze} size="small">
            查看学习分析
          </Button>
        </Stack>
        {isError && !data ? (
          <Alert
            severity="warning"
            action={
              <Button color="inherit" size="small" onClick={() => void refetch()}>
                重试
              </Button>
            }
          >
            学习概览加载失败
          </Alert>
        ) : !data ? (
          <Skeleton variant="rounded" height={150} />
        ) : (
          <Stack spacing={2}>
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: 1 }}>
              <Figure value={String(data.totals.questions)} label="累计做题" />
              <Figure value={accuracyText(data.totals.accuracy)} label="正确率" />
              <Figure value={String(data.totals.words)} label="单词" />
              <Figure value={hoursText(data.totals.minutes)} label="学习时长" />
            </Box>
            <Divider />
            {data.last_mock ? (
              <LastMock mock={data.last_mock} />
            ) : (
              <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
                <Typography variant="body2" color="text.secondary">
                  还没有模考记录
                </Typography>
                <Button component={Link} to={paths.simulate} size="small" variant="outlined">
                  去模考
                </Button>
              </Stack>
            )}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

// Home: 今日待复习 N 题. Its one button makes today's due questions a practice set (今日复习) and
// opens it; with nothing due it says what is scheduled, or how the schedule fills.
import { createRedo } from '@gre/contract/endpoints/craft';
import EventRepeatRounded from '@mui/icons-material/EventRepeatRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { bookHref, examHref, paths } from '../../app/paths.ts';
import { api } from '../../lib/api-client.ts';
import { craftChanged, craftSummaryQuery, dueQuery } from './queries.ts';

export function DueCard() {
  const due = useQuery(dueQuery);
  const summary = useQuery(craftSummaryQuery);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const count = due.data?.count ?? 0;

  const start = async () => {
    if (!due.data?.ids.length) return;
    setBusy(true);
    try {
      const r = await api(createRedo, { ids: due.data.ids, name: '今日复习' });
      craftChanged([]);
      void navigate(examHref(r.exam_id));
    } catch {
      // Told by the error catalogue.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card component="section" aria-labelledby="due-card-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
          <EventRepeatRounded color="primary" aria-hidden />
          <Typography id="due-card-title" variant="h4" component="h2">
            今日待复习 {due.data ? `${count} 题` : ''}
          </Typography>
        </Stack>
        {due.isError && !due.data ? (
          <Alert
            severity="warning"
            action={
              <Button color="inherit" size="small" onClick={() => void due.refetch()}>
                重试
              </Button>
            }
          >
            复习计划加载失败
          </Alert>
        ) : !due.data ? (
          <Skeleton variant="rounded" height={72} />
        ) : count > 0 ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
            <Typography color="text.secondary" sx={{ flex: 1, minWidth: 200 }}>
              按记忆曲线，这些题今天该复习了
              {count > due.data.ids.length ? `（先做最早到期的 ${due.data.ids.length} 题）` : ''}。
            </Typography>
            <Button variant="contained" onClick={() => void start()} disabled={busy}>
              开始复习
            </Button>
          </Box>
        ) : (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
            <Typography color="text.secondary" sx={{ flex: 1, minWidth: 200 }}>
              {summary.data && summary.data.scheduled > 0
                ? `今天没有到期的题。复习计划里共 ${summary.data.scheduled} 题，到期后会出现在这里。`
                : '还没有复习计划：做错的题会自动排入复习，也可以在题目下方点“加入复习”。'}
            </Typography>
            {summary.data && summary.data.scheduled > 0 ? (
              <Button component={Link} to={bookHref('wrongs')} variant="outlined">
                查看错题本
              </Button>
            ) : (
              <Button component={Link} to={paths.exerciseList} variant="outlined">
                去练习
              </Button>
            )}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

// Route module for /video: the lesson catalogue (ADR 0039), by topic, each lesson with what it teaches,
// its length, the question kinds that practise it, and the caller's progress; member lessons the
// caller's role may not watch are marked 会员 and open the membership dialog when chosen.
import { lessonTopicLabel, lessonTopics } from '@gre/contract/lesson';
import { questionKindLabel } from '@gre/contract/question';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import PlayCircleOutline from '@mui/icons-material/PlayCircleOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { openDialog } from '../../app/app-store.ts';
import { videoHref } from '../../app/paths.ts';
import { requireUser } from '../../app/route-guards.ts';
import { queryClient } from '../../lib/query-client.ts';
import { formatDuration } from './lesson-format.ts';
import { lessonsQuery } from './queries.ts';

export async function loader({ request }: { request: Request }): Promise<null> {
  await requireUser(request);
  await queryClient.prefetchQuery(lessonsQuery);
  return null;
}

export function Component() {
  const q = useQuery(lessonsQuery);
  return (
    <Stack spacing={2}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.4rem', sm: '1.7rem' } }}>
        课程
      </Typography>
      <Typography variant="body2" color="text.secondary">
        每节课几分钟，讲一个解题方法；看完可直接去做对应题型的练习。看到哪里会自动记住。
      </Typography>
      {q.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label="加载中" />
        </Box>
      ) : q.isError ? (
        <Alert severity="error">课程目录加载失败，请稍后刷新。</Alert>
      ) : q.data.lessons.length === 0 ? (
        <Alert severity="info">还没有课程。</Alert>
      ) : (
        lessonTopics.map((topic) => {
          const list = q.data.lessons.filter((l) => l.topic === topic);
          if (list.length === 0) return null;
          return (
            <Box component="section" key={topic} aria-labelledby={`topic-${topic}`}>
              <Typography id={`topic-${topic}`} variant="h2" sx={{ fontSize: '1.1rem', mb: 1.25 }}>
                {lessonTopicLabel[topic]}
              </Typography>
              <Box
                sx={{
                  display: 'grid',
                  gap: 1.5,
                  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
                }}
              >
                {list.map((l) => {
                  const inner = (
                    <CardContent>
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', mb: 0.75 }}>
                        {l.locked ? (
                          <LockOutlined color="action" aria-hidden sx={{ mt: 0.25 }} />
                        ) : l.watched ? (
                          <CheckCircleOutline color="success" aria-hidden sx={{ mt: 0.25 }} />
                        ) : (
                          <PlayCircleOutline color="primary" aria-hidden sx={{ mt: 0.25 }} />
                        )}
                        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, lineHeight: 1.4 }}>
                          {l.title}
                        </Typography>
                      </Stack>
                      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                        {l.summary}
                      </Typography>
                      <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
                        <Chip size="small" label={formatDuration(l.duration_s)} />
                        <Chip
                          size="small"
                          color={l.free ? 'success' : 'warning'}
                          variant="outlined"
                          label={l.free ? '免费' : '会员'}
                        />
                        {l.watched ? <Chip size="small" color="success" label="已看完" /> : null}
                        <Typography variant="caption" color="text.secondary">
                          练习：{l.kinds.map((k) => questionKindLabel[k]).join('、')}
                        </Typography>
                      </Stack>
                      {!l.watched && l.position_s > 0 ? (
                        <LinearProgress
                          variant="determinate"
                          value={Math.min(100, (l.position_s / l.duration_s) * 100)}
                          aria-label={`${l.title} 已看到 ${formatDuration(l.position_s)}`}
                          sx={{ mt: 1.25 }}
                        />
                      ) : null}
                    </CardContent>
                  );
                  return (
                    <Card key={l.id} variant="outlined">
                      {l.locked ? (
                        <CardActionArea
                          onClick={() => openDialog({ name: 'vip', message: '这是会员课程，开通 VIP 会员后即可观看' })}
                          aria-label={`${l.title}（会员课程，开通会员后观看）`}
                        >
                          {inner}
                        </CardActionArea>
                      ) : (
                        <CardActionArea component={RouterLink} to={videoHref(l.id)}>
                          {inner}
                        </CardActionArea>
                      )}
                    </Card>
                  );
                })}
              </Box>
            </Box>
          );
        })
      )}
    </Stack>
  );
}

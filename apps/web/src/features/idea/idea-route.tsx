// Route module for /idea: the Issue prompts with their Chinese writing guides; one opens to write an
// essay against the 30-minute clock and have it graded.
import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link, type LoaderFunctionArgs } from 'react-router';
import { ideaHref } from '../../app/paths.ts';
import { requireUser } from '../../app/route-guards.ts';
import { queryClient } from '../../lib/query-client.ts';
import { issuePromptsQuery } from './queries.ts';

export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  await requireUser(request);
  await queryClient.prefetchQuery(issuePromptsQuery());
  return null;
}

export function Component() {
  const q = useQuery(issuePromptsQuery());
  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.4rem', sm: '1.7rem' } }}>
          Issue 作文立意
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          每道题附中文写作指导（立场、提纲、论证、例子）。打开题目，按 30 分钟限时写作并提交批改。
        </Typography>
      </Box>
      {q.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label="加载中" />
        </Box>
      ) : q.isError ? (
        <Alert severity="error">题目加载失败，请稍后刷新。</Alert>
      ) : (
        <Box
          component="ul"
          aria-label="作文题目"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          }}
        >
          {q.data.map(({ info, question }, i) => {
            const teaser = question?.analysis?.guide?.positions[0] ?? '';
            return (
              <Paper
                key={info.id}
                component="li"
                variant="outlined"
                sx={{ p: 0, display: 'flex', '&:hover': { borderColor: 'primary.main' } }}
              >
                <Box
                  component={Link}
                  to={ideaHref(info.id)}
                  sx={{ p: { xs: 1.5, sm: 2 }, color: 'inherit', textDecoration: 'none', width: '100%', minWidth: 0 }}
                >
                  <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 0.75 }}>
                    <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 700 }}>
                      第 {i + 1} 题
                    </Typography>
                    {info.tag_names.slice(0, 3).map((t) => (
                      <Chip key={t} size="small" variant="outlined" label={t} />
                    ))}
                    {info.accessable ? null : (
                      <Chip size="small" icon={<LockOutlined />} label="会员题目" color="warning" variant="outlined" />
                    )}
                  </Box>
                  <Typography lang="en" sx={{ lineHeight: 1.6, overflowWrap: 'anywhere' }}>
                    {question?.inquiry || info.brief}
                  </Typography>
                  {teaser ? (
                    <Typography
                      variant="body2"
                      color="text.secondary"
                      sx={{
                        mt: 1,
                        display: '-webkit-box',
                        WebkitLineClamp: 2,
                        WebkitBoxOrient: 'vertical',
                        overflow: 'hidden',
                      }}
                    >
                      立意参考：{teaser}
                    </Typography>
                  ) : null}
                </Box>
              </Paper>
            );
          })}
        </Box>
      )}
    </Stack>
  );
}

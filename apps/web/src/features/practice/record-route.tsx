// Route module for /record: every practice set and exam I started, newest first (`?page=`).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link, type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { requireUser } from '../../app/route-guards.ts';
import { queryClient } from '../../lib/query-client.ts';
import { recordsQuery } from './queries.ts';
import { RecordList } from './record-list.tsx';

const pageOf = (p: URLSearchParams) => Math.max(1, Math.min(10_000, Number.parseInt(p.get('page') ?? '1', 10) || 1));

export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  await requireUser(request);
  await queryClient.prefetchQuery(recordsQuery(pageOf(new URL(request.url).searchParams), false));
  return null;
}

export function Component() {
  const [params, setParams] = useSearchParams();
  const page = pageOf(params);
  const q = useQuery(recordsQuery(page, false));
  const pages = q.data ? Math.max(1, Math.ceil(q.data.page_control.total / q.data.page_control.page_size)) : 1;
  return (
    <Stack spacing={2}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.4rem', sm: '1.7rem' } }}>
        练习记录
      </Typography>
      {q.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label="加载中" />
        </Box>
      ) : q.isError ? (
        <Alert severity="error">记录加载失败，请稍后刷新。</Alert>
      ) : q.data.records.length === 0 ? (
        <Alert
          severity="info"
          action={
            <Button component={Link} to={paths.exerciseList} size="small">
              去练习
            </Button>
          }
        >
          还没有练习记录。
        </Alert>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary">
            共 {q.data.page_control.total} 条，未完成的可以继续。
          </Typography>
          <RecordList records={q.data.records} />
          {pages > 1 ? (
            <Pagination
              page={page}
              count={pages}
              onChange={(_, p) => setParams(p === 1 ? {} : { page: String(p) })}
              sx={{ alignSelf: 'center' }}
            />
          ) : null}
        </>
      )}
    </Stack>
  );
}

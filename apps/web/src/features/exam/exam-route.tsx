// Route module for /exam/:examId (outside the navigation layout): the loader reads the exam from
// the server (which commits a section whose time ran out), and the player resumes at its cursor.
import type { ResponseOf } from '@gre/contract/endpoint';
import { getExam } from '@gre/contract/endpoints/exam';
import { DisplayMode } from '@gre/contract/enums';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { useDisplayMode } from '../../app/app-store.ts';
import { paths } from '../../app/paths.ts';
import { requireUser } from '../../app/route-guards.ts';
import { ApiError, api } from '../../lib/api-client.ts';
import { ExamPlayer } from './exam-player.tsx';

type Loaded =
  | { status: 'ok'; view: ResponseOf<typeof getExam>; receivedAt: number }
  | { status: 'refused'; message: string };

export async function loader({ params, request }: LoaderFunctionArgs): Promise<Loaded> {
  await requireUser(request);
  try {
    const view = await api(getExam, { exam_id: params.examId ?? '' });
    return { status: 'ok', view, receivedAt: Date.now() };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { status: 'refused', message: error.message };
  }
}

export function Component() {
  const loaded = useLoaderData<typeof loader>();
  useDisplayMode(DisplayMode.Exam);
  if (loaded.status !== 'ok') {
    return (
      <Box sx={{ minHeight: '80dvh', display: 'grid', placeItems: 'center', p: 3 }}>
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
          <Typography variant="h2" component="h1" sx={{ fontSize: '1.3rem' }}>
            无法打开这场考试
          </Typography>
          <Typography color="text.secondary">{loaded.message}</Typography>
          <Button component={Link} to={paths.record} variant="contained">
            返回练习记录
          </Button>
        </Stack>
      </Box>
    );
  }
  return <ExamPlayer key={loaded.view.exam.id} initial={loaded.view} receivedAt={loaded.receivedAt} />;
}

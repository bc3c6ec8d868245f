// Route module for /archived_pick and /archived_pick/:templateId (spec archived_pick; ADR 0041): the
// retired 精选 sets I had opened, read-only, each with my attempts; a finished or closed attempt opens
// its report. Nothing here starts or continues an exam.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link, type LoaderFunctionArgs, useParams } from 'react-router';
import { archivedPickHref, paths } from '../../app/paths.ts';
import { requireUser } from '../../app/route-guards.ts';
import { queryClient } from '../../lib/query-client.ts';
import { RecordList } from '../practice/record-list.tsx';
import { ArchiveHeading, Failed, Loading, retiredOn } from './archive-parts.tsx';
import { archivedPickQuery, archivedPicksQuery } from './queries.ts';

export async function loader({ request, params }: LoaderFunctionArgs): Promise<null> {
  await requireUser(request);
  if (params.templateId) await queryClient.prefetchQuery(archivedPickQuery(params.templateId));
  else await queryClient.prefetchQuery(archivedPicksQuery);
  return null;
}

const note = '精选练习下架后，你在下架前打开过的练习册保存在这里，只能查看，不能再作答。每次作答的报告都可以打开。';

function PickList() {
  const q = useQuery(archivedPicksQuery);
  return (
    <Stack spacing={2.5}>
      <ArchiveHeading title="已下架的精选" back={{ to: paths.personal, label: '个人中心' }} note={note} />
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <Failed message={q.error.message} onRetry={() => void q.refetch()} />
      ) : q.data.sets.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography>存档里还没有练习册：只有你打开过、之后被下架的精选练习才会出现在这里。</Typography>
        </Paper>
      ) : (
        <Stack component="ul" spacing={1.25} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {q.data.sets.map((s) => (
            <Paper
              key={s.template_id}
              component="li"
              variant="outlined"
              sx={{ p: { xs: 1.5, sm: 2 }, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
            >
              <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
                <Typography component="h2" sx={{ fontWeight: 700, fontSize: '1.05rem', overflowWrap: 'anywhere' }}>
                  {s.title}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {s.question_count ? `${s.question_count} 题 · ` : ''}
                  {retiredOn(s.retired_at)} · 作答 {s.records.length} 次
                </Typography>
              </Box>
              <Button
                component={Link}
                to={archivedPickHref(s.template_id)}
                variant="outlined"
                aria-label={`查看 ${s.title}`}
                sx={{ minHeight: 44 }}
              >
                查看
              </Button>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function PickSet(props: { templateId: string }) {
  const q = useQuery(archivedPickQuery(props.templateId));
  return (
    <Stack spacing={2.5}>
      <ArchiveHeading
        title={q.data?.title ?? (q.isError ? '已下架的精选' : '加载中…')}
        back={{ to: paths.archivedPick, label: '已下架的精选' }}
        note={note}
      />
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <Failed message={q.error.message} onRetry={() => void q.refetch()} />
      ) : (
        <>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Chip label="只读存档" color="default" />
            <Chip label={retiredOn(q.data.retired_at)} variant="outlined" />
            {q.data.question_count ? <Chip label={`${q.data.question_count} 题`} variant="outlined" /> : null}
          </Stack>
          <Typography component="h2" sx={{ fontWeight: 700 }}>
            我的作答记录
          </Typography>
          {q.data.records.length ? (
            <RecordList records={q.data.records} readOnly />
          ) : (
            <Typography color="text.secondary">没有作答记录。</Typography>
          )}
        </>
      )}
    </Stack>
  );
}

export function Component() {
  const id = useParams().templateId;
  return id ? <PickSet templateId={id} /> : <PickList />;
}

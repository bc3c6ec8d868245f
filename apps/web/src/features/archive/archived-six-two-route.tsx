// Route module for /archived_six_two and /archived_six_two/:bookID (spec archived_six_two; ADR 0041): the
// retired six-two word books I had opened, read-only: my progress, and the words with their meanings and
// my marks, paged. No marking, merging or flash cards from here.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { Link, type LoaderFunctionArgs, useParams, useSearchParams } from 'react-router';
import { archivedSixTwoHref, paths } from '../../app/paths.ts';
import { requireUser } from '../../app/route-guards.ts';
import { pageItemLabel } from '../../components/page-item-label.ts';
import { queryClient } from '../../lib/query-client.ts';
import { WordCardHead, withheldWordLine } from '../word/word-card-head.tsx';
import { bookPercent } from '../word/word-logic.ts';
import { ArchiveHeading, Failed, Loading, retiredOn } from './archive-parts.tsx';
import { archivedBookQuery, archivedSixTwoQuery } from './queries.ts';

const pageSize = 50;
const pageOf = (params: URLSearchParams) => {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 1 ? page : 1;
};

export async function loader({ request, params }: LoaderFunctionArgs): Promise<null> {
  await requireUser(request);
  if (params.bookID)
    await queryClient.prefetchQuery(
      archivedBookQuery(params.bookID, pageOf(new URL(request.url).searchParams), pageSize),
    );
  else await queryClient.prefetchQuery(archivedSixTwoQuery);
  return null;
}

const note = '六选二词书下架后，你在下架前打开过的词书保存在这里，只能查看：单词、释义和你的标记。';

function Progress(props: { studied: number; total: number; simple: number }) {
  const percent = bookPercent(props);
  return (
    <Box>
      <Typography sx={{ fontWeight: 600 }}>
        已学 {props.studied} / {props.total} 词（{percent}%）{props.simple ? ` · 熟词 ${props.simple}` : ''}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={`词书进度 ${percent}%`}
        sx={{ mt: 1, height: 8, borderRadius: 4 }}
      />
    </Box>
  );
}

function BookList() {
  const q = useQuery(archivedSixTwoQuery);
  return (
    <Stack spacing={2.5}>
      <ArchiveHeading title="已下架的六选二词书" back={{ to: paths.personal, label: '个人中心' }} note={note} />
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <Failed message={q.error.message} onRetry={() => void q.refetch()} />
      ) : q.data.books.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography>存档里还没有词书：只有你打开过、之后被下架的六选二词书才会出现在这里。</Typography>
        </Paper>
      ) : (
        <Stack component="ul" spacing={1.25} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {q.data.books.map((b) => (
            <Paper
              key={b.id}
              component="li"
              variant="outlined"
              sx={{ p: { xs: 1.5, sm: 2 }, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
            >
              <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
                <Typography component="h2" sx={{ fontWeight: 700, fontSize: '1.05rem' }}>
                  {b.title}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  {retiredOn(b.retired_at)}
                </Typography>
                <Progress {...b} />
              </Box>
              <Button
                component={Link}
                to={archivedSixTwoHref(b.id)}
                variant="outlined"
                aria-label={`查看 ${b.title}`}
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

function BookWords(props: { bookId: string }) {
  const [params, setParams] = useSearchParams();
  const page = pageOf(params);
  const q = useQuery(archivedBookQuery(props.bookId, page, pageSize));
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const pages = Math.max(1, Math.ceil((q.data?.total ?? 0) / pageSize));
  return (
    <Stack spacing={2.5}>
      <ArchiveHeading
        title={q.data?.book.title ?? (q.isError ? '已下架的六选二词书' : '加载中…')}
        back={{ to: paths.archivedSixTwo, label: '已下架的六选二词书' }}
        note={note}
      />
      {q.isPending ? (
        <Loading />
      ) : q.isError && !q.data ? (
        <Failed message={q.error.message} onRetry={() => void q.refetch()} />
      ) : q.data ? (
        <>
          <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, borderRadius: 3 }}>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1.5 }}>
              <Chip label="只读存档" />
              <Chip label={retiredOn(q.data.retired_at)} variant="outlined" />
            </Stack>
            <Progress {...q.data.book} />
          </Paper>
          <Stack component="ol" spacing={1.25} sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {q.data.words.map((w) => {
              const line = w.withheld ? withheldWordLine : (w.translation.split('\n').find(Boolean) ?? '');
              return (
                <Paper component="li" variant="outlined" key={w.word} sx={{ p: { xs: 1.5, sm: 2 }, borderRadius: 2 }}>
                  <WordCardHead word={w.word} phonetic={w.phonetic} mark={w.mark} />
                  <Typography variant="body2" color={w.withheld ? 'text.secondary' : 'text.primary'} sx={{ mt: 0.5 }}>
                    {line}
                  </Typography>
                </Paper>
              );
            })}
          </Stack>
          {pages > 1 ? (
            <Box sx={{ display: 'flex', justifyContent: 'center' }}>
              <Pagination
                count={pages}
                page={Math.min(page, pages)}
                onChange={(_, next) => {
                  setParams(next > 1 ? { page: String(next) } : {});
                  window.scrollTo({ top: 0 });
                }}
                color="primary"
                siblingCount={phone ? 0 : 1}
                getItemAriaLabel={pageItemLabel}
              />
            </Box>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}

export function Component() {
  const id = useParams().bookID;
  return id ? <BookWords bookId={id} /> : <BookList />;
}

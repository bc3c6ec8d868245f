// /wordbook/:bookID: a word book's words (paged) with their meanings and my marks, the book's
// progress, and 全部并入生词本.
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import LibraryAddOutlined from '@mui/icons-material/LibraryAddOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { wordHref } from '../../app/paths.ts';
import { pageItemLabel } from '../../components/page-item-label.ts';
import { RetryAlert } from '../../components/retry-alert.tsx';
import { FlashStartButton } from '../flash/flash-start-button.tsx';
import { bookWordsQuery, useMergeBook } from './queries.ts';
import { WordActions } from './word-actions.tsx';
import { WordCardHead, withheldWordLine } from './word-card-head.tsx';
import { SpeakButton } from './word-detail.tsx';
import { bookPercent } from './word-logic.ts';

export const bookPageSize = 50;

export function pageOf(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

export function WordbookPage() {
  const bookId = useParams().bookID ?? '';
  const [params, setParams] = useSearchParams();
  const page = pageOf(params);
  const data = useQuery(bookWordsQuery(bookId, page, bookPageSize));
  const merge = useMergeBook();
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const book = data.data?.book;
  const pages = Math.max(1, Math.ceil((data.data?.total ?? 0) / bookPageSize));
  const percent = book ? bookPercent(book) : 0;

  return (
    <Stack spacing={{ xs: 2, sm: 2.5 }}>
      <Box>
        <Button
          component={RouterLink}
          to={wordHref({ tab: 'books' })}
          startIcon={<ArrowBackRounded />}
          sx={{ mx: -1, mb: 0.5 }}
        >
          全部词书
        </Button>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.4rem', sm: '1.75rem' }, overflowWrap: 'anywhere' }}>
          {book?.title ?? (data.isError ? '词书' : '加载中…')}
        </Typography>
        {book?.note ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {book.note}
          </Typography>
        ) : null}
      </Box>
      {book ? (
        <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, borderRadius: 3 }}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={{ xs: 1.5, sm: 3 }}
            sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}
          >
            <Box sx={{ flex: 1 }}>
              <Typography sx={{ fontWeight: 600 }} aria-live="polite">
                已学 {book.studied} / {book.total} 词（{percent}%）{book.simple ? ` · 熟词 ${book.simple}` : ''}
              </Typography>
              <LinearProgress
                variant="determinate"
                value={percent}
                aria-label={`词书进度 ${percent}%`}
                sx={{ mt: 1, height: 8, borderRadius: 4 }}
              />
              <Typography variant="caption" color="text.secondary">
                “已学”= 已加入生词本或标为熟词的单词
              </Typography>
            </Box>
            <FlashStartButton
              range={
                book.kind === 'mine' || book.kind === 'wrong'
                  ? { range_kind: book.kind }
                  : { range_kind: 'book', book_id: book.id }
              }
              variant={book.kind === 'mine' ? 'contained' : 'outlined'}
              disabled={book.total === 0}
              sx={{ minHeight: 44, flexShrink: 0 }}
            />
            {book.kind !== 'mine' ? (
              <Button
                variant="contained"
                startIcon={<LibraryAddOutlined />}
                disabled={merge.isPending || book.total === 0}
                onClick={() => merge.mutate(book.id)}
                sx={{ minHeight: 44, flexShrink: 0 }}
              >
                全部并入生词本
              </Button>
            ) : null}
          </Stack>
        </Paper>
      ) : null}
      {data.isError && !data.data ? (
        <RetryAlert onRetry={() => data.refetch()}>{data.error.message || '词书加载失败'}</RetryAlert>
      ) : data.data ? (
        data.data.words.length ? (
          <Stack
            component="ol"
            spacing={1.25}
            sx={{ m: 0, p: 0, listStyle: 'none', opacity: data.isPlaceholderData ? 0.6 : 1 }}
          >
            {data.data.words.map((w) => {
              const lines = w.translation.split('\n').filter(Boolean).slice(0, 2);
              return (
                <Paper component="li" variant="outlined" key={w.word} sx={{ p: { xs: 1.5, sm: 2 }, borderRadius: 2 }}>
                  <WordCardHead word={w.word} phonetic={w.phonetic} mark={w.mark} />
                  {w.withheld ? (
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                      {withheldWordLine}
                    </Typography>
                  ) : (
                    lines.map((line, i) => (
                      <Typography
                        key={line}
                        variant="body2"
                        sx={i === 0 ? { fontWeight: 600, mt: 0.5 } : { color: 'text.secondary' }}
                      >
                        {line}
                      </Typography>
                    ))
                  )}
                  <Stack
                    direction="row"
                    spacing={1}
                    useFlexGap
                    sx={{ mt: 1.25, flexWrap: 'wrap', alignItems: 'center' }}
                  >
                    <SpeakButton word={w.word} />
                    <WordActions word={w.word.toLowerCase()} mark={w.mark} />
                    <Link component={RouterLink} to={wordHref({ word: w.word.toLowerCase() })} sx={{ ml: 0.5 }}>
                      详情
                    </Link>
                  </Stack>
                </Paper>
              );
            })}
          </Stack>
        ) : (
          <Alert severity="info">
            {book?.kind === 'mine'
              ? '生词本还是空的：在词表中点“加入生词本”，或把一本词书全部并入。'
              : book?.kind === 'wrong'
                ? '错题本中还没有题目：做错的题目的关键词会出现在这里。'
                : '这本词书暂时没有单词。'}
          </Alert>
        )
      ) : (
        <Stack spacing={1.25}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={110} />
          ))}
        </Stack>
      )}
      {data.data && pages > 1 ? (
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
    </Stack>
  );
}

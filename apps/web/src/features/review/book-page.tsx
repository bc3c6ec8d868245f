// A review book: the tree and filters on one side, the list with its bulk actions on the other.
// Filters and the page live in the URL, so a question opened from here returns to the same place.
import { collectMany, createRedo } from '@gre/contract/endpoints/craft';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import ClearRounded from '@mui/icons-material/ClearRounded';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { bookHref, examHref, exportHref, paths } from '../../app/paths.ts';
import { RetryAlert } from '../../components/retry-alert.tsx';
import { api } from '../../lib/api-client.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { toast } from '../../lib/toast.ts';
import { FlashStartButton } from '../flash/flash-start-button.tsx';
import { BookFiltersBar, BookTree } from './book-filters.tsx';
import { BookList } from './book-list.tsx';
import { writeExportIds } from './export-logic.ts';
import { craftChanged, reasonLibQuery, reviewListQuery, reviewTreeQuery } from './queries.ts';
import {
  activeBookFilters,
  type Book,
  type BookFilters,
  batches,
  bookOf,
  changeFilters,
  listRequestOf,
  parseBookParams,
  toBookParams,
} from './review-logic.ts';

const bulkLimit = 50;

export function BookPage() {
  const params = useParams();
  const book = bookOf(params.book);
  const user = useCurrentUser();
  if (!book) return null;
  if (book.higher && !user.accessibility.show_higher_collect) return <HigherClosed book={book} />;
  return <BookView key={book.slug} book={book} />;
}

function Header(props: { book: Book; total?: number }) {
  // Question cards (ADR 0028): my collected or wrong questions as a flash set.
  const range =
    props.book.higher || !props.total
      ? null
      : props.book.scope === 'collect'
        ? ('collected_questions' as const)
        : props.book.scope === 'wrongs'
          ? ('wrong_questions' as const)
          : null;
  return (
    <Box>
      <Button component={Link} to={paths.personal} startIcon={<ArrowBackRounded />} sx={{ mx: -1, mb: 0.5 }}>
        个人中心
      </Button>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.85rem' } }}>
        {props.book.title}
        {props.total !== undefined ? (
          <Typography component="span" color="text.secondary" sx={{ ml: 1, fontSize: '1rem' }}>
            共 {props.total} 题
          </Typography>
        ) : null}
      </Typography>
      {range ? (
        <FlashStartButton range={{ range_kind: range }} label="题目闪卡" variant="outlined" sx={{ mt: 1 }} />
      ) : null}
    </Box>
  );
}

function HigherClosed(props: { book: Book }) {
  return (
    <Stack spacing={2}>
      <Header book={props.book} />
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
        <LockOutlined sx={{ fontSize: 44, color: 'secondary.main' }} aria-hidden />
        <Typography variant="h2" sx={{ fontSize: '1.25rem', mt: 1 }}>
          高阶题库尚未开通
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {props.book.title}收录高阶题库里的题目，开通高阶题库后即可使用。
        </Typography>
        <Button component={Link} to={paths.personal} variant="contained" sx={{ mt: 2 }}>
          返回个人中心
        </Button>
      </Paper>
    </Stack>
  );
}

function BookView(props: { book: Book }) {
  const { book } = props;
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const filters = parseBookParams(params);
  const tree = useQuery(reviewTreeQuery(book.scope, book.higher));
  const list = useQuery(reviewListQuery(listRequestOf(book, filters)));
  const lib = useQuery(reasonLibQuery);
  const [selection, setSelection] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const apply = (patch: Partial<BookFilters>, push = false) => {
    setParams(toBookParams(changeFilters(filters, patch)), { replace: !push, preventScrollReset: !push });
    if (!('page' in patch)) setSelection([]);
  };
  const allIds = list.data?.all_ids ?? [];
  const total = list.data?.page_control.total ?? 0;

  const redo = async (ids: readonly string[]) => {
    if (ids.length > bulkLimit) toast('warning', `一次最多 ${bulkLimit} 道题，已取前 ${bulkLimit} 道`);
    setBusy(true);
    try {
      const r = await api(createRedo, { ids: ids.slice(0, bulkLimit), name: `${book.title}重做` });
      craftChanged([]);
      void navigate(examHref(r.exam_id));
    } catch {
      // Told by the error catalogue.
    } finally {
      setBusy(false);
    }
  };
  const exportIds = (ids: readonly string[]) => void navigate(exportHref(writeExportIds(ids)));
  const uncollect = async (ids: readonly string[]) => {
    setBusy(true);
    try {
      for (const batch of batches(ids, bulkLimit)) {
        const r = await api(collectMany, { ids: batch, collected: false });
        craftChanged(r.crafts);
      }
      toast('success', `已取消收藏 ${ids.length} 题`);
      setSelection([]);
    } catch {
      // Told by the error catalogue.
    } finally {
      setBusy(false);
    }
  };

  const filterCount = activeBookFilters(filters);
  return (
    <Stack spacing={2.5}>
      <Header book={book} total={tree.data?.total} />
      {tree.isError && !tree.data ? <RetryAlert onRetry={() => void tree.refetch()}>目录加载失败</RetryAlert> : null}
      {tree.data && tree.data.total === 0 ? (
        <EmptyBook book={book} />
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 2, md: 3 },
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '260px minmax(0, 1fr)' },
            alignItems: 'start',
          }}
        >
          {tree.data ? (
            <BookTree tree={tree.data} filters={filters} apply={apply} />
          ) : (
            <Skeleton variant="rounded" height={240} />
          )}
          <Stack spacing={2} sx={{ minWidth: 0 }}>
            <BookFiltersBar book={book} tree={tree.data} lib={lib.data} filters={filters} apply={apply} />
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', minHeight: 32 }}>
              <Typography variant="body2" color="text.secondary" aria-live="polite">
                {list.data ? `符合条件 ${total} 题` : list.isPending ? '加载中…' : ''}
              </Typography>
              {filterCount > 0 ? (
                <Button
                  size="small"
                  startIcon={<ClearRounded />}
                  onClick={() => setParams(new URLSearchParams(), { replace: true })}
                >
                  清除筛选
                </Button>
              ) : null}
            </Box>
            {list.isError && !list.data ? (
              <RetryAlert onRetry={() => void list.refetch()}>列表加载失败</RetryAlert>
            ) : list.data ? (
              <BookList
                book={book}
                data={list.data}
                lib={lib.data}
                filters={filters}
                selection={selection}
                onSelect={setSelection}
                busy={busy}
                onPage={(page) => {
                  apply({ page }, true);
                  window.scrollTo({ top: 0 });
                }}
                actions={{
                  redo: (ids) => void redo(ids),
                  exportIds,
                  uncollect: book.scope === 'collect' ? (ids) => void uncollect(ids) : undefined,
                }}
                allIds={allIds}
                backTo={bookHref(book.slug, params)}
              />
            ) : (
              <Stack spacing={1.5}>
                {[0, 1, 2].map((i) => (
                  <Skeleton key={i} variant="rounded" height={96} />
                ))}
              </Stack>
            )}
          </Stack>
        </Box>
      )}
    </Stack>
  );
}

function EmptyBook(props: { book: Book }) {
  const text: Record<Book['scope'], string> = {
    wrongs: '做错的题会自动收进错题本。去练习或搜索做几道题吧。',
    collect: '在题目下方点“收藏”，题目就会出现在这里。',
    note: '在题目下方点“笔记”，写下复盘、难点或错因，题目就会出现在这里。',
  };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
      <Typography variant="h2" sx={{ fontSize: '1.2rem' }}>
        {props.book.title}还是空的
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {text[props.book.scope]}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', mt: 2, flexWrap: 'wrap' }}>
        <Button component={Link} to={paths.exerciseList} variant="contained">
          去练习
        </Button>
        <Button component={Link} to={paths.search} variant="outlined">
          搜索题目
        </Button>
      </Box>
    </Paper>
  );
}

// The word books index: my own books (生词本, 错题单词, 六选二词对), then by frequency, root and
// similar group, each with its progress.
import type { WordBook } from '@gre/contract/word';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { wordbookHref } from '../../app/paths.ts';
import { RetryAlert } from '../../components/retry-alert.tsx';
import { wordBooksQuery } from './queries.ts';
import { bookPercent, bookSections } from './word-logic.ts';

/** Sections with many books show this many until 展开全部. */
const folded = 12;

export function BookCard(props: { book: WordBook; wide?: boolean }) {
  const b = props.book;
  const percent = bookPercent(b);
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea component={Link} to={wordbookHref(b.id)} sx={{ p: 1.75, height: '100%', alignItems: 'stretch' }}>
        <Stack spacing={0.75} sx={{ height: '100%' }}>
          <Typography component="h3" sx={{ fontWeight: 700, fontSize: '1rem', overflowWrap: 'anywhere' }}>
            {b.title}
          </Typography>
          {props.wide ? (
            <Typography variant="body2" color="text.secondary">
              {b.note}
            </Typography>
          ) : null}
          <Box sx={{ flex: 1 }} />
          <Typography variant="body2" color="text.secondary">
            已学 {b.studied} / {b.total} 词{b.simple ? ` · 熟词 ${b.simple}` : ''}
          </Typography>
          <LinearProgress variant="determinate" value={percent} aria-label={`${b.title}进度 ${percent}%`} />
        </Stack>
      </CardActionArea>
    </Card>
  );
}

function BookSection(props: { title: string; books: WordBook[]; wide: boolean }) {
  const [open, setOpen] = useState(false);
  const shown = open ? props.books : props.books.slice(0, folded);
  return (
    <Box component="section" aria-label={props.title}>
      <Typography variant="h3" component="h2" sx={{ fontSize: '1.15rem', mb: 1.25 }}>
        {props.title}
        <Typography component="span" color="text.secondary" sx={{ ml: 1, fontSize: '0.9rem' }}>
          {props.books.length} 本
        </Typography>
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: props.wide
            ? { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' }
            : { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        {shown.map((b) => (
          <BookCard key={b.id} book={b} wide={props.wide} />
        ))}
      </Box>
      {props.books.length > folded ? (
        <Button onClick={() => setOpen((o) => !o)} sx={{ mt: 1 }} aria-expanded={open}>
          {open ? '收起' : `展开全部 ${props.books.length} 本`}
        </Button>
      ) : null}
    </Box>
  );
}

export function WordBooks() {
  const books = useQuery(wordBooksQuery);
  if (books.isPending)
    return (
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}>
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Skeleton key={i} variant="rounded" height={110} />
        ))}
      </Box>
    );
  if (books.isError) return <RetryAlert onRetry={() => books.refetch()}>词书加载失败，请稍后重试。</RetryAlert>;
  return (
    <Stack spacing={3.5}>
      {bookSections(books.data.books).map((s) => (
        <BookSection key={s.kind} title={s.title} books={s.books} wide={s.kind === 'own'} />
      ))}
    </Stack>
  );
}

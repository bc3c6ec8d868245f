// /word: the GRE list with search and filters (frequency band, part of speech, root, my marks), a
// word's details beside the list (a full-screen dialog on phones), and the word books.
import { wordBandLabel, wordMarkFilterLabel, wordMarkFilters, wordPoses, wordPosLabel } from '@gre/contract/word';
import SearchRounded from '@mui/icons-material/SearchRounded';
import TuneRounded from '@mui/icons-material/TuneRounded';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FilterRow, ToggleChip } from '../../components/filter-chips.tsx';
import { pageItemLabel } from '../../components/page-item-label.ts';
import { RetryAlert } from '../../components/retry-alert.tsx';
import { wordInfosQuery } from '../../lib/word-infos-query.ts';
import { FlashStartButton } from '../flash/flash-start-button.tsx';
import { wordSearchQuery } from './queries.ts';
import { WordBooks } from './word-books.tsx';
import { WordDetailPanel } from './word-detail.tsx';
import {
  activeWordFilters,
  changeWordState,
  defaultWordState,
  markLabel,
  parseWordParams,
  searchRequestOf,
  toWordParams,
  type WordListState,
  wordPageSize,
} from './word-logic.ts';

export function WordPage() {
  const [params, setParams] = useSearchParams();
  const state = parseWordParams(params);
  const apply = (patch: Partial<WordListState>, push = false) =>
    setParams(toWordParams(changeWordState(state, patch)), { replace: !push, preventScrollReset: true });
  const infos = useQuery(wordInfosQuery);
  const mine = infos.data?.marks.filter((m) => m.added_at).length;
  const simple = infos.data?.marks.filter((m) => m.simple_at).length;
  return (
    <Stack spacing={{ xs: 2, sm: 2.5 }}>
      <Box>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.4rem', sm: '1.75rem' } }}>
          单词
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} aria-live="polite">
          {infos.data
            ? `GRE 词表共 ${infos.data.words.length} 词 · 生词本 ${mine} 词 · 熟词 ${simple} 词`
            : '正在加载词表…'}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
          <FlashStartButton
            range={{ range_kind: 'mine' }}
            label="生词本闪卡学习"
            variant="contained"
            disabled={!mine}
            sx={{ minHeight: 44 }}
          />
          <FlashStartButton
            range={{ range_kind: 'due' }}
            label="今日到期复习"
            variant="outlined"
            sx={{ minHeight: 44 }}
          />
        </Stack>
      </Box>
      <Tabs
        value={state.tab}
        onChange={(_, tab) => apply({ tab }, true)}
        aria-label="单词页面"
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="list" label="词表" />
        <Tab value="books" label="词书" />
      </Tabs>
      {state.tab === 'books' ? <WordBooks /> : <WordList state={state} apply={apply} />}
    </Stack>
  );
}

function SearchBox(props: { initial: string; onSubmit: (q: string) => void }) {
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const text = new FormData(e.currentTarget).get('q');
    props.onSubmit(
      String(text ?? '')
        .trim()
        .slice(0, 60),
    );
  };
  return (
    <Box component="form" role="search" onSubmit={submit} sx={{ display: 'flex', gap: 1 }}>
      <TextField
        name="q"
        type="search"
        size="small"
        defaultValue={props.initial}
        placeholder="英文拼写或中文释义"
        fullWidth
        slotProps={{
          htmlInput: { maxLength: 60, enterKeyHint: 'search', 'aria-label': '查找单词' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchRounded />
              </InputAdornment>
            ),
          },
        }}
        sx={{ maxWidth: 520, '& .MuiInputBase-root': { minHeight: 44 } }}
      />
      <Button type="submit" variant="contained" sx={{ flexShrink: 0, px: 3, minHeight: 44 }}>
        查找
      </Button>
    </Box>
  );
}

function Filters(props: { state: WordListState; apply: (patch: Partial<WordListState>) => void }) {
  const { state, apply } = props;
  return (
    <Stack spacing={1.5}>
      <FilterRow label="词频">
        {([1, 2, 3, 4] as const).map((b) => (
          <ToggleChip
            key={b}
            label={wordBandLabel[b]}
            selected={state.band === b}
            onClick={() => apply({ band: state.band === b ? null : b })}
          />
        ))}
      </FilterRow>
      <FilterRow label="词性">
        {wordPoses.map((p) => (
          <ToggleChip
            key={p}
            label={wordPosLabel[p]}
            selected={state.pos === p}
            onClick={() => apply({ pos: state.pos === p ? null : p })}
          />
        ))}
      </FilterRow>
      <FilterRow label="我的">
        {wordMarkFilters.map((m) => (
          <ToggleChip
            key={m}
            label={wordMarkFilterLabel[m]}
            selected={state.mark === m}
            onClick={() => apply({ mark: m })}
          />
        ))}
      </FilterRow>
      <FilterRow label="词根">
        <Box
          component="form"
          onSubmit={(e: FormEvent<HTMLFormElement>) => {
            e.preventDefault();
            apply({
              root: String(new FormData(e.currentTarget).get('root') ?? '')
                .trim()
                .slice(0, 40),
            });
          }}
          sx={{ display: 'flex', gap: 1, alignItems: 'center' }}
          key={state.root}
        >
          <TextField
            name="root"
            size="small"
            defaultValue={state.root}
            placeholder="如 bene、strict"
            slotProps={{ htmlInput: { maxLength: 40, 'aria-label': '按词根筛选' } }}
            sx={{ width: 180 }}
          />
          <Button type="submit" size="small" variant="outlined">
            筛选
          </Button>
          {state.root ? (
            <Button size="small" onClick={() => apply({ root: '' })}>
              清除
            </Button>
          ) : null}
        </Box>
      </FilterRow>
    </Stack>
  );
}

function WordList(props: { state: WordListState; apply: (patch: Partial<WordListState>, push?: boolean) => void }) {
  const { state, apply } = props;
  const results = useQuery(wordSearchQuery(searchRequestOf(state)));
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('md'));
  const total = results.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / wordPageSize));
  const filters = activeWordFilters(state);
  const open = (word: string) => apply({ word }, true);
  const [filtersOpen, setFiltersOpen] = useState(false);

  const list = (
    <Box component="section" aria-label="单词列表" aria-busy={results.isFetching}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, minHeight: 32, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {results.data ? `共 ${total} 词${state.q ? `，查找“${state.q}”` : ''}` : results.isPending ? '查找中…' : ''}
        </Typography>
        {filters > 0 ? (
          <Button size="small" onClick={() => apply({ ...defaultWordState, q: state.q })}>
            清除筛选
          </Button>
        ) : null}
      </Box>
      {results.isError && !results.data ? (
        <RetryAlert onRetry={() => results.refetch()}>查找失败，请稍后重试。</RetryAlert>
      ) : results.data ? (
        results.data.words.length ? (
          <Paper variant="outlined" sx={{ opacity: results.isPlaceholderData ? 0.6 : 1 }}>
            <List disablePadding>
              {results.data.words.map((w) => {
                const label = markLabel(w.mark);
                return (
                  <ListItem key={w.word} disablePadding divider>
                    <ListItemButton
                      selected={state.word === w.word}
                      onClick={() => open(w.word)}
                      aria-current={state.word === w.word ? 'true' : undefined}
                      sx={{ py: 1.25, gap: 1.5, alignItems: 'flex-start' }}
                    >
                      <Box sx={{ flex: 1, minWidth: 0 }}>
                        <Typography sx={{ fontWeight: 700 }} lang="en">
                          {w.word}
                        </Typography>
                        <Typography variant="body2" color="text.secondary" noWrap>
                          {w.gloss || '（考试进行中，释义交卷后可见）'}
                        </Typography>
                      </Box>
                      <Stack direction="row" spacing={0.75} sx={{ flexShrink: 0, alignItems: 'center' }}>
                        {label ? (
                          <Chip size="small" color={label === '熟词' ? 'success' : 'primary'} label={label} />
                        ) : null}
                        <Chip size="small" variant="outlined" label={wordBandLabel[w.band as 1 | 2 | 3 | 4]} />
                      </Stack>
                    </ListItemButton>
                  </ListItem>
                );
              })}
            </List>
          </Paper>
        ) : (
          <Alert severity="info">没有找到符合条件的单词。换个拼写、释义或放宽筛选试试。</Alert>
        )
      ) : (
        <Stack spacing={1}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={56} />
          ))}
        </Stack>
      )}
      {results.data && pages > 1 ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Pagination
            count={pages}
            page={Math.min(state.page, pages)}
            onChange={(_, page) => apply({ page }, true)}
            color="primary"
            siblingCount={phone ? 0 : 1}
            getItemAriaLabel={pageItemLabel}
          />
        </Box>
      ) : null}
    </Box>
  );

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 }, borderRadius: 3 }}>
        <Stack spacing={2}>
          <SearchBox key={state.q} initial={state.q} onSubmit={(q) => apply({ q, word: '' }, true)} />
          <Box>
            {phone ? (
              <Button
                variant="outlined"
                size="small"
                startIcon={
                  <Badge color="secondary" badgeContent={filters} invisible={filters === 0}>
                    <TuneRounded />
                  </Badge>
                }
                onClick={() => setFiltersOpen((o) => !o)}
                aria-expanded={filtersOpen}
                sx={{ minHeight: 40 }}
              >
                {filtersOpen ? '收起筛选' : '筛选：词频、词性、词根、我的标记'}
              </Button>
            ) : null}
            <Collapse in={!phone || filtersOpen}>
              <Box sx={{ pt: phone ? 2 : 0 }}>
                <Filters state={state} apply={apply} />
              </Box>
            </Collapse>
          </Box>
        </Stack>
      </Paper>
      {phone ? (
        <>
          {list}
          <Dialog
            fullScreen
            open={!!state.word}
            onClose={() => apply({ word: '' })}
            aria-labelledby="word-dialog-title"
          >
            <DialogTitle id="word-dialog-title" sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 1 }}>
              <Box component="span" sx={{ flex: 1 }}>
                单词详情
              </Box>
              <Button onClick={() => apply({ word: '' })}>关闭</Button>
            </DialogTitle>
            <DialogContent dividers>{state.word ? <WordDetailPanel word={state.word} /> : null}</DialogContent>
          </Dialog>
        </>
      ) : (
        <Box
          sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 5fr) minmax(0, 6fr)', gap: 2.5, alignItems: 'start' }}
        >
          {list}
          <Paper
            variant="outlined"
            component="aside"
            aria-label="单词详情"
            sx={{
              p: 2.5,
              borderRadius: 3,
              position: 'sticky',
              top: 80,
              maxHeight: 'calc(100vh - 100px)',
              overflowY: 'auto',
            }}
          >
            {state.word ? (
              <WordDetailPanel word={state.word} />
            ) : (
              <Typography color="text.secondary">点击左侧的单词，查看释义、词根、近义词和题库例句。</Typography>
            )}
          </Paper>
        </Box>
      )}
    </Stack>
  );
}

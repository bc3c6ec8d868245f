// The search page: a search box (Chinese or English), filters, and the results with pages. The
// whole search is the URL's query, so results can be linked, reloaded and returned to.

import { type Difficulty, QuestionCategory, questionCategoryLabel } from '@gre/contract/enums';
import { questionKindLabel, type Tag } from '@gre/contract/question';
import { zodResolver } from '@hookform/resolvers/zod';
import ClearRounded from '@mui/icons-material/ClearRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import TuneRounded from '@mui/icons-material/TuneRounded';
import Autocomplete from '@mui/material/Autocomplete';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import type { Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { useLocation, useNavigation, useSearchParams } from 'react-router';
import { FilterRow, ToggleChip } from '../../components/filter-chips.tsx';
import { pageItemLabel } from '../../components/page-item-label.ts';
import { RetryAlert } from '../../components/retry-alert.tsx';
import { errorProps, textBinding } from '../../lib/form.ts';
import { difficultyLabel, kindsByCategory } from '../../lib/question-labels.ts';
import { searchQuery, tagsQuery } from './queries.ts';
import { ResultList } from './result-list.tsx';
import { SearchBulkBar, useSearchSelection } from './search-bulk.tsx';
import {
  activeFilterCount,
  changeSearch,
  defaultSearch,
  pageCount,
  parseSearchParams,
  type SearchState,
  searchBoxSchema,
  toggleIn,
  toSearchParams,
} from './search-logic.ts';

const categories = [
  QuestionCategory.None,
  QuestionCategory.Filling,
  QuestionCategory.Reading,
  QuestionCategory.Math,
  QuestionCategory.Issue,
  QuestionCategory.Word,
] as const;

const difficulties: readonly Difficulty[] = [1, 2, 3];

export function SearchPage() {
  const [params, setParams] = useSearchParams();
  // While a change is loading, show (and build further changes on) the search being loaded, so
  // quick clicks never act on the previous one.
  const navigation = useNavigation();
  const location = useLocation();
  const pending = navigation.location?.pathname === location.pathname ? navigation.location.search : null;
  const state = parseSearchParams(pending === null ? params : new URLSearchParams(pending));
  const results = useQuery(searchQuery(state));
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('md'));
  const [filtersOpen, setFiltersOpen] = useState(false);
  const picked = useSearchSelection();

  /** Typing and paging add history entries (back returns to them); filter clicks replace. */
  const apply = (patch: Partial<SearchState>, push = false) =>
    setParams(toSearchParams(changeSearch(state, patch)), { replace: !push, preventScrollReset: !push });

  const filterCount = activeFilterCount(state);
  const total = results.data?.page_control.total ?? 0;
  const pages = pageCount(total, results.data?.page_control.page_size);

  return (
    <Stack spacing={{ xs: 2, sm: 2.5 }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.4rem', sm: '1.75rem' } }}>
        搜索题目
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 }, borderRadius: 3 }}>
        <Stack spacing={2}>
          <SearchBox key={state.q} initial={state.q} onSubmit={(q) => apply({ q }, true)} />
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={state.category}
            onChange={(_, value: QuestionCategory | null) => {
              if (value !== null) apply({ category: value });
            }}
            aria-label="科目"
            sx={{
              flexWrap: 'wrap',
              '& .MuiToggleButton-root': { px: { xs: 1.5, sm: 2.25 }, minHeight: 40, flex: { xs: 1, sm: 'none' } },
            }}
          >
            {categories.map((c) => (
              <ToggleButton key={c} value={c}>
                {questionCategoryLabel[c]}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          {phone ? (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Button
                variant="outlined"
                size="small"
                startIcon={
                  <Badge color="secondary" badgeContent={filterCount} invisible={filterCount === 0}>
                    <TuneRounded />
                  </Badge>
                }
                onClick={() => setFiltersOpen((o) => !o)}
                aria-expanded={filtersOpen}
                sx={{ minHeight: 40 }}
              >
                {filtersOpen ? '收起筛选' : '更多筛选'}
              </Button>
              {filterCount > 0 ? (
                <Button size="small" onClick={() => apply({ ...defaultSearch, q: state.q, category: state.category })}>
                  清除筛选
                </Button>
              ) : null}
            </Box>
          ) : null}
          <Collapse in={!phone || filtersOpen}>
            <Filters state={state} apply={apply} />
          </Collapse>
        </Stack>
      </Paper>

      <Box component="section" aria-label="搜索结果" aria-busy={results.isFetching}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5, minHeight: 32, flexWrap: 'wrap' }}>
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {results.data
              ? `共 ${total} 道题${state.q ? `，关键词“${state.q}”` : ''}`
              : results.isPending
                ? '搜索中…'
                : ''}
          </Typography>
          {!phone && filterCount > 0 ? (
            <Button
              size="small"
              startIcon={<ClearRounded />}
              onClick={() => apply({ ...defaultSearch, q: state.q, category: state.category })}
            >
              清除筛选
            </Button>
          ) : null}
        </Box>
        {results.isError && !results.data ? (
          <RetryAlert onRetry={() => results.refetch()}>搜索失败，请稍后重试。</RetryAlert>
        ) : results.data ? (
          <Box sx={{ opacity: results.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
            {results.data.question_infos.length ? (
              <SearchBulkBar
                pageIds={results.data.question_infos.map((i) => i.id)}
                selection={picked.selection}
                onTogglePage={() => picked.togglePage(results.data.question_infos.map((i) => i.id))}
                onClear={picked.clear}
              />
            ) : null}
            <ResultList infos={results.data.question_infos} selection={picked.selection} onToggle={picked.toggle} />
          </Box>
        ) : (
          <Stack spacing={1.5}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" height={112} />
            ))}
          </Stack>
        )}
        {results.data && pages > 1 ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
            <Pagination
              count={pages}
              page={Math.min(state.page, pages)}
              onChange={(_, page) => {
                apply({ page }, true);
                window.scrollTo({ top: 0 });
              }}
              color="primary"
              siblingCount={phone ? 0 : 1}
              boundaryCount={1}
              size={phone ? 'medium' : 'large'}
              getItemAriaLabel={pageItemLabel}
            />
          </Box>
        ) : null}
      </Box>
    </Stack>
  );
}

function SearchBox(props: { initial: string; onSubmit: (q: string) => void }) {
  const form = useForm({
    resolver: zodResolver(searchBoxSchema),
    defaultValues: { text: props.initial },
    reValidateMode: 'onSubmit',
  });
  const text = textBinding(useController({ control: form.control, name: 'text' }));
  const id = useId();
  return (
    <Box
      component="form"
      role="search"
      onSubmit={form.handleSubmit((values) => props.onSubmit(values.text))}
      sx={{ display: 'flex', gap: 1 }}
    >
      <TextField
        type="search"
        label="关键词"
        placeholder="中文或英文关键词"
        value={text.value}
        onChange={(e) => text.onChange(e.target.value)}
        onBlur={text.onBlur}
        inputRef={text.inputRef}
        {...errorProps(id, text.error)}
        size="small"
        slotProps={{
          htmlInput: { maxLength: 100, enterKeyHint: 'search', 'aria-label': '搜索关键词' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchRounded />
              </InputAdornment>
            ),
          },
        }}
        sx={{ '& .MuiInputBase-root': { minHeight: 44 } }}
      />
      <Button type="submit" variant="contained" sx={{ flexShrink: 0, px: 3, minHeight: 44 }}>
        搜索
      </Button>
    </Box>
  );
}

function Filters(props: { state: SearchState; apply: (patch: Partial<SearchState>) => void }) {
  const { state, apply } = props;
  const tags = useQuery(tagsQuery(state.category));
  const tagOptions = tags.data?.tags ?? [];
  const chosenTags = state.tags.map(
    (id): Tag => tagOptions.find((t) => t.id === id) ?? { id, name: id, category: state.category, count: 0 },
  );
  const kinds = kindsByCategory[state.category];
  return (
    <Stack spacing={1.75} sx={{ pt: { xs: 0.5, md: 0 } }}>
      {kinds.length > 1 ? (
        <FilterRow label="题型">
          {kinds.map((k) => (
            <ToggleChip
              key={k}
              label={questionKindLabel[k]}
              selected={state.kinds.includes(k)}
              onClick={() => apply({ kinds: toggleIn(state.kinds, k) })}
            />
          ))}
        </FilterRow>
      ) : null}
      <FilterRow label="难度">
        {difficulties.map((d) => (
          <ToggleChip
            key={d}
            label={difficultyLabel[d]}
            selected={state.difficulties.includes(d)}
            onClick={() => apply({ difficulties: toggleIn(state.difficulties, d).sort() })}
          />
        ))}
      </FilterRow>
      <FilterRow label="知识点">
        <Autocomplete
          multiple
          size="small"
          options={tagOptions}
          value={chosenTags}
          loading={tags.isPending}
          loadingText="加载中…"
          noOptionsText="没有匹配的知识点"
          filterSelectedOptions
          isOptionEqualToValue={(a, b) => a.id === b.id}
          getOptionLabel={(t) => t.name}
          groupBy={state.category === QuestionCategory.None ? (t) => questionCategoryLabel[t.category] : undefined}
          renderOption={(optionProps, t) => {
            const { key, ...rest } = optionProps;
            return (
              <Box component="li" key={key} {...rest} sx={{ display: 'flex', gap: 1 }}>
                <Box component="span" sx={{ flex: 1 }}>
                  {t.name}
                </Box>
                <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.85rem' }}>
                  {t.count}
                </Box>
              </Box>
            );
          }}
          onChange={(_, value) => apply({ tags: value.map((t) => t.id) })}
          renderInput={(inputParams) => (
            <TextField
              {...inputParams}
              placeholder={chosenTags.length ? '' : '选择知识点，如 转折关系、概率'}
              slotProps={{
                ...inputParams.slotProps,
                htmlInput: { ...inputParams.slotProps.htmlInput, 'aria-label': '知识点' },
              }}
            />
          )}
          sx={{ width: '100%', maxWidth: 560 }}
        />
      </FilterRow>
      <FilterRow label="范围">
        <FormControlLabel
          control={<Switch checked={state.only} onChange={(e) => apply({ only: e.target.checked })} />}
          label="只看可做的题"
          sx={{ ml: 0, '& .MuiFormControlLabel-label': { fontSize: '0.95rem' } }}
        />
      </FilterRow>
    </Stack>
  );
}

// A review book's page of questions: a checkbox and a link per line, the bulk actions over the
// selection or the whole filtered set (all_ids), and the pages.

import type { ReasonLibrary, ReviewItem } from '@gre/contract/craft';
import type { ResponseOf } from '@gre/contract/endpoint';
import type { listReview } from '@gre/contract/endpoints/craft';
import { questionCategoryLabel } from '@gre/contract/enums';
import { questionKindLabel } from '@gre/contract/question';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { bookQuestionHref } from '../../app/paths.ts';
import { pageItemLabel } from '../../components/page-item-label.ts';
import { chinaDate, isoDate } from '../../lib/china-time.ts';
import { masteryLabels, reasonNames } from './craft-logic.ts';
import { type Book, type BookFilters, bookPageSize, toggleId, togglePage } from './review-logic.ts';

/** Where a question opened from a book returns to (the same list place). */
export interface FromBookState {
  backTo?: string;
}

export interface BulkActions {
  redo: (ids: readonly string[]) => void;
  exportIds: (ids: readonly string[]) => void;
  uncollect?: (ids: readonly string[]) => void;
}

export function BookList(props: {
  book: Book;
  data: ResponseOf<typeof listReview>;
  lib: ReasonLibrary | undefined;
  filters: BookFilters;
  selection: string[];
  onSelect: (ids: string[]) => void;
  busy: boolean;
  onPage: (page: number) => void;
  actions: BulkActions;
  allIds: readonly string[];
  backTo: string;
}) {
  const { data, selection } = props;
  const pageIds = data.items.map((i) => i.question.id);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selection.includes(id));
  const someOnPage = pageIds.some((id) => selection.includes(id));
  const pages = Math.max(1, Math.ceil(data.page_control.total / (data.page_control.page_size || bookPageSize)));
  const names = reasonNames(props.lib);
  const target = selection.length ? selection : props.allIds;
  const targetLabel = selection.length ? `已选 ${selection.length} 题` : `全部筛选结果 ${props.allIds.length} 题`;

  if (data.items.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>
        没有符合条件的题。
      </Paper>
    );
  }
  return (
    <Stack spacing={1.5}>
      <Paper
        variant="outlined"
        component="section"
        aria-label="批量操作"
        sx={{
          p: 1,
          px: 1.5,
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          flexWrap: 'wrap',
          position: 'sticky',
          top: { xs: 56, sm: 64 },
          zIndex: 2,
        }}
      >
        <FormControlLabel
          control={
            <Checkbox
              checked={allOnPage}
              indeterminate={!allOnPage && someOnPage}
              onChange={() => props.onSelect(togglePage(selection, pageIds))}
            />
          }
          label="全选本页"
          sx={{ mr: 0.5 }}
        />
        <Typography variant="body2" color="text.secondary" aria-live="polite" sx={{ mr: 'auto' }}>
          {targetLabel}
          {selection.length ? (
            <Button size="small" onClick={() => props.onSelect([])} sx={{ ml: 0.5 }}>
              清除选择
            </Button>
          ) : null}
        </Typography>
        <Button
          variant="contained"
          size="small"
          disabled={props.busy || target.length === 0}
          onClick={() => props.actions.redo(target)}
        >
          错题重做
        </Button>
        <Button
          variant="outlined"
          size="small"
          disabled={props.busy || target.length === 0}
          onClick={() => props.actions.exportIds(target)}
        >
          导出
        </Button>
        {props.actions.uncollect ? (
          <Button
            variant="outlined"
            color="error"
            size="small"
            disabled={props.busy || target.length === 0}
            onClick={() => props.actions.uncollect?.(target)}
          >
            取消收藏
          </Button>
        ) : null}
      </Paper>
      <Stack component="ol" spacing={1} aria-label="题目列表" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {data.items.map((item, i) => (
          <ItemRow
            key={item.question.id}
            book={props.book}
            item={item}
            number={(data.page_control.page - 1) * data.page_control.page_size + i + 1}
            selected={selection.includes(item.question.id)}
            onToggle={() => props.onSelect(toggleId(selection, item.question.id))}
            reasonName={(id) => names.get(id) ?? id}
            backTo={props.backTo}
          />
        ))}
      </Stack>
      {pages > 1 ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', pt: 1 }}>
          <Pagination
            count={pages}
            page={Math.min(props.filters.page, pages)}
            onChange={(_, page) => props.onPage(page)}
            color="primary"
            siblingCount={0}
            getItemAriaLabel={pageItemLabel}
          />
        </Box>
      ) : null}
    </Stack>
  );
}

function ItemRow(props: {
  book: Book;
  item: ReviewItem;
  number: number;
  selected: boolean;
  onToggle: () => void;
  reasonName: (id: string) => string;
  backTo: string;
}) {
  const { question: q, craft } = props.item;
  const reasons = craft.note.reasons.filter((r) => r.checked).map((r) => props.reasonName(r.reason_id));
  const mastery = craft.note.review.mastery;
  const last = craft.issue.result.correct;
  const state: FromBookState = { backTo: props.backTo };
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 0.5,
        p: 1,
        pr: 0.5,
        borderColor: props.selected ? 'primary.main' : 'divider',
        borderRadius: 2.5,
      }}
    >
      <Checkbox
        checked={props.selected}
        onChange={props.onToggle}
        slotProps={{ input: { 'aria-label': `选择第 ${props.number} 题` } }}
      />
      <Box
        component={Link}
        to={bookQuestionHref(props.book.slug, q.id)}
        state={state}
        sx={{
          flex: 1,
          minWidth: 0,
          color: 'inherit',
          textDecoration: 'none',
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          py: 0.5,
          borderRadius: 1.5,
          '&:hover .title': { textDecoration: 'underline' },
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, flexWrap: 'wrap', mb: 0.5 }}>
            <Typography variant="body2" sx={{ fontWeight: 700 }}>
              {props.number}.
            </Typography>
            <Chip size="small" color="primary" variant="outlined" label={questionKindLabel[q.kind]} />
            {craft.wrong ? (
              <Chip size="small" color="error" variant="outlined" label={`错 ${craft.wrong_count} 次`} />
            ) : null}
            {last === true ? <Chip size="small" color="success" variant="outlined" label="上次答对" /> : null}
            {craft.collect.collected ? <Chip size="small" variant="outlined" label="已收藏" /> : null}
            {mastery ? (
              <Chip size="small" variant="outlined" label={`掌握 ${mastery}/5 · ${masteryLabels[mastery]}`} />
            ) : null}
            <Typography variant="caption" color="text.secondary" sx={{ ml: 'auto' }}>
              {questionCategoryLabel[q.category]} · {isoDate(chinaDate(new Date(props.item.updated_at * 1000)))}
            </Typography>
          </Box>
          <Typography
            className="title"
            sx={{
              lineHeight: 1.6,
              overflowWrap: 'anywhere',
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {q.brief || q.id}
          </Typography>
          {reasons.length || q.tag_names.length ? (
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
              {reasons.length ? `错因：${reasons.join('、')}` : ''}
              {reasons.length && q.tag_names.length ? ' · ' : ''}
              {q.tag_names.length ? `知识点：${q.tag_names.join('、')}` : ''}
            </Typography>
          ) : null}
        </Box>
        <ChevronRightRounded sx={{ color: 'text.secondary', flexShrink: 0 }} aria-hidden />
      </Box>
    </Paper>
  );
}

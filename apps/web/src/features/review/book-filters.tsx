// A review book's tree (category → kind → knowledge tag, collect tags) and its filter bar (collect
// tag, mastery, reason, source, dates, due today). Every choice is a URL change.
import type { ReasonLibrary, ReviewTree } from '@gre/contract/craft';
import { questionCategoryLabel } from '@gre/contract/enums';
import { questionKindLabel } from '@gre/contract/question';
import ExpandLessRounded from '@mui/icons-material/ExpandLessRounded';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import type { Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useId, useState } from 'react';
import { masteryLabels, reasonNames } from './craft-logic.ts';
import type { Book, BookFilters } from './review-logic.ts';

type Apply = (patch: Partial<BookFilters>) => void;

function TreeButton(props: { label: string; count: number; current: boolean; depth: number; onClick: () => void }) {
  return (
    <Button
      onClick={props.onClick}
      aria-current={props.current ? 'true' : undefined}
      variant={props.current ? 'contained' : 'text'}
      disableElevation
      fullWidth
      sx={{
        justifyContent: 'space-between',
        pl: 1 + props.depth * 2,
        pr: 1,
        minHeight: 36,
        fontWeight: props.depth === 0 ? 700 : 500,
        color: props.current ? undefined : 'text.primary',
      }}
    >
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {props.label}
      </Box>
      <Box component="span" sx={{ ml: 1, opacity: 0.8, fontVariantNumeric: 'tabular-nums' }}>
        {props.count}
      </Box>
    </Button>
  );
}

export function BookTree(props: { tree: ReviewTree; filters: BookFilters; apply: Apply }) {
  const { tree, filters, apply } = props;
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('md'));
  const [open, setOpen] = useState(false);
  const id = useId();
  const whole = filters.category === undefined && filters.collect_id === undefined;
  const body = (
    <Box component="nav" aria-label="目录" sx={{ display: 'grid', gap: 0.25 }}>
      <TreeButton
        label="全部"
        count={tree.total}
        current={whole}
        depth={0}
        onClick={() => apply({ category: undefined, kind: undefined, tag_id: undefined, collect_id: undefined })}
      />
      {tree.categories.map((c) => (
        <Box key={c.category} sx={{ display: 'grid', gap: 0.25 }}>
          <TreeButton
            label={questionCategoryLabel[c.category]}
            count={c.count}
            current={filters.category === c.category && filters.kind === undefined}
            depth={0}
            onClick={() => apply({ category: c.category, kind: undefined, tag_id: undefined })}
          />
          {c.kinds.map((k) => (
            <Box key={k.kind} sx={{ display: 'grid', gap: 0.25 }}>
              <TreeButton
                label={questionKindLabel[k.kind]}
                count={k.count}
                current={filters.kind === k.kind && filters.tag_id === undefined}
                depth={1}
                onClick={() => apply({ category: c.category, kind: k.kind, tag_id: undefined })}
              />
              {filters.kind === k.kind
                ? k.tags.map((t) => (
                    <TreeButton
                      key={t.id}
                      label={t.name}
                      count={t.count}
                      current={filters.tag_id === t.id}
                      depth={2}
                      onClick={() => apply({ category: c.category, kind: k.kind, tag_id: t.id })}
                    />
                  ))
                : null}
            </Box>
          ))}
        </Box>
      ))}
      {tree.collect_tags.length ? (
        <>
          <Typography variant="caption" color="text.secondary" sx={{ mt: 1.5, px: 1, fontWeight: 700 }}>
            收藏标签
          </Typography>
          {tree.collect_tags.map((t) => (
            <TreeButton
              key={t.id}
              label={t.name}
              count={t.count}
              current={filters.collect_id === t.id}
              depth={0}
              onClick={() => apply({ collect_id: filters.collect_id === t.id ? undefined : t.id })}
            />
          ))}
        </>
      ) : null}
    </Box>
  );
  if (!phone)
    return (
      <Paper variant="outlined" sx={{ p: 1, position: 'sticky', top: 80 }}>
        {body}
      </Paper>
    );
  return (
    <Paper variant="outlined" sx={{ p: 1 }}>
      <Button
        fullWidth
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={id}
        endIcon={open ? <ExpandLessRounded /> : <ExpandMoreRounded />}
        sx={{ justifyContent: 'space-between', minHeight: 40 }}
      >
        目录：
        {filters.kind
          ? questionKindLabel[filters.kind]
          : filters.category !== undefined
            ? questionCategoryLabel[filters.category]
            : '全部'}
      </Button>
      <Collapse in={open} id={id}>
        {body}
      </Collapse>
    </Paper>
  );
}

function Select(props: { label: string; value: string; onChange: (v: string) => void; children: ReactNode }) {
  const id = useId();
  return (
    <TextField
      id={id}
      select
      size="small"
      label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: 0 }}
    >
      {props.children}
    </TextField>
  );
}

export function BookFiltersBar(props: {
  book: Book;
  tree: ReviewTree | undefined;
  lib: ReasonLibrary | undefined;
  filters: BookFilters;
  apply: Apply;
}) {
  const { tree, filters, apply } = props;
  const names = reasonNames(props.lib);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label="筛选"
      sx={{
        p: { xs: 1.5, sm: 2 },
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          sm: 'repeat(3, minmax(0, 1fr))',
          lg: 'repeat(4, minmax(0, 1fr))',
        },
        alignItems: 'center',
      }}
    >
      <Select
        label="掌握程度"
        value={filters.mastery === undefined ? '' : String(filters.mastery)}
        onChange={(v) => apply({ mastery: v === '' ? undefined : Number(v) })}
      >
        <option value="">全部</option>
        {masteryLabels.map((label, level) => (
          <option key={label} value={level}>
            {level ? `${level} 星 · ${label}` : label}
            {tree?.mastery[level] !== undefined ? `（${tree.mastery[level]}）` : ''}
          </option>
        ))}
      </Select>
      <Select label="错因" value={filters.reason_id ?? ''} onChange={(v) => apply({ reason_id: v || undefined })}>
        <option value="">全部</option>
        {(tree?.reasons ?? []).map((r) => (
          <option key={r.reason_id} value={r.reason_id}>
            {names.get(r.reason_id) ?? r.reason_id}（{r.count}）
          </option>
        ))}
      </Select>
      <Select label="收藏标签" value={filters.collect_id ?? ''} onChange={(v) => apply({ collect_id: v || undefined })}>
        <option value="">全部</option>
        {(tree?.collect_tags ?? []).map((t) => (
          <option key={t.id} value={t.id}>
            {t.name}（{t.count}）
          </option>
        ))}
      </Select>
      <Select label="来源" value={filters.source ?? ''} onChange={(v) => apply({ source: v || undefined })}>
        <option value="">全部</option>
        {(tree?.sources ?? []).map((s) => (
          <option key={s.name} value={s.name}>
            {s.name || '未知'}（{s.count}）
          </option>
        ))}
      </Select>
      <TextField
        type="date"
        size="small"
        label="从"
        value={filters.from ?? ''}
        onChange={(e) => apply({ from: e.target.value || undefined })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: filters.to } }}
      />
      <TextField
        type="date"
        size="small"
        label="到"
        value={filters.to ?? ''}
        onChange={(e) => apply({ to: e.target.value || undefined })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: filters.from } }}
      />
      <FormControlLabel
        control={<Switch checked={filters.due} onChange={(e) => apply({ due: e.target.checked })} />}
        label="只看今日待复习"
        sx={{ ml: 0, gridColumn: { xs: '1 / -1', sm: 'auto' } }}
      />
    </Paper>
  );
}

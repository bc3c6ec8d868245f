// Bulk actions on search results: the selection (kept for the tab's session, so opening a result
// and coming back keeps it), 全选本页, 收藏 (with an optional tag) and 组成练习.
import { craftLimits } from '@gre/contract/craft';
import { collectMany, createRedo } from '@gre/contract/endpoints/craft';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { examHref } from '../../app/paths.ts';
import { api } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { collectTagsQuery, craftChanged } from '../review/queries.ts';
import { toggleId, togglePage } from '../review/review-logic.ts';

const key = 'search-selection';

function readSelection(): string[] {
  try {
    const v: unknown = JSON.parse(sessionStorage.getItem(key) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** The selected result ids, kept in sessionStorage. */
export function useSearchSelection() {
  const [selection, setSelection] = useState<string[]>(readSelection);
  useEffect(() => {
    try {
      sessionStorage.setItem(key, JSON.stringify(selection));
    } catch {
      // Storage disabled: the selection lives for this page only.
    }
  }, [selection]);
  return {
    selection,
    toggle: (id: string) => setSelection((s) => toggleId(s, id)),
    togglePage: (ids: readonly string[]) => setSelection((s) => togglePage(s, ids)),
    clear: () => setSelection([]),
  };
}

export function SearchBulkBar(props: {
  pageIds: readonly string[];
  selection: readonly string[];
  onTogglePage: () => void;
  onClear: () => void;
}) {
  const { selection, pageIds } = props;
  const navigate = useNavigate();
  const tags = useQuery({ ...collectTagsQuery, enabled: selection.length > 0 });
  const [tag, setTag] = useState('');
  const [busy, setBusy] = useState(false);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selection.includes(id));
  const some = pageIds.some((id) => selection.includes(id));
  const over = selection.length > craftLimits.bulk;

  const collect = async () => {
    setBusy(true);
    try {
      const r = await api(collectMany, {
        ids: selection.slice(0, craftLimits.bulk),
        collected: true,
        collect_ids: tag ? [tag] : [],
        source: { name: '搜索', exam_id: '', template_id: '' },
      });
      craftChanged(r.crafts);
      toast('success', `收藏成功（${r.crafts.length} 题）`);
      props.onClear();
    } catch {
      // Told by the error catalogue.
    } finally {
      setBusy(false);
    }
  };
  const practice = async () => {
    setBusy(true);
    try {
      const r = await api(createRedo, { ids: selection.slice(0, craftLimits.bulk), name: '搜索练习' });
      props.onClear();
      void navigate(examHref(r.exam_id));
    } catch {
      // Told by the error catalogue.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label="批量操作"
      sx={{ p: 1, px: 1.5, mb: 1.5, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
    >
      <FormControlLabel
        control={<Checkbox checked={allOnPage} indeterminate={!allOnPage && some} onChange={props.onTogglePage} />}
        label="全选本页"
        sx={{ mr: 0.5 }}
      />
      <Typography variant="body2" color="text.secondary" aria-live="polite" sx={{ mr: 'auto' }}>
        {selection.length ? `已选 ${selection.length} 题` : '勾选题目后可批量收藏或组成练习'}
        {over ? `（一次最多 ${craftLimits.bulk} 题，只处理前 ${craftLimits.bulk} 题）` : ''}
      </Typography>
      {selection.length ? (
        <>
          <Button size="small" onClick={props.onClear}>
            清除选择
          </Button>
          <TextField
            select
            size="small"
            label="收藏标签"
            value={tag}
            onChange={(e) => setTag(e.target.value)}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            sx={{ minWidth: 120 }}
          >
            <option value="">不加标签</option>
            {(tags.data?.collects ?? []).map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </TextField>
          <Button variant="outlined" size="small" disabled={busy} onClick={() => void collect()}>
            收藏
          </Button>
          <Button variant="contained" size="small" disabled={busy} onClick={() => void practice()}>
            组成练习
          </Button>
        </>
      ) : null}
    </Paper>
  );
}

// Highlight mode (ADR 0035): an admin sees hidden and locked items marked in lists and on the
// question itself: a chip with an icon and words (never colour alone) and a coloured edge.
import type { Visibility } from '@gre/contract/enums';
import LockOutlined from '@mui/icons-material/LockOutlined';
import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import Chip from '@mui/material/Chip';
import { useAdminModes } from '../lib/admin-mode.ts';

const lockedLabel: Partial<Record<Visibility, string>> = {
  locked: '锁定：会员题',
  lock: '锁定',
  prevent: '锁定',
  pick: '锁定：精选',
  best: '锁定：精华',
};

/** What highlight mode says of a visibility: hidden, locked, or nothing (public, free). */
export function visibilityMarkOf(v: Visibility): { kind: 'hidden' | 'locked'; label: string } | null {
  if (v === 'hidden' || v === 'forbid') return { kind: 'hidden', label: '隐藏' };
  const locked = lockedLabel[v];
  return locked ? { kind: 'locked', label: locked } : null;
}

/** The edge colour of a marked item while highlight mode is on (undefined otherwise). */
export function useHighlightEdge(v: Visibility): string | undefined {
  const { highlight } = useAdminModes();
  const mark = highlight ? visibilityMarkOf(v) : null;
  return mark ? (mark.kind === 'hidden' ? 'error.main' : 'warning.main') : undefined;
}

export function VisibilityMark(props: { visibility: Visibility }) {
  const { highlight } = useAdminModes();
  const mark = highlight ? visibilityMarkOf(props.visibility) : null;
  if (!mark) return null;
  return (
    <Chip
      size="small"
      data-testid="visibility-mark"
      icon={mark.kind === 'hidden' ? <VisibilityOffOutlined /> : <LockOutlined />}
      label={mark.label}
      // Dark text on a light fill, both above 4.5:1 (a filled warning chip is not).
      sx={
        mark.kind === 'hidden'
          ? { fontWeight: 700, bgcolor: '#fdecea', color: '#8c1d18', '& .MuiChip-icon': { color: '#8c1d18' } }
          : { fontWeight: 700, bgcolor: '#fff4e0', color: '#6b3a00', '& .MuiChip-icon': { color: '#6b3a00' } }
      }
    />
  );
}

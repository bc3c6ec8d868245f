// A labelled row of filter chips (the search page's and the word list's filters): the label names
// the group for assistive technology; each chip is a toggle button (aria-pressed).
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';

export function FilterRow(props: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '72px minmax(0, 1fr)' },
        alignItems: 'center',
        gap: { xs: 0.75, sm: 1.5 },
      }}
    >
      <Typography id={id} variant="body2" sx={{ color: 'text.secondary', fontWeight: 600 }}>
        {props.label}
      </Typography>
      <Box role="group" aria-labelledby={id} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, minWidth: 0 }}>
        {props.children}
      </Box>
    </Box>
  );
}

export function ToggleChip(props: { label: string; selected: boolean; onClick: () => void }) {
  return (
    <Chip
      label={props.label}
      clickable
      onClick={props.onClick}
      color={props.selected ? 'primary' : 'default'}
      variant={props.selected ? 'filled' : 'outlined'}
      aria-pressed={props.selected}
      sx={{ height: 36, borderRadius: 18, '& .MuiChip-label': { px: 1.75 } }}
    />
  );
}

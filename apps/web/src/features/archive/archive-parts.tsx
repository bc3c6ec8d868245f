// What both archive pages share: the page heading with its way back, the read-only note, the loading
// and failure states, and the date a set or book was retired.
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { chinaTimeZone } from '../../lib/china-time.ts';

const day = new Intl.DateTimeFormat('zh-CN', { timeZone: chinaTimeZone, dateStyle: 'medium' });
export const retiredOn = (ms: number) => `${day.format(new Date(ms))} 下架`;

export function ArchiveHeading(props: { title: string; back: { to: string; label: string }; note: ReactNode }) {
  return (
    <Box>
      <Button component={Link} to={props.back.to} startIcon={<ArrowBackRounded />} sx={{ mx: -1, mb: 0.5 }}>
        {props.back.label}
      </Button>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Inventory2Outlined color="action" aria-hidden />
        <Typography variant="h1" sx={{ fontSize: { xs: '1.4rem', sm: '1.7rem' }, overflowWrap: 'anywhere' }}>
          {props.title}
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75 }}>
        {props.note}
      </Typography>
    </Box>
  );
}

export function Loading() {
  return (
    <Stack spacing={1.25} aria-busy="true" aria-label="加载中">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} variant="rounded" height={88} />
      ))}
    </Stack>
  );
}

export function Failed(props: { message: string; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={props.onRetry}>
          重试
        </Button>
      }
    >
      {props.message || '存档加载失败，请稍后再试'}
    </Alert>
  );
}

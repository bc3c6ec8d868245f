// Building blocks shared by the analyze page's sections.
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A titled card of the page; `aria-label` makes it a named region for readers and tests. */
export function Panel(props: { title: string; hint?: ReactNode; action?: ReactNode; children: ReactNode }) {
  return (
    <Card component="section" aria-label={props.title}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', gap: 1, mb: 1.5 }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h4" component="h2">
              {props.title}
            </Typography>
            {props.hint ? (
              <Typography variant="body2" color="text.secondary">
                {props.hint}
              </Typography>
            ) : null}
          </Box>
          {props.action}
        </Stack>
        {props.children}
      </CardContent>
    </Card>
  );
}

/** A failed figure: say so and offer a retry (the rest of the page stays usable). */
export function LoadFailed(props: { what: string; retry: () => void }) {
  return (
    <Alert
      severity="warning"
      action={
        <Button color="inherit" size="small" onClick={props.retry}>
          重试
        </Button>
      }
    >
      {props.what}加载失败
    </Alert>
  );
}

export function Tile(props: { label: string; value: string; hint?: string }) {
  return (
    <Box sx={{ minWidth: 0, p: { xs: 1.5, sm: 2 }, borderRadius: 2, bgcolor: 'rgba(15, 110, 106, 0.05)' }}>
      <Typography variant="body2" color="text.secondary">
        {props.label}
      </Typography>
      <Typography
        sx={{ fontSize: { xs: '1.35rem', sm: '1.6rem' }, fontWeight: 700, lineHeight: 1.3, color: 'primary.dark' }}
      >
        {props.value}
      </Typography>
      {props.hint ? (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {props.hint}
        </Typography>
      ) : null}
    </Box>
  );
}

export const tileGrid = {
  display: 'grid',
  gap: { xs: 1, sm: 1.5 },
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
} as const;

/** The first-visit state: nothing to chart yet, and where to begin. */
export function EmptyState(props: { text: string; action: string; href: string }) {
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 3, sm: 4 } }}>
      <AssignmentOutlined sx={{ fontSize: 40, color: 'primary.light' }} />
      <Typography color="text.secondary">{props.text}</Typography>
      <Button variant="contained" component={Link} to={props.href}>
        {props.action}
      </Button>
    </Stack>
  );
}

// The frame of the staff pages (/operate, /web_manage, /teach, /export, /sync): outside the
// navigation, a way back home and to the related consoles, the page's heading, and for anyone
// without the right flag a plain refusal instead of the page (the server refuses them either way).
import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container, { type ContainerProps } from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../app/paths.ts';

export function StaffPage(props: {
  title: string;
  /** Whether the caller may use the page; otherwise `denied` is shown. */
  allowed: boolean;
  denied: string;
  /** Links beside 返回首页 (shown to allowed callers only). */
  links?: { to: string; label: string }[];
  maxWidth?: ContainerProps['maxWidth'];
  spacing?: number;
  children: ReactNode;
}) {
  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default', py: { xs: 2, sm: 4 } }}>
      <Container maxWidth={props.maxWidth ?? 'md'} sx={{ px: { xs: 1.5, sm: 3 } }}>
        <Stack direction="row" spacing={1} sx={{ mb: 1.5, flexWrap: 'wrap' }} useFlexGap>
          <Button startIcon={<ArrowBack />} component={Link} to={paths.home}>
            返回首页
          </Button>
          {props.allowed
            ? props.links?.map((l) => (
                <Button key={l.to} component={Link} to={l.to}>
                  {l.label}
                </Button>
              ))
            : null}
        </Stack>
        <Stack component="main" spacing={props.spacing ?? 3}>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.4rem', sm: '1.7rem' } }}>
            {props.title}
          </Typography>
          {props.allowed ? props.children : <Alert severity="warning">{props.denied}</Alert>}
        </Stack>
      </Container>
    </Box>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A whole-page message with a way back home: the error page and the 404 page share it. */
export function StatusPage(props: {
  code: string;
  title: string;
  message: ReactNode;
  homeHref: string;
  showReload?: boolean;
}) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '70dvh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        py: 6,
      }}
    >
      <Stack spacing={2} sx={{ maxWidth: 480, textAlign: 'center', alignItems: 'center' }}>
        <Typography
          aria-hidden
          sx={{ fontSize: { xs: 56, sm: 72 }, fontWeight: 800, lineHeight: 1, color: 'primary.main' }}
        >
          {props.code}
        </Typography>
        <Typography variant="h2" component="h1">
          {props.title}
        </Typography>
        <Typography color="text.secondary" sx={{ wordBreak: 'break-word' }}>
          {props.message}
        </Typography>
        <Stack direction="row" spacing={1.5} sx={{ pt: 1 }}>
          <Button variant="contained" component={Link} to={props.homeHref}>
            返回首页
          </Button>
          {props.showReload ? (
            <Button variant="outlined" onClick={() => window.location.reload()}>
              刷新页面
            </Button>
          ) : null}
        </Stack>
      </Stack>
    </Box>
  );
}

export function PageSpinner() {
  return (
    <Box sx={{ minHeight: '50dvh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <CircularProgress aria-label="加载中" />
    </Box>
  );
}

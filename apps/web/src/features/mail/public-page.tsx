// The frame of the pages opened from a notice e-mail without logging in: the site's name, a card.
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export function PublicPage(props: { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default', py: { xs: 2, sm: 5 } }}>
      <Container maxWidth="md" sx={{ px: { xs: 1.5, sm: 3 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'primary.dark', mb: 2 }}>
          <SchoolOutlined aria-hidden />
          <Typography component="span" sx={{ fontWeight: 700, fontSize: '1.15rem', letterSpacing: '0.04em' }}>
            GRE 备考
          </Typography>
        </Stack>
        <Paper variant="outlined" component="main" sx={{ p: { xs: 2.5, sm: 5 } }}>
          {props.children}
        </Paper>
      </Container>
    </Box>
  );
}

import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { openDialog } from './app-store.ts';
import { paths } from './paths.ts';

/** Spec section 2: user notice, contact us (dialog) and the rights table (image dialog). */
export function Footer() {
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', py: 2.5 }}>
      <Container
        maxWidth="lg"
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          gap: 1,
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
      >
        <Typography variant="body2" color="text.secondary">
          © {new Date().getFullYear()} GRE 备考 · 与 ETS 无关联
        </Typography>
        <Stack component="nav" aria-label="页脚导航" direction="row" spacing={2.5}>
          <Link component={RouterLink} to={paths.agreement} variant="body2" underline="hover" color="text.secondary">
            用户须知
          </Link>
          <Link
            component="button"
            type="button"
            variant="body2"
            underline="hover"
            color="text.secondary"
            onClick={() => openDialog({ name: 'contact' })}
          >
            联系我们
          </Link>
          <Link
            component="button"
            type="button"
            variant="body2"
            underline="hover"
            color="text.secondary"
            onClick={() => openDialog({ name: 'rights_table' })}
          >
            会员权益表
          </Link>
        </Stack>
      </Container>
    </Box>
  );
}

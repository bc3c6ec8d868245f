import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import { readToken } from '../../lib/token.ts';
import { agreementEffectiveDate, agreementSections } from './agreement-text.ts';

export function AgreementPage() {
  const navigate = useNavigate();
  const back = () => {
    // The data router numbers its history entries; idx > 0 means we came from another page of the app.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(readToken() ? paths.home : paths.login);
  };
  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default', py: { xs: 2, sm: 5 } }}>
      <Container maxWidth="md" sx={{ px: { xs: 1.5, sm: 3 } }}>
        <Button startIcon={<ArrowBack />} onClick={back} sx={{ mb: 1.5 }}>
          返回
        </Button>
        <Paper variant="outlined" component="main" sx={{ p: { xs: 2.5, sm: 5 } }}>
          <Typography variant="h1" sx={{ mb: 1, fontSize: { xs: '1.6rem', sm: '2rem' } }}>
            用户协议
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
            生效日期：{agreementEffectiveDate}
          </Typography>
          <Stack spacing={3}>
            {agreementSections.map((section) => (
              <Box component="section" key={section.title}>
                <Typography variant="h4" component="h2" sx={{ mb: 1 }}>
                  {section.title}
                </Typography>
                {section.paragraphs.map((p) => (
                  <Typography key={p} sx={{ mb: 1, textAlign: 'justify' }}>
                    {p}
                  </Typography>
                ))}
              </Box>
            ))}
          </Stack>
        </Paper>
      </Container>
    </Box>
  );
}

// The mark operators set for this user (ADR 0036): a text (the study group, the teacher's contact)
// and QR images, shown on /personal only when there is one. Nobody else's page shows it.
import type { User } from '@gre/contract/user';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

export function MarkCard({ mark }: { mark: User['mark'] }) {
  const id = useId();
  if (!mark.text && mark.qrs.length === 0) return null;
  return (
    <Paper component="section" aria-labelledby={id} variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 3 }}>
      <Typography id={id} variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
        我的专属信息
      </Typography>
      {mark.text ? (
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mb: mark.qrs.length ? 2 : 0 }}>
          {mark.text}
        </Typography>
      ) : null}
      {mark.qrs.length ? (
        <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }}>
          {mark.qrs.map((url, i) => (
            <Box
              key={url}
              component="img"
              src={url}
              alt={`二维码 ${i + 1}（可长按或扫码添加）`}
              loading="lazy"
              sx={{
                width: { xs: 140, sm: 160 },
                height: { xs: 140, sm: 160 },
                objectFit: 'contain',
                border: 1,
                borderColor: 'divider',
                borderRadius: 2,
                bgcolor: '#fff',
              }}
            />
          ))}
        </Stack>
      ) : null}
    </Paper>
  );
}

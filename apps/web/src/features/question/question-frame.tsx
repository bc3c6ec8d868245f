// The card a question sits on outside the exam player (search, review mode): a bordered paper on wide
// screens, none when the question is split beside its passage, and none on phones.
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

export function QuestionFrame(props: { split: boolean; children: ReactNode }) {
  const { split } = props;
  return (
    <Box
      sx={{
        bgcolor: { xs: 'transparent', md: split ? 'transparent' : 'background.paper' },
        border: { md: split ? 0 : '1px solid' },
        borderColor: { md: 'divider' },
        borderRadius: { md: 3 },
        p: { xs: 0, md: split ? 0 : 4 },
      }}
    >
      {props.children}
    </Box>
  );
}

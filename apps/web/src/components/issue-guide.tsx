// The Chinese writing guide of an Issue prompt (positions, outline, arguments, examples, useful
// expressions): in a question's explanation and on the idea page.
import type { IssueGuide } from '@gre/contract/question';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { MathInline } from './math-text.tsx';

function Section(props: { title: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Typography variant="h6" component="h3" sx={{ fontSize: '1rem', mb: 1, color: 'primary.dark' }}>
        {props.title}
      </Typography>
      {props.children}
    </Box>
  );
}

function BulletList(props: { items: readonly string[]; ordered?: boolean }) {
  return (
    <Box component={props.ordered ? 'ol' : 'ul'} sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.75 }}>
      {props.items.map((item) => (
        <Box component="li" key={item} sx={{ lineHeight: 1.75 }}>
          <MathInline text={item} />
        </Box>
      ))}
    </Box>
  );
}

export function IssueGuideView(props: { guide: IssueGuide }) {
  const g = props.guide;
  return (
    <Stack spacing={2.5}>
      {g.positions.length > 0 ? (
        <Section title="可选立场">
          <BulletList items={g.positions} />
        </Section>
      ) : null}
      {g.outline.length > 0 ? (
        <Section title="写作提纲">
          <BulletList items={g.outline} ordered />
        </Section>
      ) : null}
      {g.arguments.length > 0 ? (
        <Section title="论点与论证">
          <BulletList items={g.arguments} />
        </Section>
      ) : null}
      {g.examples.length > 0 ? (
        <Section title="可用例子">
          <BulletList items={g.examples} />
        </Section>
      ) : null}
      {g.vocabulary.length > 0 ? (
        <Section title="实用表达">
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'max-content minmax(0, 1fr)' },
              columnGap: 2,
              rowGap: { xs: 0, sm: 0.75 },
            }}
          >
            {g.vocabulary.map((v) => (
              <Box key={v.word} sx={{ display: 'contents' }}>
                <Box component="dt" lang="en" sx={{ fontWeight: 700, mt: { xs: 0.75, sm: 0 } }}>
                  {v.word}
                </Box>
                <Box component="dd" sx={{ m: 0, color: 'text.secondary' }}>
                  {v.meaning}
                </Box>
              </Box>
            ))}
          </Box>
        </Section>
      ) : null}
    </Stack>
  );
}

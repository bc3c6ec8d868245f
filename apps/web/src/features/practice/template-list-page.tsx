// The list pages that are one list of sets each: season (每周一练), math2 (数学专项) and higher (高阶).
// Cards come from /api/book/list_templates with my status and, when I may not open a set, why.
import type { BookPage } from '@gre/contract/exam';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { requireUser } from '../../app/route-guards.ts';
import { queryClient } from '../../lib/query-client.ts';
import { groupByParam } from './practice-logic.ts';
import { PracticeModeSwitch, usePracticeMode } from './practice-mode.tsx';
import { templatesQuery } from './queries.ts';
import { CardGrid } from './template-card.tsx';

export interface TemplateListSpec {
  page: BookPage;
  title: string;
  hint: string;
  /** Group cards by this part of the template param (`math2:area:algebra` → part 2), with labels. */
  groupBy?: { part: number; label: (key: string) => string };
}

export function templateListLoader(spec: TemplateListSpec) {
  return async ({ request }: LoaderFunctionArgs): Promise<null> => {
    await requireUser(request);
    await queryClient.prefetchQuery(templatesQuery(spec.page));
    return null;
  };
}

export function TemplateListPage({ spec }: { spec: TemplateListSpec }) {
  const q = useQuery(templatesQuery(spec.page));
  const mode = usePracticeMode(q.data?.practice_mode);
  return (
    <Stack spacing={2}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.4rem', sm: '1.7rem' } }}>
        {spec.title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {spec.hint}
      </Typography>
      <PracticeModeSwitch remembered={q.data?.practice_mode} />
      {q.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label="加载中" />
        </Box>
      ) : q.isError ? (
        <Alert severity="error">列表加载失败，请稍后刷新。</Alert>
      ) : q.data.cards.length === 0 ? (
        <Alert severity="info">这里暂时没有练习。</Alert>
      ) : spec.groupBy ? (
        <Stack spacing={3}>
          {groupByParam(q.data.cards, spec.groupBy.part).map((g) => {
            const label = spec.groupBy?.label(g.key) ?? g.key;
            return (
              <Box component="section" key={g.key} aria-label={label}>
                <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1.25 }}>
                  {label}
                </Typography>
                <CardGrid cards={g.cards} mode={mode} />
              </Box>
            );
          })}
        </Stack>
      ) : (
        <CardGrid cards={q.data.cards} mode={mode} />
      )}
    </Stack>
  );
}

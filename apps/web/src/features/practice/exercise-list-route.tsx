// Route module for /exercise_list: tabs index 按题型 / pick 精选 / big 大题库 / best 精华 (`?tab=`),
// the templates of each from /api/book/list_templates with my status; 我的组卷 (tailor-shelf.tsx) above
// them when the shelf is on for the caller.

import type { QuestionKind } from '@gre/contract/question';
import { questionKindLabel } from '@gre/contract/question';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type LoaderFunctionArgs, Link as RouterLink, useSearchParams } from 'react-router';
import { type ExerciseTab, exerciseTabs, paths } from '../../app/paths.ts';
import { requireUser } from '../../app/route-guards.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { queryClient } from '../../lib/query-client.ts';
import { groupByParam } from './practice-logic.ts';

/** The heading of a by-type series: a question kind, or the reading and data-interpretation series. */
const seriesLabel = (key: string) =>
  ({ reading: '阅读理解', di: '数据解读' })[key] ?? questionKindLabel[key as QuestionKind] ?? '其他';

import { openDialog } from '../../app/app-store.ts';
import { PracticeModeSwitch, usePracticeMode } from './practice-mode.tsx';
import { templatesQuery } from './queries.ts';
import { TailorShelf } from './tailor-shelf.tsx';
import { CardGrid } from './template-card.tsx';

const tabLabel: Record<ExerciseTab, string> = { index: '按题型', pick: '精选', big: '大题库', best: '精华' };
const tabHint: Record<ExerciseTab, string> = {
  index: '按题型与难度分组的练习，不限时，做完即可查看报告。',
  pick: '老师精选的高频好题。',
  big: '按来源整理的整个题库。',
  best: '标记为精华的题目。',
};

const moreLists = [
  { href: paths.season, label: '每周一练' },
  { href: paths.math2, label: '数学专项' },
  { href: paths.higher, label: '高阶题库' },
];

function tabOf(params: URLSearchParams): ExerciseTab {
  const t = params.get('tab');
  return (exerciseTabs as readonly string[]).includes(t ?? '') ? (t as ExerciseTab) : 'index';
}

export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  await requireUser(request);
  await queryClient.prefetchQuery(templatesQuery(tabOf(new URL(request.url).searchParams)));
  return null;
}

export function Component() {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params);
  const q = useQuery(templatesQuery(tab));
  const mode = usePracticeMode(q.data?.practice_mode);
  const me = useCurrentUser();
  return (
    <Stack spacing={2}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.4rem', sm: '1.7rem' } }}>
        练习
      </Typography>
      <Tabs
        value={tab}
        onChange={(_, v: ExerciseTab) => setParams(v === 'index' ? {} : { tab: v }, { replace: true })}
        variant="scrollable"
        aria-label="练习分类"
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {exerciseTabs.map((t) => (
          <Tab
            key={t}
            value={t}
            label={tabLabel[t]}
            sx={{ minHeight: 48, minWidth: { xs: 72, sm: 90 }, px: { xs: 1.5, sm: 2 } }}
          />
        ))}
      </Tabs>
      <Typography variant="body2" color="text.secondary">
        {tabHint[tab]}
        {tab === 'pick' || tab === 'best' ? (
          <Button size="small" onClick={() => openDialog({ name: tab })} sx={{ ml: 1 }}>
            什么是{tabLabel[tab]}？
          </Button>
        ) : null}
      </Typography>
      <PracticeModeSwitch remembered={q.data?.practice_mode} />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="更多练习">
        {moreLists.map((l) => (
          <Button key={l.href} component={RouterLink} to={l.href} variant="outlined" size="small">
            {l.label}
          </Button>
        ))}
      </Stack>
      {me.accessibility.show_tailor_shelf ? <TailorShelf /> : null}
      {q.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label="加载中" />
        </Box>
      ) : q.isError ? (
        <Alert severity="error">练习列表加载失败，请稍后刷新。</Alert>
      ) : q.data.cards.length === 0 ? (
        <Alert severity="info">这里暂时没有练习。</Alert>
      ) : tab === 'index' ? (
        <Stack spacing={3}>
          {groupByParam(q.data.cards).map((g) => (
            <Box component="section" key={g.key} id={`kind-${g.key}`} aria-label={seriesLabel(g.key)}>
              <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1.25 }}>
                {seriesLabel(g.key)}
              </Typography>
              <CardGrid cards={g.cards} mode={mode} />
            </Box>
          ))}
        </Stack>
      ) : (
        <CardGrid cards={q.data.cards} mode={mode} />
      )}
    </Stack>
  );
}

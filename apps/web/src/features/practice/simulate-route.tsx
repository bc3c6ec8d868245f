// Route module for /simulate: full mocks (as the current GRE), single-measure and single-section
// mocks, my earlier mocks with their raw results, and a custom exam built from create_option.
// A refusal (sim_no_perm, day_overflow...) opens its dialog through the error catalogue.
import { createExam } from '@gre/contract/endpoints/exam';
import { type CreateOption, createOptionSchema, mathAreaLabel, mathAreas } from '@gre/contract/exam';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, type LoaderFunctionArgs, useNavigate } from 'react-router';
import { examHref, paths } from '../../app/paths.ts';
import { requireUser } from '../../app/route-guards.ts';
import { api } from '../../lib/api-client.ts';
import { queryClient } from '../../lib/query-client.ts';
import { recordsQuery, templatesQuery } from './queries.ts';
import { RecordList } from './record-list.tsx';
import { CardGrid } from './template-card.tsx';

export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  await requireUser(request);
  await Promise.all([
    queryClient.prefetchQuery(templatesQuery('simulate')),
    queryClient.prefetchQuery(recordsQuery(1, true, 5)),
  ]);
  return null;
}

const groupsOf = [
  {
    title: '全真模考',
    hint: 'Issue 30 分钟 · Verbal 12 题 18 分钟 + 15 题 23 分钟 · Quant 12 题 21 分钟 + 15 题 26 分钟',
    kinds: ['mock_full'],
  },
  { title: '单科模考', hint: '只考语文或数学的两个部分', kinds: ['mock_verbal', 'mock_quant'] },
  { title: '单部分模考', hint: '一个部分，按真实考试计时', kinds: ['mock_section'] },
] as const;

function Section(props: { title: string; hint?: string; children: React.ReactNode }) {
  return (
    <Box component="section" aria-label={props.title}>
      <Typography variant="h2" sx={{ fontSize: '1.15rem' }}>
        {props.title}
      </Typography>
      {props.hint ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
          {props.hint}
        </Typography>
      ) : null}
      <Box sx={{ mt: 1.5 }}>{props.children}</Box>
    </Box>
  );
}

export function Component() {
  const templates = useQuery(templatesQuery('simulate'));
  const mine = useQuery(recordsQuery(1, true, 5));
  return (
    <Stack spacing={3.5}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.4rem', sm: '1.7rem' } }}>
        模考
      </Typography>
      {templates.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label="加载中" />
        </Box>
      ) : templates.isError ? (
        <Alert severity="error">模考列表加载失败，请稍后刷新。</Alert>
      ) : (
        groupsOf.map((g) => {
          const cards = templates.data.cards.filter((c) =>
            (g.kinds as readonly string[]).includes(c.template.exam_kind),
          );
          return cards.length ? (
            <Section key={g.title} title={g.title} hint={g.hint}>
              <CardGrid cards={cards} />
            </Section>
          ) : null;
        })
      )}
      <Section title="我的模考">
        {mine.data?.records.length ? (
          <Stack spacing={1}>
            <RecordList records={mine.data.records} />
            {mine.data.page_control.total > mine.data.records.length ? (
              <Button component={Link} to={paths.record} sx={{ alignSelf: 'flex-start' }}>
                查看全部记录
              </Button>
            ) : null}
          </Stack>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {mine.isPending ? '加载中…' : '还没有做过模考。'}
          </Typography>
        )}
      </Section>
      <Section title="自选组卷" hint="从题库中按条件抽题，组成一场练习或一场全真结构的模考。">
        <CustomExamForm />
      </Section>
    </Stack>
  );
}

function CustomExamForm() {
  const navigate = useNavigate();
  const [o, setO] = useState<CreateOption>(() => createOptionSchema.parse({}));
  const set = <K extends keyof CreateOption>(k: K, v: CreateOption[K]) => setO((x) => ({ ...x, [k]: v }));
  const create = useMutation({
    mutationFn: (option: CreateOption) => api(createExam, { create_option: option }),
    onSuccess: (d) => navigate(examHref(d.exam_id)),
  });
  const full = o.kind === 'full';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(o);
  };
  return (
    <Paper variant="outlined" component="form" onSubmit={submit} aria-label="自选组卷" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }, gap: 2 }}
      >
        <TextField
          select
          label="类型"
          value={o.kind}
          onChange={(e) => set('kind', e.target.value as CreateOption['kind'])}
        >
          <MenuItem value="verbal">语文练习</MenuItem>
          <MenuItem value="quant">数学练习</MenuItem>
          <MenuItem value="mixed">语文 + 数学</MenuItem>
          <MenuItem value="full">全真结构模考</MenuItem>
        </TextField>
        <TextField
          select
          label="选题方式"
          value={o.select_kind}
          onChange={(e) => set('select_kind', e.target.value as CreateOption['select_kind'])}
        >
          <MenuItem value="random">随机</MenuItem>
          <MenuItem value="easy">先易后难</MenuItem>
          <MenuItem value="hard">优先难题</MenuItem>
        </TextField>
        <TextField
          select
          label="数学领域"
          value={o.math_create_kind}
          disabled={o.kind === 'verbal'}
          onChange={(e) => set('math_create_kind', e.target.value as CreateOption['math_create_kind'])}
        >
          {mathAreas.map((a) => (
            <MenuItem key={a} value={a}>
              {mathAreaLabel[a]}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <TextField
            label="题量"
            type="number"
            value={o.count}
            disabled={full}
            onChange={(e) => set('count', Math.max(1, Math.min(50, Number(e.target.value) || 1)))}
            slotProps={{ htmlInput: { min: 1, max: 50 } }}
            sx={{ flex: 1 }}
          />
          <TextField
            label="分钟"
            type="number"
            value={o.minutes}
            disabled={full || o.enable_count_up}
            onChange={(e) => set('minutes', Math.max(1, Math.min(120, Number(e.target.value) || 1)))}
            slotProps={{ htmlInput: { min: 1, max: 120 } }}
            sx={{ flex: 1 }}
          />
        </Box>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, mt: 1.5 }}>
        <FormControlLabel
          control={<Switch checked={o.include_done} onChange={(e) => set('include_done', e.target.checked)} />}
          label="包含做过的题"
        />
        <FormControlLabel
          control={<Switch checked={o.pick_first} onChange={(e) => set('pick_first', e.target.checked)} />}
          label="优先精选题"
        />
        <FormControlLabel
          control={<Switch checked={o.enable_count_up} onChange={(e) => set('enable_count_up', e.target.checked)} />}
          label="不限时（正计时）"
        />
        {full ? (
          <FormControlLabel
            control={<Switch checked={o.with_issue} onChange={(e) => set('with_issue', e.target.checked)} />}
            label="包含 Issue 作文"
          />
        ) : null}
      </Box>
      <Button type="submit" variant="contained" disabled={create.isPending} sx={{ mt: 1.5 }}>
        开始组卷
      </Button>
    </Paper>
  );
}

// Route module for /teach, the teacher grading queue (issue 17, ADR 0032; outside the navigation like
// /operate): Issue essays oldest first, filtered by prompt, machine grader and graded or not; one essay
// beside its prompt and machine grade (two columns on a desktop, stacked on a phone), a 0–6 score in
// half points, an overall comment and one per trait; 提交批改 then opens the next essay. Teachers and
// admins only; the server refuses everyone else either way.

import type { RequestOf } from '@gre/contract/endpoint';
import type { TeacherQueueItem } from '@gre/contract/endpoints/essay';
import * as eep from '@gre/contract/endpoints/essay';
import { IssueResultStatus } from '@gre/contract/enums';
import { type EssayTraitKey, essayTraitKeys, essayTraitLabel } from '@gre/contract/essay';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { requireUser } from '../../app/route-guards.ts';
import { StaffPage } from '../../components/staff-page.tsx';
import { api, errorText } from '../../lib/api-client.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { queryClient } from '../../lib/query-client.ts';
import { toast } from '../../lib/toast.ts';
import { chinaTime } from '../../lib/trades.ts';

export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  await requireUser(request);
  return null;
}

type Source = 'all' | 'builtin' | 'model';
interface Filters {
  prompt: string;
  source: Source;
  graded: boolean;
  page: number;
}

const scores = Array.from({ length: 13 }, (_, i) => i / 2);
const statusText: Record<number, string> = {
  [IssueResultStatus.Judging]: '机器批改中',
  [IssueResultStatus.Finished]: '机器已批改',
  [IssueResultStatus.Failed]: '机器批改失败',
};

function queryBody(f: Filters) {
  return { prompt_id: f.prompt || undefined, source: f.source, graded: f.graded, page: f.page };
}

function QueueFilters(props: {
  filters: Filters;
  prompts: { id: string; title: string }[];
  onChange: (f: Filters) => void;
}) {
  const { filters: f, onChange } = props;
  const promptLabel = useId();
  return (
    <Stack
      component={Paper}
      variant="outlined"
      role="group"
      aria-label="筛选"
      direction={{ xs: 'column', md: 'row' }}
      spacing={1.5}
      useFlexGap
      sx={{ p: 1.5, alignItems: { md: 'center' } }}
    >
      <FormControl size="small" sx={{ minWidth: { md: 320 }, flex: { md: 1 } }}>
        <InputLabel id={promptLabel}>题目</InputLabel>
        <Select
          labelId={promptLabel}
          label="题目"
          value={f.prompt}
          onChange={(e) => onChange({ ...f, prompt: e.target.value, page: 1 })}
        >
          <MenuItem value="">全部题目</MenuItem>
          {props.prompts.map((p) => (
            <MenuItem key={p.id} value={p.id} sx={{ whiteSpace: 'normal' }}>
              {p.id} · {p.title}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <ToggleButtonGroup
        exclusive
        size="small"
        aria-label="机器评分来源"
        value={f.source}
        onChange={(_, v: Source | null) => v && onChange({ ...f, source: v, page: 1 })}
      >
        <ToggleButton value="all">全部评分</ToggleButton>
        <ToggleButton value="builtin">内置评分</ToggleButton>
        <ToggleButton value="model">模型评分</ToggleButton>
      </ToggleButtonGroup>
      <ToggleButtonGroup
        exclusive
        size="small"
        aria-label="批改状态"
        value={f.graded ? 'graded' : 'open'}
        onChange={(_, v: string | null) => v && onChange({ ...f, graded: v === 'graded', page: 1 })}
      >
        <ToggleButton value="open">待批改</ToggleButton>
        <ToggleButton value="graded">已批改</ToggleButton>
      </ToggleButtonGroup>
    </Stack>
  );
}

function QueueList(props: { items: TeacherQueueItem[]; selected: string | null; onOpen: (id: string) => void }) {
  return (
    <Stack component="ul" aria-label="作文列表" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {props.items.map((e) => (
        <li key={e.id}>
          <Button
            fullWidth
            variant={props.selected === e.id ? 'contained' : 'outlined'}
            onClick={() => props.onOpen(e.id)}
            sx={{ justifyContent: 'flex-start', textAlign: 'left', textTransform: 'none', minHeight: 44, py: 1 }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
                {e.prompt_title}
              </Typography>
              <Typography variant="caption" component="div">
                {chinaTime(new Date(e.created_at).toISOString())} · {e.word_count} 词 ·{' '}
                {e.score === null ? (statusText[e.status] ?? '未批改') : `机器 ${e.score} 分（${e.grader_label}）`}
                {e.teacher_score === null ? '' : ` · 老师 ${e.teacher_score} 分`}
              </Typography>
            </Box>
          </Button>
        </li>
      ))}
    </Stack>
  );
}

function GradeForm(props: {
  essayId: string;
  initial: { score: number | null; overall: string; traits: Partial<Record<EssayTraitKey, string>> };
  onGraded: () => void;
}) {
  const [score, setScore] = useState<string>(props.initial.score === null ? '' : String(props.initial.score));
  const [overall, setOverall] = useState(props.initial.overall);
  const [traits, setTraits] = useState(props.initial.traits);
  const [error, setError] = useState('');
  const scoreLabel = useId();
  const body = () => ({
    id: props.essayId,
    score: score === '' ? undefined : Number(score),
    comment: { overall, traits: essayTraitKeys.map((key) => ({ key, comment: traits[key] ?? '' })) },
  });
  const grade = useMutation({
    mutationFn: (b: RequestOf<typeof eep.teacherGradeEssay>) => api(eep.teacherGradeEssay, b),
    onSuccess: async () => {
      toast('success', '批改已保存');
      await queryClient.invalidateQueries({ queryKey: ['teach'] });
      props.onGraded();
    },
    onError: (e) => setError(errorText(e)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The parsed body is sent (the contract trims the comments and drops empty traits).
    const r = eep.teacherGradeEssay.request.safeParse(body());
    if (!r.success) {
      setError(r.error.issues[0]?.message ?? '输入不正确');
      return;
    }
    setError('');
    grade.mutate(r.data);
  };
  return (
    <Paper variant="outlined" component="form" noValidate aria-label="老师批改" onSubmit={submit} sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 600 }}>
          老师批改
        </Typography>
        <FormControl size="small" sx={{ maxWidth: 200 }}>
          <InputLabel id={scoreLabel}>评分（0–6）</InputLabel>
          <Select
            labelId={scoreLabel}
            label="评分（0–6）"
            value={score}
            onChange={(e) => {
              setScore(e.target.value);
              setError('');
            }}
          >
            {scores.map((s) => (
              <MenuItem key={s} value={String(s)}>
                {s} 分
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <TextField
          label="总评"
          multiline
          minRows={2}
          value={overall}
          onChange={(e) => {
            setOverall(e.target.value);
            setError('');
          }}
          required
        />
        {essayTraitKeys.map((key) => (
          <TextField
            key={key}
            label={essayTraitLabel[key]}
            multiline
            minRows={1}
            value={traits[key] ?? ''}
            onChange={(e) => setTraits({ ...traits, [key]: e.target.value })}
          />
        ))}
        {error ? <Alert severity="error">{error}</Alert> : null}
        <Box>
          <Button type="submit" variant="contained" disabled={grade.isPending} sx={{ minHeight: 44 }}>
            提交批改
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}

function EssayPanel(props: { id: string; onGraded: () => void }) {
  const q = useQuery({
    queryKey: ['teach', 'essay', props.id],
    queryFn: () => api(eep.teacherGetEssay, { id: props.id }),
  });
  if (q.isError) return <Alert severity="error">{errorText(q.error)}</Alert>;
  if (!q.data) return <Typography color="text.secondary">加载中…</Typography>;
  const { essay, prompt, builtin } = q.data;
  const tc = essay.teacher_comment;
  return (
    <Box
      component="section"
      aria-label="作文"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' } }}
    >
      <Stack spacing={2} sx={{ minWidth: 0 }}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="overline" color="text.secondary">
            题目 {prompt.id}
          </Typography>
          <Typography sx={{ fontWeight: 600 }}>{prompt.stem}</Typography>
          {prompt.instructions ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {prompt.instructions}
            </Typography>
          ) : null}
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="overline" color="text.secondary">
            作文 · {essay.word_count} 词 · {chinaTime(new Date(essay.created_at).toISOString())}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap', lineHeight: 1.7 }}>{essay.text}</Typography>
        </Paper>
      </Stack>
      <Stack spacing={2} sx={{ minWidth: 0 }}>
        <Paper variant="outlined" component="section" aria-label="机器评分" sx={{ p: 2 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }} useFlexGap>
            <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 600 }}>
              机器评分
            </Typography>
            {essay.score === null ? (
              <Chip size="small" label={statusText[essay.status] ?? '未批改'} />
            ) : (
              <Chip size="small" color="primary" label={`${essay.score} 分`} />
            )}
            {essay.grader_label ? <Chip size="small" variant="outlined" label={essay.grader_label} /> : null}
          </Stack>
          {essay.comment ? (
            <Stack spacing={0.75}>
              <Typography variant="body2">{essay.comment.overall}</Typography>
              {essay.comment.traits.map((t) => (
                <Typography variant="body2" key={t.key}>
                  <b>
                    {t.name} {t.score} 分：
                  </b>
                  {t.feedback}
                </Typography>
              ))}
            </Stack>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {essay.failure || '还没有机器评语'}
            </Typography>
          )}
          {builtin ? (
            <Box
              component="section"
              aria-label="内置评分"
              sx={{ mt: 1.5, pt: 1.5, borderTop: 1, borderColor: 'divider' }}
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  对照：{builtin.grader_label}
                </Typography>
                <Chip size="small" variant="outlined" label={`${builtin.score} 分`} />
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {builtin.overall}
              </Typography>
            </Box>
          ) : null}
        </Paper>
        <GradeForm
          key={essay.id}
          essayId={essay.id}
          initial={{
            score: essay.teacher_score,
            overall: tc?.overall ?? '',
            traits: Object.fromEntries((tc?.traits ?? []).map((t) => [t.key, t.comment])),
          }}
          onGraded={props.onGraded}
        />
      </Stack>
    </Box>
  );
}

export function Component() {
  const me = useCurrentUser();
  const allowed = me.is_admin || me.authority.is_teacher;
  const [filters, setFilters] = useState<Filters>({ prompt: '', source: 'all', graded: false, page: 1 });
  // /teach?essay=<id> opens that essay (a link from elsewhere, or a teacher's bookmark).
  const [params] = useSearchParams();
  const [selected, setSelected] = useState<string | null>(params.get('essay'));
  const queue = useQuery({
    queryKey: ['teach', 'queue', filters],
    queryFn: () => api(eep.teacherQueue, queryBody(filters)),
    enabled: allowed,
    placeholderData: keepPreviousData,
  });
  const items = queue.data?.essays ?? [];
  const total = queue.data?.page_control.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / eep.teacherQueuePageSize));
  /** After a grade: the next essay in the queue (the graded one leaves the 待批改 list). */
  const next = () => {
    const i = items.findIndex((e) => e.id === selected);
    const after = items.slice(i + 1).find((e) => e.id !== selected) ?? items.find((e) => e.id !== selected);
    setSelected(after?.id ?? null);
  };
  return (
    <StaffPage title="批改作文" maxWidth="xl" spacing={2.5} allowed={allowed} denied="只有老师可以批改作文。">
      <QueueFilters
        filters={filters}
        prompts={queue.data?.prompts ?? []}
        onChange={(f) => {
          setFilters(f);
          setSelected(null);
        }}
      />
      {queue.isError ? <Alert severity="error">{errorText(queue.error)}</Alert> : null}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(260px, 1fr) minmax(0, 3fr)' },
          alignItems: 'start',
        }}
      >
        <Paper variant="outlined" component="section" aria-label="批改队列" sx={{ p: 1.5, minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {filters.graded ? '已批改' : '待批改'} {total} 篇，最早提交的在前
          </Typography>
          {items.length ? (
            <QueueList items={items} selected={selected} onOpen={setSelected} />
          ) : queue.isSuccess ? (
            <Typography variant="body2" color="text.secondary">
              {filters.graded ? '还没有批改过的作文' : '没有待批改的作文'}
            </Typography>
          ) : null}
          {pages > 1 ? (
            <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
              <Button
                size="small"
                disabled={filters.page <= 1}
                onClick={() => setFilters({ ...filters, page: filters.page - 1 })}
              >
                上一页
              </Button>
              <Typography variant="body2">
                {filters.page} / {pages}
              </Typography>
              <Button
                size="small"
                disabled={filters.page >= pages}
                onClick={() => setFilters({ ...filters, page: filters.page + 1 })}
              >
                下一页
              </Button>
            </Stack>
          ) : null}
        </Paper>
        {selected ? (
          <EssayPanel id={selected} onGraded={next} />
        ) : (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            从列表中选择一篇作文开始批改
          </Typography>
        )}
      </Box>
    </StaffPage>
  );
}

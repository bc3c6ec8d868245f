// Route module for /idea/:questionId: the prompt, its Chinese writing guide (collapsible), the
// Issue editor with a 30-minute clock, submitting for grading (→ the status card), and my earlier
// essays on this prompt. A refusal (a locked prompt, no grading left today) opens its dialog
// through the error catalogue.

import { submitEssay } from '@gre/contract/endpoints/essay';
import { IssueResultStatus } from '@gre/contract/enums';
import type { Essay } from '@gre/contract/essay';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import TimerOutlined from '@mui/icons-material/TimerOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, type LoaderFunctionArgs, useParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { requireUser } from '../../app/route-guards.ts';
import { EssayCard, formatEssayTime } from '../../components/essay-card.tsx';
import { EssayBox } from '../../components/essay-editor.tsx';
import { essayKeys, myEssaysQuery } from '../../components/essay-queries.ts';
import { IssueGuideView } from '../../components/issue-guide.tsx';
import { api } from '../../lib/api-client.ts';
import { queryClient } from '../../lib/query-client.ts';
import { formatClock, issueSeconds, readDraft, secondsLeft, writeDraft } from './idea-logic.ts';
import { issuePromptQuery } from './queries.ts';

export async function loader({ params, request }: LoaderFunctionArgs): Promise<null> {
  await requireUser(request);
  const id = params.questionId ?? '';
  await Promise.all([queryClient.prefetchQuery(issuePromptQuery(id)), queryClient.prefetchQuery(myEssaysQuery(id))]);
  return null;
}

const storage = () => (typeof window === 'undefined' ? undefined : window.localStorage);

/** The 30-minute clock: ticks once a second while running. */
function useWritingClock() {
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (startedAt === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [startedAt]);
  const left = secondsLeft(startedAt, now);
  return {
    running: startedAt !== null && left > 0,
    started: startedAt !== null,
    left,
    start: () => {
      const t = Date.now();
      setStartedAt(t);
      setNow(t);
    },
    reset: () => setStartedAt(null),
  };
}

function Writer(props: { questionId: string; onSubmitted: (e: Essay) => void }) {
  const client = useQueryClient();
  const [text, setText] = useState(() => readDraft(storage(), props.questionId));
  const clock = useWritingClock();
  const submit = useMutation({
    mutationFn: () => api(submitEssay, { question_id: props.questionId, text }),
    onSuccess: (essay) => {
      client.setQueryData(essayKeys.one(essay.id), essay);
      void client.invalidateQueries({ queryKey: ['essay', 'list'] });
      writeDraft(storage(), props.questionId, '');
      setText('');
      clock.reset();
      props.onSubmitted(essay);
    },
  });
  const change = (t: string) => {
    setText(t);
    writeDraft(storage(), props.questionId, t);
  };
  const timeUp = clock.started && clock.left === 0;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 } }} component="section" aria-label="写作">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="h2" sx={{ fontSize: '1.1rem', flex: '1 1 auto' }}>
          限时写作
        </Typography>
        <Chip
          icon={<TimerOutlined />}
          label={timeUp ? '时间到' : formatClock(clock.left)}
          color={timeUp ? 'error' : clock.running && clock.left <= 300 ? 'warning' : 'default'}
          aria-label={timeUp ? '时间到' : `剩余 ${formatClock(clock.left)}`}
          sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 700 }}
        />
        {clock.started ? null : (
          <Button variant="outlined" size="small" onClick={clock.start}>
            开始计时（{issueSeconds / 60} 分钟）
          </Button>
        )}
      </Box>
      {timeUp ? (
        <Alert severity="warning" sx={{ mb: 1.5 }}>
          30 分钟到了。考试中此时会自动交卷；现在可以提交批改。
        </Alert>
      ) : null}
      <EssayBox value={text} onChange={timeUp ? undefined : change} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center', flex: '1 1 200px' }}>
          提交后由系统批改（占用一次作文批改次数），草稿自动保存在本机。
        </Typography>
        <Button
          variant="contained"
          onClick={() => submit.mutate()}
          disabled={!text.trim() || submit.isPending}
          startIcon={submit.isPending ? <CircularProgress size={16} color="inherit" /> : null}
        >
          提交批改
        </Button>
      </Box>
    </Paper>
  );
}

function MyEssays(props: { questionId: string; hide: string | null }) {
  const q = useQuery(myEssaysQuery(props.questionId));
  const [open, setOpen] = useState<string | null>(null);
  const essays = (q.data?.essays ?? []).filter((e) => e.id !== props.hide);
  if (!essays.length) return null;
  return (
    <Box component="section" aria-label="我的作文">
      <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
        我写过的（本题）
      </Typography>
      <Stack spacing={1}>
        {essays.map((e) => (
          <Box key={e.id}>
            <Button
              fullWidth
              variant="text"
              onClick={() => setOpen(open === e.id ? null : e.id)}
              aria-expanded={open === e.id}
              sx={{ justifyContent: 'space-between', textAlign: 'left', border: 1, borderColor: 'divider' }}
            >
              <span>
                {formatEssayTime(e.created_at)} · {e.word_count} 词
              </span>
              <span>
                {e.score !== null
                  ? `${e.score} / 6`
                  : e.status === IssueResultStatus.Failed
                    ? '批改失败'
                    : e.status === IssueResultStatus.Judging
                      ? '批改中'
                      : ''}
              </span>
            </Button>
            <Collapse in={open === e.id} unmountOnExit>
              <Box sx={{ mt: 1 }}>
                <EssayCard essayId={e.id} initial={e} />
              </Box>
            </Collapse>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}

export function Component() {
  const id = useParams().questionId ?? '';
  const q = useQuery(issuePromptQuery(id));
  const [guideOpen, setGuideOpen] = useState(false);
  const [current, setCurrent] = useState<Essay | null>(null);
  const back = (
    <Button component={Link} to={paths.idea} startIcon={<ArrowBackRounded />} sx={{ alignSelf: 'flex-start' }}>
      全部题目
    </Button>
  );
  if (q.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress aria-label="加载中" />
      </Box>
    );
  }
  if (q.isError || q.data.question.kind !== 'issue' || !q.data.question.accessable) {
    return (
      <Stack spacing={2}>
        {back}
        <Alert severity="warning">这道题目暂时无法打开。</Alert>
      </Stack>
    );
  }
  const question = q.data.question;
  const guide = question.analysis?.guide ?? null;
  return (
    <Stack spacing={2.5}>
      {back}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-label="题目">
        <Typography lang="en" sx={{ fontSize: { xs: '1.05rem', sm: '1.15rem' }, lineHeight: 1.75, fontWeight: 600 }}>
          {question.inquiry}
        </Typography>
        {question.input_method.instructions ? (
          <Typography lang="en" color="text.secondary" sx={{ mt: 1.5, lineHeight: 1.75 }}>
            {question.input_method.instructions}
          </Typography>
        ) : null}
        {guide ? (
          <Box sx={{ mt: 2 }}>
            <Button variant="outlined" size="small" onClick={() => setGuideOpen((o) => !o)} aria-expanded={guideOpen}>
              {guideOpen ? '收起写作指导' : '展开写作指导（中文）'}
            </Button>
            <Collapse in={guideOpen} unmountOnExit>
              <Box sx={{ mt: 2 }}>
                <IssueGuideView guide={guide} />
              </Box>
            </Collapse>
          </Box>
        ) : null}
      </Paper>
      {current ? <EssayCard key={current.id} essayId={current.id} initial={current} title="本次批改" /> : null}
      <Writer questionId={id} onSubmitted={setCurrent} />
      <MyEssays questionId={id} hide={current?.id ?? null} />
    </Stack>
  );
}

// An essay's grading status, as the candidate follows it: 批改中 with a spinner (read again every
// 2 s) until 已完成 (score /6, "超过 xx% 的同题作文", how well the machine score agrees with human
// raters, the comment per trait) or 批改失败 (the reason and 重新批改). A teacher's grade, when there
// is one, is shown first. Shown on the exam result, the report and the idea page.
import { retryEssay } from '@gre/contract/endpoints/essay';
import { IssueResultStatus } from '@gre/contract/enums';
import { type Essay, essayTraitLabel } from '@gre/contract/essay';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../lib/api-client.ts';
import { chinaTimeZone } from '../lib/china-time.ts';
import { essayKeys, essayQuery, examEssaysQuery } from './essay-queries.ts';

const statusChip: Record<IssueResultStatus, { label: string; color: 'default' | 'primary' | 'success' | 'error' }> = {
  [IssueResultStatus.Empty]: { label: '未作答', color: 'default' },
  [IssueResultStatus.Judging]: { label: '批改中', color: 'primary' },
  [IssueResultStatus.Finished]: { label: '已批改', color: 'success' },
  [IssueResultStatus.Failed]: { label: '批改失败', color: 'error' },
};

const dateTime = new Intl.DateTimeFormat('zh-CN', {
  timeZone: chinaTimeZone,
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

export function formatEssayTime(ms: number): string {
  return dateTime.format(new Date(ms));
}

function Traits(props: { essay: Essay }) {
  const traits = props.essay.comment?.traits ?? [];
  return (
    <Stack spacing={1.75} component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {traits.map((t) => (
        <Box component="li" key={t.key}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mb: 0.5 }}>
            <Typography sx={{ fontWeight: 700 }}>{t.name}</Typography>
            <Typography color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums', flexShrink: 0 }}>
              {t.score} / 6
            </Typography>
          </Box>
          <LinearProgress
            variant="determinate"
            value={(t.score / 6) * 100}
            aria-label={`${t.name} ${t.score} 分`}
            color={t.score >= 4 ? 'success' : t.score >= 2.5 ? 'primary' : 'warning'}
            sx={{ height: 6, borderRadius: 3, mb: 0.75 }}
          />
          <Typography variant="body2" color="text.secondary" sx={{ lineHeight: 1.75 }}>
            {t.feedback}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}

/** A teacher's grade, shown above the machine's when a teacher graded the essay (issue 13). */
function TeacherGrade(props: { essay: Essay }) {
  const e = props.essay;
  const comments = e.teacher_comment?.traits.filter((t) => t.comment.trim()) ?? [];
  return (
    <Box
      aria-label="老师批改"
      sx={{ mb: 2, p: 1.5, borderRadius: 1, border: 1, borderColor: 'success.light', bgcolor: 'action.hover' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 700 }}>老师评分</Typography>
        <Typography
          aria-label={`老师评分 ${e.teacher_score} / 6`}
          sx={{ fontSize: '1.6rem', fontWeight: 800, lineHeight: 1 }}
        >
          {e.teacher_score}
          <Typography component="span" color="text.secondary" sx={{ fontSize: '1rem', fontWeight: 600 }}>
            {' '}
            / 6
          </Typography>
        </Typography>
        {e.teacher_graded_at ? (
          <Typography variant="body2" color="text.secondary">
            {formatEssayTime(e.teacher_graded_at)} 批改
          </Typography>
        ) : null}
      </Box>
      {e.teacher_comment?.overall.trim() ? (
        <Typography sx={{ mt: 1, lineHeight: 1.8 }}>{e.teacher_comment.overall}</Typography>
      ) : null}
      {comments.length ? (
        <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', m: 0, mt: 1, p: 0 }}>
          {comments.map((t) => (
            <Typography component="li" variant="body2" key={t.key} sx={{ lineHeight: 1.75 }}>
              <b>{essayTraitLabel[t.key]}</b>：{t.comment}
            </Typography>
          ))}
        </Stack>
      ) : null}
      {e.status === IssueResultStatus.Finished && e.score !== null ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          下方为机器评分（{e.score} / 6），供对照。
        </Typography>
      ) : null}
    </Box>
  );
}

/** The card for one essay; pass `initial` when the essay was just read (no extra request). */
export function EssayCard(props: { essayId: string; initial?: Essay; title?: string; showText?: boolean }) {
  const client = useQueryClient();
  const q = useQuery(essayQuery(props.essayId, props.initial));
  const [textOpen, setTextOpen] = useState(false);
  const retry = useMutation({
    mutationFn: () => api(retryEssay, { essay_id: props.essayId }),
    onSuccess: (updated) => {
      client.setQueryData(essayKeys.one(props.essayId), updated);
      void client.invalidateQueries({ queryKey: ['essay', 'list'] });
    },
  });
  if (q.isPending) {
    return (
      <Paper variant="outlined" sx={{ p: 2, display: 'flex', justifyContent: 'center' }}>
        <CircularProgress size={24} aria-label="加载中" />
      </Paper>
    );
  }
  if (q.isError) return <Alert severity="error">作文批改结果加载失败，请稍后刷新。</Alert>;
  const e = q.data;
  const chip = statusChip[e.status];
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }} aria-label="作文批改" data-essay-status={e.status}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
        <Typography variant="h3" sx={{ fontSize: '1.05rem', flex: '1 1 auto' }}>
          {props.title ?? '作文批改'}
        </Typography>
        <Chip size="small" label={chip.label} color={chip.color} />
        {e.grader_label && e.status === IssueResultStatus.Finished ? (
          <Chip size="small" variant="outlined" label={e.grader_label} />
        ) : null}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {formatEssayTime(e.created_at)} 提交 · {e.word_count} 词
      </Typography>

      {e.teacher_score !== null ? <TeacherGrade essay={e} /> : null}

      <Box aria-live="polite">
        {e.status === IssueResultStatus.Judging ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 1 }}>
            <CircularProgress size={22} disableShrink aria-label="批改中" />
            <Typography>正在批改，通常几秒到一分钟，完成后自动显示结果。</Typography>
          </Box>
        ) : null}

        {e.status === IssueResultStatus.Empty ? (
          <Typography color="text.secondary">这篇作文没有写内容，不评分，也不占用批改次数。</Typography>
        ) : null}

        {e.status === IssueResultStatus.Failed ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => retry.mutate()} disabled={retry.isPending}>
                重新批改
              </Button>
            }
          >
            {e.failure || '批改失败'}
          </Alert>
        ) : null}

        {e.status === IssueResultStatus.Finished && e.score !== null ? (
          <Stack spacing={2}>
            <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 2, flexWrap: 'wrap' }}>
              <Typography
                aria-label={`得分 ${e.score} / 6`}
                sx={{ fontSize: { xs: '2rem', sm: '2.4rem' }, fontWeight: 800, lineHeight: 1 }}
              >
                {e.score}
                <Typography component="span" color="text.secondary" sx={{ fontSize: '1.1rem', fontWeight: 600 }}>
                  {' '}
                  / 6
                </Typography>
              </Typography>
              <Typography color="text.secondary">
                {e.rank !== null ? `超过 ${e.rank}% 的同题作文` : '同题作文满 20 篇后显示排名'}
              </Typography>
            </Box>
            {e.agreement ? (
              <Typography variant="body2" color="text.secondary" data-testid="essay-agreement">
                {e.agreement}
              </Typography>
            ) : null}
            {e.comment?.overall ? <Typography sx={{ lineHeight: 1.8 }}>{e.comment.overall}</Typography> : null}
            <Traits essay={e} />
          </Stack>
        ) : null}
      </Box>

      {props.showText !== false && e.text.trim() ? (
        <Box sx={{ mt: 1.5 }}>
          <Button size="small" onClick={() => setTextOpen((o) => !o)} aria-expanded={textOpen}>
            {textOpen ? '收起我的作文' : '查看我的作文'}
          </Button>
          <Collapse in={textOpen} unmountOnExit>
            <Typography
              lang="en"
              sx={{
                whiteSpace: 'pre-wrap',
                overflowWrap: 'anywhere',
                bgcolor: 'action.hover',
                p: 1.5,
                borderRadius: 1,
              }}
            >
              {e.text}
            </Typography>
          </Collapse>
        </Box>
      ) : null}
    </Paper>
  );
}

/** The essays of an exam (its Issue sections), each with its card. */
export function ExamEssays(props: { examId: string }) {
  const q = useQuery(examEssaysQuery(props.examId));
  if (q.isPending || q.isError || q.data.essays.length === 0) return null;
  return (
    <Stack spacing={1.5}>
      {q.data.essays.map((e) => (
        <EssayCard key={e.id} essayId={e.id} initial={e} title="Issue 作文批改" />
      ))}
    </Stack>
  );
}

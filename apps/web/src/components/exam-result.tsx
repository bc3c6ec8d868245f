// The raw result of a finished exam (labelled as raw: scaled 130–170 scores come with the scoring
// issue): correct count, average time, per measure, per knowledge point and per difficulty.
// Shown by the player's Result stage and at the top of the report.
import type { ExamResult } from '@gre/contract/exam';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { difficultyLabel } from '../lib/question-labels.ts';

const pct = (c: number, t: number) => (t > 0 ? Math.round((c / t) * 100) : 0);

function Stat(props: { label: string; value: string; hint?: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {props.label}
      </Typography>
      <Typography sx={{ fontSize: { xs: '1.5rem', sm: '1.8rem' }, fontWeight: 700, lineHeight: 1.25 }}>
        {props.value}
      </Typography>
      {props.hint ? (
        <Typography variant="caption" color="text.secondary">
          {props.hint}
        </Typography>
      ) : null}
    </Box>
  );
}

function Bar(props: { label: string; correct: number; total: number }) {
  const p = pct(props.correct, props.total);
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mb: 0.5 }}>
        <Typography variant="body2" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {props.label}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}>
          {props.correct}/{props.total} · {p}%
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={p}
        aria-label={`${props.label} 正确率 ${p}%`}
        color={p >= 70 ? 'success' : p >= 40 ? 'primary' : 'warning'}
        sx={{ height: 8, borderRadius: 4 }}
      />
    </Box>
  );
}

export function ExamResultSummary(props: { result: ExamResult }) {
  const r = props.result;
  const measures = [
    r.verbal.total ? { label: '语文 Verbal', ...r.verbal } : null,
    r.quantitative.total ? { label: '数学 Quant', ...r.quantitative } : null,
    r.word.total ? { label: '单词', ...r.word } : null,
  ].filter((m) => m !== null);
  return (
    <Stack spacing={2} aria-label="原始成绩">
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
          <Typography variant="h2" sx={{ fontSize: '1.15rem' }}>
            原始成绩
          </Typography>
          <Chip size="small" variant="outlined" label="未换算为 130–170 分" />
        </Box>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' }, gap: 2 }}>
          <Stat label="答对" value={`${r.correct} / ${r.total}`} hint={`正确率 ${pct(r.correct, r.total)}%`} />
          <Stat label="已作答" value={`${r.answered}`} hint={`共 ${r.total} 题`} />
          <Stat label="平均用时" value={`${Math.round(r.avg_time_seconds)} 秒`} hint="每题" />
          {r.issue.total ? (
            <Stat label="作文" value={`${r.issue.written} / ${r.issue.total}`} hint="已写（评分稍后提供）" />
          ) : (
            <Stat label="总分" value={r.total_score === null ? '—' : String(r.total_score)} hint="换算分稍后提供" />
          )}
        </Box>
        {r.interpret ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {r.interpret}
          </Typography>
        ) : null}
      </Paper>
      <Box
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 2, alignItems: 'start' }}
      >
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h3" sx={{ fontSize: '1rem', mb: 1.5 }}>
            分科
          </Typography>
          <Stack spacing={1.5}>
            {measures.length ? (
              measures.map((m) => <Bar key={m.label} {...m} />)
            ) : (
              <Typography variant="body2" color="text.secondary">
                无
              </Typography>
            )}
          </Stack>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h3" sx={{ fontSize: '1rem', mb: 1.5 }}>
            按难度
          </Typography>
          <Stack spacing={1.5}>
            {r.difficulties.map((d) => (
              <Bar key={d.difficulty} label={difficultyLabel[d.difficulty]} correct={d.correct} total={d.total} />
            ))}
          </Stack>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h3" sx={{ fontSize: '1rem', mb: 1.5 }}>
            按知识点
          </Typography>
          <Stack spacing={1.5} sx={{ maxHeight: 260, overflowY: 'auto', pr: 0.5 }}>
            {r.knowledge.length ? (
              r.knowledge.map((k) => <Bar key={k.tag_id} label={k.name} correct={k.correct} total={k.total} />)
            ) : (
              <Typography variant="body2" color="text.secondary">
                本套题没有标注知识点
              </Typography>
            )}
          </Stack>
        </Paper>
      </Box>
    </Stack>
  );
}

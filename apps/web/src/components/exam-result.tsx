// The result of a finished exam: the scaled Verbal and Quant scores (130–170 with their ± band),
// the total, the adaptive levels of a mock's second sections and the interpretation; then the raw
// counts: correct, average time, per measure, per knowledge point and per difficulty.
// Shown by the player's Result stage and at the top of the report.
import type { AdaptiveLevel, ExamKind, ExamResult, ScaledScore } from '@gre/contract/exam';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { difficultyLabel } from '../lib/question-labels.ts';
import { ExamEssays } from './essay-card.tsx';
import { examEssaysQuery } from './essay-queries.ts';

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

const levelLabel: Record<AdaptiveLevel, string> = { easy: '较易', medium: '中等', hard: '较难' };

function ScoreStat(props: { label: string; score: ScaledScore | null; level: AdaptiveLevel | null }) {
  const s = props.score;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {props.label}
      </Typography>
      <Typography
        sx={{ fontSize: { xs: '1.6rem', sm: '2rem' }, fontWeight: 700, lineHeight: 1.2, whiteSpace: 'nowrap' }}
        aria-label={s ? `${props.label} ${s.score} 正负 ${s.band}` : `${props.label} 未计分`}
      >
        {s ? (
          <>
            {s.score}
            <Box component="span" sx={{ fontSize: '0.6em', fontWeight: 500, color: 'text.secondary', ml: 0.75 }}>
              ± {s.band}
            </Box>
          </>
        ) : (
          '—'
        )}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {s ? `130–170 · 依据 ${s.items} 题` : '未作答，不计分'}
      </Typography>
      {props.level ? (
        <Chip size="small" variant="outlined" sx={{ mt: 0.75 }} label={`第二部分：${levelLabel[props.level]}`} />
      ) : null}
    </Box>
  );
}

/** The scaled scores of a mock (or a practice estimate when the set was long enough). */
function ScoreBlock(props: { result: ExamResult; mock: boolean }) {
  const r = props.result;
  const measures = [
    r.verbal.total ? { key: 'verbal', label: '语文 Verbal', score: r.verbal_score, level: r.adaptive?.verbal } : null,
    r.quantitative.total ? { key: 'quant', label: '数学 Quant', score: r.quant_score, level: r.adaptive?.quant } : null,
  ].filter((m) => m !== null);
  return (
    <Paper component="section" variant="outlined" aria-label="换算成绩" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h2" sx={{ fontSize: '1.15rem' }}>
          {props.mock ? '换算成绩' : '练习估计分'}
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          color={props.mock ? 'primary' : 'default'}
          label={props.mock ? '130–170 · ± 为一个标准误' : '非模考，仅供参考'}
        />
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' }, gap: 2 }}>
        {measures.map((m) => (
          <ScoreStat key={m.key} label={m.label} score={m.score} level={m.level ?? null} />
        ))}
        {measures.length > 1 ? (
          <Box sx={{ minWidth: 0, gridColumn: { xs: '1 / -1', sm: 'auto' } }}>
            <Typography variant="body2" color="text.secondary">
              总分
            </Typography>
            <Typography sx={{ fontSize: { xs: '1.6rem', sm: '2rem' }, fontWeight: 700, lineHeight: 1.2 }}>
              {r.total_score ?? '—'}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {r.total_score === null ? '两科都计分后才有总分' : '260–340'}
            </Typography>
          </Box>
        ) : null}
      </Box>
      {r.interpret ? (
        <Box sx={{ mt: 2.5, pt: 2, borderTop: 1, borderColor: 'divider' }}>
          <Typography variant="h3" sx={{ fontSize: '0.95rem', mb: 0.5 }}>
            解读与建议
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line', lineHeight: 1.8 }}>
            {r.interpret}
          </Typography>
        </Box>
      ) : null}
    </Paper>
  );
}

/** The essay's score: the teacher's when a teacher graded it (issue 13), else the machine's. */
function IssueStat(props: { result: ExamResult; examId?: string }) {
  const r = props.result;
  // The same query as the essay cards below: read once, from the cache.
  const essays = useQuery({ ...examEssaysQuery(props.examId ?? ''), enabled: Boolean(props.examId) });
  const teacher = essays.data?.essays.find((e) => e.teacher_score !== null)?.teacher_score ?? null;
  if (teacher !== null) {
    return (
      <Stat
        label="作文"
        value={`${teacher} / 6`}
        hint={r.issue_score === null ? '老师评分' : `老师评分（机器评分 ${r.issue_score}）`}
      />
    );
  }
  return (
    <Stat
      label="作文"
      value={r.issue_score === null ? `${r.issue.written} / ${r.issue.total}` : `${r.issue_score} / 6`}
      hint={r.issue_score === null ? (r.issue.written ? '已写，批改中（见下方作文批改）' : '未写') : '作文得分'}
    />
  );
}

export function ExamResultSummary(props: {
  result: ExamResult;
  examKind?: ExamKind;
  examId?: string;
  /** Questions of this mock the candidate had answered before it (the score may be inflated). */
  seenBefore?: number;
}) {
  const r = props.result;
  const mock = props.examKind?.startsWith('mock') ?? false;
  // Practice sets show scores only when a measure had enough answers for an estimate.
  const scored = mock || r.verbal_score !== null || r.quant_score !== null;
  const measures = [
    r.verbal.total ? { label: '语文 Verbal', ...r.verbal } : null,
    r.quantitative.total ? { label: '数学 Quant', ...r.quantitative } : null,
    r.word.total ? { label: '单词', ...r.word } : null,
  ].filter((m) => m !== null);
  return (
    <Stack spacing={2}>
      {props.seenBefore ? (
        <Alert severity="warning">
          本次模考中有 {props.seenBefore} 道题你此前已做过（题目列表中标为“此前做过”），分数可能偏高。
        </Alert>
      ) : null}
      {scored ? <ScoreBlock result={r} mock={mock} /> : null}
      <Paper component="section" variant="outlined" aria-label="原始成绩" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
          <Typography variant="h2" sx={{ fontSize: '1.15rem' }}>
            原始成绩
          </Typography>
          <Chip size="small" variant="outlined" label="答对题数" />
        </Box>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' }, gap: 2 }}>
          <Stat label="答对" value={`${r.correct} / ${r.total}`} hint={`正确率 ${pct(r.correct, r.total)}%`} />
          <Stat label="已作答" value={`${r.answered}`} hint={`共 ${r.total} 题`} />
          <Stat label="平均用时" value={`${Math.round(r.avg_time_seconds)} 秒`} hint="每题" />
          {r.issue.total ? (
            <IssueStat result={r} examId={props.examId} />
          ) : (
            <Stat label="答错" value={`${r.total - r.correct}`} hint="含未作答" />
          )}
        </Box>
        {r.interpret && !scored ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2, whiteSpace: 'pre-line', lineHeight: 1.8 }}>
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
          <Stack spacing={1.5}>
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
      {/* Essay grading (the essay issue): a block of its own, apart from the scores above. */}
      {props.examId && r.issue.total > 0 ? <ExamEssays examId={props.examId} /> : null}
    </Stack>
  );
}

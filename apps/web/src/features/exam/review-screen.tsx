// The review screen (检查): every question of the section with its status (已作答 / 未作答 / 未完成 /
// 未看过) and whether it is marked; a row goes to its question.
import type { Section } from '@gre/contract/exam';
import type { Answer } from '@gre/contract/question';
import BookmarkRounded from '@mui/icons-material/BookmarkRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { plainText } from '../../components/math-text-tokens.ts';
import { emptyAnswer } from '../question/answer-logic.ts';
import { type ReviewStatus, reviewStatus, reviewStatusLabel } from './exam-logic.ts';

const tone: Record<ReviewStatus, 'success' | 'warning' | 'default' | 'info'> = {
  answered: 'success',
  incomplete: 'warning',
  not_answered: 'default',
  not_seen: 'info',
};

export function ReviewScreen(props: {
  section: Section;
  answers: Record<string, Answer>;
  current: number;
  onGo: (questionIndex: number) => void;
  onReturn: () => void;
}) {
  const rows = props.section.questions.map((q, i) => {
    const status = reviewStatus(q.action.state, q.data, props.answers[q.index_key] ?? emptyAnswer);
    return { q, i, status };
  });
  const counts: Record<ReviewStatus, number> = { answered: 0, incomplete: 0, not_answered: 0, not_seen: 0 };
  for (const r of rows) counts[r.status] += 1;
  const marked = rows.filter((r) => r.q.action.flagged).length;
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Box sx={{ p: { xs: 2, sm: 3 }, pb: 1.5 }}>
        <Typography variant="h2" sx={{ fontSize: '1.2rem', mb: 0.5 }}>
          检查 · {props.section.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          点击任意一行前往该题。已作答 {counts.answered} · 未完成 {counts.incomplete} · 未作答 {counts.not_answered} ·
          未看过 {counts.not_seen} · 已标记 {marked}
        </Typography>
      </Box>
      <Table size="small" aria-label="本部分题目状态">
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 96 }}>题号</TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>题目</TableCell>
            <TableCell sx={{ width: 110 }}>状态</TableCell>
            <TableCell sx={{ width: 90 }}>标记</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(({ q, i, status }) => (
            <TableRow
              key={q.index_key}
              hover
              selected={i === props.current}
              onClick={() => props.onGo(i)}
              sx={{ cursor: 'pointer' }}
            >
              <TableCell>
                <Button
                  size="small"
                  onClick={(e) => {
                    e.stopPropagation();
                    props.onGo(i);
                  }}
                  aria-label={`前往第 ${i + 1} 题（${reviewStatusLabel[status]}${q.action.flagged ? '，已标记' : ''}）`}
                  sx={{ minWidth: 0, fontWeight: 700 }}
                >
                  第 {i + 1} 题
                </Button>
              </TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, maxWidth: 0 }}>
                <Typography variant="body2" noWrap color="text.secondary">
                  {plainText(q.data.inquiry || q.data.passage.core || q.data.brief)}
                </Typography>
              </TableCell>
              <TableCell>
                <Chip
                  size="small"
                  label={reviewStatusLabel[status]}
                  color={tone[status]}
                  variant={status === 'answered' ? 'filled' : 'outlined'}
                />
              </TableCell>
              <TableCell>
                {q.action.flagged ? (
                  <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'secondary.main' }}>
                    <BookmarkRounded fontSize="small" />
                    <Typography variant="body2">已标记</Typography>
                  </Box>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Box sx={{ p: 2, display: 'flex', justifyContent: 'flex-end' }}>
        <Button variant="contained" onClick={props.onReturn}>
          返回第 {props.current + 1} 题
        </Button>
      </Box>
    </Paper>
  );
}

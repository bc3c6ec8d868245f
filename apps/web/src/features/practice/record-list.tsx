// Records of exams started: name, kind, status, result, date; unfinished ones resume, finished
// ones open their report. Used by /record, by "我的模考" on /simulate, and read-only (every attempt
// opens its report, none continues) by the archive of retired sets, /archived_pick.
import type { ExamRecord } from '@gre/contract/exam';
import { examKindLabel } from '@gre/contract/exam';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { examHref, reportHref } from '../../app/paths.ts';
import { chinaTimeZone } from '../../lib/china-time.ts';
import { examStatusLabel, isUnfinished, recordSummary } from './practice-logic.ts';

const dateTime = new Intl.DateTimeFormat('zh-CN', {
  timeZone: chinaTimeZone,
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

export function RecordList(props: { records: readonly ExamRecord[]; readOnly?: boolean }) {
  return (
    <Stack spacing={1.25} component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {props.records.map((r) => {
        const open = !props.readOnly && isUnfinished(r);
        return (
          <Paper
            key={r.exam_id}
            component="li"
            variant="outlined"
            sx={{ p: { xs: 1.5, sm: 2 }, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}
          >
            <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
                <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{r.name}</Typography>
                <Chip size="small" label={examKindLabel[r.kind]} variant="outlined" />
                <Chip
                  size="small"
                  label={props.readOnly && isUnfinished(r) ? '已结束' : examStatusLabel[r.status]}
                  color={open ? 'primary' : 'default'}
                />
              </Box>
              <Typography variant="body2" color="text.secondary">
                {dateTime.format(new Date(r.created_at))} 开始 · {recordSummary(r)}
                {r.result ? ` · 平均 ${Math.round(r.result.avg_time_seconds)} 秒/题` : ''}
              </Typography>
            </Box>
            {open ? (
              <Button component={Link} to={examHref(r.exam_id)} variant="contained" size="small">
                继续
              </Button>
            ) : (
              <Button
                component={Link}
                to={reportHref({ bookId: r.book_id, examId: r.exam_id })}
                size="small"
                variant="outlined"
              >
                查看报告
              </Button>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}

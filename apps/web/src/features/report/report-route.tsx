// Route module for /report/:bookId (outside the navigation layout; `?exam=` picks one attempt):
// the raw result, then every question with my answer, the right answer, the time and whether it
// was right, filtered 全部 / 错题 / 标记 / 慢题; any question opens in report mode with its analysis.
import type { ResponseOf } from '@gre/contract/endpoint';
import { getReport } from '@gre/contract/endpoints/exam';
import { DisplayMode } from '@gre/contract/enums';
import { questionKindLabel } from '@gre/contract/question';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import BookmarkRounded from '@mui/icons-material/BookmarkRounded';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import HighlightOffRounded from '@mui/icons-material/HighlightOffRounded';
import RemoveCircleOutlineRounded from '@mui/icons-material/RemoveCircleOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMemo, useState } from 'react';
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { useDisplayMode } from '../../app/app-store.ts';
import { paths } from '../../app/paths.ts';
import { requireUser } from '../../app/route-guards.ts';
import { ExamResultSummary } from '../../components/exam-result.tsx';
import { ApiError, api } from '../../lib/api-client.ts';
import { emptyAnswer } from '../question/answer-logic.ts';
import { QuestionView } from '../question/question-view.tsx';
import { CraftBar } from '../review/craft-bar.tsx';
import {
  answerText,
  filterCounts,
  filterLines,
  formatSeconds,
  type ReportFilter,
  type ReportLine,
  reportFilters,
  reportLines,
} from './report-logic.ts';

type Loaded = { status: 'ok'; report: ResponseOf<typeof getReport> } | { status: 'refused'; message: string };

export async function loader({ params, request }: LoaderFunctionArgs): Promise<Loaded> {
  await requireUser(request);
  const examId = new URL(request.url).searchParams.get('exam');
  try {
    const report = await api(getReport, examId ? { exam_id: examId } : { book_id: params.bookId ?? '' });
    return { status: 'ok', report };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { status: 'refused', message: error.message };
  }
}

export function Component() {
  const loaded = useLoaderData<typeof loader>();
  useDisplayMode(DisplayMode.Report);
  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
      <Box
        component="header"
        sx={{
          borderBottom: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
          position: 'sticky',
          top: 0,
          zIndex: 2,
        }}
      >
        <Container maxWidth="lg" sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 56 }}>
          <Button component={Link} to={paths.record} startIcon={<ArrowBackRounded />}>
            练习记录
          </Button>
          <Box sx={{ flex: 1 }} />
          <Button component={Link} to={paths.exerciseList}>
            练习
          </Button>
          <Button component={Link} to={paths.simulate}>
            模考
          </Button>
        </Container>
      </Box>
      <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
        {loaded.status === 'ok' ? (
          <Report report={loaded.report} />
        ) : (
          <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
            <Typography variant="h2" component="h1" sx={{ fontSize: '1.3rem', mb: 1 }}>
              无法查看报告
            </Typography>
            <Typography color="text.secondary">{loaded.message}</Typography>
          </Paper>
        )}
      </Container>
    </Box>
  );
}

function Verdict(props: { correct: boolean | null; skipped?: boolean }) {
  if (props.skipped && props.correct !== true)
    return (
      <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'text.secondary' }}>
        <RemoveCircleOutlineRounded fontSize="small" /> 已跳过
      </Box>
    );
  if (props.correct === true)
    return (
      <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'success.main' }}>
        <CheckCircleRounded fontSize="small" /> 正确
      </Box>
    );
  if (props.correct === false)
    return (
      <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'error.main' }}>
        <HighlightOffRounded fontSize="small" /> 错误
      </Box>
    );
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'text.secondary' }}>
      <RemoveCircleOutlineRounded fontSize="small" /> 未评分
    </Box>
  );
}

function Report(props: { report: ResponseOf<typeof getReport> }) {
  const { exam, groups } = props.report;
  const lines = useMemo(() => reportLines(exam), [exam]);
  const counts = filterCounts(lines);
  const [filter, setFilter] = useState<ReportFilter>('all');
  const shown = filterLines(lines, filter);
  const [open, setOpen] = useState<number | null>(null);
  const groupMap = useMemo(() => new Map(groups.map((g) => [g.id, g])), [groups]);
  const openLine = open === null ? null : (shown.find((l) => l.number === open) ?? null);
  const openIndex = openLine ? shown.indexOf(openLine) : -1;
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="body2" color="text.secondary">
          报告
        </Typography>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.9rem' } }}>
          {exam.name}
        </Typography>
      </Box>
      {exam.result ? (
        <ExamResultSummary
          result={exam.result}
          examKind={exam.kind}
          examId={exam.id}
          seenBefore={exam.seen_before.length}
        />
      ) : null}
      {counts.skipped > 0 ? (
        <Paper component="section" variant="outlined" aria-labelledby="skipped-title" sx={{ p: 2 }}>
          <Typography id="skipped-title" variant="h2" sx={{ fontSize: '1.05rem', mb: 1 }}>
            跳过的题（{counts.skipped}）
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {lines
              .filter((l) => l.skipped)
              .map((l) => (
                <Button
                  key={l.runtime.index_key}
                  size="small"
                  variant="outlined"
                  onClick={() => {
                    setFilter('skipped');
                    setOpen(l.number);
                  }}
                >
                  第 {l.number} 题
                </Button>
              ))}
          </Box>
        </Paper>
      ) : null}
      <Box component="section" aria-label="逐题">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
          <Typography variant="h2" sx={{ fontSize: '1.15rem', mr: 1 }}>
            逐题
          </Typography>
          <Box role="group" aria-label="筛选" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {reportFilters.map((f) => (
              <Chip
                key={f.key}
                label={`${f.label} ${counts[f.key]}`}
                color={filter === f.key ? 'primary' : 'default'}
                variant={filter === f.key ? 'filled' : 'outlined'}
                onClick={() => setFilter(f.key)}
                aria-pressed={filter === f.key}
                component="button"
              />
            ))}
          </Box>
          {filter === 'slow' ? (
            <Typography variant="body2" color="text.secondary">
              用时超过本部分平均用时的题
            </Typography>
          ) : null}
        </Box>
        {shown.length === 0 ? (
          <Paper variant="outlined" sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>
            没有符合条件的题。
          </Paper>
        ) : (
          <Paper
            variant="outlined"
            component="ol"
            aria-label="题目列表"
            sx={{ listStyle: 'none', m: 0, p: 0, overflow: 'hidden' }}
          >
            {shown.map((l, i) => (
              <LineRow
                key={l.runtime.index_key}
                line={l}
                first={i === 0}
                seen={exam.seen_before.includes(l.runtime.id)}
                onOpen={() => setOpen(l.number)}
              />
            ))}
          </Paper>
        )}
      </Box>
      <QuestionDialog
        line={openLine}
        source={{ name: exam.name, exam_id: exam.id }}
        group={openLine?.runtime.data.group_id ? (groupMap.get(openLine.runtime.data.group_id) ?? null) : null}
        onClose={() => setOpen(null)}
        onPrev={openIndex > 0 ? () => setOpen(shown[openIndex - 1]?.number ?? null) : undefined}
        onNext={
          openIndex >= 0 && openIndex < shown.length - 1
            ? () => setOpen(shown[openIndex + 1]?.number ?? null)
            : undefined
        }
      />
    </Stack>
  );
}

function LineRow(props: { line: ReportLine; first: boolean; seen: boolean; onOpen: () => void }) {
  const l = props.line;
  const q = l.runtime.data;
  return (
    <Box
      component="li"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr auto', md: '96px minmax(0, 1fr) 110px 110px 120px 80px 100px' },
        alignItems: 'center',
        gap: { xs: 0.5, md: 1.5 },
        px: 2,
        py: 1.25,
        borderTop: props.first ? 0 : 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ fontWeight: 700 }}>
        第 {l.number} 题{props.seen ? <Chip size="small" label="此前做过" variant="outlined" sx={{ ml: 0.5 }} /> : null}
        {l.marked ? (
          <BookmarkRounded
            fontSize="small"
            sx={{ color: 'secondary.main', verticalAlign: 'middle', ml: 0.5 }}
            aria-label="已标记"
          />
        ) : null}
      </Box>
      <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, gridRow: { xs: 2, md: 'auto' }, minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary" noWrap>
          {l.sectionName} · {questionKindLabel[q.kind]}
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ gridRow: { xs: 3, md: 'auto' } }}>
        我的答案 <b>{answerText(q, l.runtime.action.answer)}</b>
      </Typography>
      <Typography variant="body2" sx={{ gridRow: { xs: 3, md: 'auto' } }}>
        正确答案 <b>{answerText(q, q.standard_answer)}</b>
      </Typography>
      <Typography
        variant="body2"
        sx={{ gridRow: { xs: 4, md: 'auto' }, whiteSpace: 'nowrap', color: l.slow ? 'warning.dark' : 'text.primary' }}
      >
        用时 {formatSeconds(l.seconds)}
        {l.slow ? ' · 慢' : ''}
      </Typography>
      <Typography
        variant="body2"
        component="div"
        sx={{ gridRow: { xs: 1, md: 'auto' }, gridColumn: { xs: 2, md: 'auto' } }}
      >
        <Verdict correct={l.correct} skipped={l.skipped} />
      </Typography>
      <Box sx={{ gridRow: { xs: 4, md: 'auto' }, textAlign: 'right' }}>
        <Button size="small" variant="outlined" onClick={props.onOpen} aria-label={`查看解析（第 ${l.number} 题）`}>
          查看解析
        </Button>
      </Box>
    </Box>
  );
}

function QuestionDialog(props: {
  line: ReportLine | null;
  source: { name: string; exam_id: string };
  group: ResponseOf<typeof getReport>['groups'][number] | null;
  onClose: () => void;
  onPrev?: () => void;
  onNext?: () => void;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const l = props.line;
  return (
    <Dialog
      open={l !== null}
      onClose={props.onClose}
      fullScreen={phone}
      maxWidth="lg"
      fullWidth
      slotProps={{ paper: { 'aria-label': l ? `第 ${l.number} 题解析` : '解析' } }}
    >
      {l ? (
        <>
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              px: 2,
              py: 1,
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            <Typography sx={{ fontWeight: 700, flex: 1, minWidth: 0 }} noWrap>
              第 {l.number} 题 · {l.sectionName}
            </Typography>
            <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
              <Verdict correct={l.correct} skipped={l.skipped} />
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
              用时 {formatSeconds(l.seconds)}
            </Typography>
            <Button size="small" disabled={!props.onPrev} onClick={props.onPrev}>
              上一题
            </Button>
            <Button size="small" disabled={!props.onNext} onClick={props.onNext}>
              下一题
            </Button>
            <IconButton aria-label="关闭" onClick={props.onClose}>
              <CloseRounded />
            </IconButton>
          </Box>
          <DialogContent sx={{ p: { xs: 2, md: 3 } }}>
            <QuestionView
              key={l.runtime.index_key}
              question={l.runtime.data}
              group={props.group}
              answer={l.runtime.action.answer ?? emptyAnswer}
              mode={DisplayMode.Report}
              paneHeight="calc(100dvh - 220px)"
            />
            <CraftBar
              key={`craft-${l.runtime.index_key}`}
              questionId={l.runtime.data.id}
              category={l.runtime.data.category}
              initial={l.runtime.craft}
              source={props.source}
            />
          </DialogContent>
        </>
      ) : null}
    </Dialog>
  );
}

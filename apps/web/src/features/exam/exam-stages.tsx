// The player's screens between questions: a section's intro (考试说明 / 下一部分), a section's end
// (「…」已结束, what comes next), and the result of the finished exam.
import type { Exam } from '@gre/contract/exam';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { NavLayout } from '../../app/nav-layout.tsx';
import { paths, reportHref } from '../../app/paths.ts';
import { ExamResultSummary } from '../../components/exam-result.tsx';
import { examKindLabel, sectionKindLabel } from './exam-logic.ts';

export function IntroStage(props: {
  exam: Exam;
  stage: 'StartIntro' | 'EndIntro';
  ended: Exam['sections'][number] | null;
  endedAuto: boolean;
  target: Exam['sections'][number] | null;
  onContinue: () => void;
  onRetry: () => void;
}) {
  const t = props.target;
  // An adaptive section whose questions are being read after the previous section was committed.
  const preparing = !!t && t.questions.length === 0;
  const first = props.stage === 'StartIntro' && t?.index === 0 && !t.action.started_at;
  return (
    <Box sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: { xs: 2, sm: 4 }, bgcolor: 'grey.100' }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 640, p: { xs: 3, sm: 5 } }}>
        <Stack spacing={2.5}>
          <Typography variant="body2" color="text.secondary">
            {examKindLabel[props.exam.kind]} · {props.exam.name}
          </Typography>
          {props.ended ? (
            <Box>
              <Typography variant="h2" component="h1" sx={{ fontSize: '1.4rem', mb: 1 }}>
                「{props.ended.name}」已结束
              </Typography>
              <Typography color={props.endedAuto ? 'warning.main' : 'text.secondary'}>
                {props.endedAuto ? '本部分时间已到，答案已由系统自动提交。' : '本部分答案已提交。'}
              </Typography>
            </Box>
          ) : (
            <Typography variant="h2" component="h1" sx={{ fontSize: '1.4rem' }}>
              {first ? '考试说明' : '下一部分'}
            </Typography>
          )}
          {t ? (
            <Paper variant="outlined" sx={{ p: 2, bgcolor: 'background.default' }}>
              <Typography sx={{ fontWeight: 700, fontSize: '1.1rem' }}>
                {props.ended ? '接下来：' : ''}
                {t.name}
              </Typography>
              <Typography color="text.secondary" sx={{ mt: 0.5 }}>
                第 {t.index + 1} 部分 / 共 {props.exam.sections.length} 部分 · {sectionKindLabel[t.kind]} ·{' '}
                {preparing ? '题目按上一部分的表现生成' : `${t.questions.length} 题`} ·{' '}
                {t.time_limit_seconds > 0 ? `限时 ${Math.round(t.time_limit_seconds / 60)} 分钟` : '不限时（正计时）'}
              </Typography>
            </Paper>
          ) : (
            <Typography color="text.secondary">所有部分都已完成。</Typography>
          )}
          {props.stage === 'StartIntro' && t ? (
            <Box component="ul" sx={{ m: 0, pl: 2.5, color: 'text.secondary', lineHeight: 1.9 }}>
              <li>计时由服务器掌握：关闭或刷新页面，计时不会暂停，回来后从原题继续。</li>
              <li>本部分内可以前后翻题、标记（标记）、打开检查页（检查）查看每题状态。</li>
              {t.kind === 'quant' ? <li>数学部分可使用屏幕计算器，「Transfer Display」把结果填入答案框。</li> : null}
              <li>答案随作答自动保存；点「结束本节」提交后不能再返回修改。</li>
            </Box>
          ) : null}
          <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
            {preparing && props.stage === 'StartIntro' ? (
              <Button variant="contained" size="large" onClick={props.onRetry} sx={{ minWidth: 160 }}>
                正在准备题目，点此刷新
              </Button>
            ) : (
              <Button variant="contained" size="large" onClick={props.onContinue} sx={{ minWidth: 160 }}>
                {props.stage === 'StartIntro' ? '开始本部分' : t ? '继续' : '查看成绩'}
              </Button>
            )}
            <Button component={Link} to={paths.record} size="large">
              稍后继续
            </Button>
          </Box>
        </Stack>
      </Paper>
    </Box>
  );
}

export function ResultStage(props: { exam: Exam; refresh: () => Promise<Exam> }) {
  const { exam, refresh } = props;
  const result = exam.result;
  const asked = useRef(false);
  useEffect(() => {
    if (result || asked.current) return;
    asked.current = true;
    void refresh().catch(() => {});
  }, [result, refresh]);
  // A mock goes back to the mocks, a practice set to practice (issue 10).
  const isMock = exam.kind !== 'practice' && exam.kind !== 'custom';
  return (
    <NavLayout>
      <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
        <Stack spacing={3}>
          <Box>
            <Typography variant="body2" color="text.secondary">
              {examKindLabel[exam.kind]}
            </Typography>
            <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.9rem' }, mt: 0.5 }}>
              {exam.name} · 已完成
            </Typography>
            {exam.is_auto_commit ? (
              <Typography variant="body2" color="warning.main" sx={{ mt: 1 }}>
                有部分因时间到由系统自动提交。
              </Typography>
            ) : null}
          </Box>
          {result ? (
            <ExamResultSummary
              result={result}
              examKind={exam.kind}
              examId={exam.id}
              seenBefore={exam.seen_before.length}
            />
          ) : (
            <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
              <CircularProgress aria-label="正在读取成绩" />
            </Box>
          )}
          <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
            <Button component={Link} to={reportHref({ examId: exam.id })} variant="contained" size="large">
              查看报告与解析
            </Button>
            <Button component={Link} to={paths.record} size="large">
              练习记录
            </Button>
            <Button component={Link} to={isMock ? paths.simulate : paths.exerciseList} size="large">
              {isMock ? '返回模考' : '返回练习'}
            </Button>
          </Box>
        </Stack>
      </Container>
    </NavLayout>
  );
}

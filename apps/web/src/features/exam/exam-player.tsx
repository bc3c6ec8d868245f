// The exam player: stages StartIntro → InExam → EndIntro → Review → Result (spec section 2).
// The server owns the clock: the timer is its deadline read through the server-clock offset; a
// section the server committed (time out) is left with a toast. Answers are saved as they change
// (debounced, one save of a question at a time: save-queue.ts), the question shown is opened on
// the server, and time is reported periodically.
import type { ResponseOf } from '@gre/contract/endpoint';
import {
  addUsedTime,
  finishSection,
  flagQuestion,
  getExam,
  openQuestion,
  saveAnswer,
  submitQuestion,
} from '@gre/contract/endpoints/exam';
import { DisplayMode } from '@gre/contract/enums';
import type { Exam, ExamProgress } from '@gre/contract/exam';
import type { Answer } from '@gre/contract/question';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { NavLayout } from '../../app/nav-layout.tsx';
import { paths, reportHref } from '../../app/paths.ts';
import { ExamResultSummary } from '../../components/exam-result.tsx';
import { ApiError, api } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { emptyAnswer, sanitizeNumeric, setText } from '../question/answer-logic.ts';
import { QuestionView } from '../question/question-view.tsx';
import { Calculator } from './calculator.tsx';
import {
  clockOffset,
  currentSectionIndex,
  examKindLabel,
  hasCalculator,
  initialPosition,
  isOver,
  type Stage,
  sectionClock,
  sectionKindLabel,
  spentSeconds,
  warnsFiveMinutes,
  withProgress,
} from './exam-logic.ts';
import { ExamTopBar, PhoneActionBar } from './exam-top-bar.tsx';
import { PracticeSubmit } from './practice-submit.tsx';
import { ReviewScreen } from './review-screen.tsx';
import { createSaveQueue } from './save-queue.ts';

type View = ResponseOf<typeof getExam>;

const saveDelayMs = 700;
const timeReportMs = 20_000;
const closedKinds = new Set(['section_timeout', 'section_closed', 'exam_finished']);

function answersOf(exam: Exam): Record<string, Answer> {
  const out: Record<string, Answer> = {};
  for (const s of exam.sections) for (const q of s.questions) out[q.index_key] = q.action.answer;
  return out;
}

export function ExamPlayer(props: { initial: View; receivedAt: number }) {
  const examId = props.initial.exam.id;
  const [exam, setExam] = useState<Exam>(props.initial.exam);
  // Passages and figures; a mock's second section brings its own when it is chosen (refresh below).
  const [groups, setGroups] = useState(() => new Map(props.initial.groups.map((g) => [g.id, g])));
  // A section the server committed while the candidate was away: say so before the next one.
  const [start] = useState(() => {
    const at = initialPosition(props.initial.exam);
    const before = props.initial.exam.sections[at.section - 1];
    return at.stage === 'StartIntro' && before?.action.auto_committed
      ? { stage: 'EndIntro' as Stage, section: at.section - 1, question: 0, timedOut: true }
      : { ...at, timedOut: false };
  });
  const [stage, setStage] = useState<Stage>(start.stage);
  const [pos, setPos] = useState({ si: start.section, qi: start.question });
  const [answers, setAnswers] = useState<Record<string, Answer>>(() => answersOf(props.initial.exam));
  const [clockBase, setClockBase] = useState(() => ({
    offset: clockOffset(props.initial.exam.server_time, props.receivedAt),
    at: props.receivedAt,
  }));
  const [now, setNow] = useState(() => Date.now());
  const [timerHidden, setTimerHidden] = useState(false);
  const [calcOpen, setCalcOpen] = useState(false);
  const [confirmExit, setConfirmExit] = useState(false);
  const [endedAuto, setEndedAuto] = useState(start.timedOut);
  const toldTimedOut = useRef(false);
  useEffect(() => {
    if (!start.timedOut || toldTimedOut.current) return;
    toldTimedOut.current = true;
    toast('warning', '上一部分时间已到，答案已自动提交');
  }, [start.timedOut]);

  const answersRef = useRef(answers);
  answersRef.current = answers;
  const pending = useRef(new Map<string, { timer: ReturnType<typeof setTimeout>; si: number; qi: number }>());
  // Saves of one question one after the other (a lost race is retried by the api client).
  const saves = useRef(createSaveQueue());
  const closed = useRef(new Set<number>());
  const spentSince = useRef(Date.now());
  const timeoutToasted = useRef(false);
  const refreshing = useRef(false);
  const warned = useRef(new Set<number>());

  const section = exam.sections[pos.si];
  const runtime = section?.questions[pos.qi];
  const inSection = stage === 'InExam' || stage === 'Review';

  const applyProgress = useCallback((p: ExamProgress) => {
    const at = Date.now();
    setExam((e) => withProgress(e, p));
    setClockBase({ offset: clockOffset(p.server_time, at), at });
  }, []);

  const refresh = useCallback(async () => {
    const view = await api(getExam, { exam_id: examId });
    const at = Date.now();
    setExam(view.exam);
    setGroups(new Map(view.groups.map((g) => [g.id, g])));
    setClockBase({ offset: clockOffset(view.exam.server_time, at), at });
    return view.exam;
  }, [examId]);

  /** A write was refused because the section or exam is closed: read the exam again and move on. */
  const onWriteError = useCallback(
    (error: unknown) => {
      if (!(error instanceof ApiError) || error.failure.type !== 'api') return;
      if (!closedKinds.has(error.failure.errData.kind)) return;
      if (error.failure.errData.kind === 'section_timeout') timeoutToasted.current = true;
      void refresh().catch(() => {});
    },
    [refresh],
  );

  const sendSave = useCallback(
    (key: string, si: number, qi: number, keepalive = false) => {
      pending.current.delete(key);
      if (closed.current.has(si)) return Promise.resolve();
      // The answer as it is when the save leaves (it may wait for an earlier save of this question).
      const send = () => {
        if (closed.current.has(si)) return Promise.resolve();
        const answer = answersRef.current[key] ?? emptyAnswer;
        return api(
          saveAnswer,
          { exam_id: examId, section_index: si, question_index: qi, answer, used_time_seconds: 0 },
          { keepalive },
        )
          .then(applyProgress)
          .catch(onWriteError);
      };
      // A closing page cannot wait for an earlier save still being retried: it sends at once.
      return keepalive ? send() : saves.current.enqueue(key, send);
    },
    [examId, applyProgress, onWriteError],
  );

  const flushSaves = useCallback(
    (keepalive = false) => {
      const waits: Promise<void>[] = [];
      for (const [key, p] of [...pending.current.entries()]) {
        clearTimeout(p.timer);
        waits.push(sendSave(key, p.si, p.qi, keepalive));
      }
      return Promise.all(waits);
    },
    [sendSave],
  );

  // Closing the tab (or leaving it for another app on a phone) within the save delay must not lose
  // the answer just typed: send what is pending at once, as requests that outlive the page.
  useEffect(() => {
    const flushNow = () => void flushSaves(true);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flushNow();
    };
    window.addEventListener('pagehide', flushNow);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flushNow);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [flushSaves]);

  const reportTime = useCallback(
    (si: number, qi: number) => {
      const at = Date.now();
      const seconds = spentSeconds(spentSince.current, at);
      spentSince.current += seconds * 1000;
      if (seconds <= 0 || closed.current.has(si)) return Promise.resolve();
      return api(addUsedTime, { exam_id: examId, section_index: si, question_index: qi, seconds })
        .then(applyProgress)
        .catch(onWriteError);
    },
    [examId, applyProgress, onWriteError],
  );

  // Open the question on screen (NotEncountered → NotAnswered, cursor, starts the section), count
  // its time, and report the time when it leaves the screen.
  useEffect(() => {
    if (stage !== 'InExam') return;
    const { si, qi } = pos;
    spentSince.current = Date.now();
    if (!closed.current.has(si)) {
      api(openQuestion, { exam_id: examId, section_index: si, question_index: qi })
        .then(applyProgress)
        .catch(onWriteError);
    }
    const every = setInterval(() => {
      if (document.visibilityState === 'visible') void reportTime(si, qi);
    }, timeReportMs);
    return () => {
      clearInterval(every);
      void reportTime(si, qi);
    };
  }, [stage, pos, examId, applyProgress, onWriteError, reportTime]);

  // The clock ticks while a section is open.
  useEffect(() => {
    if (!inSection) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [inSection]);

  const clock = section
    ? sectionClock(section.action, section.time_limit_seconds, now, clockBase.offset, clockBase.at)
    : null;

  // Time is up by the server's clock: read the exam (the server commits the section) and move on.
  useEffect(() => {
    if (!inSection || !clock?.overtime || refreshing.current || section?.action.finished) return;
    refreshing.current = true;
    void refresh()
      .catch(() => {})
      .finally(() => {
        setTimeout(() => {
          refreshing.current = false;
        }, 2000);
      });
  }, [inSection, clock?.overtime, section?.action.finished, refresh]);

  // The five-minute warning, once per section.
  useEffect(() => {
    if (!inSection || !clock || !section) return;
    if (warnsFiveMinutes(clock, section.time_limit_seconds) && !warned.current.has(pos.si)) {
      warned.current.add(pos.si);
      toast('warning', `本部分还剩 ${Math.ceil(clock.seconds / 60)} 分钟`);
    }
  }, [inSection, clock, section, pos.si]);

  // The section on screen was committed (by the candidate, or by the server when time ran out).
  useEffect(() => {
    if (!inSection || !section?.action.finished || closed.current.has(pos.si)) return;
    closed.current.add(pos.si);
    for (const p of pending.current.values()) clearTimeout(p.timer);
    pending.current.clear();
    setCalcOpen(false);
    setConfirmExit(false);
    const auto = section.action.auto_committed;
    // A later section chosen by this one (easy / medium / hard) gets its questions now: read them.
    if (exam.sections.some((s) => s.index > pos.si && !s.questions.length)) void refresh().catch(() => {});
    if (auto && !timeoutToasted.current) toast('warning', '本部分时间已到，答案已自动提交');
    timeoutToasted.current = false;
    setEndedAuto(auto);
    setStage(isOver(exam.status) ? 'Result' : 'EndIntro');
  }, [inSection, section, pos.si, exam.status, exam.sections, refresh]);

  const changeAnswer = useCallback(
    (key: string, si: number, qi: number, answer: Answer) => {
      setAnswers((a) => ({ ...a, [key]: answer }));
      answersRef.current = { ...answersRef.current, [key]: answer };
      const old = pending.current.get(key);
      if (old) clearTimeout(old.timer);
      pending.current.set(key, { si, qi, timer: setTimeout(() => void sendSave(key, si, qi), saveDelayMs) });
    },
    [sendSave],
  );

  const goTo = useCallback(
    (qi: number) => {
      void flushSaves();
      setPos((p) => ({ ...p, qi }));
      setStage('InExam');
    },
    [flushSaves],
  );

  const count = section?.questions.length ?? 0;
  const next = () => {
    if (pos.qi < count - 1) return goTo(pos.qi + 1);
    void flushSaves();
    setStage('Review');
  };
  const back = () => pos.qi > 0 && goTo(pos.qi - 1);
  const toggleMark = () => {
    if (!runtime) return;
    const flagged = !runtime.action.flagged;
    setExam((e) => ({
      ...e,
      sections: e.sections.map((s) =>
        s.index !== pos.si
          ? s
          : {
              ...s,
              questions: s.questions.map((q, i) => (i === pos.qi ? { ...q, action: { ...q.action, flagged } } : q)),
            },
      ),
    }));
    api(flagQuestion, { exam_id: examId, section_index: pos.si, question_index: pos.qi, flagged })
      .then(applyProgress)
      .catch(onWriteError);
  };
  const openReview = () => {
    void flushSaves();
    setStage('Review');
  };
  const exitSection = async () => {
    setConfirmExit(false);
    const si = pos.si;
    await reportTime(si, pos.qi);
    await flushSaves();
    await api(finishSection, { exam_id: examId, section_index: si }).then(applyProgress).catch(onWriteError);
  };

  // Keyboard shortcuts while a section is open: Alt+N next, Alt+B back, Alt+M mark, Alt+R review.
  const shortcuts = useRef({ next, back, toggleMark, openReview });
  shortcuts.current = { next, back, toggleMark, openReview };
  useEffect(() => {
    if (!inSection) return;
    const onKey = (e: KeyboardEvent) => {
      if (!e.altKey || e.ctrlKey || e.metaKey) return;
      const act = { KeyN: 'next', KeyB: 'back', KeyM: 'toggleMark', KeyR: 'openReview' }[e.code] as
        | keyof typeof shortcuts.current
        | undefined;
      if (!act || (stage === 'Review' && act !== 'openReview' && act !== 'back' && act !== 'next')) return;
      e.preventDefault();
      if (stage === 'Review' && act === 'back') return goTo(pos.qi);
      if (stage === 'Review' && act === 'next') return;
      shortcuts.current[act]();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [inSection, stage, goTo, pos.qi]);

  if (stage === 'Result') return <ResultStage exam={exam} refresh={refresh} />;

  if (!section) return null;

  if (stage === 'StartIntro' || stage === 'EndIntro') {
    // After a section ends, the next is the first unfinished one after it: never back to it.
    const nextIndex =
      stage === 'EndIntro'
        ? exam.sections.findIndex((s) => s.index > pos.si && !s.action.finished)
        : currentSectionIndex(exam.sections);
    const target = stage === 'StartIntro' ? section : exam.sections[nextIndex];
    return (
      <IntroStage
        exam={exam}
        stage={stage}
        ended={stage === 'EndIntro' ? section : null}
        endedAuto={endedAuto}
        target={target ?? null}
        onRetry={() => void refresh().catch(() => {})}
        onContinue={() => {
          if (stage === 'EndIntro') {
            if (nextIndex < 0) return setStage('Result');
            setPos({ si: nextIndex, qi: 0 });
            setStage('StartIntro');
          } else {
            setPos({ si: pos.si, qi: 0 });
            setStage('InExam');
          }
        }}
      />
    );
  }

  const key = runtime?.index_key ?? '';
  const answer = answers[key] ?? emptyAnswer;
  const question = runtime?.data;
  const group = question?.group_id ? (groups.get(question.group_id) ?? null) : null;
  const calculator = hasCalculator(section);
  const numericBox = question?.input_method.kind === 'numeric';
  // 练习模式: a submitted question is final; its key and analysis come with the exam read after it.
  const practiceMode = section.action.practice_mode;
  const submitted = runtime?.action.submitted ?? false;
  const submitCurrent = async () => {
    const waiting = pending.current.get(key);
    if (waiting) {
      clearTimeout(waiting.timer);
      pending.current.delete(key);
    }
    try {
      const p = await api(submitQuestion, {
        exam_id: examId,
        section_index: pos.si,
        question_index: pos.qi,
        answer,
        used_time_seconds: 0,
      });
      applyProgress(p);
      await refresh();
    } catch (error) {
      onWriteError(error);
    }
  };

  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <ExamTopBar
        singleTask={section.kind === 'issue'}
        examName={exam.name}
        sectionName={section.name}
        sectionLabel={`第 ${pos.si + 1} 部分 / 共 ${exam.sections.length} 部分`}
        number={pos.qi + 1}
        count={count}
        clock={clock}
        timerHidden={timerHidden}
        onToggleTimer={() => setTimerHidden((h) => !h)}
        stage={stage}
        flagged={runtime?.action.flagged ?? false}
        onMark={toggleMark}
        onReview={openReview}
        onReturn={() => goTo(pos.qi)}
        onBack={back}
        onNext={next}
        onExit={() => setConfirmExit(true)}
        calculator={calculator ? { open: calcOpen, toggle: () => setCalcOpen((o) => !o) } : null}
      />
      <Container
        component="main"
        maxWidth="lg"
        sx={{ flex: 1, py: { xs: 2, md: 3 }, pb: { xs: 'calc(88px + env(safe-area-inset-bottom))', md: 3 } }}
      >
        {stage === 'Review' ? (
          <ReviewScreen
            section={section}
            answers={answers}
            current={pos.qi}
            onGo={goTo}
            onReturn={() => goTo(pos.qi)}
          />
        ) : question && runtime ? (
          <Box
            key={key}
            sx={{
              bgcolor: { md: group ? 'transparent' : 'background.paper' },
              border: { md: group ? 0 : '1px solid' },
              borderColor: { md: 'divider' },
              borderRadius: { md: 3 },
              p: { xs: 0, md: group ? 0 : 4 },
            }}
          >
            <QuestionView
              question={question}
              group={group}
              answer={answer}
              onAnswerChange={submitted ? undefined : (a) => changeAnswer(key, pos.si, pos.qi, a)}
              mode={DisplayMode.Exam}
              paneHeight="calc(100dvh - 112px - 48px)"
            />
            {practiceMode ? (
              <PracticeSubmit
                question={question}
                group={group}
                answer={answer}
                submitted={submitted}
                isLast={pos.qi === count - 1}
                onSubmit={submitCurrent}
                onNext={next}
              />
            ) : null}
          </Box>
        ) : null}
      </Container>
      <PhoneActionBar
        singleTask={section.kind === 'issue'}
        stage={stage}
        flagged={runtime?.action.flagged ?? false}
        isFirst={pos.qi === 0}
        onMark={toggleMark}
        onReview={openReview}
        onReturn={() => goTo(pos.qi)}
        onBack={back}
        onNext={next}
      />
      {calcOpen ? (
        <Calculator
          onClose={() => setCalcOpen(false)}
          onTransfer={
            numericBox && stage === 'InExam'
              ? (value) => changeAnswer(key, pos.si, pos.qi, setText(answer, sanitizeNumeric(value)))
              : undefined
          }
        />
      ) : null}
      <Dialog open={confirmExit} onClose={() => setConfirmExit(false)} aria-labelledby="exit-section-title">
        <DialogTitle id="exit-section-title">结束本节？</DialogTitle>
        <DialogContent>
          <DialogContentText>
            结束后不能再回到「{section.name}」修改答案。
            {(() => {
              const open = section.questions.filter((q) => {
                const a = answers[q.index_key] ?? emptyAnswer;
                return !a.selects.length && !a.text.trim() && !a.multi_selects.some((m) => m.length);
              }).length;
              return open ? ` 还有 ${open} 道题未作答。` : '';
            })()}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmExit(false)}>继续作答</Button>
          <Button variant="contained" color="warning" onClick={() => void exitSection()}>
            结束本节
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

function IntroStage(props: {
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

function ResultStage(props: { exam: Exam; refresh: () => Promise<Exam> }) {
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

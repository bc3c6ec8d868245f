// The exam player: stages StartIntro → InExam → EndIntro → Review → Result (spec section 2), moved
// by exam-logic.ts playerReducer. The server owns the clock: the timer is its deadline read through
// the server-clock offset (useExamClock); a section the server committed (time out) is left with a
// toast (useSectionCommit). Answers are saved as they change (useAnswerSaver: debounced, one save of
// a question at a time), the question shown is opened on the server, and time is reported
// periodically (useExamClock). Alt+N / B / M / R: useExamShortcuts.
import { flagQuestion, skipQuestion, submitQuestion } from '@gre/contract/endpoints/exam';
import { DisplayMode } from '@gre/contract/enums';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { api } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { emptyAnswer, sanitizeNumeric, setText } from '../question/answer-logic.ts';
import { QuestionView } from '../question/question-view.tsx';
import { CraftBar } from '../review/craft-bar.tsx';
import { Calculator } from './calculator.tsx';
import {
  currentSectionIndex,
  hasCalculator,
  initialPlayerState,
  nextSectionAfter,
  playerReducer,
} from './exam-logic.ts';
import { IntroStage, ResultStage } from './exam-stages.tsx';
import { ExamTopBar, PhoneActionBar } from './exam-top-bar.tsx';
import { PracticeSubmit } from './practice-submit.tsx';
import { ReviewScreen } from './review-screen.tsx';
import { useAnswerSaver } from './use-answer-saver.ts';
import { useExamClock } from './use-exam-clock.ts';
import { type ExamView, useExamSession } from './use-exam-session.ts';
import { useExamShortcuts } from './use-exam-shortcuts.ts';
import { useSectionCommit } from './use-section-commit.ts';

export function ExamPlayer(props: { initial: ExamView; receivedAt: number }) {
  const session = useExamSession(props.initial, props.receivedAt);
  const { examId, exam, setExam, groups, closed, applyProgress, refresh, onWriteError } = session;
  // A section the server committed while the candidate was away: say so before the next one.
  const [start] = useState(() => initialPlayerState(props.initial.exam));
  const [player, dispatch] = useReducer(playerReducer, start);
  const { stage, pos, endedAuto } = player;
  const [timerHidden, setTimerHidden] = useState(false);
  const [calcOpen, setCalcOpen] = useState(false);
  const toldTimedOut = useRef(false);
  useEffect(() => {
    if (!start.endedAuto || toldTimedOut.current) return;
    toldTimedOut.current = true;
    toast('warning', '上一部分时间已到，答案已自动提交');
  }, [start.endedAuto]);

  const saver = useAnswerSaver({ examId, initialExam: props.initial.exam, closed, applyProgress, onWriteError });
  const { answers, change: changeAnswer, flush: flushSaves } = saver;

  const section = exam.sections[pos.si];
  const runtime = section?.questions[pos.qi];

  const { clock, reportTime } = useExamClock({
    examId,
    stage,
    pos,
    section,
    clockBase: session.clockBase,
    closed,
    applyProgress,
    onWriteError,
    refresh,
  });

  const closeCalculator = useCallback(() => setCalcOpen(false), []);
  const { confirmExit, setConfirmExit, exitSection } = useSectionCommit({
    session,
    stage,
    pos,
    section,
    dispatch,
    discardAll: saver.discardAll,
    closeCalculator,
    flush: flushSaves,
    reportTime,
  });

  const goTo = useCallback(
    (qi: number) => {
      void flushSaves();
      dispatch({ type: 'go', question: qi });
    },
    [flushSaves],
  );

  const count = section?.questions.length ?? 0;
  const next = () => {
    if (pos.qi < count - 1) return goTo(pos.qi + 1);
    void flushSaves();
    dispatch({ type: 'review' });
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
    dispatch({ type: 'review' });
  };

  useExamShortcuts({ stage, qi: pos.qi, goTo, actions: { next, back, toggleMark, openReview } });

  if (stage === 'Result') return <ResultStage exam={exam} refresh={refresh} />;

  if (!section) return null;

  if (stage === 'StartIntro' || stage === 'EndIntro') {
    // After a section ends, the next is the first unfinished one after it: never back to it.
    const nextIndex =
      stage === 'EndIntro' ? nextSectionAfter(exam.sections, pos.si) : currentSectionIndex(exam.sections);
    const target = stage === 'StartIntro' ? section : exam.sections[nextIndex];
    return (
      <IntroStage
        exam={exam}
        stage={stage}
        ended={stage === 'EndIntro' ? section : null}
        endedAuto={endedAuto}
        target={target ?? null}
        onRetry={() => void refresh().catch(() => {})}
        onContinue={() => dispatch({ type: 'continue', sections: exam.sections })}
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
    saver.discard(key);
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

  const skipCurrent = async () => {
    saver.discard(key);
    try {
      const p = await api(skipQuestion, {
        exam_id: examId,
        section_index: pos.si,
        question_index: pos.qi,
        skip: true,
        used_time_seconds: 0,
      });
      applyProgress(p);
      next();
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
                skipped={runtime.skip}
                onSkip={skipCurrent}
                onNext={next}
                after={
                  <CraftBar
                    questionId={question.id}
                    category={question.category}
                    initial={runtime.craft}
                    source={{ name: exam.name, exam_id: exam.id }}
                  />
                }
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

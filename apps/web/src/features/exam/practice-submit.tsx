// 练习模式 in the player (ADR 0022): 提交 answers the question on screen for good; the verdict, the
// correct answer and the analysis then show below it (announced to screen readers), then 下一题.
import type { Answer, Question, QuestionGroup } from '@gre/contract/question';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { visuallyHidden } from '../../components/visually-hidden.ts';
import { isComplete, judge } from '../question/answer-logic.ts';
import { Explanation } from '../question/explanation.tsx';

export function PracticeSubmit(props: {
  question: Question;
  group: QuestionGroup | null;
  answer: Answer;
  submitted: boolean;
  isLast: boolean;
  onSubmit: () => Promise<void>;
  /** 跳过: the question is left unanswered and listed apart in the report. */
  skipped: boolean;
  onSkip: () => Promise<void>;
  onNext: () => void;
  /** Below the analysis once submitted (the craft bar). */
  after?: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  const q = props.question;
  const ready = isComplete(q.input_method, props.answer);
  if (!props.submitted) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mt: 2 }}>
        <Button variant="contained" size="large" disabled={!ready || busy} onClick={() => void run(props.onSubmit)}>
          提交本题
        </Button>
        <Button variant="outlined" size="large" disabled={busy} onClick={() => void run(props.onSkip)}>
          跳过
        </Button>
        <Typography variant="body2" color="text.secondary">
          {props.skipped
            ? '已跳过本题：报告里单独列出，作答后即取消跳过。'
            : ready
              ? '提交后立即显示答案与解析，答案不能再改。'
              : '作答后即可提交；不会做可以跳过。'}
        </Typography>
      </Box>
    );
  }
  const verdict = judge(q.input_method, props.answer, q.standard_answer);
  return (
    <Paper component="section" variant="outlined" sx={{ mt: 2, p: { xs: 2, md: 3 } }} aria-label="本题解析">
      {/* Announced to screen readers; on screen the verdict banner below says the same. */}
      <Box role="status" sx={visuallyHidden}>
        {verdict === 'correct' ? '回答正确' : verdict === 'wrong' ? '回答错误' : '已提交'}
      </Box>
      <Explanation question={q} group={props.group} verdict={verdict} />
      {props.after}
      <Box sx={{ mt: 2 }}>
        <Button variant="contained" onClick={props.onNext}>
          {props.isLast ? '完成本套' : '下一题'}
        </Button>
      </Box>
    </Paper>
  );
}

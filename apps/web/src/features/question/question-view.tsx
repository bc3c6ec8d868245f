// THE question view, used by search, exams, reports and flash cards. Controlled: the caller owns
// the answer (`answer` + `onAnswerChange`; without `onAnswerChange` it is read-only). The display
// mode comes from props, else from the store; in exam mode nothing of the answer is ever shown.

import { type DisplayMode, QuestionCategory } from '@gre/contract/enums';
import { type Answer, type Question, type QuestionGroup, qcChoices, questionKindLabel } from '@gre/contract/question';
import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded';
import ExpandLessRounded from '@mui/icons-material/ExpandLessRounded';
import LightbulbOutlined from '@mui/icons-material/LightbulbOutlined';
import TranslateRounded from '@mui/icons-material/TranslateRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId, useState } from 'react';
import { useAppStore } from '../../app/app-store.ts';
import { EssayBox } from '../../components/essay-editor.tsx';
import { DefaultBlank, MathInline, MathText } from '../../components/math-text.tsx';
import { plainText } from '../../components/math-text-tokens.ts';
import { VisibilityMark } from '../../components/visibility-mark.tsx';
import { difficultyLabel } from '../../lib/question-labels.ts';
import {
  blankChoice,
  blankCount,
  chooseSentence,
  chooseSingle,
  judge,
  namedParagraph,
  sentenceText,
  setBlank,
  setText,
  setText2,
  toggleMulti,
  togglePair,
  type Verdict,
} from './answer-logic.ts';
import { BlankColumns } from './blank-columns.tsx';
import { ChoiceList } from './choice-list.tsx';
import { DiscussionSection } from './discussion-section.tsx';
import { FractionEntry, NumericEntry } from './entry-boxes.tsx';
import { Explanation } from './explanation.tsx';
import { FigureView } from './figure-view.tsx';
import { PassagePanel } from './passage-panel.tsx';
import { directionsByKind, layoutOf, mayReveal, revealedAtStart, showsMeta } from './question-logic.ts';

export interface QuestionViewProps {
  question: Question;
  group: QuestionGroup | null;
  answer: Answer;
  onAnswerChange?: (answer: Answer) => void;
  mode?: DisplayMode;
  /** Height of the two scrolling columns on wide screens (passage | question). */
  paneHeight?: string;
  /** Called when the reader opens 查看答案与解析 (the search records the answer then). */
  onReveal?: () => void;
}

const visibilityBadge: Partial<Record<Question['visibility'], string>> = {
  locked: '会员题',
  pick: '精选',
  best: '精华',
};

/** Per-question toggles that reset when another question is shown. */
function useToggle(questionId: string, initial: boolean) {
  const [state, setState] = useState<{ id: string; open: boolean } | null>(null);
  const open = state?.id === questionId ? state.open : initial;
  return [open, () => setState({ id: questionId, open: !open })] as const;
}

export function QuestionView(props: QuestionViewProps) {
  const storeMode = useAppStore((s) => s.displayMode);
  const mode = props.mode ?? storeMode;
  const { question, group, answer, onAnswerChange } = props;
  const revealAllowed = mayReveal(mode);
  const [revealOpen, toggleReveal] = useToggle(question.id, revealedAtStart(mode));
  const [translationOpen, toggleTranslation] = useToggle(question.id, false);
  const [pairRefusedFor, setPairRefusedFor] = useState<string | null>(null);
  const revealed = revealAllowed && revealOpen;
  const verdict: Verdict = judge(question.input_method, answer, question.standard_answer);
  const ids = useId();
  const explanationId = `${ids}-explanation`;
  const questionSectionId = `${ids}-question`;

  const change = onAnswerChange
    ? (next: Answer) => {
        setPairRefusedFor(null);
        onAnswerChange(next);
      }
    : undefined;

  const layout = layoutOf(group);
  const translation = revealAllowed && group?.translation ? group.translation : '';
  const correctSelects = revealed && question.standard_answer ? question.standard_answer.selects : null;

  const questionColumn = (
    <Stack spacing={2.25}>
      {showsMeta(mode) ? <Meta question={question} /> : null}
      <DirectionsLine question={question} />
      {question.figure ? <FigureView figure={question.figure} /> : null}
      <Stimulus question={question} answer={answer} mode={mode} revealed={revealed} />
      {question.input_method.kind === 'sentence' && group ? (
        <SentenceStatus
          group={group}
          chosen={answer.selects[0]}
          onClear={change ? () => change({ ...answer, selects: [] }) : undefined}
        />
      ) : null}
      <AnswerArea
        question={question}
        answer={answer}
        change={change}
        correct={correctSelects}
        verdict={revealed ? verdict : null}
        idBase={ids}
        pairRefused={pairRefusedFor === question.id}
        onPairRefused={() => setPairRefusedFor(question.id)}
      />
      {revealAllowed ? (
        <Box>
          <Button
            variant={revealed ? 'text' : 'outlined'}
            startIcon={revealed ? <ExpandLessRounded /> : <LightbulbOutlined />}
            onClick={() => {
              if (!revealed) props.onReveal?.();
              toggleReveal();
            }}
            aria-expanded={revealed}
            aria-controls={explanationId}
            sx={{ minHeight: 44 }}
          >
            {revealed ? '收起答案与解析' : '查看答案与解析'}
          </Button>
          <Collapse in={revealed} unmountOnExit>
            <Box id={explanationId} sx={{ pt: 1 }}>
              <Explanation question={question} group={group} verdict={verdict} />
            </Box>
          </Collapse>
        </Box>
      ) : null}
      {revealAllowed ? <DiscussionSection topicId={question.id} /> : null}
    </Stack>
  );

  if (layout === 'single' || !group) {
    return (
      <Box component="article" aria-label="题目" sx={{ maxWidth: 860, mx: 'auto' }}>
        {questionColumn}
      </Box>
    );
  }

  const selectable =
    question.input_method.kind === 'sentence'
      ? {
          chosen: answer.selects[0],
          onChoose: change ? (index: number) => change(chooseSentence(answer, index)) : undefined,
          correct: revealed && question.standard_answer ? (question.standard_answer.selects[0] ?? null) : null,
          label: '文章句子（点击一个句子作答）',
          paragraph: group ? namedParagraph(question.inquiry, group.paragraphs.length) : null,
        }
      : undefined;

  return (
    <Box
      component="article"
      aria-label="题目"
      sx={{
        display: { xs: 'block', md: 'grid' },
        gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
        height: { md: props.paneHeight ?? 'calc(100dvh - 190px)' },
        minHeight: { md: 480 },
        border: { md: '1px solid' },
        borderColor: { md: 'divider' },
        borderRadius: { md: 3 },
        overflow: { md: 'hidden' },
        bgcolor: { md: 'background.paper' },
      }}
    >
      <Box
        component="section"
        aria-label={group.figure ? '图表' : '文章'}
        // A scrollable pane: reachable by Tab so the keyboard can scroll it (WCAG 2.1.1; axe
        // scrollable-region-focusable when the passage holds no button or link of its own).
        tabIndex={0}
        sx={(t) => ({
          overflowY: { md: 'auto' },
          p: { xs: 0, md: 3 },
          pb: { xs: 2.5, md: 3 },
          mb: { xs: 2.5, md: 0 },
          borderBottom: { xs: `1px solid ${t.palette.divider}`, md: 0 },
          borderRight: { md: `1px solid ${t.palette.divider}` },
          bgcolor: { md: alpha(t.palette.primary.main, 0.015) },
          overscrollBehavior: 'contain',
        })}
      >
        <PassageHeader
          group={group}
          mode={mode}
          translationAvailable={translation !== ''}
          translationOpen={translationOpen}
          onToggleTranslation={toggleTranslation}
          onJumpToQuestion={() => document.getElementById(questionSectionId)?.scrollIntoView({ behavior: 'smooth' })}
        />
        {group.figure ? <FigureView figure={group.figure} /> : null}
        {group.paragraphs.some((p) => p.length > 0) ? (
          <Box sx={{ mt: group.figure ? 2 : 0 }}>
            <PassagePanel
              paragraphs={group.paragraphs}
              selectable={selectable}
              translation={translationOpen ? translation : null}
            />
          </Box>
        ) : null}
      </Box>
      <Box
        component="section"
        id={questionSectionId}
        aria-label="问题"
        sx={{ scrollMarginTop: 72, overflowY: { md: 'auto' }, p: { xs: 0, md: 3 }, overscrollBehavior: 'contain' }}
      >
        {questionColumn}
      </Box>
    </Box>
  );
}

function PassageHeader(props: {
  group: QuestionGroup;
  mode: DisplayMode;
  translationAvailable: boolean;
  translationOpen: boolean;
  onToggleTranslation: () => void;
  onJumpToQuestion: () => void;
}) {
  const showTitle = showsMeta(props.mode) && props.group.title;
  const longPassage = props.group.paragraphs.length > 1;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5, flexWrap: 'wrap' }}>
      {showTitle ? (
        <Typography variant="body2" color="text.secondary" sx={{ flex: { xs: '1 1 100%', sm: 1 }, minWidth: 0 }}>
          {props.group.figure ? '数据解读' : '阅读文章'} · {props.group.title}
        </Typography>
      ) : (
        <Box sx={{ flex: 1 }} />
      )}
      {props.translationAvailable ? (
        <Button
          size="small"
          variant={props.translationOpen ? 'contained' : 'outlined'}
          color="secondary"
          startIcon={<TranslateRounded />}
          onClick={props.onToggleTranslation}
          aria-pressed={props.translationOpen}
          sx={{ minHeight: 36 }}
        >
          {props.translationOpen ? '隐藏译文' : '显示译文'}
        </Button>
      ) : null}
      {longPassage ? (
        <Button
          size="small"
          startIcon={<ArrowDownwardRounded />}
          onClick={props.onJumpToQuestion}
          sx={{ display: { xs: 'inline-flex', md: 'none' }, minHeight: 36 }}
        >
          跳到题目
        </Button>
      ) : null}
    </Box>
  );
}

function Meta(props: { question: Question }) {
  const q = props.question;
  const badge = visibilityBadge[q.visibility];
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Chip size="small" color="primary" label={questionKindLabel[q.kind]} />
      <Chip size="small" variant="outlined" label={difficultyLabel[q.difficulty]} />
      {badge ? <Chip size="small" color="secondary" variant="outlined" label={badge} /> : null}
      <VisibilityMark visibility={q.visibility} />
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {[q.description, ...q.source_names.filter((s) => s !== q.description)].filter(Boolean).join(' · ')}
      </Typography>
    </Box>
  );
}

function DirectionsLine(props: { question: Question }) {
  const d = directionsByKind[props.question.kind];
  if (!d.en && !d.zh) return null;
  return (
    <Box sx={{ fontSize: '0.875rem', lineHeight: 1.6, color: 'text.secondary' }}>
      {d.en ? (
        <Box component="p" lang="en" sx={{ m: 0, fontStyle: 'italic' }}>
          {d.en}
        </Box>
      ) : null}
      {d.zh ? (
        <Box component="p" sx={{ m: 0 }}>
          {d.zh}
        </Box>
      ) : null}
    </Box>
  );
}

function Stimulus(props: { question: Question; answer: Answer; mode: DisplayMode; revealed: boolean }) {
  const q = props.question;
  const input = q.input_method;
  switch (
    q.passage.kind === 'qc' ? 'qc' : q.passage.kind === 'word' ? 'word' : input.kind === 'essay' ? 'essay' : 'text'
  ) {
    case 'qc':
      return <QcStimulus question={q} />;
    case 'word':
      return (
        <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', py: 1 }}>
          {q.inquiry ? (
            <MathText text={q.inquiry} sx={{ color: 'text.secondary', alignSelf: 'stretch', textAlign: 'left' }} />
          ) : null}
          <Typography
            component="div"
            lang={q.kind === 'word_from_meaning' ? 'zh-CN' : 'en'}
            sx={{
              fontSize:
                q.kind === 'word_from_meaning' ? { xs: '1.3rem', sm: '1.5rem' } : { xs: '1.9rem', sm: '2.3rem' },
              fontWeight: 700,
              letterSpacing: q.kind === 'word_from_meaning' ? 0 : '0.02em',
              color: 'primary.dark',
              overflowWrap: 'anywhere',
            }}
          >
            <MathInline text={q.passage.core} />
          </Typography>
        </Stack>
      );
    case 'essay':
      return (
        <Stack spacing={1.5}>
          <Box
            component="blockquote"
            lang="en"
            sx={(t) => ({
              m: 0,
              p: { xs: 2, sm: 2.5 },
              borderLeft: `4px solid ${t.palette.primary.main}`,
              bgcolor: alpha(t.palette.primary.main, 0.05),
              borderRadius: 2,
              fontSize: { xs: '1.05rem', sm: '1.12rem' },
              lineHeight: 1.75,
              fontWeight: 500,
            })}
          >
            <MathText text={q.inquiry} />
          </Box>
          {input.instructions ? (
            <MathText text={input.instructions} lang="en" sx={{ color: 'text.primary', lineHeight: 1.75 }} />
          ) : null}
        </Stack>
      );
    default: {
      const count = blankCount(input);
      const fillBlanks = showsMeta(props.mode) && count > 0;
      return (
        <MathText
          text={q.inquiry}
          lang="en"
          sx={{ fontSize: { xs: '1.02rem', sm: '1.06rem' }, lineHeight: 1.85 }}
          renderBlank={
            fillBlanks
              ? (label, index) => {
                  const chosen = blankChoice(props.answer, index, count);
                  const word = chosen === undefined ? undefined : input.option_groups[index]?.[chosen];
                  if (word === undefined) return <DefaultBlank label={label} />;
                  return (
                    <Box
                      component="span"
                      sx={{
                        mx: '2px',
                        px: '3px',
                        borderBottom: '1.5px solid',
                        borderColor: 'primary.main',
                        color: 'primary.dark',
                        fontWeight: 600,
                        whiteSpace: 'nowrap',
                      }}
                    >
                      {label ? (
                        <Box
                          component="span"
                          sx={{ fontSize: '0.8em', color: 'text.secondary', fontWeight: 400, mr: 0.5 }}
                        >
                          ({label})
                        </Box>
                      ) : null}
                      <MathInline text={word} />
                    </Box>
                  );
                }
              : undefined
          }
        />
      );
    }
  }
}

function QcStimulus(props: { question: Question }) {
  const q = props.question;
  const box = (title: string, value: string) => (
    <Box
      sx={{
        border: '1.5px solid',
        borderColor: 'text.secondary',
        borderRadius: 2,
        overflow: 'hidden',
        display: 'flex',
        flexDirection: 'column',
        minWidth: 0,
      }}
    >
      <Box
        sx={(t) => ({
          py: 0.75,
          textAlign: 'center',
          fontWeight: 700,
          fontSize: '0.95rem',
          bgcolor: alpha(t.palette.primary.main, 0.07),
          borderBottom: '1px solid',
          borderColor: 'divider',
        })}
        lang="en"
      >
        {title}
      </Box>
      <Box
        sx={{
          flex: 1,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          textAlign: 'center',
          px: 1.5,
          py: 2.5,
          minHeight: 84,
          fontSize: '1.12rem',
          overflowX: 'auto',
        }}
      >
        <MathText text={value} lang="en" />
      </Box>
    </Box>
  );
  return (
    <Stack spacing={2}>
      {q.passage.core.trim() ? (
        <Box sx={{ textAlign: 'center', fontSize: '1.1rem', py: 0.5, overflowX: 'auto' }}>
          <MathText text={q.passage.core} lang="en" />
        </Box>
      ) : null}
      {q.inquiry.trim() ? <MathText text={q.inquiry} lang="en" /> : null}
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: { xs: 1.25, sm: 2 } }}>
        {box('Quantity A', q.passage.quantity_a)}
        {box('Quantity B', q.passage.quantity_b)}
      </Box>
    </Stack>
  );
}

function SentenceStatus(props: { group: QuestionGroup; chosen: number | undefined; onClear?: () => void }) {
  const text = props.chosen === undefined ? undefined : sentenceText(props.group.paragraphs, props.chosen);
  return (
    <Box
      aria-live="polite"
      sx={(t) => ({
        p: 1.5,
        borderRadius: 2,
        border: '1px dashed',
        borderColor: text ? 'primary.main' : 'divider',
        bgcolor: text ? alpha(t.palette.primary.main, 0.05) : 'transparent',
        fontSize: '0.92rem',
      })}
    >
      {text ? (
        <>
          <Box component="span" sx={{ fontWeight: 700 }}>
            你选择了第 {(props.chosen ?? 0) + 1} 句：
          </Box>
          <Box component="span" lang="en" sx={{ fontStyle: 'italic' }}>
            “{plainText(text)}”
          </Box>
        </>
      ) : (
        <Box component="span" sx={{ color: 'text.secondary' }}>
          <Box component="span" sx={{ display: { xs: 'none', md: 'inline' } }}>
            在左侧文章中点击一个句子作答（也可用 Tab 键进入文章、方向键切换句子）。
          </Box>
          <Box component="span" sx={{ display: { xs: 'inline', md: 'none' } }}>
            在上方文章中点击一个句子作答。
          </Box>
        </Box>
      )}
    </Box>
  );
}

function ChoiceHeading(props: { id: string; children: ReactNode; tone?: 'warning' }) {
  return (
    <Typography
      id={props.id}
      component="div"
      sx={{
        fontSize: '0.9rem',
        fontWeight: 700,
        color: props.tone === 'warning' ? 'warning.main' : 'primary.dark',
        mb: 1,
      }}
    >
      {props.children}
    </Typography>
  );
}

function AnswerArea(props: {
  question: Question;
  answer: Answer;
  change: ((a: Answer) => void) | undefined;
  correct: readonly number[] | null;
  verdict: Verdict | null;
  idBase: string;
  pairRefused: boolean;
  onPairRefused: () => void;
}) {
  const { question: q, answer, change } = props;
  const input = q.input_method;
  const headingId = `${props.idBase}-choices`;
  const name = `${props.idBase}-${q.id}`;
  const mark = props.verdict === 'correct' ? 'correct' : props.verdict === 'wrong' ? 'wrong' : 'none';
  const lang = q.category === QuestionCategory.Word && q.kind === 'word_meaning' ? 'zh-CN' : 'en';
  switch (input.kind) {
    case 'single': {
      const options =
        q.kind === 'qc' && input.option_groups[0]?.length !== 4 ? [...qcChoices] : (input.option_groups[0] ?? []);
      return (
        <Box>
          <ChoiceHeading id={headingId}>请选择一项</ChoiceHeading>
          <ChoiceList
            name={name}
            options={options}
            control="radio"
            selected={answer.selects}
            onToggle={change ? (i) => change(chooseSingle(answer, i)) : undefined}
            correct={props.correct}
            labelledBy={headingId}
            lang={lang}
          />
        </Box>
      );
    }
    case 'multi':
      return (
        <Box>
          {/* The directions above already say "select all that apply": the heading only counts. */}
          <ChoiceHeading id={headingId}>可选多项（已选 {answer.selects.length}）</ChoiceHeading>
          <ChoiceList
            name={name}
            options={input.option_groups[0] ?? []}
            control="checkbox"
            selected={answer.selects}
            onToggle={change ? (i) => change(toggleMulti(answer, i)) : undefined}
            correct={props.correct}
            labelledBy={headingId}
            lang={lang}
          />
        </Box>
      );
    case 'pair': {
      const size = input.group_size || 2;
      return (
        <Box>
          <ChoiceHeading id={headingId}>
            恰好选择两项 · <span lang="en">select exactly two</span>（已选 {answer.selects.length}/{size}）
          </ChoiceHeading>
          <ChoiceList
            name={name}
            options={input.option_groups[0] ?? []}
            control="checkbox"
            selected={answer.selects}
            onToggle={
              change
                ? (i) => {
                    const r = togglePair(answer, i, size);
                    if (r.refused) props.onPairRefused();
                    else change(r.answer);
                  }
                : undefined
            }
            correct={props.correct}
            labelledBy={headingId}
            lang={lang}
          />
          <Box aria-live="assertive" sx={{ minHeight: 0 }}>
            {props.pairRefused ? (
              <Typography variant="body2" color="warning.main" sx={{ mt: 1, fontWeight: 600 }}>
                只能选择两项：请先取消一个已选的选项。
              </Typography>
            ) : null}
          </Box>
        </Box>
      );
    }
    case 'blanks': {
      const count = blankCount(input);
      const chosen = Array.from({ length: count }, (_, b) => blankChoice(answer, b, count));
      return (
        <BlankColumns
          name={name}
          optionGroups={input.option_groups}
          chosen={chosen}
          onChoose={change ? (b, o) => change(setBlank(answer, b, o, count)) : undefined}
          correct={props.correct}
        />
      );
    }
    case 'sentence':
      return null;
    case 'numeric':
      return (
        <NumericEntry
          value={answer.text}
          prefix={input.fill_prefix}
          suffix={input.fill_suffix}
          onChange={change ? (t) => change(setText(answer, t)) : undefined}
          mark={mark}
        />
      );
    case 'fraction':
      return (
        <FractionEntry
          numerator={answer.text}
          denominator={answer.text2}
          onChange={change ? (n, d) => change(setText2(setText(answer, n), d)) : undefined}
          mark={mark}
        />
      );
    case 'essay':
      return <EssayBox value={answer.text} onChange={change ? (t) => change(setText(answer, t)) : undefined} />;
  }
}

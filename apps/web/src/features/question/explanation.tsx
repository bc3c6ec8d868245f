// What "查看答案与解析" opens: the verdict, the correct answer, the analysis, key words with their
// synonyms and antonyms, the Issue writing guide and, for word questions, the word's details.

import type { Question, QuestionGroup } from '@gre/contract/question';
import CancelRounded from '@mui/icons-material/CancelRounded';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { IssueGuideView } from '../../components/issue-guide.tsx';
import { MathInline, MathText } from '../../components/math-text.tsx';
import { describeStandard, type Verdict } from './answer-logic.ts';
import { wordDetailsQuery } from './queries.ts';
import { QuestionEdit } from './question-edit.tsx';
import { hasExplanation, wordOf } from './question-logic.ts';

function Section(props: { title: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Typography variant="h6" component="h3" sx={{ fontSize: '1rem', mb: 1, color: 'primary.dark' }}>
        {props.title}
      </Typography>
      {props.children}
    </Box>
  );
}

function VerdictBanner(props: { verdict: Verdict; standardText: string }) {
  const { verdict } = props;
  if (verdict === 'ungraded') return null;
  if (verdict === 'unanswered') {
    return (
      <Alert severity="info" variant="outlined">
        你还没有作答完整。正确答案：
        <strong>
          <MathInline text={props.standardText} />
        </strong>
      </Alert>
    );
  }
  const right = verdict === 'correct';
  return (
    <Alert
      severity={right ? 'success' : 'error'}
      icon={right ? <CheckCircleRounded /> : <CancelRounded />}
      sx={{ alignItems: 'center' }}
    >
      <Box component="span" sx={{ fontWeight: 700 }}>
        {right ? '回答正确' : '回答错误'}
      </Box>
      <Box component="span" sx={{ mx: 1 }}>
        ·
      </Box>
      正确答案：
      <strong>
        <MathInline text={props.standardText} />
      </strong>
    </Alert>
  );
}

function ChipRow(props: { label: string; words: readonly string[]; tone: 'success' | 'error' }) {
  if (props.words.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 0.75, flexWrap: 'wrap' }}>
      <Typography component="span" variant="body2" sx={{ color: 'text.secondary', flexShrink: 0 }}>
        {props.label}
      </Typography>
      {props.words.map((w) => (
        <Chip
          key={w}
          size="small"
          label={w}
          lang="en"
          variant="outlined"
          color={props.tone}
          sx={{ height: 24, '& .MuiChip-label': { px: 1 } }}
        />
      ))}
    </Box>
  );
}

function KeyWords(props: { keyWords: NonNullable<Question['analysis']>['key_words'] }) {
  if (props.keyWords.length === 0) return null;
  return (
    <Section title="重点词汇">
      <Box
        sx={{
          display: 'grid',
          gap: 1.25,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(auto-fill, minmax(240px, 1fr))' },
        }}
      >
        {props.keyWords.map((k) => (
          <Box
            key={k.word}
            sx={(t) => ({
              p: 1.5,
              borderRadius: 2,
              border: '1px solid',
              borderColor: 'divider',
              bgcolor: alpha(t.palette.primary.main, 0.025),
            })}
          >
            <Typography component="div" sx={{ fontWeight: 700 }} lang="en">
              {k.word}
            </Typography>
            <Typography variant="body2" sx={{ mb: 0.75 }}>
              {k.meaning}
            </Typography>
            <Stack spacing={0.5}>
              <ChipRow label="近义" words={k.synonyms} tone="success" />
              <ChipRow label="反义" words={k.antonyms} tone="error" />
            </Stack>
          </Box>
        ))}
      </Box>
    </Section>
  );
}

function WordDetails(props: { word: string; analysisText: string }) {
  const details = useQuery(wordDetailsQuery(props.word));
  if (details.isPending) {
    return (
      <Section title="单词详情">
        <Skeleton width="40%" />
        <Skeleton width="80%" />
        <Skeleton width="60%" />
      </Section>
    );
  }
  if (!details.data) return null;
  const w = details.data;
  // Word analyses often quote the similar-word notes already; do not print them twice.
  const similar = w.similar.filter((s) => !props.analysisText.includes(s.note.trim().slice(0, 40)));
  return (
    <Section title="单词详情">
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography component="span" lang="en" sx={{ fontSize: '1.35rem', fontWeight: 700 }}>
          {w.word}
        </Typography>
        {w.phonetic ? (
          <Typography
            component="span"
            color="text.secondary"
            sx={{ fontFamily: '"Lucida Sans Unicode", "Arial Unicode MS", sans-serif' }}
          >
            /{w.phonetic}/
          </Typography>
        ) : null}
        {w.pos ? <Chip size="small" label={w.pos} variant="outlined" /> : null}
      </Box>
      {w.translation ? <MathText text={w.translation} gap={0.25} sx={{ mt: 1 }} /> : null}
      {w.definition ? (
        <MathText
          text={w.definition}
          gap={0.25}
          lang="en"
          sx={{ mt: 1, color: 'text.secondary', fontSize: '0.92rem' }}
        />
      ) : null}
      {w.forms.length > 0 ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          <Box component="span" sx={{ color: 'text.secondary' }}>
            词形：
          </Box>
          {w.forms.map((f) => `${f.kind} ${f.form}`).join('；')}
        </Typography>
      ) : null}
      {w.roots.length > 0 ? (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          <Box component="span" sx={{ color: 'text.secondary' }}>
            词根：
          </Box>
          {w.roots.map((r) => `${r.root}（${r.meaning}${r.kind ? `，${r.kind}` : ''}）`).join('；')}
        </Typography>
      ) : null}
      {similar.length > 0 ? (
        <Box sx={{ mt: 1 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            近义词辨析
          </Typography>
          {similar.map((s) => (
            <Box key={s.words.join(',')} sx={{ mt: 0.75, fontSize: '0.92rem' }}>
              <Box lang="en" sx={{ fontWeight: 700 }}>
                {s.words.join(' / ')}
              </Box>
              <MathText text={s.note} gap={0.25} />
            </Box>
          ))}
        </Box>
      ) : null}
    </Section>
  );
}

export function Explanation(props: { question: Question; group: QuestionGroup | null; verdict: Verdict }) {
  const q = props.question;
  const a = q.analysis;
  const word = wordOf(q);
  const standardText = describeStandard(q, props.group);
  const nothing = q.standard_answer === null && !hasExplanation(q);
  return (
    <Stack spacing={2.5} sx={{ pt: 1 }}>
      <QuestionEdit questionId={q.id} />
      {nothing ? (
        <Alert severity="warning" variant="outlined">
          暂时看不到这道题的答案与解析：当前账号无权查看，或这道题在你进行中的限时考试里（交卷或考试时间结束后开放）。
        </Alert>
      ) : null}
      {q.standard_answer && standardText ? <VerdictBanner verdict={props.verdict} standardText={standardText} /> : null}
      {a && a.text.trim() !== '' ? (
        <Section title={q.kind === 'issue' ? '写作指导' : '解析'}>
          <MathText text={a.text} gap={1} sx={{ lineHeight: 1.85 }} />
        </Section>
      ) : null}
      {a?.guide ? <IssueGuideView guide={a.guide} /> : null}
      {a ? <KeyWords keyWords={a.key_words} /> : null}
      {a && a.synonyms.length + a.antonyms.length > 0 ? (
        <Stack spacing={0.75}>
          <ChipRow label="同义词" words={a.synonyms} tone="success" />
          <ChipRow label="反义词" words={a.antonyms} tone="error" />
        </Stack>
      ) : null}
      {word ? <WordDetails word={word} analysisText={a?.text ?? ''} /> : null}
    </Stack>
  );
}

// /flash/:flashID: a flash set in its stages (spec section 3): StartIntro → InFlash (learn, quiz,
// exam and spell cards; keys 1–4 choose, Enter goes on) → RoundSummary (the five levels and the
// words missed) → the next round, or Result when every card is mastered. Each answer is sent at
// once (update_choice); the round's record goes back without bank data (finish_round).

import { finishRound, giveUpFlash, updateChoice } from '@gre/contract/endpoints/flash';
import { FlashStatus } from '@gre/contract/enums';
import type { Flash, FlashCard, FlashSummary } from '@gre/contract/flash';
import { flashCardKindLabel, flashLevelLabel, questionRangeKinds } from '@gre/contract/flash';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import StarBorderRounded from '@mui/icons-material/StarBorderRounded';
import StarRounded from '@mui/icons-material/StarRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { searchQuestionHref, wordHref } from '../../app/paths.ts';
import { RetryAlert } from '../../components/retry-alert.tsx';
import { api } from '../../lib/api-client.ts';
import { collectedMessage, flashQuery, useCollectCard } from './queries.ts';
import { QuestionCardBody } from './question-card.tsx';

type Stage = 'intro' | 'flash' | 'summary' | 'result';
type Verdict = {
  correct: boolean;
  key: number | null;
  level: number;
  choice?: number | undefined;
  /** A question card: the right options and my choices; `answer` = the right options' text. */
  keys?: number[];
  choices?: number[];
  answer?: string;
};

const bucketKeys: (keyof FlashSummary)[] = ['not_seen', 'learn', 'quiz', 'exam', 'master'];

export function FlashPage() {
  const flashId = useParams().flashID ?? '';
  const data = useQuery(flashQuery(flashId));
  const client = useQueryClient();
  const [flash, setFlash] = useState<Flash | null>(null);
  const [stage, setStage] = useState<Stage>('intro');
  const [verdicts, setVerdicts] = useState<Record<number, Verdict>>({});
  const [round, setRound] = useState<{ summary: FlashSummary; missed: string[] } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const f = data.data?.flash;
    if (!f || flash) return;
    setFlash(f);
    const seen: Record<number, Verdict> = {};
    f.round.runtimes.forEach((c, i) => {
      if (c.answered) seen[i] = { correct: c.answered.correct, key: c.answered.key, level: c.level };
    });
    setVerdicts(seen);
    setStage(f.status === FlashStatus.Finish ? 'result' : f.status === FlashStatus.NotStart ? 'intro' : 'flash');
  }, [data.data, flash]);

  if (data.isError && !flash)
    return <RetryAlert onRetry={() => data.refetch()}>{data.error.message || '闪卡加载失败'}</RetryAlert>;
  if (!flash) return <LinearProgress aria-label="加载中" />;

  const runtimes = flash.round.runtimes;
  const cursor = flash.round.cursor_index;
  const card = runtimes[cursor];
  const total = runtimes.length;

  async function answer(choice: number | undefined, text: string | undefined, choices?: number[]) {
    if (!flash || !card || busy) return;
    setBusy(true);
    try {
      const r = await api(updateChoice, {
        flash_id: flash.id,
        round: flash.round_count,
        index: cursor,
        word: card.word,
        ...(choices ? { choices } : choice !== undefined ? { choice } : { text: text ?? '' }),
      });
      setVerdicts((v) => ({
        ...v,
        [cursor]: { correct: r.correct, key: r.key, level: r.level, choice, keys: r.keys, choices, answer: r.answer },
      }));
    } finally {
      setBusy(false);
    }
  }

  function next() {
    if (!flash) return;
    setFlash({ ...flash, round: { ...flash.round, cursor_index: cursor + 1 } });
  }

  async function endRound() {
    if (!flash || busy) return;
    setBusy(true);
    try {
      const r = await api(finishRound, {
        flash_id: flash.id,
        round: flash.round_count,
        // Bank data (meanings, options) stays out: the words, their levels now, right or wrong.
        runtimes: runtimes.map((c, i) => ({
          word: c.word,
          level: (verdicts[i]?.level ?? c.level) as FlashCard['level'],
          correct: verdicts[i]?.correct ?? false,
        })),
      });
      setFlash(r.flash);
      setVerdicts({});
      setRound({ summary: r.summary, missed: r.missed });
      setStage('summary');
      client.setQueryData(flashQuery(flash.id).queryKey, { flash: r.flash });
      void client.invalidateQueries({ queryKey: ['summary'] });
      void client.invalidateQueries({ queryKey: ['user'] });
    } finally {
      setBusy(false);
    }
  }

  async function giveUp() {
    if (!flash || busy) return;
    setBusy(true);
    try {
      const r = await api(giveUpFlash, { flash_id: flash.id });
      setFlash(r.flash);
      setStage('result');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack spacing={{ xs: 2, sm: 2.5 }} sx={{ maxWidth: 720, mx: 'auto', width: '100%' }}>
      <Box>
        <Button component={RouterLink} to={wordHref({ tab: 'books' })} startIcon={<ArrowBackRounded />} sx={{ mx: -1 }}>
          单词
        </Button>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.4rem', sm: '1.75rem' }, overflowWrap: 'anywhere' }}>
          闪卡：{flash.title}
        </Typography>
      </Box>
      {stage === 'intro' ? (
        <Intro flash={flash} onStart={() => setStage('flash')} />
      ) : stage === 'summary' && round ? (
        <RoundSummary
          flash={flash}
          summary={round.summary}
          missed={round.missed}
          onNext={() => setStage(flash.status === FlashStatus.Finish ? 'result' : 'flash')}
        />
      ) : stage === 'result' || flash.status === FlashStatus.Finish ? (
        <Result flash={flash} />
      ) : card ? (
        <>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
              第 {flash.round_count + 1} 轮 · 第 {cursor + 1} / {total} 张
            </Typography>
            <Button size="small" color="inherit" onClick={giveUp} disabled={busy} sx={{ minHeight: 44 }}>
              放弃本组
            </Button>
          </Stack>
          <LinearProgress
            variant="determinate"
            value={(cursor / Math.max(1, total)) * 100}
            aria-label={`本轮进度 ${cursor} / ${total}`}
            sx={{ height: 8, borderRadius: 4 }}
          />
          <CardView
            key={`${flash.round_count}-${cursor}`}
            card={card}
            verdict={verdicts[cursor]}
            busy={busy}
            onAnswer={answer}
            onNext={next}
          />
        </>
      ) : (
        <Paper variant="outlined" sx={{ p: 3, borderRadius: 3 }}>
          <Typography sx={{ mb: 2 }}>本轮 {total} 张卡片已全部回答。</Typography>
          <Button variant="contained" size="large" onClick={endRound} disabled={busy} autoFocus>
            查看本轮小结
          </Button>
        </Paper>
      )}
    </Stack>
  );
}

function Intro({ flash, onStart }: { flash: Flash; onStart: () => void }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
      <Typography variant="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
        本组 {flash.all_card_count} 张卡片
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        每轮把未掌握的卡片各过一遍：先认识单词，再选择释义、根据释义选词、最后拼写。答对升一级，答错降一级，全部「掌握」即完成。每次作答都会记入该词的复习计划。
      </Typography>
      <Buckets summary={flash.summary} />
      <Button variant="contained" size="large" onClick={onStart} sx={{ mt: 2, minHeight: 48 }} autoFocus>
        开始学习
      </Button>
    </Paper>
  );
}

function Buckets({ summary }: { summary: FlashSummary }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(5, 1fr)', gap: 1, m: 0, textAlign: 'center' }}
    >
      {bucketKeys.map((k, i) => (
        <Box key={k} sx={{ p: 1, borderRadius: 2, bgcolor: 'action.hover' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {flashLevelLabel[i]}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 700, fontSize: '1.25rem' }}>
            {summary[k]}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function CardView({
  card,
  verdict,
  busy,
  onAnswer,
  onNext,
}: {
  card: FlashCard;
  verdict: Verdict | undefined;
  busy: boolean;
  onAnswer: (choice: number | undefined, text: string | undefined, choices?: number[]) => void;
  onNext: () => void;
}) {
  const [text, setText] = useState('');
  const [collected, setCollected] = useState(card.collected);
  const [collectNote, setCollectNote] = useState('');
  const collect = useCollectCard();
  const nextRef = useRef<HTMLButtonElement>(null);
  const answered = verdict !== undefined;

  useEffect(() => {
    if (answered) nextRef.current?.focus();
  }, [answered]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLInputElement || e.altKey || e.ctrlKey || e.metaKey) return;
      if (answered || card.kind === 'question') return;
      const n = Number(e.key);
      if (card.kind === 'learn' && (n === 1 || n === 2)) onAnswer(n === 1 ? 1 : 0, undefined);
      else if ((card.kind === 'quiz' || card.kind === 'exam') && n >= 1 && n <= card.options.length)
        onAnswer(n - 1, undefined);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [answered, card, onAnswer]);

  const showWord = card.kind === 'learn' || card.kind === 'quiz' || answered;
  const showMeaning = card.kind !== 'quiz' || answered;
  const big = { minHeight: 52, justifyContent: 'flex-start', textAlign: 'left', textTransform: 'none' } as const;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }} aria-live="polite">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Chip size="small" label={flashCardKindLabel[card.kind]} />
        <Chip size="small" variant="outlined" label={`当前：${flashLevelLabel[card.level]}`} />
        {card.question ? <Chip size="small" variant="outlined" label={card.question.kind_label} /> : null}
        <Box sx={{ flex: 1 }} />
        {card.question ? null : (
          <Button
            size="small"
            startIcon={collected ? <StarRounded /> : <StarBorderRounded />}
            aria-pressed={collected}
            sx={{ minHeight: 44 }}
            onClick={() =>
              collect.mutate(
                { word: card.word, collected: !collected },
                {
                  onSuccess: (r) => {
                    setCollected(r.card.collected);
                    setCollectNote(r.card.collected ? collectedMessage : '已取消收藏');
                  },
                },
              )
            }
          >
            {collected ? '已收藏' : '收藏'}
          </Button>
        )}
      </Stack>
      {collectNote ? (
        <Typography role="status" variant="body2" color="success.main" sx={{ mb: 1 }}>
          {collectNote}
        </Typography>
      ) : null}
      {card.question ? (
        <QuestionCardBody
          q={card.question}
          verdict={
            answered
              ? { correct: verdict.correct, keys: verdict.keys ?? [], choices: verdict.choices ?? [] }
              : undefined
          }
          busy={busy}
          onAnswer={(choices) => onAnswer(undefined, undefined, choices)}
        />
      ) : null}
      {showWord && !card.question ? (
        <Typography component="h2" sx={{ fontSize: { xs: '2rem', sm: '2.4rem' }, fontWeight: 700 }} lang="en">
          {card.word}
        </Typography>
      ) : null}
      {showWord && card.phonetic ? (
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          /{card.phonetic}/
        </Typography>
      ) : null}
      {showMeaning && !card.question ? (
        <Typography sx={{ whiteSpace: 'pre-line', mb: 2, fontSize: card.kind === 'learn' ? '1.05rem' : '1.15rem' }}>
          {card.meaning}
        </Typography>
      ) : null}
      {card.examples.length ? (
        <Box sx={{ mb: 2 }}>
          <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
            题库例句
          </Typography>
          <Stack component="ul" spacing={0.75} sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
            {card.examples.map((e) => (
              <Typography component="li" key={e.text} variant="body2" lang="en" sx={{ overflowWrap: 'anywhere' }}>
                {e.text}
              </Typography>
            ))}
          </Stack>
        </Box>
      ) : null}
      {card.kind === 'learn' && !answered ? (
        <Stack direction="row" spacing={1.5}>
          <Button
            variant="contained"
            size="large"
            fullWidth
            sx={{ minHeight: 52 }}
            onClick={() => onAnswer(1, undefined)}
            disabled={busy}
          >
            认识（1）
          </Button>
          <Button
            variant="outlined"
            size="large"
            fullWidth
            sx={{ minHeight: 52 }}
            onClick={() => onAnswer(0, undefined)}
            disabled={busy}
          >
            不认识（2）
          </Button>
        </Stack>
      ) : null}
      {card.kind === 'quiz' || card.kind === 'exam' ? (
        <Stack spacing={1} role="group" aria-label={card.kind === 'quiz' ? '选择释义' : '选择单词'}>
          {card.options.map((o, i) => {
            const isKey = answered && verdict.key === i;
            const missed = answered && !verdict.correct && verdict.choice === i;
            return (
              <Button
                key={o}
                variant="outlined"
                sx={{
                  ...big,
                  ...(isKey
                    ? {
                        '&.Mui-disabled': {
                          bgcolor: 'success.main',
                          color: 'common.white',
                          borderColor: 'success.main',
                        },
                      }
                    : missed
                      ? { '&.Mui-disabled': { color: 'error.dark', borderColor: 'error.main', borderWidth: 2 } }
                      : {}),
                }}
                disabled={busy || answered}
                onClick={() => onAnswer(i, undefined)}
                lang={card.kind === 'exam' ? 'en' : undefined}
              >
                {i + 1}. {o}
              </Button>
            );
          })}
        </Stack>
      ) : null}
      {card.kind === 'spell' && !answered ? (
        <Box
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            if (text.trim()) onAnswer(undefined, text);
          }}
        >
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <TextField
              label="拼写单词"
              value={text}
              onChange={(e) => setText(e.target.value)}
              autoFocus
              autoComplete="off"
              slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false, lang: 'en' } }}
              fullWidth
            />
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={busy || !text.trim()}
              sx={{ minHeight: 52 }}
            >
              提交
            </Button>
          </Stack>
        </Box>
      ) : null}
      {answered ? (
        <Stack spacing={1.5} sx={{ mt: 2 }}>
          <Alert severity={verdict.correct ? 'success' : 'warning'}>
            {card.question
              ? verdict.correct
                ? `回答正确，升至「${flashLevelLabel[verdict.level as 0]}」`
                : `回答错误${verdict.answer ? `，正确答案：${verdict.answer}` : ''}；降至「${flashLevelLabel[verdict.level as 0]}」`
              : card.kind === 'learn'
                ? verdict.correct
                  ? '很好，下一轮测验它的释义'
                  : '记住它，下一轮测验它的释义'
                : verdict.correct
                  ? `回答正确，升至「${flashLevelLabel[verdict.level as 0]}」`
                  : `回答错误，正确答案：${card.kind === 'quiz' ? card.options[verdict.key ?? 0] : card.word}；降至「${flashLevelLabel[verdict.level as 0]}」`}
          </Alert>
          <Button ref={nextRef} variant="contained" size="large" onClick={onNext} sx={{ minHeight: 52 }}>
            下一张（Enter）
          </Button>
        </Stack>
      ) : null}
    </Paper>
  );
}

function RoundSummary({
  flash,
  summary,
  missed,
  onNext,
}: {
  flash: Flash;
  summary: FlashSummary;
  missed: string[];
  onNext: () => void;
}) {
  const questions = questionRangeKinds.includes(flash.range_kind);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
      <Typography variant="h2" sx={{ fontSize: '1.2rem', mb: 2 }}>
        第 {flash.round_count} 轮小结
      </Typography>
      <Buckets summary={summary} />
      <Typography sx={{ mt: 2, fontWeight: 600 }}>
        {missed.length ? `${questions ? '答错的题目' : '答错的单词'}（${missed.length}）` : '本轮全部答对'}
      </Typography>
      {missed.length ? (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
          {missed.map((w, i) =>
            questions ? (
              <Chip
                key={w}
                label={`第 ${i + 1} 题：${w}`}
                component={RouterLink}
                to={searchQuestionHref(w)}
                clickable
              />
            ) : (
              <Chip key={w} label={w} lang="en" component={RouterLink} to={wordHref({ word: w })} clickable />
            ),
          )}
        </Stack>
      ) : null}
      <Button variant="contained" size="large" onClick={onNext} sx={{ mt: 3, minHeight: 48 }} autoFocus>
        {flash.status === FlashStatus.Finish ? '查看结果' : '继续下一轮'}
      </Button>
    </Paper>
  );
}

function Result({ flash }: { flash: Flash }) {
  const all = flash.summary.master === flash.all_card_count;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
      <Typography variant="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
        {all ? '全部掌握，本组完成！' : '本组已结束'}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        共 {flash.round_count} 轮、{flash.stage_count} 次作答。已学的单词会按记忆曲线在到期时回到「今日到期复习」。
      </Typography>
      <Buckets summary={flash.summary} />
      <Button
        component={RouterLink}
        to={wordHref({ tab: 'books' })}
        variant="contained"
        size="large"
        sx={{ mt: 3, minHeight: 48 }}
      >
        返回词书
      </Button>
    </Paper>
  );
}

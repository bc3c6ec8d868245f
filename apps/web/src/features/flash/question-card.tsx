// A question card (ADR 0028): one of my collected or wrong questions as a flash card. The question
// without its key; one option chosen (keys 1–n) or, for sentence equivalence, two chosen then 提交;
// the server checks the answer and says which options were right.
import type { QuestionCard } from '@gre/contract/flash';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';

export interface QuestionVerdict {
  correct: boolean;
  /** The right options (empty when the answer was given before a reload). */
  keys: number[];
  choices: number[];
}

export function QuestionCardBody({
  q,
  verdict,
  busy,
  onAnswer,
}: {
  q: QuestionCard;
  verdict: QuestionVerdict | undefined;
  busy: boolean;
  onAnswer: (choices: number[]) => void;
}) {
  const [picked, setPicked] = useState<number[]>([]);
  const answered = verdict !== undefined;

  useEffect(() => {
    if (answered || q.choose !== 1) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLInputElement || e.altKey || e.ctrlKey || e.metaKey) return;
      const n = Number(e.key);
      if (n >= 1 && n <= q.options.length) onAnswer([n - 1]);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [answered, q, onAnswer]);

  const toggle = (i: number) =>
    setPicked((p) => (p.includes(i) ? p.filter((x) => x !== i) : p.length < q.choose ? [...p, i] : p));
  const big = { minHeight: 52, justifyContent: 'flex-start', textAlign: 'left', textTransform: 'none' } as const;

  return (
    <Stack spacing={1.5}>
      <Typography sx={{ whiteSpace: 'pre-line', fontSize: '1.05rem' }} lang="en">
        {q.stem}
      </Typography>
      {q.quantity_a || q.quantity_b ? (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}>
          {[
            ['数量 A', q.quantity_a],
            ['数量 B', q.quantity_b],
          ].map(([label, text]) => (
            <Box key={label} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5, textAlign: 'center' }}>
              <Typography variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography lang="en">{text}</Typography>
            </Box>
          ))}
        </Box>
      ) : null}
      {q.choose === 2 ? (
        <Typography variant="body2" color="text.secondary">
          选出两个使句意相同的选项
        </Typography>
      ) : null}
      <Stack spacing={1} role="group" aria-label="选项">
        {q.options.map((o, i) => {
          const isKey = answered && verdict.keys.includes(i);
          const missed = answered && !verdict.correct && verdict.choices.includes(i) && !isKey;
          const on = picked.includes(i);
          return (
            <Button
              // biome-ignore lint/suspicious/noArrayIndexKey: options are fixed and may repeat text
              key={i}
              variant={on && !answered ? 'contained' : 'outlined'}
              aria-pressed={q.choose === 2 ? on : undefined}
              sx={{
                ...big,
                ...(isKey
                  ? {
                      '&.Mui-disabled': { bgcolor: 'success.main', color: 'common.white', borderColor: 'success.main' },
                    }
                  : missed
                    ? { '&.Mui-disabled': { color: 'error.dark', borderColor: 'error.main', borderWidth: 2 } }
                    : {}),
              }}
              disabled={busy || answered}
              onClick={() => (q.choose === 1 ? onAnswer([i]) : toggle(i))}
              lang="en"
            >
              {String.fromCharCode(65 + i)}. {o}
            </Button>
          );
        })}
      </Stack>
      {q.choose === 2 && !answered ? (
        <Button
          variant="contained"
          size="large"
          sx={{ minHeight: 52 }}
          disabled={busy || picked.length !== 2}
          onClick={() => onAnswer([...picked].sort((a, b) => a - b))}
        >
          提交（已选 {picked.length} / 2）
        </Button>
      ) : null}
    </Stack>
  );
}

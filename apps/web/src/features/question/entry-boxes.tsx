// Typed answers: the numeric entry box (with its units) and the fraction's two boxes (the essay
// editor is shared with the idea page: components/essay-editor.tsx).
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ChangeEvent } from 'react';
import { numericMaxLength, sanitizeNumeric } from './answer-logic.ts';

type Mark = 'correct' | 'wrong' | 'none';

function boxSx(mark: Mark, width: string) {
  return (t: import('@mui/material/styles').Theme) => ({
    width,
    minWidth: 0,
    height: 48,
    px: 1.25,
    fontSize: '1.15rem',
    fontFamily: 'inherit',
    fontVariantNumeric: 'tabular-nums',
    textAlign: 'center' as const,
    color: t.palette.text.primary,
    bgcolor: t.palette.background.paper,
    border: '2px solid',
    borderColor:
      mark === 'correct' ? t.palette.success.main : mark === 'wrong' ? t.palette.error.main : t.palette.text.secondary,
    borderRadius: '6px',
    outline: 'none',
    '&:focus-visible, &:focus': {
      borderColor: t.palette.primary.main,
      boxShadow: `0 0 0 3px ${alpha(t.palette.primary.main, 0.25)}`,
    },
    '&:disabled': { bgcolor: t.palette.action.hover },
  });
}

function Unit(props: { text: string }) {
  if (!props.text) return null;
  return (
    <Typography component="span" sx={{ fontSize: '1.15rem', fontWeight: 600, color: 'text.primary', px: 0.5 }}>
      {props.text}
    </Typography>
  );
}

export function NumericEntry(props: {
  value: string;
  prefix: string;
  suffix: string;
  onChange?: (text: string) => void;
  mark: Mark;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <Unit text={props.prefix} />
      <Box
        component="input"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        aria-label={`答案${props.prefix || props.suffix ? `（单位 ${`${props.prefix} ${props.suffix}`.trim()}）` : ''}`}
        maxLength={numericMaxLength}
        value={props.value}
        disabled={!props.onChange}
        onChange={(e: ChangeEvent<HTMLInputElement>) => props.onChange?.(sanitizeNumeric(e.target.value))}
        sx={boxSx(props.mark, '10em')}
      />
      <Unit text={props.suffix} />
    </Box>
  );
}

/** Numerator over denominator, with the fraction bar between the boxes, as on the GRE. */
export function FractionEntry(props: {
  numerator: string;
  denominator: string;
  onChange?: (numerator: string, denominator: string) => void;
  mark: Mark;
}) {
  return (
    <Box
      role="group"
      aria-label="分数答案"
      sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'center', alignSelf: 'flex-start', gap: 0.75 }}
    >
      <Box
        component="input"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        aria-label="分子"
        maxLength={numericMaxLength}
        value={props.numerator}
        disabled={!props.onChange}
        onChange={(e: ChangeEvent<HTMLInputElement>) =>
          props.onChange?.(sanitizeNumeric(e.target.value, { integer: true }), props.denominator)
        }
        sx={boxSx(props.mark, '7em')}
      />
      <Box aria-hidden sx={{ width: '8.5em', height: 0, borderTop: '2.5px solid', borderColor: 'text.primary' }} />
      <Box
        component="input"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        aria-label="分母"
        maxLength={numericMaxLength}
        value={props.denominator}
        disabled={!props.onChange}
        onChange={(e: ChangeEvent<HTMLInputElement>) =>
          props.onChange?.(props.numerator, sanitizeNumeric(e.target.value, { integer: true }))
        }
        sx={boxSx(props.mark, '7em')}
      />
    </Box>
  );
}

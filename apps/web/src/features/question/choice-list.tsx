// Answer choices as the GRE draws them: ovals when one answer is right, squares when several may be.
// Each row is a real radio or checkbox (keyboard and screen readers work), with a big tap target.

import CancelRounded from '@mui/icons-material/CancelRounded';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { MathInline } from '../../components/math-text.tsx';
import { type OptionMark, optionLetter, optionMark } from './answer-logic.ts';

export interface ChoiceListProps {
  name: string;
  options: readonly string[];
  /** 'radio' for one answer, 'checkbox' for several. */
  control: 'radio' | 'checkbox';
  selected: readonly number[];
  onToggle?: (index: number) => void;
  /** Once revealed: the indices of the correct options (null: nothing to mark). */
  correct: readonly number[] | null;
  labelledBy: string;
  /** English options are read in English. */
  lang?: string;
}

const markText: Record<OptionMark, string> = {
  correct_chosen: '正确答案，你选对了',
  correct_missed: '正确答案',
  wrong_chosen: '你的选择，错误',
  none: '',
};

export function ChoiceList(props: ChoiceListProps) {
  const readOnly = props.onToggle === undefined;
  return (
    <Box
      role={props.control === 'radio' ? 'radiogroup' : 'group'}
      aria-labelledby={props.labelledBy}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      {props.options.map((option, index) => {
        const chosen = props.selected.includes(index);
        const mark = props.correct === null ? 'none' : optionMark(chosen, props.correct.includes(index));
        const inputId = `${props.name}-${index}`;
        return (
          <Box
            key={inputId}
            component="label"
            htmlFor={inputId}
            data-mark={mark}
            data-chosen={chosen}
            sx={(t) => {
              const good = t.palette.success.main;
              const bad = t.palette.error.main;
              const border =
                mark === 'correct_chosen' || mark === 'correct_missed'
                  ? good
                  : mark === 'wrong_chosen'
                    ? bad
                    : chosen
                      ? t.palette.primary.main
                      : t.palette.divider;
              const background =
                mark === 'correct_chosen' || mark === 'correct_missed'
                  ? alpha(good, 0.08)
                  : mark === 'wrong_chosen'
                    ? alpha(bad, 0.07)
                    : chosen
                      ? alpha(t.palette.primary.main, 0.07)
                      : t.palette.background.paper;
              return {
                position: 'relative',
                display: 'flex',
                alignItems: 'flex-start',
                gap: 1.25,
                minHeight: 48,
                px: 1.5,
                py: 1.1,
                border: '1.5px solid',
                borderColor: border,
                borderRadius: 2,
                bgcolor: background,
                cursor: readOnly ? 'default' : 'pointer',
                transition: 'border-color 120ms, background-color 120ms',
                '&:hover': readOnly ? {} : { borderColor: mark === 'none' ? t.palette.primary.light : border },
                '&:has(input:focus-visible)': {
                  outline: `3px solid ${alpha(t.palette.primary.main, 0.45)}`,
                  outlineOffset: 1,
                },
              };
            }}
          >
            <input
              id={inputId}
              type={props.control}
              name={props.name}
              value={index}
              checked={chosen}
              disabled={readOnly}
              onChange={() => props.onToggle?.(index)}
              style={{ position: 'absolute', opacity: 0, width: 1, height: 1, margin: 0 }}
            />
            <Indicator control={props.control} chosen={chosen} letter={optionLetter(index)} />
            <Typography
              component="span"
              lang={props.lang}
              sx={{ flex: 1, minWidth: 0, pt: '1px', overflowWrap: 'anywhere' }}
            >
              <MathInline text={option} />
            </Typography>
            {mark !== 'none' ? (
              <Box
                component="span"
                sx={{
                  display: 'inline-flex',
                  alignItems: 'center',
                  gap: 0.5,
                  flexShrink: 0,
                  fontSize: '0.8rem',
                  fontWeight: 600,
                  color: mark === 'wrong_chosen' ? 'error.main' : 'success.main',
                }}
              >
                {mark === 'wrong_chosen' ? <CancelRounded fontSize="small" /> : <CheckCircleRounded fontSize="small" />}
                <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                  {markText[mark]}
                </Box>
                <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }} aria-hidden>
                  {mark === 'wrong_chosen' ? '错' : '对'}
                </Box>
              </Box>
            ) : null}
          </Box>
        );
      })}
    </Box>
  );
}

/**
 * The oval or square, with the option's letter (analyses name options by letter). The letter is
 * part of the option's accessible name: an option that is only a formula ("$2$") still has one.
 */
function Indicator(props: { control: 'radio' | 'checkbox'; chosen: boolean; letter: string }) {
  return (
    <Box
      component="span"
      sx={{
        flexShrink: 0,
        width: 28,
        height: 24,
        mt: '1px',
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        border: '1.5px solid',
        borderColor: props.chosen ? 'primary.main' : 'text.secondary',
        borderRadius: props.control === 'radio' ? '50%' : '4px',
        bgcolor: props.chosen ? 'primary.main' : 'transparent',
        color: props.chosen ? 'primary.contrastText' : 'text.secondary',
        fontSize: '0.8rem',
        fontWeight: 700,
        lineHeight: 1,
      }}
    >
      {props.letter}
    </Box>
  );
}

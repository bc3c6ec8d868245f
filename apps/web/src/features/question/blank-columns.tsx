// Text completion as on the GRE: one column of choices per blank, headed Blank (i), (ii), (iii);
// a one-blank question is a single column of five. Each column is a radio group of its own.
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import { MathInline } from '../../components/math-text.tsx';
import { visuallyHidden } from '../../components/visually-hidden.ts';
import { type OptionMark, optionMark, romanNumerals } from './answer-logic.ts';

export interface BlankColumnsProps {
  name: string;
  optionGroups: readonly (readonly string[])[];
  /** The option chosen for each blank (undefined: none yet). */
  chosen: readonly (number | undefined)[];
  onChoose?: (blank: number, option: number) => void;
  /** Once revealed: the correct option of each blank. */
  correct: readonly number[] | null;
}

export function blankTitle(blank: number, count: number): string {
  return count === 1 ? 'Blank' : `Blank (${romanNumerals[blank] ?? blank + 1})`;
}

export function BlankColumns(props: BlankColumnsProps) {
  const count = props.optionGroups.length;
  const readOnly = props.onChoose === undefined;
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: count === 1 ? 'minmax(0, 360px)' : `repeat(${count}, minmax(0, 1fr))`,
        gap: { xs: 1, sm: 2 },
        maxWidth: count === 1 ? 360 : 720,
      }}
    >
      {props.optionGroups.map((options, blank) => {
        const titleId = `${props.name}-blank-${blank}`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: blanks are positional.
          <Box key={blank} role="radiogroup" aria-labelledby={titleId} sx={{ minWidth: 0 }}>
            <Box
              id={titleId}
              sx={{ fontSize: '0.85rem', fontWeight: 700, color: 'text.secondary', textAlign: 'center', mb: 0.75 }}
            >
              {blankTitle(blank, count)}
            </Box>
            <Box
              sx={{
                border: '1.5px solid',
                borderColor: 'text.secondary',
                borderRadius: 1.5,
                overflow: 'hidden',
              }}
            >
              {options.map((option, index) => {
                const isChosen = props.chosen[blank] === index;
                const correctIndex = props.correct?.[blank];
                const mark: OptionMark =
                  props.correct === null || correctIndex === undefined
                    ? 'none'
                    : optionMark(isChosen, correctIndex === index);
                const inputId = `${props.name}-${blank}-${index}`;
                return (
                  <Box
                    key={inputId}
                    component="label"
                    htmlFor={inputId}
                    data-mark={mark}
                    data-chosen={isChosen}
                    sx={(t) => ({
                      position: 'relative',
                      display: 'flex',
                      alignItems: 'center',
                      justifyContent: 'center',
                      textAlign: 'center',
                      minHeight: 48,
                      px: 1,
                      py: 1,
                      borderTop: index === 0 ? 0 : '1px solid',
                      borderColor: 'divider',
                      cursor: readOnly ? 'default' : 'pointer',
                      overflowWrap: 'anywhere',
                      lineHeight: 1.35,
                      fontWeight: isChosen ? 700 : 400,
                      color: isChosen ? 'primary.contrastText' : 'text.primary',
                      bgcolor: isChosen ? 'primary.main' : 'background.paper',
                      boxShadow:
                        mark === 'correct_chosen' || mark === 'correct_missed'
                          ? `inset 0 0 0 3px ${t.palette.success.main}`
                          : mark === 'wrong_chosen'
                            ? `inset 0 0 0 3px ${t.palette.error.main}`
                            : 'none',
                      ...(isChosen && mark === 'wrong_chosen' ? { bgcolor: 'error.main' } : {}),
                      ...(isChosen && mark === 'correct_chosen' ? { bgcolor: 'success.main' } : {}),
                      ...(!isChosen && mark === 'correct_missed'
                        ? { bgcolor: alpha(t.palette.success.main, 0.12) }
                        : {}),
                      '&:hover': readOnly || isChosen ? {} : { bgcolor: alpha(t.palette.primary.main, 0.08) },
                      '&:has(input:focus-visible)': {
                        outline: `3px solid ${alpha(t.palette.primary.main, 0.5)}`,
                        outlineOffset: -3,
                      },
                    })}
                  >
                    <input
                      id={inputId}
                      type="radio"
                      name={`${props.name}-blank-${blank}`}
                      value={index}
                      checked={isChosen}
                      disabled={readOnly}
                      onChange={() => props.onChoose?.(blank, index)}
                      style={{ position: 'absolute', opacity: 0, width: 1, height: 1, margin: 0 }}
                    />
                    <span lang="en">
                      <MathInline text={option} />
                    </span>
                    {mark === 'correct_missed' || mark === 'correct_chosen' ? (
                      <Box component="span" sx={visuallyHidden}>
                        （正确答案）
                      </Box>
                    ) : mark === 'wrong_chosen' ? (
                      <Box component="span" sx={visuallyHidden}>
                        （你的选择，错误）
                      </Box>
                    ) : null}
                  </Box>
                );
              })}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}

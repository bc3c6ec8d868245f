// Typed answers: the numeric entry box (with its units), the fraction's two boxes, the essay.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useId, useRef } from 'react';
import { numericMaxLength, sanitizeNumeric, wordCount } from './answer-logic.ts';

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

/** What Cut put aside, for Paste (the GRE editor has its own clipboard, not the system's). */
let essayClipboard = '';

/**
 * The Issue response: a plain text box (no spell check, as in the test) with a word count and,
 * while writing, the test's Cut / Paste / Undo buttons.
 */
export function EssayBox(props: { value: string; onChange?: (text: string) => void }) {
  const id = useId();
  const words = wordCount(props.value);
  const box = useRef<HTMLTextAreaElement | null>(null);
  const history = useRef<string[]>([]);
  const change = props.onChange
    ? (next: string) => {
        if (next === props.value) return;
        history.current = [...history.current.slice(-199), props.value];
        props.onChange?.(next);
      }
    : undefined;
  const selection = () => {
    const el = box.current;
    return el
      ? { start: el.selectionStart, end: el.selectionEnd }
      : { start: props.value.length, end: props.value.length };
  };
  const placeCaret = (at: number) =>
    requestAnimationFrame(() => {
      box.current?.focus();
      box.current?.setSelectionRange(at, at);
    });
  const cut = () => {
    const { start, end } = selection();
    if (start === end || !change) return;
    essayClipboard = props.value.slice(start, end);
    change(props.value.slice(0, start) + props.value.slice(end));
    placeCaret(start);
  };
  const paste = () => {
    if (!essayClipboard || !change) return;
    const { start, end } = selection();
    change(props.value.slice(0, start) + essayClipboard + props.value.slice(end));
    placeCaret(start + essayClipboard.length);
  };
  const undo = () => {
    const previous = history.current.pop();
    if (previous === undefined) return;
    props.onChange?.(previous);
    placeCaret(previous.length);
  };
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.75, flexWrap: 'wrap' }}>
        <Box component="label" htmlFor={id} sx={{ display: 'block', fontWeight: 700, fontSize: '0.95rem', flex: 1 }}>
          你的作文（英文）
        </Box>
        {change ? (
          <Box role="toolbar" aria-label="编辑" sx={{ display: 'flex', gap: 0.75 }}>
            <Button size="small" variant="outlined" onMouseDown={(e) => e.preventDefault()} onClick={cut}>
              剪切 Cut
            </Button>
            <Button size="small" variant="outlined" onMouseDown={(e) => e.preventDefault()} onClick={paste}>
              粘贴 Paste
            </Button>
            <Button size="small" variant="outlined" onMouseDown={(e) => e.preventDefault()} onClick={undo}>
              撤销 Undo
            </Button>
          </Box>
        ) : null}
      </Box>
      <Box
        component="textarea"
        id={id}
        ref={box}
        lang="en"
        spellCheck={false}
        autoCorrect="off"
        autoCapitalize="sentences"
        value={props.value}
        disabled={!props.onChange}
        onChange={(e: ChangeEvent<HTMLTextAreaElement>) => change?.(e.target.value)}
        placeholder="Type your response here."
        sx={(t) => ({
          display: 'block',
          width: '100%',
          minHeight: { xs: 280, md: 360 },
          resize: 'vertical',
          p: 1.5,
          fontFamily: 'inherit',
          fontSize: '1rem',
          lineHeight: 1.7,
          color: t.palette.text.primary,
          bgcolor: t.palette.background.paper,
          border: '1.5px solid',
          borderColor: t.palette.text.secondary,
          borderRadius: '8px',
          outline: 'none',
          '&:focus': {
            borderColor: t.palette.primary.main,
            boxShadow: `0 0 0 3px ${alpha(t.palette.primary.main, 0.2)}`,
          },
        })}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75 }} aria-live="polite">
        {words} words{words > 0 && words < 300 ? ' · 高分作文通常在 450–600 词' : ''}
      </Typography>
    </Box>
  );
}

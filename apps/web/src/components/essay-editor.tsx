// The Issue editor, as on the test: a plain text box (no spell check) with a word count and the
// test's Cut / Paste / Undo buttons. Used by the exam player (through the question view) and by the
// idea page.
import { essayWordCount } from '@gre/contract/essay';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useId, useRef } from 'react';

/** What Cut put aside, for Paste (the GRE editor has its own clipboard, not the system's). */
let essayClipboard = '';

/**
 * The Issue response: a plain text box (no spell check, as in the test) with a word count and,
 * while writing, the test's Cut / Paste / Undo buttons.
 */
export function EssayBox(props: { value: string; onChange?: (text: string) => void }) {
  const id = useId();
  const words = essayWordCount(props.value);
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
        <Box
          component="label"
          htmlFor={id}
          sx={{ display: 'block', fontWeight: 700, fontSize: '0.95rem', flex: '1 0 auto' }}
        >
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

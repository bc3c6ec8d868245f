// The on-screen calculator (Quant sections): a small panel that can be dragged on wide screens and
// sits above the bottom bar on phones. "Transfer Display" puts the display into the numeric box.
import CloseRounded from '@mui/icons-material/CloseRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type PointerEvent, useRef, useState } from 'react';
import {
  type CalcKey,
  type CalcState,
  initialCalc,
  keyFromKeyboard,
  press,
  transferValue,
} from './calculator-logic.ts';

interface KeyDef {
  label: string;
  key: CalcKey;
  aria?: string;
  tone?: 'op' | 'mem' | 'clear' | 'equals';
}

const d = (digit: string): KeyDef => ({ label: digit, key: { type: 'digit', digit } });
const keys: KeyDef[] = [
  { label: 'MC', key: { type: 'mc' }, aria: '清除记忆', tone: 'mem' },
  { label: 'MR', key: { type: 'mr' }, aria: '读取记忆', tone: 'mem' },
  { label: 'M+', key: { type: 'mplus' }, aria: '加入记忆', tone: 'mem' },
  { label: 'CE', key: { type: 'clear_entry' }, aria: '清除输入', tone: 'clear' },
  { label: 'C', key: { type: 'clear' }, aria: '全部清除', tone: 'clear' },
  d('7'),
  d('8'),
  d('9'),
  { label: '÷', key: { type: 'op', op: '÷' }, aria: '除', tone: 'op' },
  { label: '√', key: { type: 'sqrt' }, aria: '平方根', tone: 'op' },
  d('4'),
  d('5'),
  d('6'),
  { label: '×', key: { type: 'op', op: '×' }, aria: '乘', tone: 'op' },
  { label: '±', key: { type: 'sign' }, aria: '正负号', tone: 'op' },
  d('1'),
  d('2'),
  d('3'),
  { label: '−', key: { type: 'op', op: '-' }, aria: '减', tone: 'op' },
  { label: '=', key: { type: 'equals' }, aria: '等于', tone: 'equals' },
  d('0'),
  { label: '.', key: { type: 'dot' }, aria: '小数点' },
  { label: '', key: { type: 'dot' }, aria: 'blank' },
  { label: '+', key: { type: 'op', op: '+' }, aria: '加', tone: 'op' },
];

export function Calculator(props: {
  onClose: () => void;
  /** Puts the display into the numeric box; undefined when the question has no numeric box. */
  onTransfer?: (value: string) => void;
}) {
  const [state, setState] = useState<CalcState>(initialCalc);
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const drag = useRef<{ x: number; y: number; ox: number; oy: number } | null>(null);
  const tap = (key: CalcKey) => setState((s) => press(s, key));
  const transfer = transferValue(state);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if ((e.target as HTMLElement).closest('button')) return;
    drag.current = { x: e.clientX, y: e.clientY, ox: offset.x, oy: offset.y };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const g = drag.current;
    if (!g) return;
    setOffset({ x: g.ox + e.clientX - g.x, y: g.oy + e.clientY - g.y });
  };

  return (
    <Paper
      role="dialog"
      aria-label="计算器"
      elevation={8}
      onKeyDown={(e) => {
        if (e.altKey || e.ctrlKey || e.metaKey) return;
        const key = keyFromKeyboard(e.key);
        if (key) {
          e.preventDefault();
          tap(key);
        }
      }}
      sx={{
        position: 'fixed',
        zIndex: (t) => t.zIndex.modal - 1,
        right: { xs: 8, md: 24 },
        left: { xs: 8, sm: 'auto' },
        bottom: { xs: 'calc(72px + env(safe-area-inset-bottom))', md: 'auto' },
        top: { md: 132 },
        width: { sm: 300 },
        transform: { md: `translate(${offset.x}px, ${offset.y}px)` },
        borderRadius: 2,
        overflow: 'hidden',
        border: '1px solid',
        borderColor: 'divider',
      }}
    >
      <Box
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => {
          drag.current = null;
        }}
        sx={{
          display: 'flex',
          alignItems: 'center',
          px: 1.5,
          py: 0.5,
          bgcolor: 'primary.dark',
          color: 'primary.contrastText',
          cursor: { md: 'move' },
          touchAction: 'none',
          userSelect: 'none',
        }}
      >
        <Typography variant="body2" sx={{ fontWeight: 700, flex: 1 }}>
          计算器 Calculator
        </Typography>
        <IconButton size="small" aria-label="关闭计算器" onClick={props.onClose} sx={{ color: 'inherit' }}>
          <CloseRounded fontSize="small" />
        </IconButton>
      </Box>
      <Box sx={{ p: 1.25, bgcolor: 'grey.100' }}>
        <Box
          role="status"
          aria-label="计算器显示"
          aria-live="polite"
          sx={{
            bgcolor: 'background.paper',
            border: '1px solid',
            borderColor: 'divider',
            borderRadius: 1,
            px: 1.5,
            py: 0.75,
            mb: 1,
            textAlign: 'right',
            fontSize: '1.6rem',
            fontVariantNumeric: 'tabular-nums',
            fontFamily: 'ui-monospace, Menlo, Consolas, monospace',
            minHeight: 48,
            position: 'relative',
            overflow: 'hidden',
          }}
        >
          {state.memory !== 0 ? (
            <Typography component="span" variant="caption" sx={{ position: 'absolute', left: 8, top: 4 }}>
              M
            </Typography>
          ) : null}
          {state.entry}
        </Box>
        <Button
          fullWidth
          variant="outlined"
          size="small"
          disabled={!props.onTransfer || transfer === null}
          onClick={() => transfer !== null && props.onTransfer?.(transfer)}
          sx={{ mb: 1, bgcolor: 'background.paper' }}
        >
          Transfer Display · 填入答案框
        </Button>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(5, 1fr)', gap: 0.75 }}>
          {keys.map((k) =>
            k.label === '' ? (
              <Box key={k.aria} />
            ) : (
              <Button
                key={k.label}
                variant={k.tone === 'equals' ? 'contained' : 'outlined'}
                color={k.tone === 'clear' ? 'warning' : 'primary'}
                aria-label={k.aria}
                onClick={() => tap(k.key)}
                sx={{
                  minWidth: 0,
                  minHeight: 40,
                  px: 0,
                  fontSize: k.tone === 'mem' ? '0.8rem' : '1.05rem',
                  fontWeight: 600,
                  bgcolor: k.tone === 'equals' ? undefined : 'background.paper',
                  gridRow: k.tone === 'equals' ? 'span 2' : undefined,
                }}
              >
                {k.label}
              </Button>
            ),
          )}
        </Box>
      </Box>
    </Paper>
  );
}

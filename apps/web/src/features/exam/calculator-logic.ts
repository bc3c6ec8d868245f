// The on-screen calculator of the Quant sections, as on the GRE: four operations with the order of
// operations (× and ÷ before + and −), square root, change sign, memory (MC / MR / M+), C and CE,
// and "Transfer Display" (the display goes into the numeric-entry box). Pure: key → next state.

export type Op = '+' | '-' | '×' | '÷';
export type CalcKey =
  | { type: 'digit'; digit: string }
  | { type: 'dot' }
  | { type: 'op'; op: Op }
  | { type: 'equals' }
  | { type: 'sqrt' }
  | { type: 'sign' }
  | { type: 'clear' }
  | { type: 'clear_entry' }
  | { type: 'mc' }
  | { type: 'mr' }
  | { type: 'mplus' };

export interface CalcState {
  /** The expression so far: numbers and operators, alternating. */
  tokens: (number | Op)[];
  /** What the display shows. */
  entry: string;
  /** The next digit starts a new number (after an operator, =, √ or MR). */
  fresh: boolean;
  /** An operator was just pressed: the display is not an operand yet. */
  awaiting: boolean;
  memory: number;
  error: boolean;
}

export const maxDigits = 8;
export const errorText = 'Error';

export const initialCalc: CalcState = { tokens: [], entry: '0', fresh: true, awaiting: false, memory: 0, error: false };

/** A result as the display shows it: at most 8 significant digits, no float noise; null when too large. */
export function formatNumber(v: number): string | null {
  if (!Number.isFinite(v)) return null;
  if (Math.abs(v) >= 10 ** maxDigits * 10) return null;
  if (v === 0) return '0';
  const rounded = Number(v.toPrecision(maxDigits));
  if (Math.abs(rounded) < 1e-7) return '0';
  return (
    rounded.toFixed(Math.max(0, maxDigits - 1 - Math.floor(Math.log10(Math.abs(rounded))))).replace(/\.?0+$/, '') || '0'
  );
}

/** Evaluates numbers and operators with × and ÷ first; null on division by zero. */
export function evaluate(tokens: readonly (number | Op)[]): number | null {
  if (tokens.length === 0) return 0;
  const terms: number[] = [tokens[0] as number];
  const adds: Op[] = [];
  for (let i = 1; i < tokens.length; i += 2) {
    const op = tokens[i] as Op;
    const n = tokens[i + 1] as number;
    if (n === undefined) break;
    if (op === '×' || op === '÷') {
      const last = terms.pop() as number;
      if (op === '÷' && n === 0) return null;
      terms.push(op === '×' ? last * n : last / n);
    } else {
      adds.push(op);
      terms.push(n);
    }
  }
  let total = terms[0] as number;
  adds.forEach((op, i) => {
    const n = terms[i + 1] as number;
    total = op === '+' ? total + n : total - n;
  });
  return total;
}

const failed = (s: CalcState): CalcState => ({ ...initialCalc, memory: s.memory, entry: errorText, error: true });

function withResult(s: CalcState, v: number | null, extra: Partial<CalcState> = {}): CalcState {
  const text = v === null ? null : formatNumber(v);
  if (text === null) return failed(s);
  return { ...s, entry: text, fresh: true, awaiting: false, ...extra };
}

const digitsIn = (entry: string) => entry.replace(/[^0-9]/g, '').length;

export function press(s: CalcState, key: CalcKey): CalcState {
  if (
    s.error &&
    key.type !== 'clear' &&
    key.type !== 'clear_entry' &&
    key.type !== 'digit' &&
    key.type !== 'dot' &&
    key.type !== 'mc' &&
    key.type !== 'mr'
  )
    return s;
  const base = s.error ? { ...initialCalc, memory: s.memory } : s;
  switch (key.type) {
    case 'digit': {
      if (base.fresh) return { ...base, entry: key.digit, fresh: false, awaiting: false };
      if (digitsIn(base.entry) >= maxDigits) return base;
      return {
        ...base,
        entry: base.entry === '0' ? key.digit : base.entry === '-0' ? `-${key.digit}` : base.entry + key.digit,
      };
    }
    case 'dot': {
      if (base.fresh) return { ...base, entry: '0.', fresh: false, awaiting: false };
      return base.entry.includes('.') ? base : { ...base, entry: `${base.entry}.` };
    }
    case 'op': {
      if (base.awaiting && base.tokens.length > 0) return { ...base, tokens: [...base.tokens.slice(0, -1), key.op] };
      const tokens = [...base.tokens, Number(base.entry), key.op];
      // Show the running value of what can already be worked out (the last term waits for its operator).
      const shown = key.op === '+' || key.op === '-' ? evaluate(tokens.slice(0, -1)) : null;
      if (shown === null && (key.op === '+' || key.op === '-')) return failed(base);
      const entry = shown === null ? base.entry : (formatNumber(shown) ?? base.entry);
      return { ...base, tokens, entry, fresh: true, awaiting: true };
    }
    case 'equals': {
      if (base.tokens.length === 0) return { ...base, fresh: true, awaiting: false };
      const tokens = base.awaiting ? base.tokens.slice(0, -1) : [...base.tokens, Number(base.entry)];
      return withResult(base, evaluate(tokens), { tokens: [] });
    }
    case 'sqrt': {
      const v = Number(base.entry);
      if (v < 0) return failed(base);
      return withResult(base, Math.sqrt(v));
    }
    case 'sign': {
      if (base.entry === '0') return base;
      const entry = base.entry.startsWith('-') ? base.entry.slice(1) : `-${base.entry}`;
      return { ...base, entry, awaiting: false };
    }
    case 'clear':
      return { ...initialCalc, memory: s.memory };
    case 'clear_entry':
      return { ...base, entry: '0', fresh: true };
    case 'mc':
      return { ...base, memory: 0 };
    case 'mr':
      return withResult(base, base.memory);
    case 'mplus': {
      const v = Number(base.entry);
      return { ...base, memory: base.memory + (Number.isFinite(v) ? v : 0), fresh: true, awaiting: false };
    }
  }
}

/** What "Transfer Display" puts into the numeric box: the display, without a trailing dot; null on Error. */
export function transferValue(s: CalcState): string | null {
  if (s.error) return null;
  return s.entry.replace(/\.$/, '');
}

/** The keys pressed on a physical keyboard while the calculator has focus. */
export function keyFromKeyboard(key: string): CalcKey | null {
  if (/^[0-9]$/.test(key)) return { type: 'digit', digit: key };
  switch (key) {
    case '.':
      return { type: 'dot' };
    case '+':
      return { type: 'op', op: '+' };
    case '-':
      return { type: 'op', op: '-' };
    case '*':
    case 'x':
      return { type: 'op', op: '×' };
    case '/':
      return { type: 'op', op: '÷' };
    case '=':
    case 'Enter':
      return { type: 'equals' };
    case 'Escape':
      return { type: 'clear' };
    case 'Backspace':
    case 'Delete':
      return { type: 'clear_entry' };
    default:
      return null;
  }
}

// Question text for a PDF (ADR 0040, the 错题本): the bank writes math as inline LaTeX between `$…$`
// (content/README.md), which the web draws with KaTeX. pdfkit draws text only, so each formula is
// written out in the characters Noto Sans SC has: `\frac{a}{b}` → a/b (parenthesised when not a
// single term), `\sqrt{x}` → √x, powers 1–4 as ¹²³⁴ and others as ^n, symbols as their signs (≤ ≠ π
// ° ∠ △ …), `\binom{n}{k}` → C(n, k), names of functions as words. Anything not known loses its
// backslash and braces rather than printing raw markup. `**bold**` markers and `\$` are unwrapped.

const symbols: Record<string, string> = {
  times: '×',
  div: '÷',
  cdot: '·',
  pm: '±',
  mp: '∓',
  le: '≤',
  leq: '≤',
  ge: '≥',
  geq: '≥',
  ne: '≠',
  neq: '≠',
  approx: '≈',
  equiv: '≡',
  cong: '≅',
  sim: '~',
  pi: 'π',
  theta: 'θ',
  alpha: 'α',
  beta: 'β',
  gamma: 'γ',
  delta: 'δ',
  Delta: 'Δ',
  sigma: 'σ',
  mu: 'μ',
  tau: 'τ',
  lambda: 'λ',
  infty: '∞',
  circ: '°',
  angle: '∠',
  triangle: '△',
  parallel: '∥',
  perp: '⊥',
  mid: '|',
  vert: '|',
  lvert: '|',
  rvert: '|',
  // The font has no ⌊ ⌋: a floor is written with brackets.
  lfloor: '[',
  rfloor: ']',
  in: '∈',
  notin: '∉',
  cap: '∩',
  cup: '∪',
  subset: '⊂',
  subseteq: '⊆',
  emptyset: '∅',
  sum: '∑',
  prod: '∏',
  ell: 'ℓ',
  to: '→',
  rightarrow: '→',
  Rightarrow: '⇒',
  iff: '⇔',
  Leftrightarrow: '⇔',
  ldots: '…',
  cdots: '⋯',
  dots: '…',
  diamond: '◇',
  prime: '′',
  '%': '%',
  $: '$',
  '{': '{',
  '}': '}',
  '&': '&',
  '#': '#',
  _: '_',
  ',': ' ',
  ';': ' ',
  ':': ' ',
  '!': '',
  ' ': ' ',
  quad: ' ',
  qquad: '  ',
  left: '',
  right: '',
  displaystyle: '',
  limits: '',
};
/** Relations and operators, written with a space either side. */
const spaced = new Set([
  '×',
  '÷',
  '±',
  '∓',
  '≤',
  '≥',
  '≠',
  '≈',
  '≡',
  '≅',
  '~',
  '∈',
  '∉',
  '∩',
  '∪',
  '⊂',
  '⊆',
  '→',
  '⇒',
  '⇔',
  '∥',
  '⊥',
]);

/** Names written as words (sin x, log x, max …). */
const functions = new Set(['sin', 'cos', 'tan', 'log', 'ln', 'exp', 'min', 'max', 'gcd', 'lcm', 'arcsin', 'arctan']);
/** Commands whose one argument is kept as it is. */
const wrappers = new Set([
  'text',
  'mathrm',
  'mathbf',
  'mathit',
  'textbf',
  'operatorname',
  'overline',
  'underbrace',
  'boxed',
]);
const superscripts: Record<string, string> = { '1': '¹', '2': '²', '3': '³', '4': '⁴' };

/** A formula reads as one term: digits, letters, a dot (no operator or space inside). */
const simple = (s: string) => /^[\p{L}\p{N}.′°]+$/u.test(s) || (/^\(.*\)$/.test(s) && balanced(s.slice(1, -1)));

function balanced(s: string): boolean {
  let depth = 0;
  for (const c of s) {
    if (c === '(') depth++;
    else if (c === ')' && --depth < 0) return false;
  }
  return depth === 0;
}

const wrap = (s: string) => (simple(s) ? s : `(${s})`);

/** Converts LaTeX math (without its dollars) into readable plain text. */
export function texToText(tex: string): string {
  let i = 0;
  /** One argument: a `{…}` group or a single token. */
  function argument(): string {
    while (tex[i] === ' ') i++;
    if (tex[i] === '{') {
      i++;
      const out = sequence('}');
      i++;
      return out;
    }
    if (tex[i] === '\\') return command();
    const c = tex[i] ?? '';
    i++;
    return c;
  }
  function optional(): string | null {
    if (tex[i] !== '[') return null;
    const end = tex.indexOf(']', i);
    if (end < 0) return null;
    const inner = texToText(tex.slice(i + 1, end));
    i = end + 1;
    return inner;
  }
  function command(): string {
    i++; // the backslash
    const m = /^[A-Za-z]+/.exec(tex.slice(i));
    const name = m ? m[0] : (tex[i] ?? '');
    i += name.length || 1;
    // As in TeX, spaces after a command word are not text.
    if (m) while (tex[i] === ' ') i++;
    if (name === 'frac' || name === 'dfrac' || name === 'tfrac') {
      const a = argument().trim();
      const b = argument().trim();
      return `${wrap(a)}/${wrap(b)}`;
    }
    if (name === 'sqrt') {
      const n = optional();
      const x = argument().trim();
      return `${n ? (superscripts[n] ?? `${n}`) : ''}√${wrap(x)}`;
    }
    if (name === 'binom') {
      const n = argument().trim();
      const k = argument().trim();
      return `C(${n}, ${k})`;
    }
    if (name === 'pmod') return ` (mod ${argument().trim()})`;
    if (name === 'vec' || name === 'overrightarrow') return `${argument().trim()}→`;
    if (wrappers.has(name)) return argument();
    if (functions.has(name)) return /^[A-Za-z0-9({]/.test(tex[i] ?? '') ? `${name} ` : name;
    const s = symbols[name];
    if (s !== undefined) return spaced.has(s) ? ` ${s} ` : s;
    return name;
  }
  function script(kind: '^' | '_'): string {
    i++;
    const a = argument().trim();
    if (kind === '^') {
      if (a === '\\circ' || a === '°' || a === '∘') return '°';
      const sup = [...a].every((c) => superscripts[c]) ? [...a].map((c) => superscripts[c]).join('') : null;
      return sup && a.length === 1 ? sup : `^${wrap(a)}`;
    }
    return /^[0-9]$/.test(a) ? a : `_${wrap(a)}`;
  }
  function sequence(close: string | null): string {
    let out = '';
    while (i < tex.length && tex[i] !== close) {
      const c = tex[i] as string;
      if (c === '\\') out += command();
      else if (c === '^' || c === '_') out += script(c);
      else if (c === '{') {
        i++;
        out += sequence('}');
        i++;
      } else if (c === '}') i++;
      else {
        out += c;
        i++;
      }
    }
    return out;
  }
  return sequence(null)
    .replace(/\s{2,}/g, ' ')
    .replace(/\(\s+/g, '(')
    .replace(/\s+\)/g, ')')
    .trim();
}

/** Question text with its `$…$` formulas, `**bold**` and `\$` written as plain text. */
export function plainText(input: string): string {
  let out = '';
  let i = 0;
  while (i < input.length) {
    const c = input[i];
    if (c === '\\' && input[i + 1] === '$') {
      out += '$';
      i += 2;
      continue;
    }
    if (c === '$') {
      const delimiter = input[i + 1] === '$' ? '$$' : '$';
      const start = i + delimiter.length;
      let j = start;
      while (j < input.length && !input.startsWith(delimiter, j)) j += input[j] === '\\' ? 2 : 1;
      if (j < input.length) {
        out += texToText(input.slice(start, j));
        i = j + delimiter.length;
        continue;
      }
    }
    if (c === '*' && input[i + 1] === '*') {
      i += 2;
      continue;
    }
    out += c;
    i++;
  }
  return out;
}

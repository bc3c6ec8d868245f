// The little markup of question text (content/README.md), split into segments that MathText
// renders: inline LaTeX between `$...$` (or display math between `$$...$$`), `\$` for a literal
// dollar sign outside math, `**bold**`, and blanks written `(i)____` or `____`. Pure, so it is tested
// without a DOM. Anything that does not close (a lone `$`, a lone `**`) stays literal text.

export type Segment =
  | { type: 'text'; text: string; bold: boolean }
  | { type: 'math'; tex: string; display: boolean; bold: boolean }
  /** A blank of text completion; `label` is the roman numeral ('i', 'ii', 'iii') or ''. */
  | { type: 'blank'; label: string; bold: boolean };

const blankPattern = /^(?:\((i{1,3}|iv|v|vi)\)\s?)?_{3,}/;

/** Index of the closing delimiter of math opened just before `from`, skipping `\x` escapes. */
function findMathClose(input: string, from: number, delimiter: '$' | '$$'): number {
  let j = from;
  while (j < input.length) {
    const ch = input[j];
    if (ch === '\\') {
      j += 2;
      continue;
    }
    if (ch === '\n' && input[j + 1] === '\n') return -1; // math never spans paragraphs
    if (input.startsWith(delimiter, j)) return j;
    j += 1;
  }
  return -1;
}

/** Whether a `**` opened at `from` closes before the end of the paragraph. */
function boldCloses(input: string, from: number): boolean {
  const close = input.indexOf('**', from);
  if (close < 0) return false;
  const paragraphEnd = input.indexOf('\n\n', from);
  return paragraphEnd < 0 || close < paragraphEnd;
}

export function tokenize(input: string): Segment[] {
  const out: Segment[] = [];
  let buffer = '';
  let bold = false;
  const flush = () => {
    if (buffer === '') return;
    const last = out[out.length - 1];
    if (last?.type === 'text' && last.bold === bold) last.text += buffer;
    else out.push({ type: 'text', text: buffer, bold });
    buffer = '';
  };

  let i = 0;
  while (i < input.length) {
    const ch = input[i];
    if (ch === '\\' && input[i + 1] === '$') {
      buffer += '$';
      i += 2;
      continue;
    }
    if (ch === '$') {
      const display = input[i + 1] === '$';
      const delimiter = display ? '$$' : '$';
      const start = i + delimiter.length;
      const close = findMathClose(input, start, delimiter);
      const tex = close < 0 ? '' : input.slice(start, close);
      if (close >= 0 && tex.trim() !== '') {
        flush();
        out.push({ type: 'math', tex: tex.trim(), display, bold });
        i = close + delimiter.length;
        continue;
      }
      buffer += ch;
      i += 1;
      continue;
    }
    if (ch === '*' && input[i + 1] === '*') {
      if (bold || boldCloses(input, i + 2)) {
        flush();
        bold = !bold;
        i += 2;
        continue;
      }
      buffer += '**';
      i += 2;
      continue;
    }
    if (ch === '_' || ch === '(') {
      const m = blankPattern.exec(input.slice(i, i + 40));
      if (m) {
        flush();
        out.push({ type: 'blank', label: m[1] ?? '', bold });
        i += m[0].length;
        continue;
      }
    }
    buffer += ch;
    i += 1;
  }
  flush();
  return out;
}

/** Paragraphs of a text: every non-empty line is one (analyses put one point per line). */
export function splitParagraphs(input: string): string[] {
  return input
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** The plain reading of a text (for aria labels and summaries): math as its source, no markers. */
export function plainText(input: string): string {
  return tokenize(input)
    .map((s) => {
      if (s.type === 'text') return s.text;
      if (s.type === 'math') return s.tex;
      return s.label ? `(${s.label}) ____` : '____';
    })
    .join('');
}

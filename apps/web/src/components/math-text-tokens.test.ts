import { describe, expect, it } from 'vitest';
import { plainText, splitParagraphs, tokenize } from './math-text-tokens.ts';

describe('tokenize', () => {
  it('keeps plain text as one segment', () => {
    expect(tokenize('The passage is primarily concerned with')).toEqual([
      { type: 'text', text: 'The passage is primarily concerned with', bold: false },
    ]);
  });

  it('splits inline math between $...$', () => {
    expect(tokenize('If $x > 1$, then $x^2 > x$.')).toEqual([
      { type: 'text', text: 'If ', bold: false },
      { type: 'math', tex: 'x > 1', display: false, bold: false },
      { type: 'text', text: ', then ', bold: false },
      { type: 'math', tex: 'x^2 > x', display: false, bold: false },
      { type: 'text', text: '.', bold: false },
    ]);
  });

  it('turns \\$ outside math into a dollar sign', () => {
    expect(tokenize('It costs \\$5 or \\$7.')).toEqual([{ type: 'text', text: 'It costs $5 or $7.', bold: false }]);
  });

  it('keeps \\$ inside math for KaTeX and does not end the formula there', () => {
    expect(tokenize('from $\\$125$ to $\\$95$')).toEqual([
      { type: 'text', text: 'from ', bold: false },
      { type: 'math', tex: '\\$125', display: false, bold: false },
      { type: 'text', text: ' to ', bold: false },
      { type: 'math', tex: '\\$95', display: false, bold: false },
    ]);
  });

  it('leaves a lone dollar sign as text', () => {
    expect(tokenize('a $ sign')).toEqual([{ type: 'text', text: 'a $ sign', bold: false }]);
    expect(tokenize('$')).toEqual([{ type: 'text', text: '$', bold: false }]);
  });

  it('reads $$...$$ as display math', () => {
    expect(tokenize('$$\\frac{1}{2}$$')).toEqual([{ type: 'math', tex: '\\frac{1}{2}', display: true, bold: false }]);
  });

  it('marks **bold** spans, including math inside them', () => {
    expect(tokenize('Yet **the watermark shows $x$ only**.')).toEqual([
      { type: 'text', text: 'Yet ', bold: false },
      { type: 'text', text: 'the watermark shows ', bold: true },
      { type: 'math', tex: 'x', display: false, bold: true },
      { type: 'text', text: ' only', bold: true },
      { type: 'text', text: '.', bold: false },
    ]);
  });

  it('keeps an unclosed ** literal', () => {
    expect(tokenize('2 ** 3')).toEqual([{ type: 'text', text: '2 ** 3', bold: false }]);
  });

  it('does not treat * inside math as bold', () => {
    expect(tokenize('$a**b$')).toEqual([{ type: 'math', tex: 'a**b', display: false, bold: false }]);
  });

  it('finds numbered and plain blanks', () => {
    expect(tokenize('were (i)____, fixed; seemed to (ii)____ a premise')).toEqual([
      { type: 'text', text: 'were ', bold: false },
      { type: 'blank', label: 'i', bold: false },
      { type: 'text', text: ', fixed; seemed to ', bold: false },
      { type: 'blank', label: 'ii', bold: false },
      { type: 'text', text: ' a premise', bold: false },
    ]);
    expect(tokenize('a reputation for ____, she')).toEqual([
      { type: 'text', text: 'a reputation for ', bold: false },
      { type: 'blank', label: '', bold: false },
      { type: 'text', text: ', she', bold: false },
    ]);
  });

  it('does not take parentheses or short underscores for blanks', () => {
    expect(tokenize('(i) see snake_case and (ii)__')).toEqual([
      { type: 'text', text: '(i) see snake_case and (ii)__', bold: false },
    ]);
  });

  it('does not let math span paragraphs', () => {
    expect(tokenize('price $5\n\nand $6')).toEqual([{ type: 'text', text: 'price $5\n\nand $6', bold: false }]);
  });
});

describe('splitParagraphs', () => {
  it('makes every non-empty line a paragraph', () => {
    expect(splitParagraphs('第一空：A\n第二空：B\n\n  \n第三空：C\n')).toEqual(['第一空：A', '第二空：B', '第三空：C']);
    expect(splitParagraphs('')).toEqual([]);
  });
});

describe('plainText', () => {
  it('drops the markers', () => {
    expect(plainText('**Bold** costs \\$3 and $x$ (i)____')).toBe('Bold costs $3 and x (i) ____');
  });
});

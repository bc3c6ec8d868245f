import { describe, expect, it } from 'vitest';
import {
  type CalcKey,
  type CalcState,
  evaluate,
  formatNumber,
  initialCalc,
  press,
  transferValue,
} from './calculator-logic.ts';

/** Types a line like "2+3×4=" (r = √, m = M+, R = MR, c = MC, n = ±, C = clear, E = CE). */
function type(line: string, from: CalcState = initialCalc): CalcState {
  let s = from;
  for (const ch of line) {
    let key: CalcKey;
    if (/[0-9]/.test(ch)) key = { type: 'digit', digit: ch };
    else if (ch === '.') key = { type: 'dot' };
    else if ('+-×÷'.includes(ch)) key = { type: 'op', op: ch as '+' };
    else if (ch === '=') key = { type: 'equals' };
    else if (ch === 'r') key = { type: 'sqrt' };
    else if (ch === 'm') key = { type: 'mplus' };
    else if (ch === 'R') key = { type: 'mr' };
    else if (ch === 'c') key = { type: 'mc' };
    else if (ch === 'n') key = { type: 'sign' };
    else if (ch === 'C') key = { type: 'clear' };
    else key = { type: 'clear_entry' };
    s = press(s, key);
  }
  return s;
}

describe('calculator', () => {
  it('follows the order of operations', () => {
    expect(type('2+3×4=').entry).toBe('14');
    expect(type('10-6÷3×2=').entry).toBe('6');
    expect(evaluate([1, '+', 2, '×', 3, '-', 4])).toBe(3);
  });
  it('shows the running sum when + or − is pressed, not before × is resolved', () => {
    expect(type('2+3+').entry).toBe('5');
    expect(type('2+3×').entry).toBe('3');
  });
  it('replaces an operator pressed twice and ignores a trailing one', () => {
    expect(type('6+×2=').entry).toBe('12');
    expect(type('6+=').entry).toBe('6');
  });
  it('takes square roots, also of an operand inside an expression', () => {
    expect(type('16r').entry).toBe('4');
    expect(type('2+9r=').entry).toBe('5');
    expect(type('2r').entry).toBe('1.4142136');
  });
  it('shows Error on division by zero and on the root of a negative number, until cleared', () => {
    const s = type('5÷0=');
    expect(s.entry).toBe('Error');
    expect(s.error).toBe(true);
    expect(type('+', s).entry).toBe('Error');
    expect(type('C7', s).entry).toBe('7');
    expect(type('4nr').error).toBe(true);
    expect(transferValue(s)).toBeNull();
  });
  it('keeps a memory: M+, MR, MC', () => {
    let s = type('3m4m');
    expect(s.memory).toBe(7);
    s = type('C2×R=', s);
    expect(s.entry).toBe('14');
    s = type('cR', s);
    expect(s.entry).toBe('0');
  });
  it('clears the entry with CE but keeps the expression', () => {
    expect(type('8+5E2=').entry).toBe('10');
  });
  it('handles decimals without float noise and limits to eight digits', () => {
    expect(type('.1+.2=').entry).toBe('0.3');
    expect(type('123456789').entry).toBe('12345678');
    expect(type('1÷3=').entry).toBe('0.33333333');
    expect(formatNumber(1e12)).toBeNull();
  });
  it('starts a new number after =', () => {
    expect(type('2+2=7').entry).toBe('7');
    expect(type('2+2=×3=').entry).toBe('12');
  });
  it('transfers the display without a trailing dot', () => {
    expect(transferValue(type('12.'))).toBe('12');
    expect(transferValue(type('1.5n'))).toBe('-1.5');
  });
});

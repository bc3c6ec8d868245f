import { describe, expect, it } from 'vitest';
import { parseAimInputs } from './aim-form.ts';

describe('parseAimInputs', () => {
  it('turns the inputs into the update payload', () => {
    expect(parseAimInputs({ aim_question: '30', aim_word: ' 100 ', aim_time_mins: '0' })).toEqual({
      ok: true,
      payload: { aim_question: 30, aim_word: 100, aim_time_mins: 0 },
    });
  });
  it('asks for a number in every empty field', () => {
    const result = parseAimInputs({ aim_question: '', aim_word: '10', aim_time_mins: '' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors).sort()).toEqual(['aim_question', 'aim_time_mins']);
  });
  it('refuses negatives, decimals and words', () => {
    for (const bad of ['-1', '1.5', 'abc', '1e3']) {
      const result = parseAimInputs({ aim_question: bad, aim_word: '1', aim_time_mins: '1' });
      expect(result.ok, bad).toBe(false);
    }
  });
  it('applies the contract limits with its messages', () => {
    const result = parseAimInputs({ aim_question: '501', aim_word: '1001', aim_time_mins: '1441' });
    expect(result).toEqual({
      ok: false,
      errors: {
        aim_question: '每日题数最多 500',
        aim_word: '每日单词数最多 1000',
        aim_time_mins: '每日学习时间最多 1440 分钟',
      },
    });
  });
});

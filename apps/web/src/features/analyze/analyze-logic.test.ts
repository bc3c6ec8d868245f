import { describe, expect, it } from 'vitest';
import {
  dailyChartData,
  dailyTotals,
  emptyRangeText,
  formatMinutes,
  formatSeconds,
  paceVerdict,
  percent,
  rangeOf,
  ranges,
  reasonWeekData,
  shortDate,
  topReasons,
  trendChartData,
  trendHas,
} from './analyze-logic.ts';

describe('ranges', () => {
  it('offers the seven ranges of spec section 9 with their Chinese labels', () => {
    expect(ranges.map((r) => r.label)).toEqual([
      '全部',
      '去掉最低3次',
      '最近3次',
      '最近5次',
      '最近10次',
      '本周',
      '本月',
    ]);
  });
  it('reads the range from the address, 全部 otherwise', () => {
    expect(rangeOf(new URLSearchParams('range=last_5'))).toBe('last_5');
    expect(rangeOf(new URLSearchParams('range=forever'))).toBe('all');
    expect(rangeOf(new URLSearchParams(''))).toBe('all');
  });
});

describe('formats', () => {
  it('percent, seconds, minutes and dates', () => {
    expect(percent(0.5714)).toBe('57%');
    expect(percent(null)).toBe('—');
    expect(formatSeconds(45.4)).toBe('45 秒');
    expect(formatSeconds(90)).toBe('1 分 30 秒');
    expect(formatSeconds(120)).toBe('2 分钟');
    expect(formatSeconds(null)).toBe('—');
    expect(formatMinutes(45)).toBe('45 分钟');
    expect(formatMinutes(200)).toBe('3 小时 20 分钟');
    expect(formatMinutes(120)).toBe('2 小时');
    expect(shortDate('2026-11-03')).toBe('11/3');
  });
  it('compares a kind’s time with the pace', () => {
    expect(paceVerdict(95, 60)).toEqual({ text: '超出 58%', slow: true });
    expect(paceVerdict(62, 60)).toEqual({ text: '接近节奏', slow: false });
    expect(paceVerdict(40, 60)).toEqual({ text: '快于节奏', slow: false });
  });
  it('says what is missing in a range', () => {
    expect(emptyRangeText('this_week', '模考')).toBe('本周还没有完成的模考');
    expect(emptyRangeText('last_3', '练习')).toBe('还没有完成的练习');
  });
});

describe('chart data', () => {
  it('daily: accuracy as a percentage, totals of active days', () => {
    const data = dailyChartData([
      { date: '2026-11-22', questions: 0, words: 0, minutes: 0, accuracy: null },
      { date: '2026-11-23', questions: 12, words: 30, minutes: 41, accuracy: 0.666 },
    ]);
    expect(data[1]).toEqual({
      date: '2026-11-23',
      label: '11/23',
      questions: 12,
      words: 30,
      minutes: 41,
      accuracy: 67,
    });
    expect(dailyTotals(data)).toEqual({ activeDays: 1, questions: 12, words: 30, minutes: 41 });
  });
  it('trend: one datum per mock, and which views have data', () => {
    const data = trendChartData([
      {
        exam_id: 'a',
        name: '模考 1',
        kind: 'mock_verbal',
        date: '2026-11-20',
        finished_at: 0,
        verbal: 150,
        quant: null,
        total: null,
        issue: null,
      },
    ]);
    expect(data[0]).toMatchObject({ index: 0, label: '11/20', verbal: 150 });
    expect(trendHas(data)).toEqual({ vq: true, total: false, issue: false });
  });
});

describe('error-cause trends', () => {
  it('makes one chart row per week with a field per reason kind', () => {
    const rows = reasonWeekData(
      ['2026-11-09', '2026-11-16'],
      [
        { kind: 'vocab', counts: [1, 3] },
        { kind: 'logic', counts: [0] },
      ],
    );
    expect(rows).toEqual([
      { week: '2026-11-09', label: '11-09', vocab: 1, logic: 0 },
      { week: '2026-11-16', label: '11-16', vocab: 3, logic: 0 },
    ]);
  });
  it('names the top reasons', () => {
    const names: Record<string, string> = { a: '粗心', b: '词汇', c: '计算' };
    const name = (id: string) => names[id] ?? id;
    expect(
      topReasons(
        [
          { reason_id: 'a', count: 1 },
          { reason_id: 'b', count: 4 },
          { reason_id: 'c', count: 1 },
          { reason_id: 'd', count: 0 },
        ],
        name,
        2,
      ),
    ).toBe('词汇 ×4、粗心 ×1');
    expect(topReasons([], name)).toBe('—');
  });
});

import { BookStatus, ExamStatus } from '@gre/contract/enums';
import type { TemplateCard } from '@gre/contract/exam';
import { describe, expect, it } from 'vitest';
import { cardAction, groupByParam, isUnfinished, minutesLabel, recordSummary, unlockLabel } from './practice-logic.ts';

const card = (status: BookStatus, over: Record<string, unknown> = {}) =>
  ({
    status,
    accessable: true,
    exam_id: status ? 'e1' : null,
    template: { unlock_date_stamp: 0, param: 'index:tc1:1' },
    ...over,
  }) as never;

describe('practice lists', () => {
  it('offers start, resume or the report by book status', () => {
    expect(cardAction(card(BookStatus.NotOpen), 0)).toBe('start');
    expect(cardAction(card(BookStatus.Start), 0)).toBe('resume');
    expect(cardAction(card(BookStatus.Finish), 0)).toBe('report');
    expect(cardAction(card(BookStatus.Expired), 0)).toBe('expired');
    expect(cardAction(card(BookStatus.NotOpen, { template: { unlock_date_stamp: 2000, param: '' } }), 1_000_000)).toBe(
      'locked',
    );
  });
  it('groups index cards by kind in their order', () => {
    const cards = [
      { template: { param: 'index:tc1:1' } },
      { template: { param: 'index:se:1' } },
      { template: { param: 'index:tc1:2' } },
    ] as never;
    expect(groupByParam(cards).map((g) => [g.key, g.cards.length])).toEqual([
      ['tc1', 2],
      ['se', 1],
    ]);
  });
  it('describes records', () => {
    expect(isUnfinished({ status: ExamStatus.PartCompleted })).toBe(true);
    expect(isUnfinished({ status: ExamStatus.Close })).toBe(false);
    expect(recordSummary({ status: 1, answered: 3, question_count: 12, result: null })).toBe('已答 3 / 12');
    expect(minutesLabel(1080)).toBe('18 分钟');
    expect(minutesLabel(0)).toBe('不限时');
  });
});

describe('locked cards (issue 10)', () => {
  const base = {
    status: BookStatus.NotOpen,
    exam_id: null,
    template: { unlock_date_stamp: 0 } as TemplateCard['template'],
  };
  it('offers the one way in: membership, or staff for 高阶; a weekly set says when it opens', () => {
    expect(cardAction({ ...base, accessable: false, refusal: '试用用户只能访问公开题目，请开通会员' }, 0)).toBe(
      'members',
    );
    expect(cardAction({ ...base, accessable: false, refusal: '高阶题库需由管理员为你开通，请联系客服' }, 0)).toBe(
      'staff',
    );
    expect(cardAction({ ...base, accessable: true, refusal: '' }, 0)).toBe('start');
    const stamp = Date.parse('2026-11-30T00:00:00+08:00') / 1000;
    expect(
      cardAction({ ...base, accessable: true, refusal: '', template: { unlock_date_stamp: stamp } as never }, 0),
    ).toBe('locked');
    expect(unlockLabel(stamp)).toBe('11 月 30 日解锁');
  });
});

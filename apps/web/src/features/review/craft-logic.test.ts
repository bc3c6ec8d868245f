import { type Craft, craftLimits } from '@gre/contract/craft';
import { addCollectTag, updateCraft } from '@gre/contract/endpoints/craft';
import { QuestionCategory } from '@gre/contract/enums';
import { describe, expect, it } from 'vitest';
import { counterText, dueText, firstIssue, hasNote, noteDraftOf, noteRequestOf, reasonKindsOf } from './craft-logic.ts';

function craft(patch: Partial<Craft['note']> = {}, memory: Craft['memory'] = null): Craft {
  return {
    id: 'q1',
    collect: { collected: false, collect_ids: [], word: null },
    wrong: true,
    wrong_count: 1,
    issue: { answer: null, result: { correct: false } },
    note: {
      text_input: { note: '', review: '', difficulty: '', new_way: '', puzzle: '' },
      review: { mastery: 0, reasons: '', improvement: '', reviewed: memory !== null },
      reasons: [],
      source: null,
      ...patch,
    },
    in_higher: false,
    card: { finished: false, collected: false, range_kind: 'book', collect_time_stamp: 0 },
    source: null,
    memory,
  };
}

describe('note draft', () => {
  it('starts empty without a craft and reads a craft back', () => {
    expect(noteDraftOf(null)).toEqual({
      text: { note: '', review: '', difficulty: '', new_way: '', puzzle: '' },
      mastery: 0,
      other: '',
      checked: [],
    });
    const c = craft({
      review: { mastery: 3, reasons: '粗心', improvement: '', reviewed: false },
      reasons: [
        { reason_id: 'r1', type: 'k', checked: true },
        { reason_id: 'r2', type: 'k', checked: false },
      ],
    });
    expect(noteDraftOf(c)).toMatchObject({ mastery: 3, other: '粗心', checked: ['r1'] });
    expect(hasNote(c)).toBe(true);
    expect(hasNote(craft())).toBe(false);
  });

  it('sends reasons unticked when they were ticked before, and passes the contract', () => {
    const before = craft({ reasons: [{ reason_id: 'r1', type: 'k', checked: true }] });
    const draft = { ...noteDraftOf(before), checked: ['r2'], mastery: 2 };
    const request = noteRequestOf(draft, before);
    expect(request.note.reasons).toEqual([
      { reason_id: 'r2', checked: true },
      { reason_id: 'r1', checked: false },
    ]);
    expect(firstIssue(updateCraft.request, { update_kind: 'Note', craft_id: 'q1', craft: request })).toBeNull();
  });

  it('says what the server would refuse, in its words', () => {
    const draft = noteDraftOf(null);
    draft.text.note = 'x'.repeat(craftLimits.noteField + 1);
    expect(
      firstIssue(updateCraft.request, { update_kind: 'Note', craft_id: 'q1', craft: noteRequestOf(draft, null) }),
    ).toBe(`笔记最多 ${craftLimits.noteField} 个字`);
    expect(firstIssue(addCollectTag.request, { name: '  ' })).toBe('请填写标签名');
    expect(firstIssue(addCollectTag.request, { name: '长难句' })).toBeNull();
  });
});

describe('counters and schedule', () => {
  it('shows a counter only near the limit', () => {
    expect(counterText('abc', 10)).toBeNull();
    expect(counterText('abcdefghi', 10)).toBe('9/10');
    expect(counterText('abcdefghijk', 10)).toBe('11/10');
  });

  it('words the next review', () => {
    const memory = {
      state: 'review' as const,
      due: 1000,
      stability: 1,
      difficulty: 5,
      reps: 1,
      lapses: 0,
      last_review: 0,
    };
    expect(dueText(craft({}, memory), 2000)).toBe('今天复习');
    expect(dueText(craft({}, { ...memory, due: 1000 + 86_400 }), 1000)).toBe('明天复习');
    expect(dueText(craft({}, { ...memory, due: 1000 + 3 * 86_400 }), 1000)).toBe('3 天后复习');
    expect(dueText(craft(), 1000)).toBeNull();
  });

  it('finds the reason kinds of a category', () => {
    const lib = {
      question_categories: [
        {
          category: QuestionCategory.Math,
          kinds: [{ kind: 'calc', kind_desp: '计算', subs: [{ id: 'm1', name: '算错' }] }],
        },
      ],
    };
    expect(reasonKindsOf(lib, QuestionCategory.Math)).toHaveLength(1);
    expect(reasonKindsOf(lib, QuestionCategory.Reading)).toEqual([]);
  });
});

// What the craft bar and the note dialog show and send: the note draft made from a craft, the
// request made from the draft, the counters near a limit, the reasons of a category and the
// schedule in words.
import type { Craft, CraftTextInput, ReasonLibrary } from '@gre/contract/craft';
import type { QuestionCategory } from '@gre/contract/enums';

export interface NoteDraft {
  text: CraftTextInput;
  /** 掌握程度 1–5; 0 = not set. */
  mastery: number;
  /** 其他原因. */
  other: string;
  /** The reason ids ticked. */
  checked: string[];
}

const emptyText: CraftTextInput = { note: '', review: '', difficulty: '', new_way: '', puzzle: '' };

export function noteDraftOf(craft: Craft | null | undefined): NoteDraft {
  if (!craft) return { text: { ...emptyText }, mastery: 0, other: '', checked: [] };
  return {
    text: { ...craft.note.text_input },
    mastery: craft.note.review.mastery,
    other: craft.note.review.reasons,
    checked: craft.note.reasons.filter((r) => r.checked).map((r) => r.reason_id),
  };
}

/** The `craft` of an update_v2 Note call. Reasons once ticked and now cleared are sent unticked. */
export function noteRequestOf(draft: NoteDraft, before: Craft | null | undefined) {
  const cleared = (before?.note.reasons ?? [])
    .filter((r) => r.checked && !draft.checked.includes(r.reason_id))
    .map((r) => ({ reason_id: r.reason_id, checked: false }));
  return {
    note: {
      text_input: draft.text,
      review: { mastery: draft.mastery, reasons: draft.other },
      reasons: [...draft.checked.map((reason_id) => ({ reason_id, checked: true })), ...cleared],
    },
  };
}

/** The first problem the server would find in a request, in its words (the contract's schema), or null. */
export function firstIssue(
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } },
  value: unknown,
): string | null {
  const r = schema.safeParse(value);
  return r.success ? null : (r.error?.issues[0]?.message ?? '内容不正确');
}

/** "1830/2000" once a text is within 10% of its limit (or over it), else null. */
export function counterText(text: string, limit: number): string | null {
  return text.length >= limit * 0.9 ? `${text.length}/${limit}` : null;
}

/** Anything written or ticked in the note. */
export function hasNote(craft: Craft | null | undefined): boolean {
  if (!craft) return false;
  const n = craft.note;
  return (
    Object.values(n.text_input).some((t) => t.trim() !== '') ||
    n.review.mastery > 0 ||
    n.review.reasons.trim() !== '' ||
    n.reasons.some((r) => r.checked)
  );
}

/** The reason kinds of a question category (empty when the library has none). */
export function reasonKindsOf(lib: ReasonLibrary | undefined, category: QuestionCategory) {
  return lib?.question_categories.find((c) => c.category === category)?.kinds ?? [];
}

/** Reason id → its name, across the library. */
export function reasonNames(lib: ReasonLibrary | undefined): Map<string, string> {
  const names = new Map<string, string>();
  for (const c of lib?.question_categories ?? [])
    for (const k of c.kinds) for (const s of k.subs) names.set(s.id, s.name);
  return names;
}

export const masteryLabels = ['未设置', '完全不会', '有点印象', '基本掌握', '比较熟练', '完全掌握'] as const;

const daySeconds = 86_400;

/** When the question comes up for review, in words ('今天复习', '3 天后复习'), or null off the schedule. */
export function dueText(craft: Craft | null | undefined, nowSeconds: number): string | null {
  if (!craft?.memory || !craft.note.review.reviewed) return null;
  const days = Math.ceil((craft.memory.due - nowSeconds) / daySeconds);
  if (days <= 0) return '今天复习';
  if (days === 1) return '明天复习';
  return `${days} 天后复习`;
}

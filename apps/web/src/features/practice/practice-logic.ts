// Lists of sets and exams: labels of book and exam statuses, the action a card offers, grouping
// the index page by kind, and how a record is described. Pure.
import { chinaWallClock } from '@gre/contract/china-time';
import { BookStatus, ExamStatus } from '@gre/contract/enums';
import type { ExamRecord, TemplateCard } from '@gre/contract/exam';

export const bookStatusLabel: Record<BookStatus, string> = {
  [BookStatus.NotOpen]: '未开始',
  [BookStatus.Start]: '进行中',
  [BookStatus.Finish]: '已完成',
  [BookStatus.Expired]: '已过期',
};

export const examStatusLabel: Record<ExamStatus, string> = {
  [ExamStatus.NotStart]: '未开始',
  [ExamStatus.Start]: '进行中',
  [ExamStatus.PartCompleted]: '进行中',
  [ExamStatus.Finished]: '已完成',
  [ExamStatus.Close]: '已归档',
};

export type CardAction = 'start' | 'resume' | 'report' | 'locked' | 'expired' | 'members' | 'staff';

export function cardAction(
  card: Pick<TemplateCard, 'status' | 'accessable' | 'exam_id' | 'template' | 'refusal'>,
  now: number,
): CardAction {
  if (card.status === BookStatus.Expired) return 'expired';
  if (card.status === BookStatus.Finish) return 'report';
  if (card.template.unlock_date_stamp * 1000 > now) return 'locked';
  if (card.status === BookStatus.Start && card.exam_id) return 'resume';
  // Closed to this member: the one action that opens it (membership, or staff for 高阶).
  if (!card.accessable) return /管理员|客服/.test(card.refusal) ? 'staff' : 'members';
  return 'start';
}

/** When a set not yet released opens, in China time: "11 月 30 日解锁". */
export function unlockLabel(unlockDateStamp: number): string {
  const d = chinaWallClock(new Date(unlockDateStamp * 1000));
  return `${d.getUTCMonth() + 1} 月 ${d.getUTCDate()} 日解锁`;
}

export const cardActionLabel: Record<CardAction, string> = {
  start: '开始',
  resume: '继续',
  report: '查看报告',
  locked: '未开放',
  expired: '已过期',
  members: '开通会员',
  staff: '联系客服',
};

/** Cards grouped by the sub-key of their param (`index:tc1:2` → `tc1`), in the order they come. */
export function groupByParam(cards: readonly TemplateCard[], part = 1): { key: string; cards: TemplateCard[] }[] {
  const groups: { key: string; cards: TemplateCard[] }[] = [];
  for (const c of cards) {
    const key = c.template.param.split(':')[part] ?? '';
    const g = groups.find((x) => x.key === key);
    if (g) g.cards.push(c);
    else groups.push({ key, cards: [c] });
  }
  return groups;
}

export function isUnfinished(r: Pick<ExamRecord, 'status'>): boolean {
  return r.status !== ExamStatus.Finished && r.status !== ExamStatus.Close;
}

/** "12 / 20 题" for results, "已答 3 / 12" while running. */
export function recordSummary(r: Pick<ExamRecord, 'status' | 'answered' | 'question_count' | 'result'>): string {
  if (r.result) return `答对 ${r.result.correct} / ${r.result.total}`;
  return `已答 ${r.answered} / ${r.question_count}`;
}

/** Minutes of a set: "不限时" for untimed. */
export function minutesLabel(seconds: number): string {
  return seconds > 0 ? `${Math.round(seconds / 60)} 分钟` : '不限时';
}

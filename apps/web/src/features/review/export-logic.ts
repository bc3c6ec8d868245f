// The export of review questions (personal/export): which ids (the URL, or sessionStorage for a
// long selection) and the files made in the browser (CSV, Markdown).
import { type Craft, craftTextFields } from '@gre/contract/craft';
import { csvBom, csvLine } from '@gre/contract/csv';
import type { Question, QuestionGroup } from '@gre/contract/question';

const storageKey = 'review-export-ids';
/** Up to this many ids ride in the URL; more go through sessionStorage. */
const urlLimit = 50;

/** Keeps the ids for the export page and returns its query string. */
export function writeExportIds(ids: readonly string[], storage: Pick<Storage, 'setItem'> = sessionStorage): string {
  if (ids.length <= urlLimit) return new URLSearchParams({ ids: ids.join(',') }).toString();
  storage.setItem(storageKey, JSON.stringify(ids));
  return 'from=session';
}

/** The ids the export page was opened with (unique, in order). */
export function readExportIds(params: URLSearchParams, storage: Pick<Storage, 'getItem'> = sessionStorage): string[] {
  let ids: unknown = [];
  if (params.get('from') === 'session') {
    try {
      ids = JSON.parse(storage.getItem(storageKey) ?? '[]');
    } catch {
      ids = [];
    }
  } else {
    ids = (params.get('ids') ?? '').split(',');
  }
  if (!Array.isArray(ids)) return [];
  const valid = ids.filter((id): id is string => typeof id === 'string' && /^[a-z0-9][a-z0-9_.-]{0,79}$/i.test(id));
  return [...new Set(valid)];
}

/** One exported question, as text. */
export interface ExportRow {
  id: string;
  kind: string;
  question: string;
  myAnswer: string;
  key: string;
  analysis: string;
  note: string;
}

const columns: [keyof ExportRow, string][] = [
  ['id', '题号'],
  ['kind', '题型'],
  ['question', '题目'],
  ['myAnswer', '我的答案'],
  ['key', '正确答案'],
  ['analysis', '解析'],
  ['note', '我的笔记'],
];

/** CSV with a BOM, so spreadsheet programs read the Chinese as UTF-8. */
export function toCsv(rows: readonly ExportRow[]): string {
  return (
    csvBom + csvLine(columns.map(([, label]) => label)) + rows.map((r) => csvLine(columns.map(([k]) => r[k]))).join('')
  );
}

export function toMarkdown(rows: readonly ExportRow[], title: string): string {
  const parts = [`# ${title}`, ''];
  rows.forEach((r, i) => {
    parts.push(`## ${i + 1}. ${r.kind}（${r.id}）`, '', r.question, '');
    parts.push(`- **我的答案**：${r.myAnswer}`, `- **正确答案**：${r.key}`, '');
    if (r.analysis) parts.push('**解析**', '', r.analysis, '');
    if (r.note) parts.push('**我的笔记**', '', r.note, '');
  });
  return `${parts.join('\n').trimEnd()}\n`;
}

const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The question as plain text: passage, quantities, the question and its lettered options. */
export function questionText(q: Question, group: QuestionGroup | null): string {
  const parts: string[] = [];
  if (group) parts.push(group.paragraphs.map((p) => p.join(' ')).join('\n\n'));
  if (q.passage.text) parts.push(q.passage.text);
  if (q.passage.core) parts.push(q.passage.core);
  if (q.passage.quantity_a || q.passage.quantity_b)
    parts.push(`Quantity A：${q.passage.quantity_a}\nQuantity B：${q.passage.quantity_b}`);
  if (q.inquiry) parts.push(q.inquiry);
  const groups = q.input_method.option_groups;
  groups.forEach((options, g) => {
    if (!options.length) return;
    const head = groups.length > 1 ? `空 ${g + 1}：` : '';
    parts.push(head + options.map((o, i) => `${letters[i] ?? '?'}. ${o}`).join('  '));
  });
  return parts
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .join('\n\n');
}

/** My note as text: the written fields (labelled), mastery, reasons and the improvement plan. */
export function noteText(craft: Craft | null | undefined, reasonName: (id: string) => string): string {
  if (!craft) return '';
  const lines = craftTextFields
    .map((f) => [f.label, craft.note.text_input[f.key].trim()] as const)
    .filter(([, v]) => v)
    .map(([label, v]) => `${label}：${v}`);
  if (craft.note.review.mastery) lines.push(`掌握程度：${craft.note.review.mastery}/5`);
  const reasons = craft.note.reasons.filter((r) => r.checked).map((r) => reasonName(r.reason_id));
  if (craft.note.review.reasons.trim()) reasons.push(craft.note.review.reasons.trim());
  if (reasons.length) lines.push(`错因：${reasons.join('、')}`);
  if (craft.note.review.improvement.trim()) lines.push(`改进方案：${craft.note.review.improvement.trim()}`);
  return lines.join('\n');
}

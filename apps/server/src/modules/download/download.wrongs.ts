// The user's own 错题本 as a PDF (/download, ADR 0040): what the 错题本 shows of each wrong question —
// the passage (once per passage), the stem, the options, the user's last answer, the key, the
// analysis, their note, mastery and reasons — grouped by category and kind, in blocks for
// download.pdf.ts. Math is written out as text (download.tex.ts). Questions the user may no longer
// open (hidden, or above their role now) are left out and counted in the title's note. The version is
// a hash of everything the PDF says, so a new answer, a note or an edit of the question makes it again.
import { createHash } from 'node:crypto';
import { type Craft, craftTextFields } from '@gre/contract/craft';
import { materialInfo } from '@gre/contract/endpoints/download';
import { type QuestionCategory, questionCategoryLabel } from '@gre/contract/enums';
import { type Answer, type Question, type QuestionGroup, questionKindLabel } from '@gre/contract/question';
import { reasonIndex } from '../craft/craft.reasons.ts';
import type { Block, PdfInput } from './download.pdf.ts';
import { plainText } from './download.tex.ts';

/** Bump when the layout or wording of the wrong book changes: every user's file is made again. */
const layoutVersion = '1';

/** The latest wrong questions a PDF holds (a few hundred pages at most; the web lists the rest). */
export const wrongBookLimit = 500;

export interface WrongItem {
  question: Question;
  group: QuestionGroup | null;
  craft: Craft;
}

export interface WrongBookContent {
  version: string;
  questions: number;
  pdf: PdfInput;
}

const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The first letter of each blank's options: blanks are lettered on, A–C, D–F, G–I. */
function offsets(q: Question): number[] {
  const out: number[] = [];
  let n = 0;
  for (const g of q.input_method.option_groups) {
    out.push(n);
    n += g.length;
  }
  return out;
}

/** The sentences of a passage in order (select-in-passage answers index them). */
const sentencesOf = (g: QuestionGroup | null) => (g ? g.paragraphs.flat() : []);

/** An answer as text: letters (per blank), the number, the fraction or the chosen sentence. */
export function answerText(q: Question, group: QuestionGroup | null, a: Answer | null): string {
  if (!a) return '未作答';
  const input = q.input_method;
  switch (input.kind) {
    case 'numeric':
      return a.text.trim() || '未作答';
    case 'fraction':
      return a.text.trim() || a.text2.trim() ? `${a.text.trim() || '?'}/${a.text2.trim() || '?'}` : '未作答';
    case 'essay':
      return a.text.trim() ? `${a.text.trim().split(/\s+/).length} 词` : '未作答';
    case 'sentence': {
      const i = a.selects[0];
      if (i === undefined) return '未作答';
      const s = sentencesOf(group)[i];
      return s ? `第 ${i + 1} 句：${plainText(s)}` : `第 ${i + 1} 句`;
    }
    case 'blanks': {
      const per = a.selects.length ? a.selects.map((s) => [s]) : a.multi_selects;
      if (!per.some((p) => p.length)) return '未作答';
      const start = offsets(q);
      return per
        .map((p, b) => {
          const i = p[0];
          if (i === undefined) return '?';
          const word = input.option_groups[b]?.[i];
          return `${letters[(start[b] ?? 0) + i] ?? '?'}${word ? ` ${plainText(word)}` : ''}`;
        })
        .join('；');
    }
    default: {
      if (!a.selects.length) return '未作答';
      // The letters, and the chosen options' words when the question's options are short (words,
      // numbers): the same for both answers of a question.
      const options = (input.option_groups[0] ?? []).map((o) => plainText(o).trim());
      const picked = a.selects.map((i) => letters[i] ?? '?').join('');
      if (!options.every((o) => o && o.length <= 30)) return picked;
      return `${picked}（${a.selects.map((i) => options[i] ?? '?').join('，')}）`;
    }
  }
}

/** The question's own text: core, quantities, the stem (the passage is written once per group). */
function stemOf(q: Question): string {
  const parts = [q.passage.text, q.passage.core];
  if (q.passage.quantity_a || q.passage.quantity_b)
    parts.push(`Quantity A：${q.passage.quantity_a}\nQuantity B：${q.passage.quantity_b}`);
  parts.push(q.inquiry);
  return parts
    .map((p) => plainText(p).trim())
    .filter(Boolean)
    .join('\n');
}

function optionLines(q: Question): string[] {
  const groups = q.input_method.option_groups.filter((g) => g.length);
  const start = offsets(q);
  return q.input_method.option_groups.flatMap((options, g) => {
    if (!options.length) return [];
    const head = groups.length > 1 ? `空 ${g + 1}：` : '';
    if (groups.length > 1)
      return [head + options.map((o, i) => `${letters[(start[g] ?? 0) + i]}. ${plainText(o)}`).join('    ')];
    return options.map((o, i) => `${letters[i] ?? '?'}. ${plainText(o)}`);
  });
}

function noteLines(craft: Craft): { label: string; text: string }[] {
  const out = craftTextFields
    .map((f) => ({ label: f.label, text: craft.note.text_input[f.key].trim() }))
    .filter((f) => f.text);
  const reasons = craft.note.reasons
    .filter((r) => r.checked)
    .map((r) => reasonIndex.get(r.reason_id)?.name)
    .filter((n): n is string => !!n);
  if (craft.note.review.reasons.trim()) reasons.push(craft.note.review.reasons.trim());
  if (reasons.length) out.push({ label: '错因', text: reasons.join('、') });
  if (craft.note.review.improvement.trim()) out.push({ label: '改进方案', text: craft.note.review.improvement.trim() });
  return out;
}

const masteryText = (m: number) => (m > 0 ? `${'●'.repeat(m)}${'○'.repeat(5 - m)} ${m}/5` : '未评');

/**
 * The 错题本 of one user: `items` are the questions they may open now, `left` how many of their wrong
 * questions were left out (may no longer open, or beyond the limit), `name` whose book it is.
 */
export function wrongBookContent(
  items: WrongItem[],
  info: { name: string; total: number; date: string },
): WrongBookContent {
  const title = materialInfo['my-wrongs'].title;
  // Stable: within a kind, the order given (latest change first).
  const sorted = [...items].sort(
    (a, b) => a.question.category - b.question.category || a.question.kind.localeCompare(b.question.kind),
  );
  const left = info.total - sorted.length;
  const blocks: Block[] = [
    {
      kind: 'title',
      text: `${title}`,
      note: `${info.name} · ${info.date} 生成 · 共 ${sorted.length} 道错题${
        left > 0 ? `（另有 ${left} 道未收入：超出 ${wrongBookLimit} 道上限，或题目已下线、当前会员等级不可查看）` : ''
      }。按科目与题型分组，同组内最近做错的在前。数学式以文字写出：a/b 为分数，√ 为根号，x² 为平方，^ 后为指数。`,
    },
  ];
  const seenGroups = new Map<string, number>();
  let category: QuestionCategory | null = null;
  let kind = '';
  let no = 0;
  for (const { question: q, group, craft } of sorted) {
    if (q.category !== category) {
      category = q.category;
      kind = '';
      const n = sorted.filter((x) => x.question.category === q.category).length;
      blocks.push({ kind: 'heading', text: `${questionCategoryLabel[q.category]}（${n} 题）` });
    }
    if (q.kind !== kind) {
      kind = q.kind;
      blocks.push({ kind: 'subheading', text: questionKindLabel[q.kind], keep: 130 });
    }
    no++;
    const source = craft.source?.name ? `来源：${craft.source.name}` : '';
    blocks.push({
      kind: 'question',
      head: `第 ${no} 题`,
      meta: [q.id, `做错 ${craft.wrong_count || 1} 次`, source].filter(Boolean).join(' · '),
    });
    if (group) {
      const first = seenGroups.get(group.id);
      if (first === undefined) {
        seenGroups.set(group.id, no);
        blocks.push({
          kind: 'passage',
          text: group.paragraphs.map((p) => plainText(p.join(' '))).join('\n'),
        });
      } else blocks.push({ kind: 'field', label: '文章', text: `见第 ${first} 题`, tone: 'muted' });
    }
    if (q.figure || group?.figure)
      blocks.push({ kind: 'field', label: '图表', text: '本题有图，请在网站上查看', tone: 'muted' });
    const stem = stemOf(q);
    if (stem) blocks.push({ kind: 'para', text: stem });
    const options = optionLines(q);
    if (options.length) blocks.push({ kind: 'options', items: options });
    blocks.push(
      { kind: 'field', label: '我的答案', text: answerText(q, group, craft.issue.answer), tone: 'mine' },
      { kind: 'field', label: '正确答案', text: answerText(q, group, q.standard_answer), tone: 'key' },
    );
    const analysis = plainText(q.analysis?.text ?? '').trim();
    if (analysis) blocks.push({ kind: 'field', label: '解析', text: analysis });
    const words = q.analysis?.key_words ?? [];
    if (words.length)
      blocks.push({
        kind: 'field',
        label: '重点词汇',
        text: words.map((w) => `${w.word} ${plainText(w.meaning)}`).join('；'),
      });
    blocks.push({ kind: 'field', label: '掌握程度', text: masteryText(craft.note.review.mastery) });
    for (const n of noteLines(craft)) blocks.push({ kind: 'field', label: n.label, text: n.text });
    blocks.push({ kind: 'rule' });
  }
  // The date and name are on the page but not part of the version: the same book on another day is
  // the same file.
  const version = createHash('sha256')
    .update(layoutVersion)
    .update(JSON.stringify([info.name, info.total, blocks.slice(1)]))
    .digest('hex')
    .slice(0, 16);
  return { version, questions: sorted.length, pdf: { title, blocks } };
}

// The raw result of a finished exam: correct count, average time, per measure, per knowledge point
// (tag) and per difficulty. Scaled scores (130–170) come with the scoring issue.
import { QuestionCategory } from '@gre/contract/enums';
import type { ExamResult } from '@gre/contract/exam';
import type { Question } from '@gre/contract/question';
import type { StoredSection } from './exam.engine.ts';

type Count = { correct: number; total: number };

export function computeResult(
  sections: StoredSection[],
  questionOf: (id: string) => Question | undefined,
  tagName: (id: string) => string,
): ExamResult {
  const all: Count = { correct: 0, total: 0 };
  const verbal: Count = { correct: 0, total: 0 };
  const quant: Count = { correct: 0, total: 0 };
  const word: Count = { correct: 0, total: 0 };
  const issue = { written: 0, total: 0 };
  const knowledge = new Map<string, Count>();
  const difficulties = new Map<number, Count>();
  let answered = 0;
  let time = 0;
  let timed = 0;
  const add = (c: Count, ok: boolean) => {
    c.total++;
    if (ok) c.correct++;
  };
  for (const s of sections) {
    for (const r of s.questions) {
      const q = questionOf(r.id);
      if (r.answer) answered++;
      time += r.used;
      timed++;
      if (!q) continue;
      if (q.kind === 'issue') {
        issue.total++;
        if (r.answer?.text.trim()) issue.written++;
        continue;
      }
      const ok = r.correct === true;
      add(all, ok);
      if (q.category === QuestionCategory.Math) add(quant, ok);
      else if (q.category === QuestionCategory.Word) add(word, ok);
      else add(verbal, ok);
      for (const t of q.tag_ids) {
        const c = knowledge.get(t) ?? { correct: 0, total: 0 };
        add(c, ok);
        knowledge.set(t, c);
      }
      const d = difficulties.get(q.difficulty) ?? { correct: 0, total: 0 };
      add(d, ok);
      difficulties.set(q.difficulty, d);
    }
  }
  const parts = [
    verbal.total ? `语文 ${verbal.correct}/${verbal.total}` : '',
    quant.total ? `数学 ${quant.correct}/${quant.total}` : '',
    issue.total ? `作文已写 ${issue.written}/${issue.total}（批改见作文评分）` : '',
  ].filter(Boolean);
  return {
    correct: all.correct,
    total: all.total,
    answered,
    avg_time_seconds: timed ? Math.round((time / timed) * 10) / 10 : 0,
    verbal,
    quantitative: quant,
    issue,
    word,
    knowledge: [...knowledge.entries()]
      .map(([tag_id, c]) => ({ tag_id, name: tagName(tag_id), ...c }))
      .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name, 'zh')),
    difficulties: [...difficulties.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([difficulty, c]) => ({ difficulty: difficulty as 1 | 2 | 3, ...c })),
    verbal_score: null,
    quant_score: null,
    issue_score: null,
    adaptive: null,
    total_score: null,
    interpret: `原始成绩（答对题数，尚未换算为 130–170 分）：${parts.join('，') || '无计分题'}`,
  };
}

/** A section's raw result; null until the exam is scored. */
export function sectionResult(s: StoredSection, questionOf: (id: string) => Question | undefined, scored: boolean) {
  if (!scored) return null;
  const counted = s.questions.filter((q) => questionOf(q.id)?.kind !== 'issue');
  return { correct: counted.filter((q) => q.correct === true).length, total: counted.length };
}

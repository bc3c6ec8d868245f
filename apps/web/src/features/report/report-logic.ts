// The report's filters and lines: every question of the exam with my answer, the right answer,
// the time spent and whether it was right; 全部 / 错题 / 标记 / 慢题 (above the kind's budget on the real test).
import type { Exam, QuestionRuntime } from '@gre/contract/exam';
import { kindPaceSeconds } from '@gre/contract/question';

export type ReportFilter = 'all' | 'wrong' | 'marked' | 'slow' | 'skipped';

export const reportFilters: readonly { key: ReportFilter; label: string }[] = [
  { key: 'all', label: '全部' },
  { key: 'wrong', label: '错题' },
  { key: 'marked', label: '标记' },
  { key: 'slow', label: '慢题' },
  { key: 'skipped', label: '跳过' },
];

export interface ReportLine {
  sectionIndex: number;
  questionIndex: number;
  sectionName: string;
  /** Number across the exam, from 1. */
  number: number;
  runtime: QuestionRuntime;
  seconds: number;
  /** Seconds above the section's average time per question. */
  slow: boolean;
  correct: boolean | null;
  marked: boolean;
  /** 练习模式: skipped (listed apart). */
  skipped: boolean;
}

/** Every question in order; "slow" means above its kind's budget on the real test (kindPaceSeconds, ADR 0013). */
export function reportLines(exam: Pick<Exam, 'sections'>): ReportLine[] {
  const lines: ReportLine[] = [];
  let n = 0;
  for (const s of exam.sections) {
    s.questions.forEach((q, qi) => {
      n += 1;
      lines.push({
        sectionIndex: s.index,
        questionIndex: qi,
        sectionName: s.name,
        number: n,
        runtime: q,
        seconds: q.action.used_time_seconds,
        slow: q.action.used_time_seconds > kindPaceSeconds[q.data.kind],
        correct: q.result.correct,
        marked: q.action.flagged,
        skipped: q.skip,
      });
    });
  }
  return lines;
}

export function filterLines(lines: readonly ReportLine[], filter: ReportFilter): ReportLine[] {
  switch (filter) {
    case 'all':
      return [...lines];
    case 'wrong':
      return lines.filter((l) => l.correct === false);
    case 'marked':
      return lines.filter((l) => l.marked);
    case 'slow':
      return lines.filter((l) => l.slow);
    case 'skipped':
      return lines.filter((l) => l.skipped);
  }
}

export function filterCounts(lines: readonly ReportLine[]): Record<ReportFilter, number> {
  return {
    all: lines.length,
    wrong: filterLines(lines, 'wrong').length,
    marked: filterLines(lines, 'marked').length,
    slow: filterLines(lines, 'slow').length,
    skipped: filterLines(lines, 'skipped').length,
  };
}

const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** An answer as a short text: letters for choices (per blank for blanks), the number, or "—". */
export function answerText(
  q: QuestionRuntime['data'],
  a: { selects: number[]; multi_selects?: number[][]; text: string; text2: string } | null,
): string {
  if (!a) return '—';
  const input = q.input_method;
  switch (input.kind) {
    case 'numeric':
      return a.text.trim() || '—';
    case 'fraction':
      return a.text.trim() || a.text2.trim() ? `${a.text || '?'}/${a.text2 || '?'}` : '—';
    case 'essay':
      return a.text.trim() ? `${a.text.trim().split(/\s+/).length} 词` : '—';
    case 'sentence':
      return a.selects.length ? `第 ${(a.selects[0] as number) + 1} 句` : '—';
    case 'blanks': {
      const per = a.selects.length ? a.selects.map((s) => [s]) : (a.multi_selects ?? []);
      if (!per.some((p) => p.length)) return '—';
      return per.map((p, b) => (p[0] === undefined ? '?' : (letters[b * 3 + (p[0] as number)] ?? '?'))).join(' ');
    }
    default:
      return a.selects.length ? a.selects.map((s) => letters[s] ?? '?').join('') : '—';
  }
}

/** "1:05" or "42 秒". */
export function formatSeconds(s: number): string {
  if (s < 60) return `${s} 秒`;
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

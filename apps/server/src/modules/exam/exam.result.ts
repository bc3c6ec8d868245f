// The result of a finished exam: the raw counts (correct, average time, per measure, knowledge point
// and difficulty), the scaled Verbal and Quant scores (130–170 with a ± band, docs/scoring.md), the
// adaptive levels of a mock's second sections, the total, and a Chinese interpretation.
import { measureLabel, QuestionCategory } from '@gre/contract/enums';
import type { AdaptiveLevel, ExamResult, ScaledScore } from '@gre/contract/exam';
import { type Question, type QuestionKind, questionKindLabel } from '@gre/contract/question';
import { etsPercentile } from '../scoring/ets-percentiles.ts';
import { estimateAbility, type ItemResponse, type Measure, measureOf, toScaled } from '../scoring/irt.ts';
import type { ParamsOf } from '../scoring/scoring.service.ts';
import { adaptiveLevels } from './exam.adaptive.ts';
import type { StoredRuntime, StoredSection } from './exam.engine.ts';

type Count = { correct: number; total: number };

/** Answered items a practice set (not a mock) needs in a measure before it gets an estimated score. */
export const practiceMinItems = 10;

export interface ResultScoring {
  /** The exam's kind: mocks count an unanswered item as wrong, practice ignores it. */
  examKind: string;
  paramsOf: ParamsOf;
}

export const isMockKind = (kind: string) => kind.startsWith('mock');

export const levelLabel: Record<AdaptiveLevel, string> = { easy: '较易', medium: '中等', hard: '较难' };

/**
 * A measure's scaled score. Mocks: every presented item counts and an unanswered one is wrong (as
 * on the test), provided at least one item of the measure was answered. Practice: only answered
 * items count, and at least `practiceMinItems` of them. Otherwise null.
 */
export function measureScore(
  items: readonly { q: Question; r: StoredRuntime }[],
  measure: Measure,
  scoring: ResultScoring,
): ScaledScore | null {
  const answered = items.filter((x) => x.r.answer !== null);
  const mock = isMockKind(scoring.examKind);
  if (!answered.length || (!mock && answered.length < practiceMinItems)) return null;
  const counted = mock ? items : answered;
  const responses: ItemResponse[] = counted.map((x) => ({
    item: scoring.paramsOf(x.q),
    correct: x.r.correct === true,
  }));
  return toScaled(estimateAbility(responses), measure, counted.length);
}

/** "高于约 N% 的考生" by ETS's published table (`etsPercentile`); ETS prints "-" below 1%. */
function percentileText(score: number, measure: Measure): string {
  const p = etsPercentile(score, measure);
  return p > 0 ? `高于约 ${p}% 的考生` : '高于不足 1% 的考生';
}

function rangeWord(score: number): string {
  if (score >= 165) return '顶尖';
  if (score >= 160) return '优秀';
  if (score >= 155) return '良好';
  if (score >= 150) return '中等';
  if (score >= 145) return '偏低';
  return '基础薄弱';
}

const pct = (c: Count) => `${c.correct}/${c.total}`;
const rate = (c: Count) => (c.total ? c.correct / c.total : 1);
const difficultyLabel: Record<number, string> = { 1: '基础题（难度 1）', 2: '中等题（难度 2）', 3: '难题（难度 3）' };

export function computeResult(
  sections: StoredSection[],
  questionOf: (id: string) => Question | undefined,
  tagName: (id: string) => string,
  scoring: ResultScoring,
): ExamResult {
  const all: Count = { correct: 0, total: 0 };
  const verbal: Count = { correct: 0, total: 0 };
  const quant: Count = { correct: 0, total: 0 };
  const word: Count = { correct: 0, total: 0 };
  const issue = { written: 0, total: 0 };
  const knowledge = new Map<string, Count>();
  const difficulties = new Map<number, Count>();
  const kinds = new Map<QuestionKind, Count>();
  const byMeasure: Record<Measure, { q: Question; r: StoredRuntime }[]> = { verbal: [], quant: [] };
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
      const m = measureOf(q.category);
      if (m) byMeasure[m].push({ q, r });
      for (const t of q.tag_ids) {
        const c = knowledge.get(t) ?? { correct: 0, total: 0 };
        add(c, ok);
        knowledge.set(t, c);
      }
      const d = difficulties.get(q.difficulty) ?? { correct: 0, total: 0 };
      add(d, ok);
      difficulties.set(q.difficulty, d);
      const k = kinds.get(q.kind) ?? { correct: 0, total: 0 };
      add(k, ok);
      kinds.set(q.kind, k);
    }
  }
  const verbalScore = measureScore(byMeasure.verbal, 'verbal', scoring);
  const quantScore = measureScore(byMeasure.quant, 'quant', scoring);
  const total = verbalScore && quantScore ? verbalScore.score + quantScore.score : null;
  const adaptive = adaptiveLevels(sections);
  const knowledgeList = [...knowledge.entries()]
    .map(([tag_id, c]) => ({ tag_id, name: tagName(tag_id), ...c }))
    .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name, 'zh'));
  const difficultyList = [...difficulties.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([difficulty, c]) => ({ difficulty: difficulty as 1 | 2 | 3, ...c }));
  return {
    correct: all.correct,
    total: all.total,
    answered,
    avg_time_seconds: timed ? Math.round((time / timed) * 10) / 10 : 0,
    verbal,
    quantitative: quant,
    issue,
    word,
    knowledge: knowledgeList,
    difficulties: difficultyList,
    verbal_score: verbalScore,
    quant_score: quantScore,
    issue_score: null,
    adaptive,
    total_score: total,
    interpret: interpretation({
      mock: isMockKind(scoring.examKind),
      scores: { verbal: verbalScore, quant: quantScore },
      counts: { verbal, quant },
      measured: { verbal: byMeasure.verbal.length, quant: byMeasure.quant.length },
      total,
      adaptive,
      issue,
      kinds,
      knowledge: knowledgeList,
      difficulties: difficultyList,
    }),
  };
}

/** The Chinese interpretation: what the scores mean, then what to work on next (from the breakdowns). */
function interpretation(x: {
  mock: boolean;
  scores: Record<Measure, ScaledScore | null>;
  counts: Record<Measure, Count>;
  measured: Record<Measure, number>;
  total: number | null;
  adaptive: { verbal: AdaptiveLevel | null; quant: AdaptiveLevel | null } | null;
  issue: { written: number; total: number };
  kinds: Map<QuestionKind, Count>;
  knowledge: { name: string; correct: number; total: number }[];
  difficulties: { difficulty: number; correct: number; total: number }[];
}): string {
  const parts: string[] = [];
  const scored = (['verbal', 'quant'] as const).filter((m) => x.scores[m]);
  if (scored.length) {
    const lines = scored.map((m) => {
      const s = x.scores[m] as ScaledScore;
      return `${measureLabel[m]} ${s.score} ± ${s.band}（${rangeWord(s.score)}，按 ETS 公布的百分位估算${percentileText(s.score, m)}）`;
    });
    const head = x.mock ? '换算成绩' : '练习估计分（非模考，仅供参考）';
    parts.push(`${head}：${lines.join('；')}${x.total !== null ? `；总分 ${x.total}` : ''}。`);
    parts.push(
      '± 为一个标准误：真实水平约有 68% 的可能落在此区间；分数是本站的估计分，百分位是该分数在 ETS 最近公布的百分位表中的位置。',
    );
  }
  const missing = (['verbal', 'quant'] as const).filter((m) => x.measured[m] > 0 && !x.scores[m]);
  for (const m of missing) {
    parts.push(
      x.mock
        ? `${measureLabel[m]}没有作答任何题，不计分。`
        : `${measureLabel[m]}作答不足 ${practiceMinItems} 题，不换算分数。`,
    );
  }
  if (x.adaptive) {
    const ls = (['verbal', 'quant'] as const)
      .filter((m) => x.adaptive?.[m])
      .map((m) => `${measureLabel[m]}${levelLabel[x.adaptive?.[m] as AdaptiveLevel]}`);
    if (ls.length) parts.push(`第二部分难度（由第一部分表现决定）：${ls.join('，')}。`);
  }
  const raw = (['verbal', 'quant'] as const)
    .filter((m) => x.counts[m].total)
    .map((m) => `${measureLabel[m]} ${pct(x.counts[m])}`);
  if (x.issue.total) raw.push(`作文已写 ${x.issue.written}/${x.issue.total}（批改见作文评分）`);
  parts.push(`原始成绩（答对/题数）：${raw.join('，') || '无计分题'}。`);

  // What to work on next: the weakest kinds, knowledge points and difficulty level.
  const next: string[] = [];
  const weakKinds = [...x.kinds.entries()]
    .filter(([, c]) => c.total >= 2 && rate(c) < 0.7)
    .sort((a, b) => rate(a[1]) - rate(b[1]) || b[1].total - a[1].total)
    .slice(0, 2);
  if (weakKinds.length) {
    next.push(`题型 ${weakKinds.map(([k, c]) => `${questionKindLabel[k]}（${pct(c)}）`).join('、')}`);
  }
  const weakPoints = x.knowledge
    .filter((k) => k.total >= 2 && rate(k) < 0.6)
    .sort((a, b) => rate(a) - rate(b) || b.total - a.total)
    .slice(0, 3);
  if (weakPoints.length) next.push(`知识点 ${weakPoints.map((k) => `${k.name}（${pct(k)}）`).join('、')}`);
  const d = (n: number) => x.difficulties.find((y) => y.difficulty === n);
  const weakLevel = [
    [1, 0.8],
    [2, 0.6],
    [3, 0.4],
  ].find(([n, bar]) => {
    const c = d(n as number);
    return c && c.total >= 2 && rate(c) < (bar as number);
  });
  if (weakLevel) {
    const c = d(weakLevel[0] as number) as Count;
    next.push(
      `${difficultyLabel[weakLevel[0] as number]}答对 ${pct(c)}${weakLevel[0] === 1 ? '，先把基础题做稳' : ''}`,
    );
  }
  if (next.length) parts.push(`接下来重点练习：${next.join('；')}。`);
  else if (all(x.counts)) parts.push('各题型与难度都没有明显短板，可以多做难题和整套模考保持状态。');
  return parts.join('\n');
}

const all = (c: Record<Measure, Count>) => c.verbal.total + c.quant.total > 0;

/** A section's raw result; null until the exam is scored. */
export function sectionResult(s: StoredSection, questionOf: (id: string) => Question | undefined, scored: boolean) {
  if (!scored) return null;
  const counted = s.questions.filter((q) => questionOf(q.id)?.kind !== 'issue');
  return { correct: counted.filter((q) => q.correct === true).length, total: counted.length };
}

import { QuestionState } from '@gre/contract/enums';
import type { Question } from '@gre/contract/question';
import { describe, expect, it } from 'vitest';
import { etsPercentile } from '../scoring/ets-percentiles.ts';
import { priorParams } from '../scoring/irt.ts';
import { newRuntime, type StoredRuntime, type StoredSection } from './exam.engine.ts';
import { computeResult, practiceMinItems } from './exam.result.ts';

const bank = new Map<string, Question>();
function item(id: string, category: 1 | 2 | 3 | 4, kind: Question['kind'], difficulty: 1 | 2 | 3, tags: string[] = []) {
  bank.set(id, { id, category, kind, difficulty, tag_ids: tags, group_id: null } as unknown as Question);
  return id;
}
const verbalIds = Array.from({ length: 12 }, (_, i) => item(`v${i}`, 1, i % 2 ? 'tc1' : 'se', ((i % 3) + 1) as 1));
const quantIds = Array.from({ length: 12 }, (_, i) =>
  item(`q${i}`, 3, i % 2 ? 'qc' : 'ps_single', ((i % 3) + 1) as 1, i < 4 ? ['t-prob'] : ['t-alg']),
);
const essay = item('i0', 4, 'issue', 2);

const answered = (id: string, correct: boolean): StoredRuntime => ({
  ...newRuntime(id),
  answer: { selects: [0], multi_selects: [], text: '', description: '', text2: '' },
  state: QuestionState.Answered,
  correct,
});
const unanswered = (id: string): StoredRuntime => ({ ...newRuntime(id), correct: false });

function section(index: number, kind: StoredSection['kind'], questions: StoredRuntime[]): StoredSection {
  return {
    index,
    name: `s${index}`,
    kind,
    difficulty: 2,
    limit: 600,
    startedAt: 1,
    finishedAt: 2,
    used: 60,
    finished: true,
    auto: false,
    questions,
  };
}

const scoring = (examKind: string) => ({
  examKind,
  paramsOf: (q: Pick<Question, 'kind' | 'difficulty'>) => priorParams(q.kind, q.difficulty),
});
const result = (sections: StoredSection[], examKind = 'mock_full') =>
  computeResult(
    sections,
    (id) => bank.get(id),
    (id) => ({ 't-prob': '概率', 't-alg': '代数' })[id] ?? id,
    scoring(examKind),
  );

describe('scaled results', () => {
  it('a mock scores each measure on 130–170 with a band, and totals both', () => {
    const r = result([
      section(
        0,
        'verbal',
        verbalIds.map((id, i) => answered(id, i < 9)),
      ),
      section(
        1,
        'quant',
        quantIds.map((id, i) => answered(id, i >= 4 && i < 10)),
      ),
    ]);
    expect(r.verbal_score?.score).toBeGreaterThanOrEqual(130);
    expect(r.verbal_score?.score).toBeLessThanOrEqual(170);
    expect(r.verbal_score?.band).toBeGreaterThanOrEqual(1);
    expect(r.verbal_score?.items).toBe(12);
    expect(r.quant_score?.score).toBeLessThan(r.verbal_score?.score as number);
    expect(r.total_score).toBe((r.verbal_score?.score ?? 0) + (r.quant_score?.score ?? 0));
    expect(r.adaptive).toBeNull();
    // Raw results are still there.
    expect(r.verbal).toEqual({ correct: 9, total: 12 });
    expect(r.interpret).toContain(`语文 ${r.verbal_score?.score} ± ${r.verbal_score?.band}`);
    expect(r.interpret).toContain(`总分 ${r.total_score}`);
    const vp = etsPercentile(r.verbal_score?.score ?? 0, 'verbal');
    expect(r.interpret).toContain(`按 ETS 公布的百分位估算高于${vp > 0 ? `约 ${vp}%` : '不足 1%'} 的考生`);
    expect(r.interpret).toMatch(/原始成绩/);
    // The weakest knowledge point is named as the thing to work on next.
    expect(r.interpret).toMatch(/接下来重点练习：.*概率（0\/4）/);
  });

  it('no answer in a measure gives no score, and no total', () => {
    const r = result([
      section(
        0,
        'verbal',
        verbalIds.map((id) => answered(id, true)),
      ),
      section(1, 'quant', quantIds.map(unanswered)),
    ]);
    expect(r.verbal_score).not.toBeNull();
    expect(r.quant_score).toBeNull();
    expect(r.total_score).toBeNull();
    expect(r.interpret).toMatch(/数学没有作答任何题，不计分/);
  });

  it('in a mock an unanswered item counts as wrong (as on the test)', () => {
    const some = [...verbalIds.slice(0, 6).map((id) => answered(id, true)), ...verbalIds.slice(6).map(unanswered)];
    const withOmits = result([section(0, 'verbal', some)]);
    const onlyAnswered = result([
      section(
        0,
        'verbal',
        verbalIds.slice(0, 6).map((id) => answered(id, true)),
      ),
    ]);
    expect(withOmits.verbal_score?.items).toBe(12);
    expect(withOmits.verbal_score?.score).toBeLessThan(onlyAnswered.verbal_score?.score as number);
  });

  it('practice: only answered items count, and a measure needs enough of them', () => {
    const few = result(
      [
        section(
          0,
          'practice',
          quantIds.slice(0, practiceMinItems - 1).map((id) => answered(id, true)),
        ),
      ],
      'practice',
    );
    expect(few.quant_score).toBeNull();
    expect(few.interpret).toMatch(/作答不足 10 题/);
    const enough = result(
      [section(0, 'practice', [...quantIds.map((id) => answered(id, true)), unanswered('v0')])],
      'practice',
    );
    expect(enough.quant_score?.items).toBe(12);
    expect(enough.verbal_score).toBeNull();
    expect(enough.interpret).toMatch(/^练习估计分（非模考，仅供参考）：数学 \d{3} ± \d/);
  });

  it('records the adaptive levels and names them', () => {
    const v1 = section(
      1,
      'verbal',
      verbalIds.map((id) => answered(id, true)),
    );
    const v2 = section(
      2,
      'verbal',
      verbalIds.slice(0, 3).map((id) => answered(id, true)),
    );
    v2.adaptive = {
      from: 1,
      easyBelow: 4,
      hardFrom: 8,
      variants: { easy: [], medium: [], hard: verbalIds.slice(0, 3) },
      difficulty: { easy: 1, medium: 2, hard: 3 },
      level: 'hard',
      right: 12,
    };
    const r = result([section(0, 'issue', [answered(essay, false)]), v1, v2], 'mock_verbal');
    expect(r.adaptive).toEqual({ verbal: 'hard', quant: null });
    expect(r.interpret).toMatch(/第二部分难度（由第一部分表现决定）：语文较难/);
    expect(r.issue).toEqual({ written: 0, total: 1 });
    expect(r.issue_score).toBeNull();
  });
});

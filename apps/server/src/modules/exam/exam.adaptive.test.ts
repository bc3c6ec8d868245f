import path from 'node:path';
import { ExamStatus, QuestionState } from '@gre/contract/enums';
import type { AdaptiveLevel } from '@gre/contract/exam';
import type { Question } from '@gre/contract/question';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config.ts';
import { buildCatalogue, type Catalogue } from '../question/catalogue.ts';
import { readContentSets } from '../question/content-files.ts';
import { catalogueRowsOf } from '../question/content-import.ts';
import { priorParams, routingCuts } from '../scoring/irt.ts';
import { adaptiveLevels, withRouting } from './exam.adaptive.ts';
import {
  type EngineExam,
  finishExam,
  finishSection,
  newRuntime,
  openQuestion,
  type StoredRuntime,
  type StoredSection,
  settle,
} from './exam.engine.ts';
import { buildTemplates, type TemplateDef, type TemplateSection } from './exam.templates.ts';

const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
const variants: Record<AdaptiveLevel, string[]> = { easy: ids('e', 4), medium: ids('m', 4), hard: ids('h', 4) };

function section(index: number, kind: StoredSection['kind'], questions: string[], limit = 600): StoredSection {
  return {
    index,
    name: `s${index}`,
    kind,
    difficulty: 2,
    limit,
    startedAt: 0,
    finishedAt: 0,
    used: 0,
    finished: false,
    auto: false,
    questions: questions.map(newRuntime),
  };
}

/** Verbal 1 (10 items v0…v9), then an adaptive Verbal 2: easy below 4 right, hard from 7. */
function adaptiveExam(): EngineExam {
  const second = section(1, 'verbal', []);
  second.adaptive = {
    from: 0,
    easyBelow: 4,
    hardFrom: 7,
    variants,
    difficulty: { easy: 1, medium: 2, hard: 3 },
    level: null,
    right: null,
  };
  return {
    status: ExamStatus.NotStart,
    cursorSection: 0,
    cursorQuestion: 0,
    isAutoCommit: false,
    sections: [section(0, 'verbal', ids('v', 10)), second],
    finishedAt: 0,
  };
}

/** Scores `right` answers of section 1 as right (every answered question counts). */
const rightFirst = (right: number) => (r: StoredRuntime) =>
  r.id.startsWith('v') ? Number(r.id.slice(1)) < right : false;

describe('section-level adaptivity in the engine', () => {
  it('the second section is empty until the first is committed, then holds the chosen variant', () => {
    for (const [right, level] of [
      [0, 'easy'],
      [3, 'easy'],
      [4, 'medium'],
      [6, 'medium'],
      [7, 'hard'],
      [10, 'hard'],
    ] as const) {
      const e = adaptiveExam();
      expect(e.sections[1]?.questions).toEqual([]);
      openQuestion(e, 0, 0, 1000);
      finishSection(e, 0, 2000, rightFirst(right));
      const s = e.sections[1] as StoredSection;
      expect(s.adaptive?.level, `${right} right`).toBe(level);
      expect(s.adaptive?.right).toBe(right);
      expect(s.questions.map((q) => q.id)).toEqual(variants[level]);
      expect(s.questions.every((q) => q.state === QuestionState.NotEncountered && q.answer === null)).toBe(true);
      expect(s.difficulty).toBe({ easy: 1, medium: 2, hard: 3 }[level]);
      expect(e.cursorSection).toBe(1);
    }
  });

  it('a first section committed at its deadline (auto-commit) chooses the variant too', () => {
    const e = adaptiveExam();
    openQuestion(e, 0, 0, 1000);
    expect(settle(e, 600_999, rightFirst(9))).toBe(false);
    expect(e.sections[1]?.questions).toEqual([]);
    expect(settle(e, 601_000, rightFirst(9))).toBe(true);
    expect(e.sections[0]?.auto).toBe(true);
    expect(e.sections[1]?.adaptive?.level).toBe('hard');
    expect(e.sections[1]?.questions).toHaveLength(4);
    // The second section has not started: it waits for the candidate.
    expect(e.sections[1]?.startedAt).toBe(0);
  });

  it('handing in the whole exam routes first, then commits the chosen section unanswered', () => {
    const e = adaptiveExam();
    openQuestion(e, 0, 0, 1000);
    finishExam(e, 5000, rightFirst(2));
    expect(e.status).toBe(ExamStatus.Finished);
    expect(e.sections[1]?.adaptive?.level).toBe('easy');
    expect(e.sections[1]?.questions.map((q) => [q.id, q.correct])).toEqual(variants.easy.map((id) => [id, false]));
    expect(adaptiveLevels(e.sections)).toEqual({ verbal: 'easy', quant: null });
  });

  it('the choice is made once: committing again or settling later changes nothing', () => {
    const e = adaptiveExam();
    openQuestion(e, 0, 0, 1000);
    finishSection(e, 0, 1000, rightFirst(8));
    finishSection(e, 0, 2000, rightFirst(0));
    settle(e, 10_000_000, rightFirst(0));
    expect(e.sections[1]?.adaptive?.level).toBe('hard');
  });

  it('exams stored before adaptivity (no variants) run as before', () => {
    const old: EngineExam = {
      status: ExamStatus.NotStart,
      cursorSection: 0,
      cursorQuestion: 0,
      isAutoCommit: false,
      sections: [section(0, 'verbal', ids('v', 3)), section(1, 'verbal', ids('w', 3))],
      finishedAt: 0,
    };
    const stored = JSON.parse(JSON.stringify(old)) as EngineExam;
    openQuestion(stored, 0, 0, 1000);
    finishSection(stored, 0, 1000, () => true);
    expect(stored.sections[1]?.questions.map((q) => q.id)).toEqual(['w0', 'w1', 'w2']);
    expect(stored.sections[1]?.adaptive).toBeUndefined();
    settle(stored, 10_000_000, () => true);
    openQuestion(stored, 1, 0, 10_000_001);
    finishSection(stored, 1, 10_000_002, () => true);
    expect(stored.status).toBe(ExamStatus.Finished);
    expect(adaptiveLevels(stored.sections)).toBeNull();
  });
});

describe('adaptive sections at exam creation', () => {
  it('start empty with the cut scores of the measure’s first section; fixed sections are untouched', () => {
    const q = (id: string, difficulty: 1 | 2 | 3): Question =>
      ({ id, kind: 'tc1', difficulty, category: 1 }) as unknown as Question;
    const bank = new Map<string, Question>();
    for (const id of ids('v', 10)) bank.set(id, q(id, 2));
    for (const l of ['easy', 'medium', 'hard'] as const)
      for (const id of variants[l]) bank.set(id, q(id, ({ easy: 1, medium: 2, hard: 3 } as const)[l]));
    const specs: TemplateSection[] = [
      { name: 'Q', kind: 'quant', limit: 60, questionIds: ['x'] },
      { name: 'V1', kind: 'verbal', limit: 60, questionIds: ids('v', 10) },
      { name: 'V2', kind: 'verbal', limit: 60, questionIds: variants.medium, variants },
    ];
    const sections = specs.map((s, i) => section(i, s.kind, s.questionIds));
    const paramsOf = (x: Pick<Question, 'id' | 'kind' | 'difficulty'>) => priorParams(x.kind, x.difficulty);
    withRouting(specs, sections, (id) => bank.get(id), paramsOf);
    expect(sections[0]?.questions).toHaveLength(1);
    expect(sections[1]?.adaptive).toBeUndefined();
    expect(sections[2]?.questions).toEqual([]);
    expect(sections[2]?.adaptive).toMatchObject({
      from: 1,
      ...routingCuts(ids('v', 10).map(() => priorParams('tc1', 2))),
      variants,
      difficulty: { easy: 1, medium: 2, hard: 3 },
      level: null,
    });
  });
});

describe('mock templates from the real bank', () => {
  let c: Catalogue;
  let mocks: TemplateDef[];
  beforeAll(async () => {
    const now = new Date();
    const sets = readContentSets(path.join(repoRoot, 'content'));
    const rows = catalogueRowsOf(sets, now);
    c = await buildCatalogue(rows.questions, rows.groups, rows.tags, now);
    mocks = buildTemplates(c).filter((d) => d.template.page === 'simulate');
  });

  const meanDifficulty = (list: string[]) =>
    list.reduce((a, id) => a + (c.byId.get(id)?.question.difficulty ?? 0), 0) / list.length;

  it('full and single-measure mocks have easy / medium / hard second sections; single sections are fixed', () => {
    for (const d of mocks) {
      const adaptive = d.sections.filter((s) => s.variants);
      const expected = { mock_full: 2, mock_verbal: 1, mock_quant: 1, mock_section: 0 }[
        d.template.exam_kind as 'mock_full'
      ];
      expect(adaptive, d.template.id).toHaveLength(expected);
      for (const s of adaptive) {
        const v = s.variants as Record<AdaptiveLevel, string[]>;
        expect(s.questionIds).toEqual(v.medium);
        for (const l of ['easy', 'medium', 'hard'] as const) {
          expect(v[l], `${d.template.id} ${l}`).toHaveLength(15);
          expect(new Set(v[l]).size).toBe(15);
          expect(
            v[l].every(
              (id) =>
                c.byId.get(id)?.question.category === (s.kind === 'verbal' ? 1 : 3) ||
                c.byId.get(id)?.question.category === 2,
            ),
          ).toBe(true);
        }
        expect(meanDifficulty(v.easy)).toBeLessThan(meanDifficulty(v.hard));
        expect(meanDifficulty(v.easy)).toBeLessThanOrEqual(meanDifficulty(v.medium));
        expect(meanDifficulty(v.medium)).toBeLessThanOrEqual(meanDifficulty(v.hard));
        // No variant repeats a question of the measure's first section.
        const first = d.sections.find((x) => x.kind === s.kind) as TemplateSection;
        expect(
          Object.values(v)
            .flat()
            .some((id) => first.questionIds.includes(id)),
        ).toBe(false);
      }
      expect(d.template.question_count).toBe(
        { mock_full: 55, mock_verbal: 27, mock_quant: 27, mock_section: 12 }[d.template.exam_kind as 'mock_full'],
      );
    }
  });

  it('the four full mocks share no question, counting every variant; reading passages stay whole', () => {
    const full = mocks.filter((d) => d.template.exam_kind === 'mock_full');
    expect(full).toHaveLength(4);
    const seen = new Map<string, string>();
    for (const d of full) {
      const all = new Set(d.sections.flatMap((s) => [...s.questionIds, ...Object.values(s.variants ?? {}).flat()]));
      for (const id of all) {
        expect(seen.get(id), `${id} in ${d.template.id} and ${seen.get(id)}`).toBeUndefined();
        seen.set(id, d.template.id);
      }
      for (const s of d.sections)
        for (const list of [s.questionIds, ...Object.values(s.variants ?? {})]) {
          for (const id of list) {
            const g = c.byId.get(id)?.question.group_id;
            if (g)
              expect(list.filter((x) => c.byId.get(x)?.question.group_id === g)).toHaveLength(
                c.groups.get(g)?.question_ids.length ?? 0,
              );
          }
        }
    }
  });
});

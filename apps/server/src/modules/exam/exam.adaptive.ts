// Section-level adaptivity at exam creation (docs/scoring.md): a second Verbal / Quant section with
// easy / medium / hard variants starts empty and carries the number-right cut scores of the first
// section of its measure, computed from the item parameters in use. The engine (exam.engine.ts,
// `route`) chooses the variant when that first section is committed.
import type { AdaptiveLevel } from '@gre/contract/exam';
import type { Question } from '@gre/contract/question';
import { routingCuts } from '../scoring/irt.ts';
import type { ParamsOf } from '../scoring/scoring.service.ts';
import type { StoredSection } from './exam.engine.ts';
import type { TemplateSection } from './exam.templates.ts';

const levels: AdaptiveLevel[] = ['easy', 'medium', 'hard'];

/**
 * Turns the sections of a new exam whose template has variants into adaptive sections: no
 * questions yet, the variants, their difficulty, and the cut scores of the measure's first section
 * (the nearest earlier section of the same kind). A section without such a first section keeps its
 * fixed questions (the medium variant).
 */
export function withRouting(
  specs: readonly TemplateSection[],
  sections: StoredSection[],
  questionOf: (id: string) => Question | undefined,
  paramsOf: ParamsOf,
): StoredSection[] {
  specs.forEach((spec, i) => {
    const s = sections[i];
    if (!spec.variants || !s) return;
    const from = sections.slice(0, i).findLastIndex((x) => x.kind === s.kind);
    const first = sections[from];
    if (!first) return;
    const items = first.questions
      .map((r) => questionOf(r.id))
      .filter((q): q is Question => !!q)
      .map((q) => paramsOf(q));
    const variants = spec.variants;
    const difficulty = Object.fromEntries(
      levels.map((l) => {
        const ds = variants[l].map((id) => questionOf(id)?.difficulty ?? 2);
        return [l, ds.length ? Math.round(ds.reduce((a, b) => a + b, 0) / ds.length) : 2];
      }),
    ) as Record<AdaptiveLevel, number>;
    s.questions = [];
    s.difficulty = 2;
    s.adaptive = { from, ...routingCuts(items), variants, difficulty, level: null, right: null };
  });
  return sections;
}

/** The chosen second-section levels of an exam (null when it has no adaptive section). */
export function adaptiveLevels(
  sections: readonly StoredSection[],
): { verbal: AdaptiveLevel | null; quant: AdaptiveLevel | null } | null {
  const of = (kind: 'verbal' | 'quant') => sections.find((s) => s.kind === kind && s.adaptive)?.adaptive?.level ?? null;
  if (!sections.some((s) => s.adaptive)) return null;
  return { verbal: of('verbal'), quant: of('quant') };
}

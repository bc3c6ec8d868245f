// Book templates derived from the question catalogue, deterministically (stable ids, same bank →
// same templates). Grouped questions (a reading passage, a data figure) always stay together. Mocks
// are assembled in exam.mocks.ts, custom exams in exam.custom.ts; the math content areas of the
// knowledge points are data (content/knowledge-points.yaml).
import path from 'node:path';
import { measuredCategories, QuestionCategory, questionCategoryLabel } from '@gre/contract/enums';
import type { AdaptiveLevel, BookPage, BookTemplate, ExamKind, MathArea } from '@gre/contract/exam';
import { mathAreaLabel } from '@gre/contract/exam';
import type { Question } from '@gre/contract/question';
import { type QuestionKind, questionKindLabel } from '@gre/contract/question';
import { repoRoot } from '../../config.ts';
import { fnv1a } from '../../platform/hash.ts';
import type { Catalogue } from '../question/catalogue.ts';
import { readKnowledgePoints } from '../question/content-files.ts';
import { buildMocks, firstSectionIds, shuffled } from './exam.mocks.ts';

export interface TemplateSection {
  name: string;
  kind: 'issue' | 'verbal' | 'quant' | 'practice';
  /** Seconds; 0 = untimed. */
  limit: number;
  /** The questions; for an adaptive section its medium variant (the fixed form). */
  questionIds: string[];
  /**
   * A mock's second Verbal / Quant section: easy, medium and hard variants, one of which the first
   * section of the measure chooses (exam.engine.ts). The variants may share questions.
   */
  variants?: Record<AdaptiveLevel, string[]>;
}

export interface TemplateDef {
  template: BookTemplate;
  sections: TemplateSection[];
  /** Unix ms; 0 = always open. */
  unlockAt: number;
}

/** Season sets: the first unlocks on this China date, one more each week, each open for `seasonLimitDays`. */
export const seasonStart = Date.parse('2026-09-07T00:00:00+08:00');
export const seasonCount = 16;
export const seasonLimitDays = 30;

type Area = Exclude<MathArea, 'all'>;

/**
 * The knowledge points of the bank's math items → the four GRE content areas, from
 * content/knowledge-points.yaml (read and validated once, on first use).
 */
let areaOfTag: Map<string, Area> | undefined;
export function areaOfKnowledgePoint(name: string): Area | undefined {
  if (!areaOfTag) {
    const kp = readKnowledgePoints(path.join(repoRoot, 'content'));
    areaOfTag = new Map(
      Object.entries(kp.math_areas).flatMap(([area, names]) => names.map((n) => [n, area as Area] as const)),
    );
  }
  return areaOfTag.get(name);
}

/** The content area of a math question: its first mapped tag, else a guess from the tag's words. */
export function mathAreaOf(q: Question, tagName: (id: string) => string): Area {
  if (q.group_id) return 'data_analysis';
  for (const t of q.tag_ids) {
    const name = tagName(t);
    const a = areaOfKnowledgePoint(name);
    if (a) return a;
    if (/概率|统计|排列|组合|数据|平均|中位/.test(name)) return 'data_analysis';
    if (/角|形|圆|几何|坐标|线|体/.test(name)) return 'geometry';
    if (/方程|式|函数|不等|数列/.test(name)) return 'algebra';
  }
  return 'arithmetic';
}

/** Units: a passage or figure with its questions, or a single question. */
type Unit = string[];

function unitsOf(qs: Question[]): Unit[] {
  const units: Unit[] = [];
  const byGroup = new Map<string, Unit>();
  for (const q of qs) {
    if (!q.group_id) {
      units.push([q.id]);
      continue;
    }
    let u = byGroup.get(q.group_id);
    if (!u) {
      u = [];
      byGroup.set(q.group_id, u);
      units.push(u);
    }
    u.push(q.id);
  }
  return units;
}

/** Packs units into sets of about `size` questions; a small remainder joins the last set. */
function pack(units: Unit[], size: number): string[][] {
  const sets: string[][] = [];
  let cur: string[] = [];
  for (const u of units) {
    cur.push(...u);
    if (cur.length >= size) {
      sets.push(cur);
      cur = [];
    }
  }
  if (cur.length) {
    const last = sets[sets.length - 1];
    if (last && cur.length < size / 2) last.push(...cur);
    else sets.push(cur);
  }
  return sets;
}

/**
 * Access tiers (ADR 0021): open to every member (public, free), member items (locked, lock, prevent,
 * pick), best (精华). A practice set holds items of one tier, so no set is locked for one item.
 */
export function accessTier(visibility: string): 0 | 1 | 2 {
  if (visibility === 'public' || visibility === 'free') return 0;
  return visibility === 'best' ? 2 : 1;
}

const liveOf = (c: Catalogue) =>
  c.entries.map((e) => e.question).filter((q) => q.visibility !== 'hidden' && q.visibility !== 'forbid');

const mocksBuilt = new WeakMap<Catalogue, { mocks: TemplateDef[]; mockOnly: Set<string> }>();
/** The catalogue's mocks and their mock-only pool, built once per catalogue. */
function mocksOf(c: Catalogue) {
  let m = mocksBuilt.get(c);
  if (!m) {
    const mocks = buildMocks(liveOf(c), (id) => c.byId.get(id)?.question.kind);
    m = { mocks, mockOnly: firstSectionIds(mocks) };
    mocksBuilt.set(c, m);
  }
  return m;
}

/** The mock-only pool of a catalogue (exam.mocks.ts, firstSectionIds): no practice path offers them. */
export const mockOnlyIds = (c: Catalogue): Set<string> => mocksOf(c).mockOnly;

export function buildTemplates(c: Catalogue): TemplateDef[] {
  const live = liveOf(c);
  const byId = new Map(live.map((q) => [q.id, q]));
  // Mocks first. Their first sections are the mock-only pool, in no practice set; the items of their
  // second sections go last in practice sets, so a candidate meets them in a mock before practice
  // whenever the bank allows (ADR 0021).
  const { mocks, mockOnly } = mocksOf(c);
  const inMocks = new Set(
    mocks.flatMap((d) => d.sections.flatMap((s) => [...s.questionIds, ...Object.values(s.variants ?? {}).flat()])),
  );
  /**
   * The units of each tier, open tier first; within a tier, units without mock items first. A passage
   * whose questions differ in tier gives a unit to each tier (its open questions stay open).
   */
  const tieredUnits = (qs: Question[]): Unit[][] =>
    [0, 1, 2]
      .map((t) => unitsOf(qs.filter((q) => accessTier(q.visibility) === t)))
      .map((us) => [
        ...us.filter((u) => !u.some((id) => inMocks.has(id))),
        ...us.filter((u) => u.some((id) => inMocks.has(id))),
      ])
      .filter((us) => us.length > 0);
  const tagName = (id: string) => c.tagNames.get(id) ?? id;
  const practice = live.filter((q) => q.category >= 1 && q.category <= 3 && !mockOnly.has(q.id));
  const out: TemplateDef[] = [];
  const positions = new Map<BookPage, number>();

  const add = (
    page: BookPage,
    id: string,
    title: string,
    param: string,
    sections: TemplateSection[],
    opts: { label?: string; examKind?: ExamKind; unlockAt?: number; limit?: number } = {},
  ) => {
    const ids = sections.flatMap((s) => s.questionIds);
    if (!ids.length) return;
    const index = positions.get(page) ?? 0;
    positions.set(page, index + 1);
    const kinds = [...new Set(ids.map((i) => byId.get(i)?.kind).filter((k): k is QuestionKind => !!k))];
    out.push({
      unlockAt: opts.unlockAt ?? 0,
      sections,
      template: {
        id,
        index,
        title,
        param,
        kinds,
        unlock_date_stamp: Math.floor((opts.unlockAt ?? 0) / 1000),
        hide: false,
        label: opts.label ?? '',
        page,
        exam_kind: opts.examKind ?? 'practice',
        question_count: ids.length,
        time_limit_seconds: sections.reduce((n, s) => n + s.limit, 0),
        limit: opts.limit ?? 0,
      },
    });
  };
  const practiceSection = (ids: string[]): TemplateSection[] => [
    { name: '练习', kind: 'practice', limit: 0, questionIds: ids },
  ];
  const addSets = (
    page: BookPage,
    idPrefix: string,
    titlePrefix: string,
    param: string,
    qs: Question[],
    label = '',
  ) => {
    // A tier too small for a set of its own (under 4 questions) stays out of this series: its items
    // are in the 精选 / 精华 / 大题库 sets and in search, rather than in a one-question set.
    const sets = tieredUnits(qs)
      .filter((units) => units.flat().length >= 4)
      .flatMap((units) => pack(units, 10));
    for (const [i, ids] of sets.entries()) {
      add(page, `${idPrefix}-${i + 1}`, `${titlePrefix} · 第 ${i + 1} 组`, param, practiceSection(ids), { label });
    }
  };

  // exercise_list index: one series per (kind, difficulty); reading and data sets by passage kind.
  for (const cat of measuredCategories) {
    const qs = practice.filter((q) => q.category === cat);
    if (cat === 2) {
      for (const gk of ['short', 'long', 'argument'] as const) {
        const name = { short: '短篇', long: '长篇', argument: '逻辑论证' }[gk];
        addSets(
          'index',
          `idx-rc-${gk}`,
          `阅读 · ${name}`,
          `index:reading:${gk}`,
          qs.filter((q) => c.groups.get(q.group_id ?? '')?.kind === gk),
          name,
        );
      }
      continue;
    }
    const single = qs.filter((q) => !q.group_id);
    const kinds = [...new Set(single.map((q) => q.kind))];
    for (const k of kinds) {
      for (const d of [1, 2, 3]) {
        const sel = single.filter((q) => q.kind === k && q.difficulty === d);
        addSets(
          'index',
          `idx-${k}-d${d}`,
          `${questionCategoryLabel[cat as QuestionCategory]} · ${questionKindLabel[k]} · 难度 ${d}`,
          `index:${k}:${d}`,
          sel,
          `难度 ${d}`,
        );
      }
    }
    const grouped = qs.filter((q) => q.group_id);
    if (grouped.length) addSets('index', 'idx-di', '数学 · 数据解读', 'index:di', grouped, '数据解读');
  }

  // pick (精选) and best (精华): by category.
  for (const [page, vis, label] of [
    ['pick', 'pick', '精选'],
    ['best', 'best', '精华'],
  ] as const) {
    for (const cat of measuredCategories) {
      const sel = practice.filter((q) => q.category === cat && q.visibility === vis);
      addSets(
        page,
        `${page}-c${cat}`,
        `${label} · ${questionCategoryLabel[cat as QuestionCategory]}`,
        `${page}:${cat}`,
        sel,
        label,
      );
    }
  }

  // big (大题库): the whole bank by source name.
  const sources = [...new Set(practice.map((q) => q.source_names[0] ?? ''))].sort((a, b) =>
    a.localeCompare(b, 'zh', { numeric: true }),
  );
  const tierTitle = ['', ' · 会员题', ' · 精华题'] as const;
  sources.forEach((src, i) => {
    const sel = practice.filter((q) => q.source_names[0] === src);
    // One set per access tier of the source (the open one keeps the source's id).
    for (const t of [0, 1, 2] as const) {
      const ids = sel.filter((q) => accessTier(q.visibility) === t).map((q) => q.id);
      if (!ids.length) continue;
      const id = `big-${i + 1}-${fnv1a(src).toString(36)}${t ? `-t${t}` : ''}`;
      add('big', id, `${src}${tierTitle[t]}`, `big:${src}`, practiceSection(ids), {
        label: questionCategoryLabel[(sel[0]?.category ?? QuestionCategory.Filling) as QuestionCategory],
      });
    }
  });

  // math2: by content area, then by kind.
  const math = practice.filter((q) => q.category === 3);
  for (const area of ['arithmetic', 'algebra', 'geometry', 'data_analysis'] as const) {
    const sel = math.filter((q) => mathAreaOf(q, tagName) === area);
    addSets('math2', `m2-${area}`, `数学 · ${mathAreaLabel[area]}`, `math2:area:${area}`, sel, mathAreaLabel[area]);
  }
  for (const k of ['qc', 'ps_single', 'ps_multi', 'numeric', 'numeric_fraction'] as const) {
    const sel = math.filter((q) => q.kind === k && !q.group_id);
    addSets('math2', `m2-${k}`, `数学 · ${questionKindLabel[k]}`, `math2:kind:${k}`, sel, questionKindLabel[k]);
  }

  // higher (高阶): the hard items, for users an admin unlocked.
  for (const cat of [1, 3]) {
    const sel = practice.filter((q) => q.category === cat && q.difficulty === 3 && !q.group_id);
    addSets(
      'higher',
      `hi-c${cat}`,
      `高阶 · ${questionCategoryLabel[cat as QuestionCategory]}`,
      `higher:${cat}`,
      sel,
      '高阶',
    );
  }

  // season: weekly sets of medium and hard items (6 filling + 6 math), each open for a limited time
  // (hard items too since the mock-only pool left practice fewer medium ones, ADR 0021).
  // Each week holds items of one access tier, so a week is never locked for one item; a tier's
  // leftover that cannot fill a week is not used.
  const seasonFill = shuffled(
    practice.filter((q) => q.category === 1 && q.difficulty >= 2),
    (q) => q.id,
    'season',
  );
  const seasonMath = shuffled(
    math.filter((q) => q.difficulty >= 2 && !q.group_id),
    (q) => q.id,
    'season',
  );
  const weeksOfTier = [0, 1, 2].map((t) => {
    const f = seasonFill.filter((q) => accessTier(q.visibility) === t);
    const m = seasonMath.filter((q) => accessTier(q.visibility) === t);
    const out: string[][] = [];
    for (let k = 0; (k + 1) * 6 <= f.length && (k + 1) * 6 <= m.length; k++) {
      out.push([...f.slice(k * 6, k * 6 + 6), ...m.slice(k * 6, k * 6 + 6)].map((q) => q.id));
    }
    return out;
  });
  // Tiers take turns week by week, so an open week is never far off, whatever the date.
  const weeks: string[][] = [];
  for (let k = 0; weeksOfTier.some((w) => w.length > k); k++) {
    for (const w of weeksOfTier) if (w[k]) weeks.push(w[k] as string[]);
  }
  for (const [k, ids] of weeks.slice(0, seasonCount).entries()) {
    add('season', `season-${k + 1}`, `每周一练 · 第 ${k + 1} 周`, `season:${k + 1}`, practiceSection(ids), {
      label: '限时开放',
      unlockAt: seasonStart + k * 7 * 86_400_000,
      limit: seasonLimitDays,
    });
  }

  for (const def of mocks) out.push(def);
  for (const def of out.filter((d) => d.template.page === 'simulate')) {
    def.template.index = positions.get('simulate') ?? 0;
    positions.set('simulate', def.template.index + 1);
  }
  return out;
}

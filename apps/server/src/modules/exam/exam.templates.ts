// Book templates derived from the question catalogue, deterministically (stable ids, same bank →
// same templates). Grouped questions (a reading passage, a data figure) always stay together.
import type { AdaptiveLevel, BookPage, BookTemplate, ExamKind, MathArea } from '@gre/contract/exam';
import { mathAreaLabel } from '@gre/contract/exam';
import type { Question } from '@gre/contract/question';
import { type QuestionKind, questionKindLabel } from '@gre/contract/question';
import type { Catalogue } from '../question/catalogue.ts';

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

/** The current GRE (decisions.md): minutes per section. */
export const greSections = {
  issue: { name: '分析性写作 · Issue', minutes: 30 },
  verbal1: { name: '语文 第 1 部分', count: 12, minutes: 18 },
  verbal2: { name: '语文 第 2 部分', count: 15, minutes: 23 },
  quant1: { name: '数学 第 1 部分', count: 12, minutes: 21 },
  quant2: { name: '数学 第 2 部分', count: 15, minutes: 26 },
} as const;

/** Season sets: the first unlocks on this China date, one more each week, each open for `seasonLimitDays`. */
export const seasonStart = Date.parse('2026-09-07T00:00:00+08:00');
export const seasonCount = 16;
export const seasonLimitDays = 30;

const categoryName: Record<number, string> = { 1: '填空', 2: '阅读', 3: '数学' };

// Chinese knowledge points of the bank's math items → the four GRE content areas.
const areaOfTag: Record<string, Exclude<MathArea, 'all'>> = {};
const areaTags: Record<Exclude<MathArea, 'all'>, string[]> = {
  arithmetic: [
    '百分比',
    '比例',
    '整除与余数',
    '因数',
    '分数',
    '奇偶性',
    '质因数分解',
    '质数',
    '整数',
    '最小公倍数',
    '最大公约数',
    '小数',
    '估算',
    '个位数循环',
    '倒数',
    '繁分数',
    '折扣',
    '利润',
    '复利',
    '增长率',
    '增长问题',
    '连续整数',
    '阶乘',
    '分数运算',
    '平方',
    '根式',
    '比较大小',
    '混合问题',
  ],
  algebra: [
    '不等式',
    '指数',
    '方程',
    '数列',
    '函数',
    '绝对值',
    '速率问题',
    '代数式',
    '方程组',
    '等差数列',
    '二次函数',
    '完全平方',
    '代数式求值',
    '一次不等式',
    '因式分解',
    '等比数列',
    '递推',
    '平均速度',
    '复合函数',
    '相遇问题',
    '二次方程',
    '韦达定理',
    '分式方程',
    '平方差',
    '工作问题',
    '化简',
    '新定义运算',
    '年龄问题',
    '提取公因式',
    '应用题',
    '最值',
    '连续变化',
  ],
  geometry: [
    '三角形',
    '圆',
    '坐标几何',
    '面积',
    '多边形',
    '立体几何',
    '勾股定理',
    '体积',
    '斜率',
    '三边关系',
    '弦',
    '相似',
    '表面积',
    '四边形',
    '平行线',
    '梯形',
    '垂直',
    '等腰三角形',
    '弧长',
    '内角与外角',
    '边角关系',
    '扇形',
    '正六边形',
    '内角和',
    '圆锥',
    '距离公式',
    '直线方程',
  ],
  data_analysis: [
    '数据解读',
    '统计',
    '排列组合',
    '概率',
    '平均数',
    '中位数',
    '标准差',
    '加权平均',
    '集合',
    '计数',
    '容斥原理',
    '对立事件',
    '正态分布',
    '众数',
    '不放回抽样',
    '捆绑法与插空法',
    '重复元素排列',
    '环形排列',
    '几何概率',
    '条件概率',
    '独立事件',
  ],
};
for (const [area, names] of Object.entries(areaTags))
  for (const n of names) areaOfTag[n] = area as Exclude<MathArea, 'all'>;

/** The content area of a math question: its first mapped tag, else a guess from the tag's words. */
export function mathAreaOf(q: Question, tagName: (id: string) => string): Exclude<MathArea, 'all'> {
  if (q.group_id) return 'data_analysis';
  for (const t of q.tag_ids) {
    const name = tagName(t);
    const a = areaOfTag[name];
    if (a) return a;
    if (/概率|统计|排列|组合|数据|平均|中位/.test(name)) return 'data_analysis';
    if (/角|形|圆|几何|坐标|线|体/.test(name)) return 'geometry';
    if (/方程|式|函数|不等|数列/.test(name)) return 'algebra';
  }
  return 'arithmetic';
}

/** A stable pseudo-random order (FNV-1a of the id with a salt), so sets mix kinds and difficulties. */
function hashOf(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
const shuffled = <T>(xs: T[], key: (x: T) => string, salt: string) =>
  [...xs].sort((a, b) => hashOf(salt + key(a)) - hashOf(salt + key(b)) || key(a).localeCompare(key(b)));

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

export function buildTemplates(c: Catalogue): TemplateDef[] {
  const live = c.entries.map((e) => e.question).filter((q) => q.visibility !== 'hidden' && q.visibility !== 'forbid');
  const byId = new Map(live.map((q) => [q.id, q]));
  // Mocks first: their items go last in practice sets, so a candidate meets them in a mock before
  // practice whenever the bank allows (ADR 0021; a mock-only pool arrives with question bank v2).
  const mocks = buildMocks(live, c);
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
  const practice = live.filter((q) => q.category >= 1 && q.category <= 3);
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
  for (const cat of [1, 2, 3]) {
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
          `${categoryName[cat]} · ${questionKindLabel[k]} · 难度 ${d}`,
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
    for (const cat of [1, 2, 3]) {
      const sel = practice.filter((q) => q.category === cat && q.visibility === vis);
      addSets(page, `${page}-c${cat}`, `${label} · ${categoryName[cat]}`, `${page}:${cat}`, sel, label);
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
      const id = `big-${i + 1}-${hashOf(src).toString(36)}${t ? `-t${t}` : ''}`;
      add('big', id, `${src}${tierTitle[t]}`, `big:${src}`, practiceSection(ids), {
        label: categoryName[sel[0]?.category ?? 1] ?? '',
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
    addSets('higher', `hi-c${cat}`, `高阶 · ${categoryName[cat]}`, `higher:${cat}`, sel, '高阶');
  }

  // season: weekly sets of medium items (6 filling + 6 math), each open for a limited time.
  // Each week holds items of one access tier, so a week is never locked for one item; a tier's
  // leftover that cannot fill a week is not used.
  const seasonFill = shuffled(
    practice.filter((q) => q.category === 1 && q.difficulty === 2),
    (q) => q.id,
    'season',
  );
  const seasonMath = shuffled(
    math.filter((q) => q.difficulty === 2 && !q.group_id),
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

/**
 * Mock exams: 4 full mocks that share no question (counting every variant), then verbal-only,
 * quant-only and single-section mocks from what is left (reusing items only when the bank runs out).
 * Each verbal section mixes text completion, sentence equivalence and whole reading passages like
 * the real test. The second Verbal and Quant sections of full and single-measure mocks are adaptive
 * (easy / medium / hard variants; docs/scoring.md).
 */
function buildMocks(live: Question[], c: Catalogue): TemplateDef[] {
  const used = new Set<string>();
  const fresh = (qs: Question[]) => qs.filter((q) => !used.has(q.id));
  const take = (qs: Question[], n: number, salt: string) => {
    const pool = fresh(qs);
    const chosen = shuffled(pool.length >= n ? pool : qs, (q) => q.id, salt).slice(0, n);
    for (const q of chosen) used.add(q.id);
    return chosen.map((q) => q.id);
  };
  const groupUnits = (pred: (q: Question) => boolean) => {
    const units = new Map<string, string[]>();
    for (const q of live) if (q.group_id && pred(q)) units.set(q.group_id, [...(units.get(q.group_id) ?? []), q.id]);
    return [...units.values()];
  };
  const readingUnits = groupUnits((q) => q.category === 2);
  const diUnits = groupUnits((q) => q.category === 3);
  /** Whole groups adding up to exactly `n` questions if possible (else as close below as possible). */
  const takeGroups = (units: string[][], n: number, salt: string): string[][] => {
    const avail = shuffled(
      units.filter((u) => u.every((id) => !used.has(id))),
      (u) => u[0] as string,
      salt,
    );
    let best: string[][] = [];
    let bestN = -1;
    const dfs = (i: number, acc: string[][], total: number) => {
      if (total > bestN) {
        best = [...acc];
        bestN = total;
      }
      if (bestN === n || i >= avail.length) return;
      for (let j = i; j < avail.length && bestN !== n; j++) {
        const u = avail[j] as string[];
        if (total + u.length <= n) dfs(j + 1, [...acc, u], total + u.length);
      }
    };
    dfs(0, [], 0);
    for (const u of best) for (const id of u) used.add(id);
    return best;
  };
  const single = (pred: (q: Question) => boolean) => live.filter((q) => !q.group_id && pred(q));
  const tc = single((q) => q.category === 1 && q.kind !== 'se');
  const se = single((q) => q.category === 1 && q.kind === 'se');
  const issue = single((q) => q.kind === 'issue');
  const qmath = (k: string) => single((q) => q.category === 3 && q.kind === k);

  const verbal = (n: 12 | 15, salt: string): string[] => {
    const [nTc, nSe, nRc] = n === 12 ? [3, 3, 6] : [4, 4, 7];
    const groups = takeGroups(readingUnits, nRc, salt);
    const rcCount = groups.reduce((k, g) => k + g.length, 0);
    const tcs = take(tc, nTc + (nRc - rcCount), salt);
    const ses = take(se, nSe, salt);
    // Like the test: completions first, then passages with the equivalence items between them.
    const [first, ...rest] = groups;
    return [...tcs, ...(first ?? []), ...ses, ...rest.flat()];
  };
  const quant = (n: 12 | 15, salt: string): string[] => {
    const [nQc, nPs, nPm, nNe] = n === 12 ? [4, 3, 1, 1] : [5, 4, 2, 1];
    const di = takeGroups(diUnits, 3, salt).flat();
    const ne = take([...qmath('numeric'), ...qmath('numeric_fraction')], nNe, salt);
    const ps = take(qmath('ps_single'), nPs + (3 - di.length), salt);
    const pm = take(qmath('ps_multi'), nPm, salt);
    const qc = take(qmath('qc'), nQc, salt);
    return [...qc, ...ps, ...di, ...pm, ...ne];
  };
  const section = (
    kind: 'issue' | 'verbal' | 'quant',
    name: string,
    minutes: number,
    ids: string[],
    variants?: Record<AdaptiveLevel, string[]>,
  ): TemplateSection => ({
    name,
    kind,
    limit: minutes * 60,
    questionIds: ids,
    ...(variants ? { variants } : {}),
  });

  // Adaptive second sections -------------------------------------------------------------------
  // Each single-item part (TC, SE / QC, PS, MA, NE) of n items gets a pool of about 2.5n: the n
  // easiest and the n hardest the bank still has, and ⌈n/2⌉ of medium difficulty, dealt in turn to
  // the mocks built together so they are alike. The easy variant takes the n easiest of the pool,
  // the hard one the n hardest, medium the n closest to difficulty 2 (its medium items and some of
  // the others). Passages and the data-interpretation figure are shared by the three variants (the
  // bank has 30 passages and 10 figures). So the four full mocks still share no question.
  const byDifficulty = (qs: Question[], salt: string) =>
    shuffled(qs, (q) => q.id, salt).sort((a, b) => a.difficulty - b.difficulty);
  /**
   * `reuse`: single-measure mocks may take items of the full mocks (the bank's easiest and hardest
   * items are gone by then), preferring unused ones of the same difficulty.
   */
  const dealPools = (qs: Question[], ns: number[], salt: string, avoid: string[][], reuse: boolean): Question[][] => {
    const pools: Question[][] = ns.map(() => []);
    const mine = new Set(avoid.flat());
    const order = reuse
      ? byDifficulty(
          qs.filter((q) => !mine.has(q.id)),
          salt,
        ).sort((a, b) => a.difficulty - b.difficulty || Number(used.has(a.id)) - Number(used.has(b.id)))
      : byDifficulty(fresh(qs), salt);
    let lo = 0;
    let hi = order.length - 1;
    const rounds = Math.max(0, ...ns);
    const deal = (count: (n: number) => number, next: () => Question | undefined) => {
      for (let round = 0; round < rounds; round++) {
        const turn = round % 2 === 0 ? ns.map((_, m) => m) : ns.map((_, m) => ns.length - 1 - m);
        for (const m of turn) {
          if (round >= count(ns[m] as number)) continue;
          const q = next();
          if (q) (pools[m] as Question[]).push(q);
        }
      }
    };
    deal(
      (n) => n,
      () => (lo <= hi ? order[lo++] : undefined),
    );
    deal(
      (n) => n,
      () => (lo <= hi ? order[hi--] : undefined),
    );
    const middle = shuffled(order.slice(lo, hi + 1), (q) => q.id, `${salt}-mid`).sort(
      (a, b) => Math.abs(a.difficulty - 2) - Math.abs(b.difficulty - 2),
    );
    deal(
      (n) => Math.ceil(n / 2),
      () => middle.shift(),
    );
    // The bank ran out: reuse items of other mocks (never of this mock).
    pools.forEach((pool, m) => {
      const want = 2 * (ns[m] as number) + Math.ceil((ns[m] as number) / 2);
      if (pool.length >= want) return;
      const own = new Set([...(avoid[m] ?? []), ...pool.map((q) => q.id)]);
      pool.push(
        ...byDifficulty(qs, `${salt}-reuse`)
          .filter((q) => !own.has(q.id))
          .slice(0, want - pool.length),
      );
    });
    for (const pool of pools) for (const q of pool) used.add(q.id);
    return pools;
  };
  const variantsOf = (pool: Question[], n: number, salt: string): Record<AdaptiveLevel, string[]> => {
    const sorted = byDifficulty(pool, salt);
    const mixed = (qs: Question[]) => shuffled(qs, (q) => q.id, `${salt}-order`).map((q) => q.id);
    if (n <= 0) return { easy: [], medium: [], hard: [] };
    return {
      easy: mixed(sorted.slice(0, n)),
      medium: mixed(
        shuffled(pool, (q) => q.id, `${salt}-mid`)
          .sort((a, b) => Math.abs(a.difficulty - 2) - Math.abs(b.difficulty - 2))
          .slice(0, n),
      ),
      hard: mixed(sorted.slice(-n)),
    };
  };
  type Adaptive = { questionIds: string[]; variants: Record<AdaptiveLevel, string[]> };
  const assemble = (parts: (level: AdaptiveLevel) => string[]): Adaptive => {
    const variants = { easy: parts('easy'), medium: parts('medium'), hard: parts('hard') };
    return { questionIds: variants.medium, variants };
  };
  /** Verbal 2 (15 = 4 TC + 4 SE + 7 RC) of `firsts.length` mocks built together. */
  const adaptiveVerbal = (firsts: string[][], salt: string, reuse = false): Adaptive[] => {
    const groups = firsts.map((_, m) => takeGroups(readingUnits, 7, `${salt}-rc-${m}`));
    const nTc = groups.map((g) => 4 + 7 - g.reduce((k, u) => k + u.length, 0));
    const tcPools = dealPools(tc, nTc, `${salt}-tc`, firsts, reuse);
    const sePools = dealPools(
      se,
      firsts.map(() => 4),
      `${salt}-se`,
      firsts,
      reuse,
    );
    return firsts.map((_, m) => {
      const t = variantsOf(tcPools[m] as Question[], nTc[m] as number, `${salt}-tc-${m}`);
      const e = variantsOf(sePools[m] as Question[], 4, `${salt}-se-${m}`);
      const [first, ...rest] = groups[m] as string[][];
      return assemble((l) => [...t[l], ...(first ?? []), ...e[l], ...rest.flat()]);
    });
  };
  /** Quant 2 (15 = 5 QC + 4 PS + a figure of 3 + 2 MA + 1 NE) of `firsts.length` mocks built together. */
  const adaptiveQuant = (firsts: string[][], salt: string, reuse = false): Adaptive[] => {
    const figures = firsts.map((_, m) => takeGroups(diUnits, 3, `${salt}-di-${m}`).flat());
    const nPs = figures.map((f) => 4 + 3 - f.length);
    const same = (n: number) => firsts.map(() => n);
    const pools = {
      qc: dealPools(qmath('qc'), same(5), `${salt}-qc`, firsts, reuse),
      ps: dealPools(qmath('ps_single'), nPs, `${salt}-ps`, firsts, reuse),
      pm: dealPools(qmath('ps_multi'), same(2), `${salt}-pm`, firsts, reuse),
      ne: dealPools([...qmath('numeric'), ...qmath('numeric_fraction')], same(1), `${salt}-ne`, firsts, reuse),
    };
    return firsts.map((_, m) => {
      const v = {
        qc: variantsOf(pools.qc[m] as Question[], 5, `${salt}-qc-${m}`),
        ps: variantsOf(pools.ps[m] as Question[], nPs[m] as number, `${salt}-ps-${m}`),
        pm: variantsOf(pools.pm[m] as Question[], 2, `${salt}-pm-${m}`),
        ne: variantsOf(pools.ne[m] as Question[], 1, `${salt}-ne-${m}`),
      };
      return assemble((l) => [...v.qc[l], ...v.ps[l], ...(figures[m] as string[]), ...v.pm[l], ...v.ne[l]]);
    });
  };

  const { issue: iss, verbal1, verbal2, quant1, quant2 } = greSections;
  const out: TemplateDef[] = [];
  const mock = (id: string, title: string, kind: ExamKind, label: string, sections: TemplateSection[]) => {
    const ids = sections.flatMap((s) => s.questionIds);
    const all = new Set(sections.flatMap((s) => [...s.questionIds, ...Object.values(s.variants ?? {}).flat()]));
    out.push({
      unlockAt: 0,
      sections,
      template: {
        id,
        index: 0,
        title,
        param: `simulate:${kind}`,
        kinds: [...new Set([...all].map((i) => c.byId.get(i)?.question.kind).filter((k): k is QuestionKind => !!k))],
        unlock_date_stamp: 0,
        hide: false,
        label,
        page: 'simulate',
        exam_kind: kind,
        question_count: ids.length,
        time_limit_seconds: sections.reduce((n, s) => n + s.limit, 0),
        limit: 0,
      },
    });
  };
  const second = (kind: 'verbal' | 'quant', a: Adaptive) => {
    const g = kind === 'verbal' ? verbal2 : quant2;
    return section(kind, g.name, g.minutes, a.questionIds, a.variants);
  };

  // Four full mocks: first their fixed sections, then their adaptive second sections together.
  const full = [1, 2, 3, 4].map((k) => ({
    k,
    issue: take(issue, 1, `full-${k}`),
    v1: verbal(12, `full-${k}-v1`),
    q1: quant(12, `full-${k}-q1`),
  }));
  const fullV2 = adaptiveVerbal(
    full.map((f) => f.v1),
    'full-v2',
  );
  const fullQ2 = adaptiveQuant(
    full.map((f) => f.q1),
    'full-q2',
  );
  full.forEach((f, m) => {
    mock(`mock-full-${f.k}`, `全真模考 ${f.k}`, 'mock_full', '全真模考', [
      section('issue', iss.name, iss.minutes, f.issue),
      section('verbal', verbal1.name, verbal1.minutes, f.v1),
      section('quant', quant1.name, quant1.minutes, f.q1),
      second('verbal', fullV2[m] as Adaptive),
      second('quant', fullQ2[m] as Adaptive),
    ]);
  });

  // Single-measure mocks (adaptive too), from what is left.
  const v1s = [1, 2].map((k) => verbal(12, `v-${k}-1`));
  const q1s = [1, 2].map((k) => quant(12, `q-${k}-1`));
  const v2s = adaptiveVerbal(v1s, 'v-2', true);
  const q2s = adaptiveQuant(q1s, 'q-2', true);
  for (let k = 1; k <= 2; k++) {
    mock(`mock-verbal-${k}`, `语文单科模考 ${k}`, 'mock_verbal', '单科模考', [
      section('verbal', verbal1.name, verbal1.minutes, v1s[k - 1] as string[]),
      second('verbal', v2s[k - 1] as Adaptive),
    ]);
    mock(`mock-quant-${k}`, `数学单科模考 ${k}`, 'mock_quant', '单科模考', [
      section('quant', quant1.name, quant1.minutes, q1s[k - 1] as string[]),
      second('quant', q2s[k - 1] as Adaptive),
    ]);
  }
  for (let k = 1; k <= 2; k++) {
    mock(`mock-vsec-${k}`, `语文单部分模考 ${k}`, 'mock_section', '单部分', [
      section('verbal', verbal1.name, verbal1.minutes, verbal(12, `vs-${k}`)),
    ]);
    mock(`mock-qsec-${k}`, `数学单部分模考 ${k}`, 'mock_section', '单部分', [
      section('quant', quant1.name, quant1.minutes, quant(12, `qs-${k}`)),
    ]);
  }
  return out;
}

// Mock exams assembled from the bank, step by step (buildMocks at the end puts them together):
// 4 full mocks that share no question (counting every variant), then verbal-only, quant-only and
// single-section mocks from what is left (reusing items only when the bank runs out). Each verbal
// section mixes text completion, sentence equivalence and whole reading passages like the real test.
// The second Verbal and Quant sections of full and single-measure mocks are adaptive (easy / medium /
// hard variants; docs/scoring.md, ADR 0014). Deterministic: same bank → same mocks.

import type { AdaptiveLevel, ExamKind } from '@gre/contract/exam';
import type { Question, QuestionKind } from '@gre/contract/question';
import { fnv1a } from '../../platform/hash.ts';
import type { TemplateDef, TemplateSection } from './exam.templates.ts';

/** The current GRE (decisions.md): questions and minutes per section. */
export const greSections = {
  issue: { name: '分析性写作 · Issue', minutes: 30 },
  verbal1: { name: '语文 第 1 部分', count: 12, minutes: 18 },
  verbal2: { name: '语文 第 2 部分', count: 15, minutes: 23 },
  quant1: { name: '数学 第 1 部分', count: 12, minutes: 21 },
  quant2: { name: '数学 第 2 部分', count: 15, minutes: 26 },
} as const;

/**
 * The mock-only pool (ADR 0021): every question of a mock's first Verbal and first Quant section.
 * Practice sets, custom exams and search leave them out, so a mock never starts with an item the
 * candidate met in practice (second sections may hold practice items: the result marks them 此前做过).
 */
export function firstSectionIds(mocks: TemplateDef[]): Set<string> {
  const out = new Set<string>();
  for (const d of mocks) {
    const seen = new Set<string>();
    for (const s of d.sections) {
      if ((s.kind !== 'verbal' && s.kind !== 'quant') || seen.has(s.kind)) continue;
      seen.add(s.kind);
      for (const id of s.questionIds) out.add(id);
    }
  }
  return out;
}

/** A stable pseudo-random order (FNV-1a of the id with a salt), so sets mix kinds and difficulties. */
export const shuffled = <T>(xs: T[], key: (x: T) => string, salt: string) =>
  [...xs].sort((a, b) => fnv1a(salt + key(a)) - fnv1a(salt + key(b)) || key(a).localeCompare(key(b)));

/** The bank as the mocks draw from it, and the questions already taken by a mock built before. */
export interface MockBank {
  used: Set<string>;
  /** Authored difficulty (1–3) of every live question. */
  difficulty: Map<string, number>;
  /** Reading passages and data figures: each group's question ids. */
  readingUnits: string[][];
  diUnits: string[][];
  /** Ungrouped items by part of the test. */
  tc: Question[];
  se: Question[];
  issue: Question[];
  qmath: (kind: QuestionKind) => Question[];
}

/** Each group's question ids (in bank order) among the questions matching `pred`. */
export function groupUnits(live: Question[], pred: (q: Question) => boolean): string[][] {
  const units = new Map<string, string[]>();
  for (const q of live) if (q.group_id && pred(q)) units.set(q.group_id, [...(units.get(q.group_id) ?? []), q.id]);
  return [...units.values()];
}

export function mockBank(live: Question[]): MockBank {
  const single = (pred: (q: Question) => boolean) => live.filter((q) => !q.group_id && pred(q));
  return {
    used: new Set(),
    difficulty: new Map(live.map((q) => [q.id, q.difficulty])),
    readingUnits: groupUnits(live, (q) => q.category === 2),
    diUnits: groupUnits(live, (q) => q.category === 3),
    tc: single((q) => q.category === 1 && q.kind !== 'se'),
    se: single((q) => q.category === 1 && q.kind === 'se'),
    issue: single((q) => q.kind === 'issue'),
    qmath: (k) => single((q) => q.category === 3 && q.kind === k),
  };
}

/** How far from medium (difficulty 2) a question or a group is on average: first sections prefer 0. */
const offCentre = (bank: MockBank, ids: string[]) =>
  ids.reduce((k, id) => k + Math.abs((bank.difficulty.get(id) ?? 2) - 2), 0) / Math.max(1, ids.length);

/**
 * `n` items of `qs` no mock took yet (all of `qs` when too few are left), marked taken. `centred`
 * (first sections): medium items first, so the bank's easiest and hardest items are left for the
 * adaptive second sections' easy and hard variants, where they tell most (docs/scoring.md).
 */
export function take(bank: MockBank, qs: Question[], n: number, salt: string, centred = false): string[] {
  const pool = qs.filter((q) => !bank.used.has(q.id));
  const order = shuffled(pool.length >= n ? pool : qs, (q) => q.id, salt);
  if (centred) order.sort((a, b) => offCentre(bank, [a.id]) - offCentre(bank, [b.id]));
  const chosen = order.slice(0, n);
  for (const q of chosen) bank.used.add(q.id);
  return chosen.map((q) => q.id);
}

/** Whole untaken groups adding up to exactly `n` questions if possible (else as close below as possible), marked taken. */
export function takeGroups(
  bank: MockBank,
  units: string[][],
  n: number,
  salt: string,
  prefer?: AdaptiveLevel,
): string[][] {
  const avail = shuffled(
    units.filter((u) => u.every((id) => !bank.used.has(id))),
    (u) => u[0] as string,
    salt,
  );
  // A preferred level: the easiest, the most medium or the hardest groups first (stable after the shuffle).
  const mean = (u: string[]) => u.reduce((k, id) => k + (bank.difficulty.get(id) ?? 2), 0) / u.length;
  if (prefer === 'medium') avail.sort((a, b) => offCentre(bank, a) - offCentre(bank, b));
  if (prefer === 'easy') avail.sort((a, b) => mean(a) - mean(b));
  if (prefer === 'hard') avail.sort((a, b) => mean(b) - mean(a));
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
  for (const u of best) for (const id of u) bank.used.add(id);
  return best;
}

/**
 * A fixed Verbal section of 12 (3 TC, 3 SE, 6 RC) or 15 (4, 4, 7), centred on medium difficulty: completions first, then the
 * passages with the equivalence items between them, like the test. Missing reading items are made
 * up with completions.
 */
export function verbalSection(bank: MockBank, n: 12 | 15, salt: string): string[] {
  const [nTc, nSe, nRc] = n === 12 ? [3, 3, 6] : [4, 4, 7];
  const groups = takeGroups(bank, bank.readingUnits, nRc, salt, 'medium');
  const rcCount = groups.reduce((k, g) => k + g.length, 0);
  const tcs = take(bank, bank.tc, nTc + (nRc - rcCount), salt, true);
  const ses = take(bank, bank.se, nSe, salt, true);
  const [first, ...rest] = groups;
  return [...tcs, ...(first ?? []), ...ses, ...rest.flat()];
}

/**
 * A fixed Quant section of 12 (4 QC, 3 PS, a figure of 3, 1 MA, 1 NE) or 15 (5, 4, 3, 2, 1), centred on
 * medium difficulty; a
 * missing figure is made up with problem-solving items.
 */
export function quantSection(bank: MockBank, n: 12 | 15, salt: string): string[] {
  const [nQc, nPs, nPm, nNe] = n === 12 ? [4, 3, 1, 1] : [5, 4, 2, 1];
  const di = takeGroups(bank, bank.diUnits, 3, salt, 'medium').flat();
  const ne = take(bank, [...bank.qmath('numeric'), ...bank.qmath('numeric_fraction')], nNe, salt, true);
  const ps = take(bank, bank.qmath('ps_single'), nPs + (3 - di.length), salt, true);
  const pm = take(bank, bank.qmath('ps_multi'), nPm, salt, true);
  const qc = take(bank, bank.qmath('qc'), nQc, salt, true);
  return [...qc, ...ps, ...di, ...pm, ...ne];
}

export function section(
  kind: 'issue' | 'verbal' | 'quant',
  name: string,
  minutes: number,
  ids: string[],
  variants?: Record<AdaptiveLevel, string[]>,
): TemplateSection {
  return { name, kind, limit: minutes * 60, questionIds: ids, ...(variants ? { variants } : {}) };
}

// Adaptive second sections -------------------------------------------------------------------
// Each single-item part (TC, SE / QC, PS, MA, NE) of n items gets a pool of about 2.5n: the n
// easiest and the n hardest the bank still has, and ⌈n/2⌉ of medium difficulty, dealt in turn to
// the mocks built together so they are alike. The easy variant takes the n easiest of the pool,
// the hard one the n hardest, medium the n closest to difficulty 2 (its medium items and some of
// the others). Each level takes its own passages and data figure (groupsPerLevel: hardest for hard,
// easiest for easy). So the four full mocks still share no question.

/** A stable shuffle, then easiest first. */
export const byDifficulty = (qs: Question[], salt: string) =>
  shuffled(qs, (q) => q.id, salt).sort((a, b) => a.difficulty - b.difficulty);

/**
 * One pool per mock (`ns[m]` items of this part in mock m), dealt in turn: the easiest, the hardest,
 * then the medium ones; topped up from other mocks' items when the bank runs out (never from
 * `avoid[m]`, the mock's own first section). `reuse`: single-measure mocks may take items of the
 * full mocks (the bank's easiest and hardest items are gone by then), preferring unused ones of the
 * same difficulty.
 */
export function dealPools(
  bank: MockBank,
  qs: Question[],
  ns: number[],
  salt: string,
  avoid: string[][],
  reuse: boolean,
): Question[][] {
  const { used } = bank;
  const pools: Question[][] = ns.map(() => []);
  const mine = new Set(avoid.flat());
  const order = reuse
    ? byDifficulty(
        qs.filter((q) => !mine.has(q.id)),
        salt,
      ).sort((a, b) => a.difficulty - b.difficulty || Number(used.has(a.id)) - Number(used.has(b.id)))
    : byDifficulty(
        qs.filter((q) => !used.has(q.id)),
        salt,
      );
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
}

/** The n easiest, the n closest to difficulty 2 and the n hardest of a pool, each in a stable mixed order. */
export function variantsOf(pool: Question[], n: number, salt: string): Record<AdaptiveLevel, string[]> {
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
}

export type Adaptive = { questionIds: string[]; variants: Record<AdaptiveLevel, string[]> };

/** The three variants of a section from its parts per level; the medium one is the fixed form. */
export function assemble(parts: (level: AdaptiveLevel) => string[]): Adaptive {
  const variants = { easy: parts('easy'), medium: parts('medium'), hard: parts('hard') };
  return { questionIds: variants.medium, variants };
}

const levels: readonly AdaptiveLevel[] = ['hard', 'easy', 'medium'];

/**
 * The passages (or figures) of each level of one mock's second section: the hardest untaken groups
 * for the hard variant, the easiest for the easy one, the most medium for the medium one, so reading
 * and data interpretation adapt too. A level the bank has no groups left for shares the medium
 * level's (taken last, from what is left; when nothing is left, the hard or easy level's).
 */
function groupsPerLevel(bank: MockBank, units: string[][], n: number, salt: string): Record<AdaptiveLevel, string[][]> {
  const got = Object.fromEntries(levels.map((l) => [l, takeGroups(bank, units, n, `${salt}-${l}`, l)])) as Record<
    AdaptiveLevel,
    string[][]
  >;
  const fallback = [got.medium, got.hard, got.easy].find((g) => g.length) ?? [];
  for (const l of levels) if (!got[l].length) got[l] = fallback;
  return got;
}

const countOf = (groups: string[][]) => groups.reduce((k, g) => k + g.length, 0);

/** Verbal 2 (15 = 4 TC + 4 SE + 7 RC) of `firsts.length` mocks built together (`firsts`: their Verbal 1). */
export function adaptiveVerbal(bank: MockBank, firsts: string[][], salt: string, reuse = false): Adaptive[] {
  const groups = firsts.map((_, m) => groupsPerLevel(bank, bank.readingUnits, 7, `${salt}-rc-${m}`));
  // Completions make up what the passages of a level leave of the 11 (4 TC + 7 RC).
  const nTc = groups.map((g) => Object.fromEntries(levels.map((l) => [l, 11 - countOf(g[l])])));
  const tcPools = dealPools(
    bank,
    bank.tc,
    nTc.map((n) => Math.max(...Object.values(n))),
    `${salt}-tc`,
    firsts,
    reuse,
  );
  const sePools = dealPools(
    bank,
    bank.se,
    firsts.map(() => 4),
    `${salt}-se`,
    firsts,
    reuse,
  );
  return firsts.map((_, m) => {
    const e = variantsOf(sePools[m] as Question[], 4, `${salt}-se-${m}`);
    return assemble((l) => {
      const t = variantsOf(tcPools[m] as Question[], nTc[m]?.[l] ?? 4, `${salt}-tc-${m}`);
      const [first, ...rest] = groups[m]?.[l] ?? [];
      return [...t[l], ...(first ?? []), ...e[l], ...rest.flat()];
    });
  });
}

/** Quant 2 (15 = 5 QC + 4 PS + a figure of 3 + 2 MA + 1 NE) of `firsts.length` mocks built together. */
export function adaptiveQuant(bank: MockBank, firsts: string[][], salt: string, reuse = false): Adaptive[] {
  const figures = firsts.map((_, m) => groupsPerLevel(bank, bank.diUnits, 3, `${salt}-di-${m}`));
  // Problem-solving items make up what the figure of a level leaves of the 7 (4 PS + 3 DI).
  const nPs = figures.map((f) => Object.fromEntries(levels.map((l) => [l, 7 - countOf(f[l])])));
  const same = (n: number) => firsts.map(() => n);
  const { qmath } = bank;
  const pools = {
    qc: dealPools(bank, qmath('qc'), same(5), `${salt}-qc`, firsts, reuse),
    ps: dealPools(
      bank,
      qmath('ps_single'),
      nPs.map((n) => Math.max(...Object.values(n))),
      `${salt}-ps`,
      firsts,
      reuse,
    ),
    pm: dealPools(bank, qmath('ps_multi'), same(2), `${salt}-pm`, firsts, reuse),
    ne: dealPools(bank, [...qmath('numeric'), ...qmath('numeric_fraction')], same(1), `${salt}-ne`, firsts, reuse),
  };
  return firsts.map((_, m) => {
    const v = {
      qc: variantsOf(pools.qc[m] as Question[], 5, `${salt}-qc-${m}`),
      pm: variantsOf(pools.pm[m] as Question[], 2, `${salt}-pm-${m}`),
      ne: variantsOf(pools.ne[m] as Question[], 1, `${salt}-ne-${m}`),
    };
    return assemble((l) => {
      const ps = variantsOf(pools.ps[m] as Question[], nPs[m]?.[l] ?? 4, `${salt}-ps-${m}`);
      return [...v.qc[l], ...ps[l], ...(figures[m]?.[l] ?? []).flat(), ...v.pm[l], ...v.ne[l]];
    });
  });
}

/** A mock's second Verbal or Quant section (adaptive). */
export function secondSection(kind: 'verbal' | 'quant', a: Adaptive): TemplateSection {
  const g = kind === 'verbal' ? greSections.verbal2 : greSections.quant2;
  return section(kind, g.name, g.minutes, a.questionIds, a.variants);
}

/** The template of a mock (page simulate); its kinds count every variant's questions. */
export function mockDef(
  kindOf: (id: string) => QuestionKind | undefined,
  id: string,
  title: string,
  kind: ExamKind,
  label: string,
  sections: TemplateSection[],
): TemplateDef {
  const ids = sections.flatMap((s) => s.questionIds);
  const all = new Set(sections.flatMap((s) => [...s.questionIds, ...Object.values(s.variants ?? {}).flat()]));
  return {
    unlockAt: 0,
    sections,
    template: {
      id,
      index: 0,
      title,
      param: `simulate:${kind}`,
      kinds: [...new Set([...all].map(kindOf).filter((k): k is QuestionKind => !!k))],
      unlock_date_stamp: 0,
      hide: false,
      label,
      page: 'simulate',
      exam_kind: kind,
      question_count: ids.length,
      time_limit_seconds: sections.reduce((n, s) => n + s.limit, 0),
      limit: 0,
    },
  };
}

/** Every mock of the bank's live questions, in page order. */
export function buildMocks(live: Question[], kindOf: (id: string) => QuestionKind | undefined): TemplateDef[] {
  const bank = mockBank(live);
  const { issue: iss, verbal1, quant1 } = greSections;
  const out: TemplateDef[] = [];
  const mock = (id: string, title: string, kind: ExamKind, label: string, sections: TemplateSection[]) =>
    out.push(mockDef(kindOf, id, title, kind, label, sections));

  // Four full mocks: first their fixed sections, then their adaptive second sections together.
  const full = [1, 2, 3, 4].map((k) => ({
    k,
    issue: take(bank, bank.issue, 1, `full-${k}`),
    v1: verbalSection(bank, 12, `full-${k}-v1`),
    q1: quantSection(bank, 12, `full-${k}-q1`),
  }));
  const fullV2 = adaptiveVerbal(
    bank,
    full.map((f) => f.v1),
    'full-v2',
  );
  const fullQ2 = adaptiveQuant(
    bank,
    full.map((f) => f.q1),
    'full-q2',
  );
  full.forEach((f, m) => {
    mock(`mock-full-${f.k}`, `全真模考 ${f.k}`, 'mock_full', '全真模考', [
      section('issue', iss.name, iss.minutes, f.issue),
      section('verbal', verbal1.name, verbal1.minutes, f.v1),
      section('quant', quant1.name, quant1.minutes, f.q1),
      secondSection('verbal', fullV2[m] as Adaptive),
      secondSection('quant', fullQ2[m] as Adaptive),
    ]);
  });

  // Single-measure mocks (adaptive too), from what is left.
  const v1s = [1, 2].map((k) => verbalSection(bank, 12, `v-${k}-1`));
  const q1s = [1, 2].map((k) => quantSection(bank, 12, `q-${k}-1`));
  const v2s = adaptiveVerbal(bank, v1s, 'v-2', true);
  const q2s = adaptiveQuant(bank, q1s, 'q-2', true);
  for (let k = 1; k <= 2; k++) {
    mock(`mock-verbal-${k}`, `语文单科模考 ${k}`, 'mock_verbal', '单科模考', [
      section('verbal', verbal1.name, verbal1.minutes, v1s[k - 1] as string[]),
      secondSection('verbal', v2s[k - 1] as Adaptive),
    ]);
    mock(`mock-quant-${k}`, `数学单科模考 ${k}`, 'mock_quant', '单科模考', [
      section('quant', quant1.name, quant1.minutes, q1s[k - 1] as string[]),
      secondSection('quant', q2s[k - 1] as Adaptive),
    ]);
  }
  for (let k = 1; k <= 2; k++) {
    mock(`mock-vsec-${k}`, `语文单部分模考 ${k}`, 'mock_section', '单部分', [
      section('verbal', verbal1.name, verbal1.minutes, verbalSection(bank, 12, `vs-${k}`)),
    ]);
    mock(`mock-qsec-${k}`, `数学单部分模考 ${k}`, 'mock_section', '单部分', [
      section('quant', quant1.name, quant1.minutes, quantSection(bank, 12, `qs-${k}`)),
    ]);
  }
  return out;
}

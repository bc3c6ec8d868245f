// The steps of mock assembly (exam.mocks.ts), each on a small synthetic bank; the whole on the real
// bank is in exam.adaptive.test.ts ("mock templates from the real bank").
import type { Question, QuestionKind } from '@gre/contract/question';
import { describe, expect, it } from 'vitest';
import {
  adaptiveQuant,
  adaptiveVerbal,
  assemble,
  buildMocks,
  byDifficulty,
  dealPools,
  greSections,
  groupUnits,
  mockBank,
  mockDef,
  quantSection,
  secondSection,
  section,
  shuffled,
  take,
  takeGroups,
  variantsOf,
  verbalSection,
} from './exam.mocks.ts';

const q = (
  id: string,
  kind: QuestionKind,
  category: number,
  difficulty: 1 | 2 | 3 = 2,
  group_id: string | null = null,
): Question => ({ id, kind, category, difficulty, group_id }) as unknown as Question;

/** `n` items of a kind, difficulties cycling 1, 2, 3. */
const many = (prefix: string, kind: QuestionKind, category: number, n: number) =>
  Array.from({ length: n }, (_, i) => q(`${prefix}-${i}`, kind, category, ((i % 3) + 1) as 1 | 2 | 3));

/** Groups of the given sizes (reading passages or data figures). */
const groups = (prefix: string, kind: QuestionKind, category: number, sizes: number[]) =>
  sizes.flatMap((size, g) =>
    Array.from({ length: size }, (_, i) => q(`${prefix}${g}-${i}`, kind, category, 2, `${prefix}${g}`)),
  );

/** A bank big enough for every mock without reuse of fixed sections. */
function bigBank(): Question[] {
  return [
    ...many('tc', 'tc1', 1, 120),
    ...many('se', 'se', 1, 80),
    ...groups(
      'rc',
      'rc_single',
      2,
      Array.from({ length: 30 }, (_, i) => [1, 3, 4][i % 3] as number),
    ),
    ...many('qc', 'qc', 3, 100),
    ...many('ps', 'ps_single', 3, 90),
    ...many('pm', 'ps_multi', 3, 50),
    ...many('ne', 'numeric', 3, 30),
    ...groups(
      'di',
      'ps_single',
      3,
      Array.from({ length: 10 }, () => 3),
    ),
    ...many('is', 'issue', 4, 10),
  ];
}

const kindOf = (bank: Question[]) => {
  const byId = new Map(bank.map((x) => [x.id, x]));
  return (id: string) => byId.get(id)?.kind;
};

describe('shuffled', () => {
  it('is a stable order per salt, and keeps every item', () => {
    const xs = ['a', 'b', 'c', 'd', 'e', 'f'];
    const one = shuffled(xs, (x) => x, 's1');
    expect(shuffled(xs, (x) => x, 's1')).toEqual(one);
    expect([...one].sort()).toEqual(xs);
    expect(xs.some((_, i) => shuffled(xs, (x) => x, `s${i + 2}`).join() !== one.join())).toBe(true);
  });
});

describe('mockBank and groupUnits', () => {
  it('splits the bank into passages, figures and single items by part', () => {
    const live = [
      q('t1', 'tc1', 1),
      q('t2', 'tc2', 1),
      q('s1', 'se', 1),
      q('r1', 'rc_single', 2, 2, 'g1'),
      q('r2', 'rc_multi', 2, 2, 'g1'),
      q('d1', 'ps_single', 3, 2, 'g2'),
      q('p1', 'ps_single', 3),
      q('i1', 'issue', 4),
    ];
    const bank = mockBank(live);
    expect(bank.readingUnits).toEqual([['r1', 'r2']]);
    expect(bank.diUnits).toEqual([['d1']]);
    expect(bank.tc.map((x) => x.id)).toEqual(['t1', 't2']);
    expect(bank.se.map((x) => x.id)).toEqual(['s1']);
    expect(bank.issue.map((x) => x.id)).toEqual(['i1']);
    expect(bank.qmath('ps_single').map((x) => x.id)).toEqual(['p1']);
    expect(bank.used.size).toBe(0);
    expect(groupUnits(live, (x) => x.category === 2)).toEqual([['r1', 'r2']]);
  });
});

describe('take', () => {
  it('takes untaken items and marks them; reuses only when too few are left', () => {
    const items = many('x', 'tc1', 1, 5);
    const bank = mockBank(items);
    const first = take(bank, items, 3, 'a');
    expect(first).toHaveLength(3);
    expect(new Set(first).size).toBe(3);
    expect(take(bank, items, 2, 'b').every((id) => !first.includes(id))).toBe(true);
    expect(bank.used.size).toBe(5);
    // Nothing fresh is left: the whole list again.
    expect(take(bank, items, 4, 'c')).toHaveLength(4);
  });
});

describe('takeGroups', () => {
  it('takes whole groups adding up to exactly n when possible, and never more', () => {
    const live = groups('g', 'rc_single', 2, [4, 4, 3, 2]);
    const bank = mockBank(live);
    const got = takeGroups(bank, bank.readingUnits, 7, 'salt');
    expect(got.flat()).toHaveLength(7);
    for (const g of got) expect(bank.readingUnits).toContainEqual(g);
    expect(bank.used.size).toBe(7);
    // What is left (a 4 or a 3, and the 2) cannot make 7: as close below as possible.
    const rest = takeGroups(bank, bank.readingUnits, 7, 'salt');
    expect(rest.flat().length).toBeLessThanOrEqual(7);
    expect(rest.flat().length).toBe(live.length - 7);
    expect(takeGroups(bank, bank.readingUnits, 7, 'salt')).toEqual([]);
  });
});

describe('fixed sections', () => {
  it('a Verbal section of 12: 3 TC, the first passage, 3 SE, the other passages (6 RC)', () => {
    const bank = mockBank(bigBank());
    const ids = verbalSection(bank, 12, 'v');
    expect(ids).toHaveLength(12);
    const prefixes = ids.map((id) => id.slice(0, 2));
    expect(prefixes.slice(0, 3)).toEqual(['tc', 'tc', 'tc']);
    expect(prefixes.filter((p) => p === 'se')).toHaveLength(3);
    expect(prefixes.filter((p) => p === 'rc')).toHaveLength(6);
    expect(prefixes[3]).toBe('rc');
  });

  it('missing reading is made up with completions', () => {
    const bank = mockBank([
      ...many('tc', 'tc1', 1, 20),
      ...many('se', 'se', 1, 10),
      ...groups('rc', 'rc_single', 2, [4]),
    ]);
    const ids = verbalSection(bank, 12, 'v');
    expect(ids).toHaveLength(12);
    expect(ids.filter((id) => id.startsWith('tc'))).toHaveLength(3 + 2);
  });

  it('a Quant section of 12: 4 QC, 3 PS, a figure of 3, 1 MA, 1 NE, in that order', () => {
    const bank = mockBank(bigBank());
    const ids = quantSection(bank, 12, 'q');
    expect(ids.map((id) => id.slice(0, 2))).toEqual([
      'qc',
      'qc',
      'qc',
      'qc',
      'ps',
      'ps',
      'ps',
      'di',
      'di',
      'di',
      'pm',
      'ne',
    ]);
  });

  it('section() times a section in seconds and keeps variants only when given', () => {
    expect(section('verbal', 'V', 18, ['a'])).toEqual({ name: 'V', kind: 'verbal', limit: 1080, questionIds: ['a'] });
    const variants = { easy: ['e'], medium: ['m'], hard: ['h'] };
    expect(section('quant', 'Q', 21, ['m'], variants).variants).toEqual(variants);
  });
});

describe('adaptive parts', () => {
  it('byDifficulty puts the easiest first', () => {
    const items = many('x', 'qc', 3, 9);
    const sorted = byDifficulty(items, 's').map((x) => x.difficulty);
    expect(sorted).toEqual([...sorted].sort());
  });

  it('dealPools gives each mock about 2.5n items, alike, sharing none, avoiding its own first section', () => {
    const bank = mockBank([]);
    const items = many('x', 'qc', 3, 60);
    const avoid = [['x-0'], ['x-1'], ['x-2'], ['x-3']];
    const pools = dealPools(bank, items, [5, 5, 5, 5], 's', avoid, false);
    expect(pools.map((p) => p.length)).toEqual([13, 13, 13, 13]);
    const all = pools.flat().map((x) => x.id);
    expect(new Set(all).size).toBe(all.length);
    for (const id of all) expect(bank.used.has(id)).toBe(true);
    // Each pool has easy and hard items.
    for (const p of pools) {
      expect(p.some((x) => x.difficulty === 1)).toBe(true);
      expect(p.some((x) => x.difficulty === 3)).toBe(true);
    }
  });

  it('dealPools reuses other mocks’ items when the bank runs out, never the mock’s own', () => {
    const bank = mockBank([]);
    const items = many('x', 'qc', 3, 8);
    // Mock 0's first section holds x-0 and x-1 (taken by then).
    const avoid = [['x-0', 'x-1'], []];
    for (const id of avoid.flat()) bank.used.add(id);
    const pools = dealPools(bank, items, [4, 4], 's', avoid, false);
    const [p0, p1] = pools.map((p) => p.map((x) => x.id)) as [string[], string[]];
    for (const p of [p0, p1]) expect(new Set(p).size).toBe(p.length);
    expect(p0.some((id) => avoid[0]?.includes(id))).toBe(false);
    expect(p0.length).toBeGreaterThan(3);
    // Mock 1 took items of mock 0's pool (and its first section) to fill up.
    expect(p1.some((id) => p0.includes(id) || avoid[0]?.includes(id))).toBe(true);
  });

  it('variantsOf: n easiest, n closest to medium, n hardest', () => {
    const pool = many('x', 'qc', 3, 12);
    const v = variantsOf(pool, 4, 's');
    const diff = (ids: string[]) => ids.map((id) => pool.find((x) => x.id === id)?.difficulty);
    expect(diff(v.easy).every((d) => d === 1)).toBe(true);
    expect(diff(v.medium).every((d) => d === 2)).toBe(true);
    expect(diff(v.hard).every((d) => d === 3)).toBe(true);
    expect(variantsOf(pool, 0, 's')).toEqual({ easy: [], medium: [], hard: [] });
  });

  it('assemble: the medium variant is the fixed form', () => {
    const a = assemble((l) => [l]);
    expect(a).toEqual({ questionIds: ['medium'], variants: { easy: ['easy'], medium: ['medium'], hard: ['hard'] } });
  });

  it('adaptive Verbal and Quant sections: 15 per variant, sharing nothing with the first sections', () => {
    const bank = mockBank(bigBank());
    const v1 = [verbalSection(bank, 12, 'a'), verbalSection(bank, 12, 'b')];
    const q1 = [quantSection(bank, 12, 'a'), quantSection(bank, 12, 'b')];
    const v2 = adaptiveVerbal(bank, v1, 'v2');
    const q2 = adaptiveQuant(bank, q1, 'q2');
    for (const [m, a] of [...v2.entries(), ...q2.entries()]) {
      for (const l of ['easy', 'medium', 'hard'] as const) {
        expect(a.variants[l]).toHaveLength(15);
        expect(new Set(a.variants[l]).size).toBe(15);
      }
      expect(a.questionIds).toEqual(a.variants.medium);
      const firsts = new Set([...(v1[m] ?? []), ...(q1[m] ?? [])]);
      expect(
        Object.values(a.variants)
          .flat()
          .some((id) => firsts.has(id)),
      ).toBe(false);
    }
    const second = secondSection('quant', q2[0] as NonNullable<(typeof q2)[0]>);
    expect(second).toMatchObject({
      kind: 'quant',
      name: greSections.quant2.name,
      limit: greSections.quant2.minutes * 60,
    });
  });
});

describe('mockDef and buildMocks', () => {
  it('mockDef: a simulate template counting the fixed form, with kinds of every variant', () => {
    const live = [q('a', 'tc1', 1), q('b', 'se', 1), q('c', 'qc', 3)];
    const def = mockDef(kindOf(live), 'm-1', 'M', 'mock_verbal', 'L', [
      section('verbal', 'V1', 18, ['a']),
      section('verbal', 'V2', 23, ['b'], { easy: ['c'], medium: ['b'], hard: ['a'] }),
    ]);
    expect(def.template).toMatchObject({
      id: 'm-1',
      page: 'simulate',
      param: 'simulate:mock_verbal',
      exam_kind: 'mock_verbal',
      question_count: 2,
      time_limit_seconds: (18 + 23) * 60,
    });
    expect(def.template.kinds.sort()).toEqual(['qc', 'se', 'tc1']);
  });

  it('buildMocks: 4 full mocks sharing no question, then 2 + 2 single-measure and 2 + 2 single-section mocks', () => {
    const live = bigBank();
    const mocks = buildMocks(live, kindOf(live));
    expect(mocks.map((d) => d.template.id)).toEqual([
      'mock-full-1',
      'mock-full-2',
      'mock-full-3',
      'mock-full-4',
      'mock-verbal-1',
      'mock-quant-1',
      'mock-verbal-2',
      'mock-quant-2',
      'mock-vsec-1',
      'mock-qsec-1',
      'mock-vsec-2',
      'mock-qsec-2',
    ]);
    const full = mocks
      .slice(0, 4)
      .map((d) => d.sections.flatMap((s) => [...s.questionIds, ...Object.values(s.variants ?? {}).flat()]));
    const seen = new Map<string, number>();
    full.forEach((ids, m) => {
      for (const id of new Set(ids)) {
        expect(seen.get(id), id).toBeUndefined();
        seen.set(id, m);
      }
    });
    expect(mocks[0]?.sections.map((s) => s.questionIds.length)).toEqual([1, 12, 12, 15, 15]);
    // Same bank → same mocks.
    expect(buildMocks(live, kindOf(live))).toEqual(mocks);
  });
});

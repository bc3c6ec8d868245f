// Evaluates the machine checks of math items (content/README.md, "Machine checks"). Content is
// repository data reviewed like code; the checks run in the tests (and `npm run content:check`),
// never in the serving path.
import type { ContentQuestion, MathCheck } from '@gre/contract/content';
import { seededRandom } from './word-questions.ts';

const eps = 1e-9;
type Vars = Record<string, number>;

function evaluate(expr: string, vars: Vars = {}): unknown {
  const names = Object.keys(vars);
  const fn = new Function(...names, `"use strict"; return (${expr});`) as (...a: number[]) => unknown;
  return fn(...names.map((n) => vars[n] as number));
}

const num = (v: unknown): number => (typeof v === 'bigint' ? Number(v) : (v as number));
const close = (a: number, b: number) => Math.abs(a - b) <= eps * Math.max(1, Math.abs(a), Math.abs(b));

/** 0: A greater, 1: B greater, 2: equal. */
function relation(a: number, b: number): number {
  if (close(a, b)) return 2;
  return a > b ? 0 : 1;
}

export type CheckResult = { ok: true } | { ok: false; reason: string };

export function runMathCheck(q: ContentQuestion): CheckResult {
  if (!('check' in q)) return { ok: false, reason: 'no check' };
  const c: MathCheck = q.check;
  try {
    switch (q.kind) {
      case 'numeric': {
        const v = num(evaluate(c.compute ?? 'NaN'));
        return close(v, Number(q.value)) ? { ok: true } : { ok: false, reason: `compute ${v} ≠ ${q.value}` };
      }
      case 'numeric_fraction': {
        const [p, d] = q.value.split('/').map(Number) as [number, number];
        const v = num(evaluate(c.compute ?? 'NaN'));
        return close(v, p / d) ? { ok: true } : { ok: false, reason: `compute ${v} ≠ ${q.value}` };
      }
      case 'ps_single':
      case 'ps_multi': {
        const values = (c.option_values ?? []).map((e) => evaluate(e));
        if (values.length !== q.options.length) return { ok: false, reason: 'option_values do not match the options' };
        let correct: number[];
        if (c.predicate) {
          const pred = evaluate(c.predicate) as (v: unknown) => boolean;
          correct = values.flatMap((v, i) => (pred(v) ? [i] : []));
        } else {
          const target = num(evaluate(c.compute ?? 'NaN'));
          correct = values.flatMap((v, i) => (close(num(v), target) ? [i] : []));
        }
        const keyed = [...q.answer].sort((a, b) => a - b);
        return JSON.stringify(correct) === JSON.stringify(keyed)
          ? { ok: true }
          : {
              ok: false,
              reason: `options satisfying the check ${JSON.stringify(correct)} ≠ key ${JSON.stringify(keyed)}`,
            };
      }
      case 'qc': {
        const keyed = q.answer[0];
        if (!c.a || !c.b) return { ok: false, reason: 'qc check needs a and b' };
        const rel = (vars: Vars) => relation(num(evaluate(c.a as string, vars)), num(evaluate(c.b as string, vars)));
        const where = (vars: Vars) => (c.where ? Boolean(evaluate(c.where, vars)) : true);
        if (keyed === 3) {
          const cases = c.cases ?? [];
          if (cases.length < 2) return { ok: false, reason: '"cannot be determined" needs two cases' };
          if (!cases.every(where)) return { ok: false, reason: 'a case does not satisfy where' };
          const seen = new Set(cases.map(rel));
          return seen.size >= 2 ? { ok: true } : { ok: false, reason: 'the cases give the same relation' };
        }
        if (!c.vars || Object.keys(c.vars).length === 0) {
          const r = rel({});
          return r === keyed ? { ok: true } : { ok: false, reason: `relation ${r} ≠ key ${keyed}` };
        }
        const rand = seededRandom(q.id);
        const ints = new Set(c.integer ?? []);
        let found = 0;
        for (let tries = 0; tries < 400_000 && found < 2000; tries++) {
          const vars: Vars = {};
          for (const [name, [lo, hi]] of Object.entries(c.vars)) {
            vars[name] = ints.has(name) ? lo + Math.floor(rand() * (hi - lo + 1)) : lo + rand() * (hi - lo);
          }
          if (!where(vars)) continue;
          found++;
          const r = rel(vars);
          if (r !== keyed)
            return { ok: false, reason: `at ${JSON.stringify(vars)} the relation is ${r}, key ${keyed}` };
        }
        return found > 0 ? { ok: true } : { ok: false, reason: 'no assignment satisfies where' };
      }
      default:
        return { ok: false, reason: `${(q as { kind: string }).kind} has no math check` };
    }
  } catch (err) {
    return { ok: false, reason: `check threw: ${(err as Error).message}` };
  }
}

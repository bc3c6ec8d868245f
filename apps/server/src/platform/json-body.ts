// Limits on the shape of a JSON body, checked once by the JSON content-type parser (app.ts) before
// any schema or handler sees the value (ADR 0018). A body nested a few thousand levels deep
// overflowed the stack of the first recursive walk over it (JSON.stringify in the old NUL check) and
// answered 500. PostgreSQL cannot store U+0000 in text, so a real NUL in any string, key or value,
// is refused here too; the six characters `\u0000` typed as text are ordinary text and pass.
import { AppError } from './errors.ts';

export const jsonBodyLimits = {
  /** Nested objects and arrays, the body itself counting as 1. The contract's deepest request is 4. */
  maxDepth: 32,
  /** Keys of one object. The widest request object has a dozen fields. */
  maxKeys: 200,
  /** Items of one array. The longest request array allows 50 (question ids). */
  maxItems: 1000,
  /** Values in the whole body (objects, arrays, strings, numbers, booleans, nulls). */
  maxValues: 20_000,
};

export type JsonBodyProblem = 'depth' | 'keys' | 'items' | 'values' | 'nul';

const shows: Record<JsonBodyProblem, string> = {
  depth: `请求内容嵌套过深（最多 ${jsonBodyLimits.maxDepth} 层）`,
  keys: `请求内容的字段过多（每个对象最多 ${jsonBodyLimits.maxKeys} 个）`,
  items: `请求内容的列表过长（每个列表最多 ${jsonBodyLimits.maxItems} 项）`,
  values: `请求内容过多（最多 ${jsonBodyLimits.maxValues} 个值）`,
  nul: '请求中包含不允许的字符（U+0000）',
};

/**
 * The first limit a parsed JSON value breaks, or null. Iterative (an explicit stack), so its own
 * depth never touches the call stack, and it stops at the first problem.
 */
export function jsonBodyProblem(value: unknown, limits = jsonBodyLimits): JsonBodyProblem | null {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 1 }];
  let values = 0;
  while (stack.length > 0) {
    const { value: v, depth } = stack.pop() as { value: unknown; depth: number };
    if (++values > limits.maxValues) return 'values';
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return 'nul';
      continue;
    }
    if (typeof v !== 'object' || v === null) continue;
    if (depth > limits.maxDepth) return 'depth';
    if (Array.isArray(v)) {
      if (v.length > limits.maxItems) return 'items';
      for (const item of v) stack.push({ value: item, depth: depth + 1 });
      continue;
    }
    const keys = Object.keys(v);
    if (keys.length > limits.maxKeys) return 'keys';
    for (const key of keys) {
      if (key.includes('\u0000')) return 'nul';
      stack.push({ value: (v as Record<string, unknown>)[key], depth: depth + 1 });
    }
  }
  return null;
}

/** The refusal for a body over the limits: HTTP 400, kind bad_request, a Chinese message. */
export function jsonBodyError(problem: JsonBodyProblem): AppError {
  return new AppError('bad_request', { show: shows[problem], detail: `json_${problem}`, status: 400 });
}

// Property: whatever malformed body reaches any endpoint of the contract - wrong types, missing
// fields, huge strings, deep nesting, NULs, prototype-pollution keys, arrays or scalars instead of
// objects, text that is not JSON, the wrong content type - from an anonymous caller, a member or an
// admin, the server answers without a 5xx, in the envelope with a Chinese message, and writes
// nothing. Fixed seed and run count (ADR 0009: the suite stays fast and repeatable); a failure prints
// the shrunk body and the seed to replay it.
import { allEndpoints } from '@gre/contract/all-endpoints';
import type { Endpoint } from '@gre/contract/endpoint';
import { errorKinds } from '@gre/contract/envelope';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerUser, staffUser } from '../test/accounts.ts';
import { createTestApp, type TestApp, testDbKinds } from '../test/harness.ts';

/** Runs per endpoint, per database: 46 endpoints × 25 ≈ 1,150 requests, about 5 s on PGlite. */
const runsPerEndpoint = 25;
const seed = 20_261_121;

/** The statuses a refusal may carry (ADR 0003, 0018): business refusals 200, then 400/401/413/415. */
const refusalStatuses = [200, 400, 401, 413, 415];

const envelopeSchema = z.strictObject({
  ok: z.literal(false),
  data: z.null(),
  err_data: z.strictObject({
    kind: z.enum(errorKinds),
    show: z.string().regex(/[\u4e00-\u9fff]/, 'show must be a Chinese sentence'),
    detail: z.string(),
    overflow_subject: z.string(),
    role_name: z.string(),
  }),
});

// Bodies ------------------------------------------------------------------------------------------

const nestedArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** A value no field of the contract expects, or one far outside what any field allows. */
const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 123456789012, 1e308, '', [], {}),
  fc.string({ maxLength: 30, unit: 'binary' }),
  fc.string({ maxLength: 10 }).map((s) => `${s}\u0000${s}`),
  fc.constantFrom('\\u0000', '💥\u202e', '<script>alert(1)</script>', "' or 1=1 --", '../../etc/passwd'),
  fc.integer({ min: 1000, max: 200_000 }).map((n) => 'x'.repeat(n)),
  fc.jsonValue({ maxDepth: 3 }),
  fc.integer({ min: 33, max: 80 }).map((d) => JSON.parse(nestedArrays(d)) as unknown),
);

interface Body {
  label: string;
  text: string;
  [fc.toStringMethod]: () => string;
}

/** A body; a failure report shows its label and first 200 characters, not a megabyte. */
const body = (label: string, text: string): Body => ({
  label,
  text,
  [fc.toStringMethod]: () => `${label} (${text.length} chars): ${JSON.stringify(text.slice(0, 200))}`,
});
const json = (label: string) => (v: unknown) => body(label, JSON.stringify(v));

function bodiesFor(ep: Endpoint): fc.Arbitrary<Body> {
  const keys = ep.request instanceof z.ZodObject ? Object.keys(ep.request.shape) : [];
  const someKeys = keys.length > 0 ? fc.constantFrom(...keys) : fc.constant('x');
  const junkFields = fc.dictionary(fc.oneof(someKeys, fc.string({ maxLength: 8 })), junkValue, { maxKeys: 6 });
  return fc.oneof(
    // Wrong types and missing fields.
    { weight: 5, arbitrary: junkFields.map(json('junk fields')) },
    { weight: 1, arbitrary: fc.constant(body('empty object', '{}')) },
    // Prototype pollution.
    {
      weight: 2,
      arbitrary: fc
        .tuple(someKeys, fc.constantFrom('__proto__', 'constructor', 'prototype'), fc.jsonValue({ maxDepth: 2 }))
        .map(([key, evil, value]) =>
          body(
            `pollution ${evil}`,
            `{${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'},"${evil}":{"is_admin":true,"prototype":{"role_kind":9}}}`,
          ),
        ),
    },
    // Deep nesting, at the top or under a field.
    {
      weight: 2,
      arbitrary: fc.tuple(fc.integer({ min: 33, max: 20_000 }), fc.boolean(), someKeys).map(([depth, arrays, key]) => {
        const deep = arrays ? nestedArrays(depth) : nestedObjects(depth);
        return body(`depth ${depth}`, depth % 2 ? deep : `{${JSON.stringify(key)}:${deep}}`);
      }),
    },
    // Real NULs in a value or a key.
    {
      weight: 2,
      arbitrary: fc
        .tuple(someKeys, fc.boolean())
        .map(([key, inKey]) => body('NUL', JSON.stringify(inKey ? { [`${key}\u0000`]: 'x' } : { [key]: 'a\u0000b' }))),
    },
    // Too many keys, items or values; a body over the 1 MiB limit.
    {
      weight: 1,
      arbitrary: fc
        .tuple(someKeys, fc.integer({ min: 201, max: 3000 }))
        .map(([key, n]) =>
          body(
            `${n} items`,
            JSON.stringify(
              n % 2
                ? { [key]: new Array(n * 2).fill(0) }
                : Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i])),
            ),
          ),
        ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(someKeys, fc.integer({ min: 500_000, max: 1_200_000 }))
        .map(([key, n]) => body(`string of ${n}`, JSON.stringify({ [key]: 'x'.repeat(n) }))),
    },
    // Arrays and scalars instead of an object.
    { weight: 2, arbitrary: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }).map(json('array')) },
    { weight: 1, arbitrary: fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.boolean()).map(json('scalar')) },
    // Not JSON at all.
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          fc.string({ maxLength: 40, unit: 'binary' }),
          fc.constantFrom('{not json', '{"a":', '{"a":1,}', "{'a':1}", 'undefined', 'NaN', '\u0000', '{"a":1}{"b":2}'),
          junkFields.map((v) => JSON.stringify(v).slice(0, -1)),
        )
        .map((text) => body('not JSON', text)),
    },
  );
}

const contentTypes = fc.oneof(
  { weight: 6, arbitrary: fc.constant('application/json') },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'application/json; charset=utf-16',
      'text/plain',
      'text/html',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=xyz',
      'application/xml',
      'application/octet-stream',
      '',
      'none',
    ),
  },
);

/** Whether the request would be an acceptable call: then it is not malformed and is not sent. */
function acceptable(ep: Endpoint, contentType: string, text: string): boolean {
  // Fastify parses every application/json body as UTF-8 JSON, whatever charset it names.
  if (!/^application\/json/i.test(contentType)) return false;
  let value: unknown;
  try {
    value = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    return false;
  }
  if (/"(__proto__|constructor)"/.test(text)) return false;
  let values = 0;
  const fits = (v: unknown, depth: number): boolean => {
    if (++values > 20_000) return false;
    if (typeof v === 'string') return !v.includes('\u0000');
    if (typeof v !== 'object' || v === null) return true;
    if (depth > 32) return false;
    const entries = Array.isArray(v) ? v.map((item) => ['', item] as const) : Object.entries(v);
    if (entries.length > (Array.isArray(v) ? 1000 : 200)) return false;
    return entries.every(([key, item]) => !key.includes('\u0000') && fits(item, depth + 1));
  };
  return fits(value, 1) && ep.request.safeParse(value).success;
}

// The database, before and after --------------------------------------------------------------------

/** The question bank and vocabulary: written by the content import only, too big to digest per call. */
const bankTables = new Set([
  'questions',
  'question_groups',
  'content_sets',
  'tags',
  'words',
  'word_roots',
  'word_similar_groups',
]);

async function tablesOf(t: TestApp): Promise<string[]> {
  const { rows } = (await t.database.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: { table_name: string }[] };
  return rows.map((r) => r.table_name);
}

/**
 * Per table, the row count and (for every table but the bank's) a digest of its rows, in one
 * query: any insert, update or delete changes it.
 */
async function databaseState(t: TestApp, tables: string[]): Promise<Record<string, string>> {
  const parts = tables.map((table) =>
    bankTables.has(table)
      ? `select '${table}' as t, count(*)::text as s from "${table}"`
      : `select '${table}' as t, count(*)::text || ':' || coalesce(md5(string_agg(md5(x::text), '' order by md5(x::text))), '') as s from "${table}" x`,
  );
  const { rows } = (await t.database.db.execute(sql.raw(parts.join(' union all ')))) as unknown as {
    rows: { t: string; s: string }[];
  };
  return Object.fromEntries(rows.map((r) => [r.t, r.s]));
}

// The property ---------------------------------------------------------------------------------------

describe.each(testDbKinds())('malformed bodies on every endpoint, on %s', (kind) => {
  let t: TestApp;
  let tokens: Record<'anonymous' | 'member' | 'admin', string | undefined>;
  let tables: string[];
  let sent = 0;
  let skipped = 0;
  beforeAll(async () => {
    t = await createTestApp(kind);
    tables = await tablesOf(t);
    tokens = {
      anonymous: undefined,
      member: (await registerUser(t)).token,
      admin: (await staffUser(t, { isAdmin: true })).token,
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('walks the whole contract', () => {
    expect(allEndpoints.length).toBeGreaterThanOrEqual(40);
  });

  for (const [index, ep] of allEndpoints.entries()) {
    it(`${ep.path}: never a 5xx, always the envelope, nothing written`, async () => {
      const before = await databaseState(t, tables);
      await fc.assert(
        fc.asyncProperty(
          bodiesFor(ep),
          contentTypes,
          fc.constantFrom('anonymous', 'member', 'admin') as fc.Arbitrary<keyof typeof tokens>,
          async (sample, contentType, caller) => {
            if (acceptable(ep, contentType, sample.text)) {
              skipped++;
              return;
            }
            sent++;
            const token = tokens[caller];
            const res = await t.app.inject({
              method: 'POST',
              url: ep.path,
              headers: {
                ...(contentType === 'none' ? {} : { 'content-type': contentType }),
                ...(token ? { authorization: `Bearer ${token}` } : {}),
              },
              payload: sample.text,
            });
            const where = `${ep.path} as ${caller}, ${contentType}, ${sample.label}: ${res.statusCode} ${res.body.slice(0, 300)}`;
            expect(refusalStatuses, where).toContain(res.statusCode);
            let answer: unknown;
            try {
              answer = JSON.parse(res.body);
            } catch {
              answer = res.body;
            }
            const envelope = envelopeSchema.safeParse(answer);
            expect(envelope.success, `${where}\n${envelope.error?.message ?? ''}`).toBe(true);
          },
        ),
        { numRuns: runsPerEndpoint, seed: seed + index },
      );
      expect(await databaseState(t, tables), `${ep.path} wrote to the database`).toEqual(before);
    });
  }

  it('sent most generated bodies (few were acceptable calls)', () => {
    expect(sent).toBeGreaterThan(skipped * 4);
  });
});

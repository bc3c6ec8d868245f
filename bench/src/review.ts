// Rows of `npm run bench` for the review loop (issue 14), on PostgreSQL: 100 users each with 5,000
// crafts and 50 collect tags (inserted directly in SQL), then
// - /api/review/get_tree cold: the first call of each of the 100 users, all at once (the aggregate);
// - get_tree for 100 users who each open a book about once a second (the target's row), then the
//   same 100 connections without pause (the ceiling; warm: trees are cached per user);
// - /api/craft/update_v2 for 200 users who each save a note about once a second (the target's row),
//   then without pause;
// - get_tree while its own users write (every write drops the writer's cached tree).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import { benchAccounts } from './accounts.ts';

export interface ReviewFigures {
  name: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /**
   * Answers with `ok: false` (HTTP 200 envelopes: a limit, a question the role may not open): not
   * served requests, so never in the latencies or req/s; a row with any is not a valid figure.
   */
  refused: number;
  /** The first refusal's err_data, to say why. */
  refusal?: string | undefined;
  /** The endpoint and the time window of the row (ms since the epoch), to match the server's log. */
  path?: string;
  from?: number;
  to?: number;
}

const crafts = 5000;
const tags = 50;

/** Fills `ids`' crafts: real question ids first, then made-up ones with real categories and kinds. */
async function fill(databaseUrl: string, userIds: number[]) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into collect_tags (user_id, name, desp, created_at)
       select u, '标签 ' || t, '', now() from unnest($1::bigint[]) u, generate_series(1, $2) t`,
      [userIds, tags],
    );
    await client.query(
      `with q as (
         select id, category, kind, tag_ids, row_number() over (order by id) as rn from questions where not retired
       ), n as (select count(*) as n from q),
       pick as (
         select i, coalesce(q.id, 'bench-q-' || i) as id, coalesce(q.category, q2.category) as category,
           coalesce(q.kind, q2.kind) as kind, coalesce(q.tag_ids, q2.tag_ids) as tag_ids
         from generate_series(1, $2) i
         left join q on q.rn = i
         join q q2 on q2.rn = 1 + (i % (select n from n))
       )
       insert into crafts (user_id, question_id, category, kind, tag_ids, collected, collect_ids, wrong, wrong_count,
         mastery, reason_ids, reasons, source_name, scheduled, due_at, memory, text_input, updated_at)
       select u, p.id, p.category, p.kind, p.tag_ids,
         p.i % 3 = 0, case when p.i % 3 = 0 then array[ct.ids[1 + p.i % $3]] else '{}'::bigint[] end,
         p.i % 2 = 0, p.i % 4,
         p.i % 6, case when p.i % 5 = 0 then array['fv-unknown', 'st-time'] else '{}'::text[] end,
         case when p.i % 5 = 0 then '[{"reason_id":"fv-unknown","type":"vocab","checked":true}]'::jsonb else '[]'::jsonb end,
         '练习 ' || (p.i % 40), p.i % 2 = 0, now() + ((p.i % 30) || ' days')::interval,
         case when p.i % 2 = 0 then '{"state":2,"due":0,"stability":3,"difficulty":5,"elapsed_days":0,"scheduled_days":3,"learning_steps":0,"reps":2,"lapses":1,"last_review":0}'::jsonb end,
         case when p.i % 5 = 0 then '{"note":"转折在远处","review":"","difficulty":"","new_way":"","puzzle":""}'::jsonb end,
         now() - (p.i || ' minutes')::interval
       from unnest($1::bigint[]) u
       join lateral (select array_agg(id order by id) as ids from collect_tags where user_id = u) ct on true
       cross join pick p`,
      [userIds, crafts, tags],
    );
    // Start from a steady state, not from the bulk load's aftermath (an autovacuum of 500,000 new
    // rows and a checkpoint of their WAL would otherwise land inside the timed rows).
    await client.query('vacuum analyze crafts');
    await client.query('checkpoint').catch(() => {});
    const { rows } = await client.query<{ id: string }>(
      `select id from questions where not retired and category in (1, 2, 3) order by id limit 200`,
    );
    return rows.map((r) => r.id);
  } finally {
    await client.end();
  }
}

/** An answer with `ok: false`: the server refused the call (told apart from a failed request). */
export class Refused extends Error {}

/** One call; its time as the client sees it. Throws `Refused` for an `ok: false` answer. */
export async function post(base: string, path: string, token: string, body: unknown) {
  const t0 = performance.now();
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { ok: boolean; err_data: unknown };
  if (!json.ok) throw new Refused(`${path}: ${JSON.stringify(json.err_data)}`);
  return performance.now() - t0;
}

/** Counts the refusals of a row and keeps the first one's reason. */
function refusals() {
  const r = { refused: 0, refusal: undefined as string | undefined };
  return {
    r,
    add(why: string) {
      r.refused++;
      r.refusal ??= why.slice(0, 200);
    },
  };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

/**
 * Round-robin over the users' tokens (and per-user bodies), one request after another. Every answer's
 * envelope is checked (`{"ok":true` first: the registrar writes `ok` first), refusals counted.
 */
function rotating(tokens: string[], body: (i: number) => unknown) {
  let n = 0;
  const seen = refusals();
  return {
    seen: seen.r,
    requests: [
      {
        setupRequest: (req: { headers?: Record<string, string>; body?: string }) => {
          const i = n++ % tokens.length;
          req.headers = { ...req.headers, authorization: `Bearer ${tokens[i]}` };
          req.body = JSON.stringify(body(i));
          return req;
        },
        onResponse: (_status: number, body: string) => {
          if (!body.startsWith('{"ok":true')) seen.add(body);
        },
      },
    ],
  };
}

async function cannon(
  name: string,
  url: string,
  connections: number,
  duration: number,
  calls: ReturnType<typeof rotating>,
): Promise<ReviewFigures> {
  const from = Date.now();
  const r = await autocannon({
    url,
    method: 'POST',
    connections,
    duration,
    headers: { 'content-type': 'application/json' },
    requests: calls.requests as never,
  });
  const { refused, refusal } = calls.seen;
  return {
    name,
    connections,
    // Served calls only (autocannon's latencies include the refusals: such a row is not valid anyway).
    rps: refused ? Math.max(0, r.requests.total - refused) / (r.duration || duration) : r.requests.average,
    refused,
    ...(refusal ? { refusal } : {}),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    path: new URL(url).pathname,
    from,
    to: Date.now(),
  };
}

/**
 * Users at a pace: each user calls `path` once per `everyMs` (the first call at a random moment in
 * the first interval, then every `everyMs` ± 20 %), for `seconds`; latencies as the client sees them.
 * Unlike autocannon's overallRate (a budget released at the start of each second), calls are spread.
 */
export async function pacedUsers(
  name: string,
  base: string,
  path: string,
  tokens: string[],
  body: (i: number, n: number) => unknown,
  everyMs: number,
  seconds: number,
): Promise<ReviewFigures> {
  const ms: number[] = [];
  let errors = 0;
  const seen = refusals();
  const from = Date.now();
  const stopAt = performance.now() + seconds * 1000;
  // Diagnostics printed under the row: when the slow calls came (a burst at one moment is a stall of
  // the server or the database; spread ones are load) and this process's own event-loop delay (a
  // stalled client inflates every latency it measures).
  const rowStart = performance.now();
  const slow: { at: number; ms: number }[] = [];
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();

  const sleep = (t: number) => new Promise((r) => setTimeout(r, t));
  await Promise.all(
    tokens.map(async (token, i) => {
      await sleep(Math.random() * everyMs);
      for (let n = 0; performance.now() < stopAt; n++) {
        const started = performance.now();
        try {
          const took = await post(base, path, token, body(i, n));
          ms.push(took);
          if (took > 20) slow.push({ at: (started - rowStart) / 1000, ms: took });
        } catch (e) {
          if (e instanceof Refused) seen.add(e.message);
          else errors++;
        }
        await sleep(Math.max(0, everyMs * (0.8 + Math.random() * 0.4) - (performance.now() - started)));
      }
    }),
  );
  loop.disable();
  const worst = slow.sort((a, b) => b.ms - a.ms).slice(0, 8);
  console.log(
    `${name}: ${slow.length} calls over 20 ms${worst.length ? ` (slowest at s into the row: ${worst.map((w) => `${w.at.toFixed(2)}s ${w.ms.toFixed(0)} ms`).join(', ')})` : ''}; this process's event-loop delay max ${(loop.max / 1e6).toFixed(1)} ms`,
  );
  return {
    name,
    connections: tokens.length,
    rps: ms.length / seconds,
    p50: pct(ms, 50),
    p99: pct(ms, 99),
    errors,
    non2xx: 0,
    ...seen.r,
    path,
    from,
    to: Date.now(),
  };
}

export async function reviewRows(
  label: string,
  base: string,
  databaseUrl: string,
  duration: number,
): Promise<ReviewFigures[]> {
  const readers = await benchAccounts(databaseUrl, 100);
  const writers = await benchAccounts(databaseUrl, 200);
  // 普通会员 (FreeVIP): update_v2 checks their collect/note quota under a per-user lock (ADR 0025).
  const members = await benchAccounts(databaseUrl, 200, { roleKind: 2 });
  const t0 = performance.now();
  const questionIds = await fill(databaseUrl, readers.ids);
  console.log(
    `(review bench: ${readers.ids.length} users × ${crafts} crafts and ${tags} tags inserted in ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
  );
  const rows: ReviewFigures[] = [];
  const tree = (i: number) => ({ scope: (['wrongs', 'collect', 'note'] as const)[i % 3] });
  // Cold: each user's first tree of each book, 100 at once.
  for (const scope of ['wrongs', 'collect', 'note'] as const) {
    const started = performance.now();
    const seen = refusals();
    const ms = (
      await Promise.all(
        readers.tokens.map((t) =>
          post(base, '/api/review/get_tree', t, { scope }).catch((e: unknown) => {
            if (!(e instanceof Refused)) throw e;
            seen.add(e.message);
            return null;
          }),
        ),
      )
    ).filter((x) => x !== null);
    rows.push({
      name: `${label} get_tree cold (${scope}, 100 at once)`,
      connections: 100,
      rps: (ms.length / (performance.now() - started)) * 1000,
      p50: pct(ms, 50),
      p99: pct(ms, 99),
      errors: 0,
      non2xx: 0,
      ...seen.r,
    });
  }
  // Users as they are: each opens a book about once a second (100 users → about 100 req/s).
  rows.push(
    await pacedUsers(
      `${label} get_tree, 100 users, 1/s each`,
      base,
      '/api/review/get_tree',
      readers.tokens,
      (i) => tree(i),
      1000,
      duration,
    ),
  );
  // The ceiling: 100 connections asking without pause.
  rows.push(
    await cannon(
      `${label} /api/review/get_tree (warm)`,
      `${base}/api/review/get_tree`,
      100,
      duration,
      rotating(readers.tokens, tree),
    ),
  );
  const note = (i: number) => ({
    update_kind: 'Note',
    craft_id: questionIds[i % questionIds.length],
    craft: {
      note: {
        text_input: { note: `第 ${i} 次笔记`, review: '', difficulty: '', new_way: '', puzzle: '' },
        review: { mastery: 1 + (i % 5), reasons: '' },
      },
    },
  });
  // Users saving a note about once a second each (200 users → about 200 req/s).
  rows.push(
    await pacedUsers(
      `${label} update_v2, 200 users, 1/s each`,
      base,
      '/api/craft/update_v2',
      writers.tokens,
      (i, n) => note(i + n),
      1000,
      duration,
    ),
  );
  rows.push(
    await pacedUsers(
      `${label} update_v2, 200 members (quota), 1/s each`,
      base,
      '/api/craft/update_v2',
      members.tokens,
      (i, n) => note(i + n),
      1000,
      duration,
    ),
  );
  rows.push(
    await cannon(
      `${label} /api/craft/update_v2`,
      `${base}/api/craft/update_v2`,
      200,
      duration,
      rotating(writers.tokens, note),
    ),
  );
  // Reads while the readers themselves write: every write drops that user's cached tree.
  const mixed = await Promise.all([
    cannon(
      `${label} get_tree while its users write`,
      `${base}/api/review/get_tree`,
      100,
      duration,
      rotating(readers.tokens, tree),
    ),
    cannon(`${label} (their update_v2)`, `${base}/api/craft/update_v2`, 20, duration, rotating(readers.tokens, note)),
  ]);
  rows.push(...mixed);
  return rows;
}

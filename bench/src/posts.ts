// `npm run bench:posts` — a question's discussion with 10,000 comments (issue 18, ADR 0037) on a fresh
// PostgreSQL database (BENCH_DATABASE_URL or TEST_DATABASE_URL): 10,000 top-level comments with likes
// spread over them and 5,000 replies under the first 500, inserted directly; 100 readers (one account
// and token each, 100 connections) page it through the server: the first page newest first, the
// first page most liked first, a page 5,000 comments deep newest and most liked first (keyset
// cursors), a comment's replies, and the first page again while one reader likes and unlikes 10 times a
// second (each like drops the topic's cached pages and readers' states).
// Target: p99 < 50 ms at 100 concurrent readers. The server's own times beside the client's.
// The machine may be shared: two baselines are measured in the same run, a bare Fastify
// hello-world (bench/src/baseline.ts) and the app's own /api/user/get (the same auth path and a user
// read), and every row is also printed as a ratio to them, with the load average before and after.
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { benchAccounts, jwtSecret } from './accounts.ts';
import { printWithServerTimes, readServerLog, type ServerLog, startProcess, stop, withTempPostgres } from './server.ts';

const duration = Number(process.env.BENCH_SECONDS ?? 10);
const comments = 10_000;
const readers = 100;

let log: ServerLog = { served: [], gcs: [] };
const loadBefore = os.loadavg();
const rows = await withTempPostgres(async (env) => {
  const port = process.env.BENCH_PORT ?? '3283';
  const server = await startProcess(
    [...(process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(' ').filter(Boolean), 'apps/server/src/main.ts'],
    { PORT: port, HOST: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'info', JWT_SECRET: jwtSecret, ...env },
    /is ready on/,
  );
  log = readServerLog(server.proc);
  const base = `http://127.0.0.1:${port}`;
  const url = env.DATABASE_URL as string;
  try {
    const { ids, tokens } = await benchAccounts(url, readers);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    // The run's database is dropped with (force) at the end, also after a failure: not an error here.
    client.on('error', () => {});
    // Readers are SVIP members, not staff (staff answers differ: anonymous authors named).
    await client.query(
      `update users set is_admin = false, role_kind = 4, role_expire_at = now() + interval '30 days' where id = any($1)`,
      [ids],
    );
    interface Answer {
      ok: boolean;
      data: { question_infos: { id: string }[]; next_cursor: string };
    }
    const call = async (path: string, body: unknown) =>
      (await (
        await fetch(`${base}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[0]}` },
          body: JSON.stringify(body),
        })
      ).json()) as Answer;
    const found = await call('/api/question/search', { category: 1, page_size: 20 });
    let topic = '';
    // page_size 1: not the measured rows' page, which would otherwise stay cached empty (the comments
    // below go straight into the database, past the writes that drop cached pages).
    for (const q of found.data.question_infos)
      if ((await call('/api/post/get', { topic_id: q.id, page_size: 1 })).ok) {
        topic = q.id;
        break;
      }
    if (!topic) throw new Error('no question to discuss');
    const t0 = performance.now();
    const { rows: postRows } = await client.query<{ id: string }>(
      `insert into posts (topic_id, created_at, comment_count) values ($1, now(), $2) returning id`,
      [topic, comments + 5000],
    );
    const postId = postRows[0]?.id;
    await client.query(
      `insert into comments (post_id, user_id, content, anonymous, status, like_count, reply_count, created_at)
       select $1, ($2::bigint[])[1 + i % $3], '第 ' || i || ' 条：这道题的关键在于转折词 whereas，前后两句的态度相反。', i % 7 = 0, 1,
              (i * 7919) % 97, case when i <= 500 then 10 else 0 end, now() - ($4 - i) * interval '1 second'
       from generate_series(1, $4) i`,
      [postId, ids, ids.length, comments],
    );
    await client.query(
      `insert into comments (post_id, user_id, root_id, parent_id, content, anonymous, status, created_at)
       select $1, ($2::bigint[])[1 + i % $3], r.id, r.id, '同意，第 ' || i || ' 条回复', i % 5 = 0, 1, now()
       from (select id from comments where post_id = $1 and root_id is null order by id limit 500) r
       cross join generate_series(1, 10) i`,
      [postId, ids, ids.length],
    );
    // Each reader has liked some comments (the page's `liked` flags are looked up per reader).
    await client.query(
      `insert into comment_likes (comment_id, user_id, created_at)
       select c.id, u, now() from comments c cross join unnest($2::bigint[]) u
       where c.post_id = $1 and c.root_id is null and (c.id + u) % 50 = 0`,
      [postId, ids],
    );
    await client.query('analyze comments; analyze comment_likes; analyze posts');
    console.log(
      `${comments} comments, 5,000 replies and their likes inserted in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    // The cursors: 5,000 comments deep newest first; a comment with replies.
    let cursor = '';
    let hotCursor = '';
    for (let seen = 0; seen < 5000; seen += 50) {
      cursor = (await call('/api/post/get', { topic_id: topic, cursor, page_size: 50 })).data.next_cursor;
      hotCursor = (await call('/api/post/get', { topic_id: topic, sort: 'hot', cursor: hotCursor, page_size: 50 })).data
        .next_cursor;
    }
    const withReplies = (
      await client.query<{ id: string }>(
        'select id from comments where post_id = $1 and root_id is null order by id limit 1',
        [postId],
      )
    ).rows[0]?.id as string;
    await client.end();

    // Background writes for a row: one reader likes and unlikes a comment of the topic 10 times a second;
    // each like drops the topic's shared pages and every reader's cached state in the server.
    const likesWhile = async <T>(run: () => Promise<T>): Promise<T & { likes: number }> => {
      let on = true;
      let likes = 0;
      const loop = (async () => {
        while (on) {
          const res = await fetch(`${base}/api/comment/like`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[0]}` },
            body: JSON.stringify({ comment_id: withReplies, liked: likes % 2 === 0 }),
          });
          if (!((await res.json()) as { ok: boolean }).ok) throw new Error('like refused');
          likes++;
          await new Promise((r) => setTimeout(r, 100));
        }
      })();
      try {
        return { ...(await run()), likes };
      } finally {
        on = false;
        await loop;
      }
    };

    const row = async (name: string, path: string, body: unknown) => {
      // One answer first: a row of refusals would measure nothing (and its size is printed).
      if (!path.startsWith('http')) {
        const res = await fetch(`${base}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[0]}` },
          body: JSON.stringify(body),
        });
        const text = await res.text();
        if (!(JSON.parse(text) as { ok: boolean }).ok) throw new Error(`${name}: refused: ${text.slice(0, 300)}`);
        console.log(`${name}: ${text.length.toLocaleString('en')} bytes of JSON`);
      }
      let i = 0;
      const from = Date.now();
      const r = await autocannon({
        url: path.startsWith('http') ? path : `${base}${path}`,
        method: 'POST',
        connections: readers,
        duration,
        requests: [
          {
            setupRequest: (req) => ({
              ...req,
              headers: {
                'content-type': 'application/json',
                authorization: `Bearer ${tokens[i++ % tokens.length]}`,
              },
              body: JSON.stringify(body),
            }),
          },
        ],
      });
      return {
        name,
        path,
        connections: readers,
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        errors: r.errors + r.timeouts + r.non2xx,
        from,
        to: Date.now(),
      };
    };
    const hello = await startProcess(['bench/src/baseline.ts'], { PORT: '3298' }, /ready/);
    let bare: Awaited<ReturnType<typeof row>>;
    try {
      bare = await row('baseline: fastify hello-world', 'http://127.0.0.1:3298/', {});
    } finally {
      await stop(hello.proc);
    }
    return [
      bare,
      await row('baseline: /api/user/get (this app)', '/api/user/get', {}),
      await row('post/get newest, page 1 (20 + replies)', '/api/post/get', { topic_id: topic }),
      await row('post/get most liked, page 1', '/api/post/get', { topic_id: topic, sort: 'hot' }),
      await row('post/get newest, 5,000 deep (cursor)', '/api/post/get', { topic_id: topic, cursor }),
      await row('post/get most liked, 5,000 deep (cursor)', '/api/post/get', {
        topic_id: topic,
        sort: 'hot',
        cursor: hotCursor,
      }),
      await row('post/get_replies (10 replies)', '/api/post/get_replies', { comment_id: withReplies }),
      await likesWhile(() =>
        row('post/get newest, page 1, while 10 likes/s', '/api/post/get', { topic_id: topic }),
      ).then((r) => ({ ...r, name: `${r.name} (${r.likes} likes)` })),
    ];
  } catch (err) {
    console.error(err);
    throw err;
  } finally {
    await stop(server.proc);
  }
});
if (!rows) process.exit(1);
printWithServerTimes(rows, log, duration);
const [bare, app] = rows;
if (bare && app) {
  console.log('\nratios (same run): p99 ÷ baseline p99, req/s ÷ baseline req/s');
  console.log(`${'row'.padEnd(52)} p99/hello  p99/user-get  rps/hello  rps/user-get`);
  for (const f of rows.slice(2))
    console.log(
      `${f.name.padEnd(52)} ${(f.p99 / bare.p99).toFixed(1).padStart(9)} ${(f.p99 / app.p99).toFixed(2).padStart(13)} ${(f.rps / bare.rps).toFixed(3).padStart(10)} ${(f.rps / app.rps).toFixed(3).padStart(13)}`,
    );
}
const fmtLoad = (l: number[]) => l.map((x) => x.toFixed(2)).join(' ');
console.log(`\nload average before ${fmtLoad(loadBefore)}, after ${fmtLoad(os.loadavg())} (${os.cpus().length} cores)`);

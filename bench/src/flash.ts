// Rows of `npm run bench` for the flash cards (issue 15, ADR 0028), on PostgreSQL: 500 learners, each
// with a set of 100 cards (created through the API, coins given in SQL), answer one card about every
// 2 s (500 learners → about 250 answers a second), in order, each answer a transaction with the
// card, the set, the FSRS review and its log row (target p99 < 30 ms). `npm run bench:flash` runs it alone.
import pg from 'pg';
import { benchAccounts } from './accounts.ts';
import { pacedUsers, post, type ReviewFigures } from './review.ts';

const learners = 500;
const cards = 100;

interface OpenSet {
  flash: { id: string; round: { runtimes: { word: string }[] } };
}

export async function flashRows(
  label: string,
  base: string,
  databaseUrl: string,
  duration: number,
): Promise<ReviewFigures[]> {
  const { ids, tokens } = await benchAccounts(databaseUrl, learners);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Bench accounts are staff of no paid role: their new words cost coins.
    await client.query('update users set flash_coins = $2 where id = any($1::bigint[])', [ids, cards * 10]);
  } finally {
    await client.end();
  }
  const t0 = performance.now();
  const sets: { id: string; words: string[] }[] = [];
  for (let i = 0; i < tokens.length; i += 25) {
    const batch = await Promise.all(
      tokens.slice(i, i + 25).map(async (token, j) => {
        const res = await fetch(`${base}/api/flash/create_flash`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ range_kind: 'book', book_id: `band-1-${1 + ((i + j) % 10)}`, size: cards }),
        });
        const json = (await res.json()) as { ok: boolean; data?: OpenSet; err_data?: unknown };
        if (!json.ok || !json.data) throw new Error(`create_flash: ${JSON.stringify(json.err_data)}`);
        return { id: json.data.flash.id, words: json.data.flash.round.runtimes.map((c) => c.word) };
      }),
    );
    sets.push(...batch);
  }
  console.log(
    `(flash bench: ${learners} sets of ${cards} cards created in ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
  );
  // A warm-up answer each (first connections, first plans), not timed.
  await Promise.all(
    tokens.map((t, i) =>
      post(base, '/api/flash/update_choice', t, {
        flash_id: sets[i]?.id,
        round: 0,
        index: 0,
        word: sets[i]?.words[0],
        choice: 1,
      }),
    ),
  );
  const row = await pacedUsers(
    `${label} update_choice, ${learners} learners, 1 per 2 s each`,
    base,
    '/api/flash/update_choice',
    tokens,
    // Learn cards in order (index n + 1: the warm-up answered the first); 认识 or not by turns.
    (i, n) => ({ flash_id: sets[i]?.id, round: 0, index: n + 1, word: sets[i]?.words[n + 1], choice: n % 3 ? 1 : 0 }),
    2000,
    Math.min(duration, 2 * (cards - 2)),
  );
  return [row];
}

// SQL of the flash cards (ADR 0028). Every statement names the user; the writes of a create and of an
// answer run in the caller's transaction.
import { and, desc, eq, inArray, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import { crafts } from '../../db/schema/craft.ts';
import { usageCounters } from '../../db/schema/exam.ts';
import { flashCoinLedger, flashes, type StoredRuntime, wordCards } from '../../db/schema/flash.ts';
import { dailyActivity } from '../../db/schema/summary.ts';
import { users } from '../../db/schema/user.ts';
import { userWords } from '../../db/schema/word.ts';
import type { Db, Tx } from '../../platform/db.ts';
import type { StoredMemory } from '../memory/memory.fsrs.ts';

export type Runner = Db | Tx;

/** The subject of the new-card counter in usage_counters (per China day). */
export const newCardSubject = 'flash_new';

export type FlashRow = typeof flashes.$inferSelect;

/** A question card's row in word_cards: `qc:<question id>` (a word never holds a colon). */
export const questionCardKey = (id: string) => `qc:${id}`;
/** Word cards only (question cards have their own ranges and are not listed, due or counted as words). */
const wordsOnly = sql`${wordCards.word} not like 'qc:%'`;
export type CardRow = typeof wordCards.$inferSelect;

export function createFlashRepo(db: Db) {
  return {
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => db.transaction(fn),

    /**
     * An answer's read (ADR 0028): the set's state and only the card at its cursor (not the whole
     * round), the user's card of that word, and the user's memory model (`modelJoin`). No lock: the
     * write checks the cursor again.
     */
    async answerRead(userId: number, flashId: string, modelJoin: (userId: SQL) => SQL) {
      const q = sql`select f.status, f.range_kind, f.round_count, f.cursor_index, jsonb_array_length(f.runtimes) as round_length,
          f.runtimes -> f.cursor_index as runtime,
          (select jsonb_build_object('memory', c.memory)
             from word_cards c where c.user_id = f.user_id
               and c.word = (case when f.range_kind in ('collected_questions', 'wrong_questions') then 'qc:' else '' end)
                 || (f.runtimes -> f.cursor_index ->> 'word')) as card,
          memory_model.memory_retention, memory_model.memory_weights
        from flashes f ${modelJoin(sql`f.user_id`)}
        where f.id = ${flashId} and f.user_id = ${userId}`;
      const { rows } = (await db.execute(q)) as unknown as {
        rows: {
          status: number;
          range_kind: string;
          round_count: number;
          cursor_index: number;
          round_length: number;
          runtime: StoredRuntime | null;
          card: { memory: StoredMemory | null } | null;
          memory_retention: number | null;
          memory_weights: number[] | null;
        }[];
      };
      return rows[0];
    },

    /**
     * An answer's write, one statement (so one transaction), committed without waiting for the WAL
     * flush (`synchronous_commit = off` for it: a PostgreSQL crash may lose the last ~0.6 s of
     * answers, as for exam saves, ADR 0012). First the set: the card at the cursor marked answered
     * (jsonb_set: the round is not sent back) and the cursor moved, only if the set is still at this
     * round and index and not finished (its row serializes two answers of one set: the second waits,
     * sees the moved cursor and changes nothing); then, only if it moved, the word's card, the memory
     * module's log CTEs and today's used_word. False when the set had moved (nothing written).
     */
    async answerWrite(
      a: {
        userId: number;
        flashId: string;
        round: number;
        index: number;
        answered: { correct: boolean; level: number };
        word: string;
        card: { level: number; memory: StoredMemory; finished: boolean };
        counted: string | null;
        now: Date;
      },
      memoryCtes: (gate: SQL) => SQL[],
    ): Promise<boolean> {
      const now = a.now.toISOString();
      const c = a.card;
      const ctes: SQL[] = [
        sql`relaxed as (select set_config('synchronous_commit', 'off', true))`,
        sql`flash as (update flashes set runtimes = jsonb_set(runtimes, array[${String(a.index)}::text, 'answered'], ${JSON.stringify(a.answered)}::jsonb),
            cursor_index = cursor_index + 1, stage_count = stage_count + 1, status = 1, updated_at = ${now}::timestamptz
          where id = ${a.flashId} and user_id = ${a.userId} and status <> 2
            and round_count = ${a.round} and cursor_index = ${a.index} and (select count(*) from relaxed) = 1
          returning 1)`,
        sql`card as (insert into word_cards as wc (user_id, word, level, memory, due, reviews, finished_at, first_at, updated_at)
          select ${a.userId}, ${a.word}, ${c.level}, ${JSON.stringify(c.memory)}::jsonb, ${new Date(c.memory.due * 1000).toISOString()}::timestamptz,
            1, ${c.finished ? now : null}::timestamptz, ${now}::timestamptz, ${now}::timestamptz
          where exists (select 1 from flash)
          on conflict (user_id, word) do update set level = excluded.level, memory = excluded.memory, due = excluded.due,
            reviews = wc.reviews + 1, updated_at = excluded.updated_at,
            finished_at = coalesce(wc.finished_at, excluded.finished_at))`,
        ...memoryCtes(sql`flash`).map((m, i) => sql`${sql.raw(`memory_${i}`)} as (${m})`),
      ];
      if (a.counted)
        ctes.push(sql`activity as (insert into daily_activity (user_id, day, used_word)
          select ${a.userId}, ${a.counted}::date, 1 where exists (select 1 from flash)
          on conflict (user_id, day) do update set used_word = daily_activity.used_word + 1)`);
      const { rows } = (await db.execute(
        sql`with ${sql.join(ctes, sql`, `)} select (select count(*) from flash)::int as written`,
      )) as unknown as { rows: { written: number }[] };
      return (rows[0]?.written ?? 0) > 0;
    },

    cards(userId: number, words: readonly string[], on: Runner = db): Promise<CardRow[]> {
      if (!words.length) return Promise.resolve([]);
      return on
        .select()
        .from(wordCards)
        .where(and(eq(wordCards.userId, userId), inArray(wordCards.word, [...words])));
    },

    /** Words the set starts: a row per new word (first put in a set now); Master cards due again step back to Exam. */
    async startCards(tx: Tx, userId: number, fresh: string[], back: string[], now: Date) {
      if (fresh.length)
        await tx
          .insert(wordCards)
          .values(fresh.map((word) => ({ userId, word, level: 0, firstAt: now, updatedAt: now })))
          .onConflictDoUpdate({
            target: [wordCards.userId, wordCards.word],
            set: { firstAt: now, updatedAt: now },
            setWhere: sql`${wordCards.firstAt} is null`,
          });
      if (back.length)
        await tx
          .update(wordCards)
          .set({ level: 3, updatedAt: now })
          .where(and(eq(wordCards.userId, userId), inArray(wordCards.word, back), eq(wordCards.level, 4)));
    },

    async collect(userId: number, word: string, collected: boolean, now: Date): Promise<CardRow> {
      const [row] = await db
        .insert(wordCards)
        .values({ userId, word, level: 0, collectedAt: collected ? now : null, updatedAt: now })
        .onConflictDoUpdate({
          target: [wordCards.userId, wordCards.word],
          set: {
            collectedAt: collected ? sql`coalesce(${wordCards.collectedAt}, ${now.toISOString()}::timestamptz)` : null,
            updatedAt: now,
          },
        })
        .returning();
      return row as CardRow;
    },

    collectedWords(userId: number): Promise<{ word: string }[]> {
      return db
        .select({ word: wordCards.word })
        .from(wordCards)
        .where(and(eq(wordCards.userId, userId), isNotNull(wordCards.collectedAt), wordsOnly))
        .orderBy(desc(wordCards.collectedAt), wordCards.word);
    },

    dueWords(userId: number, until: Date): Promise<{ word: string }[]> {
      return db
        .select({ word: wordCards.word })
        .from(wordCards)
        .where(and(eq(wordCards.userId, userId), lte(wordCards.due, until), wordsOnly))
        .orderBy(wordCards.due, wordCards.word);
    },

    async listCards(
      userId: number,
      kind: 'collected' | 'finished',
      level: number | undefined,
      page: number,
      size: number,
    ) {
      const where = and(
        eq(wordCards.userId, userId),
        isNotNull(kind === 'collected' ? wordCards.collectedAt : wordCards.finishedAt),
        wordsOnly,
        level === undefined ? undefined : eq(wordCards.level, level),
      );
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(wordCards)
          .where(where)
          .orderBy(desc(kind === 'collected' ? wordCards.collectedAt : wordCards.finishedAt), wordCards.word)
          .limit(size)
          .offset((page - 1) * size),
        db.select({ n: sql<number>`count(*)::int` }).from(wordCards).where(where),
      ]);
      return { rows, total: Number(count?.n ?? 0) };
    },

    /** The user's collected or wrong questions (the review loop's crafts), newest first. */
    async craftQuestions(userId: number, kind: 'collected' | 'wrong'): Promise<string[]> {
      const rows = await db
        .select({ id: crafts.questionId })
        .from(crafts)
        .where(
          and(eq(crafts.userId, userId), kind === 'collected' ? eq(crafts.collected, true) : eq(crafts.wrong, true)),
        )
        .orderBy(desc(kind === 'collected' ? crafts.collectedAt : crafts.updatedAt), crafts.questionId)
        .limit(1000);
      return rows.map((r) => r.id);
    },

    simpleWords(userId: number): Promise<{ word: string }[]> {
      return db
        .select({ word: userWords.word })
        .from(userWords)
        .where(and(eq(userWords.userId, userId), isNotNull(userWords.simpleAt)));
    },

    async levelCounts(userId: number): Promise<number[]> {
      const rows = await db
        .select({ level: wordCards.level })
        .from(wordCards)
        .where(and(eq(wordCards.userId, userId), isNotNull(wordCards.firstAt), wordsOnly));
      return rows.map((r) => r.level);
    },

    async dueCount(userId: number, until: Date): Promise<number> {
      const [r] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(wordCards)
        .where(and(eq(wordCards.userId, userId), lte(wordCards.due, until), wordsOnly));
      return Number(r?.n ?? 0);
    },

    async newUsed(userId: number, day: string, on: Runner = db): Promise<number> {
      const [r] = await on
        .select({ used: usageCounters.used })
        .from(usageCounters)
        .where(
          and(eq(usageCounters.userId, userId), eq(usageCounters.day, day), eq(usageCounters.subject, newCardSubject)),
        );
      return r?.used ?? 0;
    },

    /** Takes `n` free new cards of the day unless that passes `limit` (-1 = unlimited): false when it would. */
    async takeNew(tx: Tx, userId: number, day: string, n: number, limit: number): Promise<boolean> {
      if (n <= 0) return true;
      const rows = await tx
        .insert(usageCounters)
        .values({ userId, day, subject: newCardSubject, used: n })
        .onConflictDoUpdate({
          target: [usageCounters.userId, usageCounters.day, usageCounters.subject],
          set: { used: sql`${usageCounters.used} + ${n}` },
          ...(limit >= 0 ? { setWhere: sql`${usageCounters.used} + ${n} <= ${limit}` } : {}),
        })
        .returning({ used: usageCounters.used });
      return rows.length > 0 && (limit < 0 || (rows[0]?.used ?? 0) <= limit);
    },

    /** The user's coins, the row locked until the transaction ends (creates of one user queue here). */
    async coinsForUpdate(tx: Tx, userId: number): Promise<number> {
      const [r] = await tx.select({ coins: users.flashCoins }).from(users).where(eq(users.id, userId)).for('update');
      return r?.coins ?? 0;
    },

    async coins(userId: number): Promise<number> {
      const [r] = await db.select({ coins: users.flashCoins }).from(users).where(eq(users.id, userId));
      return r?.coins ?? 0;
    },

    /** Spends coins only if the balance covers them (never below 0), with the ledger row; the balance after, or null. */
    async spend(tx: Tx, userId: number, n: number, flashId: string, now: Date): Promise<number | null> {
      const [r] = await tx
        .update(users)
        .set({ flashCoins: sql`${users.flashCoins} - ${n}` })
        .where(and(eq(users.id, userId), sql`${users.flashCoins} >= ${n}`))
        .returning({ coins: users.flashCoins });
      if (!r) return null;
      await tx
        .insert(flashCoinLedger)
        .values({ userId, delta: -n, balance: r.coins, reason: 'create_flash', flashId, at: now });
      return r.coins;
    },

    async insertFlash(tx: Tx, row: typeof flashes.$inferInsert) {
      await tx.insert(flashes).values(row);
    },

    async flash(userId: number, id: string, on: Runner = db): Promise<FlashRow | undefined> {
      const [r] = await on
        .select()
        .from(flashes)
        .where(and(eq(flashes.id, id), eq(flashes.userId, userId)));
      return r;
    },

    async flashForUpdate(tx: Tx, userId: number, id: string): Promise<FlashRow | undefined> {
      const [r] = await tx
        .select()
        .from(flashes)
        .where(and(eq(flashes.id, id), eq(flashes.userId, userId)))
        .for('update');
      return r;
    },

    async saveFlash(tx: Tx, row: FlashRow) {
      await tx
        .update(flashes)
        .set({
          status: row.status,
          runtimes: row.runtimes,
          cursorIndex: row.cursorIndex,
          roundCount: row.roundCount,
          stageCount: row.stageCount,
          missed: row.missed,
          updatedAt: row.updatedAt,
        })
        .where(and(eq(flashes.id, row.id), eq(flashes.userId, row.userId)));
    },

    recentFlashes(userId: number): Promise<FlashRow[]> {
      return db.select().from(flashes).where(eq(flashes.userId, userId)).orderBy(desc(flashes.createdAt)).limit(20);
    },

    async usedWord(userId: number, day: string): Promise<number> {
      const [r] = await db
        .select({ n: dailyActivity.usedWord })
        .from(dailyActivity)
        .where(and(eq(dailyActivity.userId, userId), eq(dailyActivity.day, day)));
      return r?.n ?? 0;
    },
  };
}

export type FlashRepo = ReturnType<typeof createFlashRepo>;

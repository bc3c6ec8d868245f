// SQL of the flash cards (ADR 0028). Every statement names the user; the writes of a create and of an
// answer run in the caller's transaction.
import { and, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { usageCounters } from '../../db/schema/exam.ts';
import { flashCoinLedger, flashes, wordCards } from '../../db/schema/flash.ts';
import { dailyActivity } from '../../db/schema/summary.ts';
import { users } from '../../db/schema/user.ts';
import { userWords } from '../../db/schema/word.ts';
import type { Db } from '../../platform/db.ts';
import type { StoredMemory } from '../memory/memory.fsrs.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Runner = Db | Tx;

/** The subject of the new-card counter in usage_counters (per China day). */
export const newCardSubject = 'flash_new';

export type FlashRow = typeof flashes.$inferSelect;
export type CardRow = typeof wordCards.$inferSelect;

export function createFlashRepo(db: Db) {
  return {
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => db.transaction(fn),

    /** `synchronous_commit = off` for this transaction only: a PostgreSQL crash may lose the last ~0.6 s of answers. */
    async relaxCommit(tx: Tx) {
      await tx.execute(sql`select set_config('synchronous_commit', 'off', true)`);
    },

    cards(userId: number, words: readonly string[], on: Runner = db): Promise<CardRow[]> {
      if (!words.length) return Promise.resolve([]);
      return on
        .select()
        .from(wordCards)
        .where(and(eq(wordCards.userId, userId), inArray(wordCards.word, [...words])));
    },

    async cardForUpdate(tx: Tx, userId: number, word: string): Promise<CardRow | undefined> {
      const [row] = await tx
        .select()
        .from(wordCards)
        .where(and(eq(wordCards.userId, userId), eq(wordCards.word, word)))
        .for('update');
      return row;
    },

    async saveCard(
      tx: Tx,
      userId: number,
      word: string,
      c: { level: number; memory: StoredMemory; reviews: number; finished: boolean },
      now: Date,
    ) {
      const due = new Date(c.memory.due * 1000);
      await tx
        .insert(wordCards)
        .values({
          userId,
          word,
          level: c.level,
          memory: c.memory,
          due,
          reviews: c.reviews,
          finishedAt: c.finished ? now : null,
          firstAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [wordCards.userId, wordCards.word],
          set: {
            level: c.level,
            memory: c.memory,
            due,
            reviews: c.reviews,
            updatedAt: now,
            ...(c.finished
              ? { finishedAt: sql`coalesce(${wordCards.finishedAt}, ${now.toISOString()}::timestamptz)` }
              : {}),
          },
        });
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
        .where(and(eq(wordCards.userId, userId), isNotNull(wordCards.collectedAt)))
        .orderBy(desc(wordCards.collectedAt), wordCards.word);
    },

    dueWords(userId: number, until: Date): Promise<{ word: string }[]> {
      return db
        .select({ word: wordCards.word })
        .from(wordCards)
        .where(and(eq(wordCards.userId, userId), lte(wordCards.due, until)))
        .orderBy(wordCards.due, wordCards.word);
    },

    async listCards(userId: number, kind: 'collected' | 'finished', page: number, size: number) {
      const where = and(
        eq(wordCards.userId, userId),
        isNotNull(kind === 'collected' ? wordCards.collectedAt : wordCards.finishedAt),
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
        .where(and(eq(wordCards.userId, userId), isNotNull(wordCards.firstAt)));
      return rows.map((r) => r.level);
    },

    async dueCount(userId: number, until: Date): Promise<number> {
      const [r] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(wordCards)
        .where(and(eq(wordCards.userId, userId), lte(wordCards.due, until)));
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

    /** One more word studied on the China day (today_aim.used_word). */
    async countWord(tx: Tx, userId: number, day: string) {
      await tx
        .insert(dailyActivity)
        .values({ userId, day, usedWord: 1 })
        .onConflictDoUpdate({
          target: [dailyActivity.userId, dailyActivity.day],
          set: { usedWord: sql`${dailyActivity.usedWord} + 1` },
        });
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

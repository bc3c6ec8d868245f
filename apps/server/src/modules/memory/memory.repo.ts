// SQL of the memory model: the review log, and each user's row of review count and fitted weights.
// Every statement names the user, but the fit sweep's, which lists the users due for a fit.
import { and, asc, eq, gte, type SQL, sql } from 'drizzle-orm';
import { memoryParams, reviewLog } from '../../db/schema/memory.ts';
import { users } from '../../db/schema/user.ts';
import type { Db, Tx } from '../../platform/db.ts';
import type { LoggedReview } from './memory.fit.ts';

type Runner = Db | Tx;

export interface LogEntry {
  itemKey: string;
  rating: number;
  state: number;
  elapsedDays: number;
  reviewedAt: Date;
}

export function createMemoryRepo(db: Db) {
  return {
    /** The user's desired retention and fitted weights (null = the defaults). */
    async model(userId: number, on: Runner = db): Promise<{ retention: number; weights: number[] | null }> {
      const [r] = await on
        .select({ retention: users.desiredRetention, weights: memoryParams.weights })
        .from(users)
        .leftJoin(memoryParams, eq(memoryParams.userId, users.id))
        .where(eq(users.id, userId));
      return { retention: r?.retention ?? 0.9, weights: r?.weights ?? null };
    },

    /**
     * For a caller that reads its row and the user's model in one statement: a lateral join on
     * `userId` (an SQL expression of the caller's query) giving `memory_retention` and `memory_weights`.
     */
    modelJoin(userId: SQL): SQL {
      return sql`left join lateral (select u.desired_retention as memory_retention, mp.weights as memory_weights
        from users u left join memory_params mp on mp.user_id = u.id where u.id = ${userId}) memory_model on true`;
    },

    /**
     * The append as data-modifying CTE bodies for a caller's one statement (the log rows, the count),
     * each written only when `gate` (a CTE of that statement) returns a row.
     */
    appendCtes(userId: number, entries: LogEntry[], gate: SQL): SQL[] {
      if (!entries.length) return [];
      const rows = sql.join(
        entries.map(
          (e) =>
            sql`(${userId}::bigint, ${e.itemKey}::text, ${e.rating}::smallint, ${e.state}::smallint, ${e.elapsedDays}::int, ${e.reviewedAt.toISOString()}::timestamptz)`,
        ),
        sql`, `,
      );
      return [
        sql`insert into review_log (user_id, item_key, rating, state, elapsed_days, reviewed_at)
          select v.* from (values ${rows}) v where exists (select 1 from ${gate})`,
        sql`insert into memory_params (user_id, reviews) select ${userId}, ${entries.length} where exists (select 1 from ${gate})
          on conflict (user_id) do update set reviews = memory_params.reviews + ${entries.length}`,
      ];
    },

    /** Appends reviews to the user's log and counts them, in the caller's transaction. */
    async append(userId: number, entries: LogEntry[], on: Runner = db) {
      if (!entries.length) return;
      await on.insert(reviewLog).values(entries.map((e) => ({ userId, ...e })));
      await on
        .insert(memoryParams)
        .values({ userId, reviews: entries.length })
        .onConflictDoUpdate({
          target: memoryParams.userId,
          set: { reviews: sql`${memoryParams.reviews} + ${entries.length}` },
        });
    },

    /** The user's whole log, per item in review order (the optimizer's input). */
    async log(userId: number): Promise<LoggedReview[]> {
      return db
        .select({
          itemKey: reviewLog.itemKey,
          rating: reviewLog.rating,
          state: reviewLog.state,
          elapsedDays: reviewLog.elapsedDays,
        })
        .from(reviewLog)
        .where(eq(reviewLog.userId, userId))
        .orderBy(asc(reviewLog.itemKey), asc(reviewLog.reviewedAt), asc(reviewLog.id));
    },

    async params(userId: number) {
      const [r] = await db.select().from(memoryParams).where(eq(memoryParams.userId, userId));
      return r ?? null;
    },

    /** Users with at least `threshold` reviews and `every` more since their last fit. */
    async dueForFit(threshold: number, every: number): Promise<number[]> {
      const r = await db
        .select({ userId: memoryParams.userId })
        .from(memoryParams)
        .where(
          and(
            gte(memoryParams.reviews, threshold),
            sql`(${memoryParams.fittedReviews} = 0 or ${memoryParams.reviews} >= ${memoryParams.fittedReviews} + ${every})`,
          ),
        )
        .orderBy(asc(memoryParams.userId));
      return r.map((x) => x.userId);
    },

    async saveFit(userId: number, set: { weights: number[]; fittedReviews: number; fit: object; fittedAt: Date }) {
      await db.update(memoryParams).set(set).where(eq(memoryParams.userId, userId));
    },

    /** A fit that yielded nothing usable: counted as done, so it is tried again only after more reviews. */
    async markTried(userId: number, fittedReviews: number, fit: object, fittedAt: Date) {
      await db.update(memoryParams).set({ fittedReviews, fit, fittedAt }).where(eq(memoryParams.userId, userId));
    },
  };
}

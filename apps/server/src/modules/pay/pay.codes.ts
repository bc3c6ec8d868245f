// Discount codes (spec section 5; ADR 0029): a code takes a percentage or an amount off a plan, within
// its valid window and number of uses. Invalid tries are recorded per user: after `discountCodeTries`
// in an hour the checks (and orders with a code) are refused for the rest of that hour, and logged.
import { discountCodeTries } from '@gre/contract/pay';
import { and, count, eq, gte, sql } from 'drizzle-orm';
import { discountCodeFailures, discountCodes } from '../../db/schema/pay.ts';
import type { Db, Tx } from '../../platform/db.ts';
import { errors } from '../../platform/errors.ts';

export type DiscountCodeRow = typeof discountCodes.$inferSelect;

const hourMs = 3_600_000;

export function codeUsable(c: DiscountCodeRow | undefined, now: Date): c is DiscountCodeRow {
  return (
    !!c && !c.invalidAt && c.validFrom <= now && now < c.validUntil && (c.maxUses === 0 || c.usedCount < c.maxUses)
  );
}

/** The price after the code (at least 1 fen: a provider refuses a zero amount). */
export function discounted(listFen: number, c: Pick<DiscountCodeRow, 'percentOff' | 'fenOff'> | undefined): number {
  if (!c) return listFen;
  const off = c.percentOff ? Math.round((listFen * c.percentOff) / 100) : (c.fenOff ?? 0);
  return Math.max(1, listFen - off);
}

export function toAdminCode(c: DiscountCodeRow) {
  return {
    code: c.code,
    name: c.name,
    info: c.info,
    percent_off: c.percentOff,
    fen_off: c.fenOff,
    valid_from: c.validFrom.toISOString(),
    valid_until: c.validUntil.toISOString(),
    max_uses: c.maxUses,
    used_count: c.usedCount,
    invalid: !!c.invalidAt,
  };
}

export function createDiscountCodes(deps: { db: Db; log?: { warn(obj: object, msg: string): void } }) {
  const { db } = deps;

  async function find(code: string): Promise<DiscountCodeRow | undefined> {
    const [row] = await db.select().from(discountCodes).where(sql`upper(${discountCodes.code}) = upper(${code})`);
    return row;
  }

  async function failuresInHour(userId: number, now: Date): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(discountCodeFailures)
      .where(
        and(eq(discountCodeFailures.userId, userId), gte(discountCodeFailures.at, new Date(now.getTime() - hourMs))),
      );
    return Number(row?.n ?? 0);
  }

  return {
    find,

    /**
     * The usable code, or null when it is not usable (the try is recorded). Throws rate_limited while
     * the user is blocked for too many invalid tries.
     */
    async resolve(code: string, who: { userId: number; ip: string }, now: Date): Promise<DiscountCodeRow | null> {
      if ((await failuresInHour(who.userId, now)) >= discountCodeTries) {
        deps.log?.warn({ userId: who.userId, ip: who.ip, code }, 'discount code tried while blocked');
        throw errors.rateLimited('无效折扣码尝试次数过多，请 1 小时后再试');
      }
      const found = await find(code);
      if (codeUsable(found, now)) return found;
      await db
        .insert(discountCodeFailures)
        .values({ userId: who.userId, code: code.slice(0, 32), ip: who.ip, at: now });
      const tries = await failuresInHour(who.userId, now);
      if (tries >= discountCodeTries)
        deps.log?.warn({ userId: who.userId, ip: who.ip, tries }, 'discount code checks blocked for an hour');
      return null;
    },

    /** One use more, in the transaction that applies the paid order. */
    async use(tx: Tx, code: string) {
      await tx
        .update(discountCodes)
        .set({ usedCount: sql`${discountCodes.usedCount} + 1` })
        .where(eq(discountCodes.code, code));
    },
  };
}

export type DiscountCodes = ReturnType<typeof createDiscountCodes>;

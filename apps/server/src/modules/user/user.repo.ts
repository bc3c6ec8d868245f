// SQL for accounts, sessions, codes and login failures.
import { and, asc, desc, eq, getTableColumns, gt, gte, inArray, isNull, sql } from 'drizzle-orm';
import { loginFailures, roleRecords, sessions, users, verificationCodes } from '../../db/schema/user.ts';
import type { Db } from '../../platform/db.ts';
import { writeStaffAudit } from '../operate/staff-audit.ts';
import type { RecentFailures } from './login-guard.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type RoleRecordRow = typeof roleRecords.$inferSelect;
export interface TodayRow {
  usedQuestion: number;
  usedWord: number;
  usedTimeMins: number;
}
type RawToday = { used_question: number; used_word: number; used_time_mins: number };
type RawRecord = {
  id: number | string;
  role_kind: number;
  start_at: string;
  expire_at: string | null;
  note: string;
  source: string;
};

export function createUserRepo(db: Db) {
  const liveSession = db
    .select(getTableColumns(users))
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sid')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare('auth_live_session');

  return {
    async findById(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },

    async findByIds(ids: number[]): Promise<UserRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(users).where(inArray(users.id, ids)).orderBy(asc(users.id));
    },

    async findByAccount(account: { phone?: string; email?: string }): Promise<UserRow | undefined> {
      const cond = account.phone ? eq(users.phone, account.phone) : eq(users.email, account.email ?? '');
      const [row] = await db.select().from(users).where(cond);
      return row;
    },

    /** Creates the user and its first role record in one transaction; undefined when the account exists. */
    async create(user: NewUser, firstRecord: { roleKind: number; startAt: Date; note: string }) {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(users).values(user).onConflictDoNothing().returning();
        if (!row) return undefined;
        await tx.insert(roleRecords).values({ userId: row.id, ...firstRecord });
        return row;
      });
    },

    async update(id: number, patch: Partial<NewUser>, now: Date): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ ...patch, updatedAt: now })
        .where(eq(users.id, id))
        .returning();
      return row;
    },

    /**
     * Today's activity and the role history, in one round trip (every /api/user/get needs both).
     * Minutes: floor(seconds answering / 60) plus the minutes column kept from before seconds were.
     */
    async todayAndRecords(
      userId: number,
      day: string,
    ): Promise<{ day: string; today: TodayRow | undefined; records: RoleRecordRow[] }> {
      const res = await db.execute<{ today: RawToday | null; records: RawRecord[] }>(sql`
        select
          (select json_build_object('used_question', d.used_question, 'used_word', d.used_word,
                                    'used_time_mins', d.used_time_mins + d.used_seconds / 60)
             from daily_activity d where d.user_id = ${userId} and d.day = ${day}) as today,
          coalesce((select json_agg(json_build_object('id', r.id, 'role_kind', r.role_kind, 'start_at', r.start_at,
                                                      'expire_at', r.expire_at, 'note', r.note, 'source', r.source)
                                    order by r.start_at desc, r.id desc)
             from role_records r where r.user_id = ${userId}), '[]'::json) as records`);
      const row = (res as unknown as { rows: { today: RawToday | null; records: RawRecord[] }[] }).rows[0];
      const t = row?.today;
      return {
        day,
        today: t ? { usedQuestion: t.used_question, usedWord: t.used_word, usedTimeMins: t.used_time_mins } : undefined,
        records: (row?.records ?? []).map((r) => ({
          id: Number(r.id),
          userId,
          roleKind: r.role_kind,
          startAt: new Date(r.start_at),
          expireAt: r.expire_at ? new Date(r.expire_at) : null,
          note: r.note,
          source: r.source,
        })),
      };
    },

    // Sessions ---------------------------------------------------------------------------------

    async createSession(s: typeof sessions.$inferInsert) {
      await db.insert(sessions).values(s);
    },

    /** The live session's user, in one prepared query: the auth guard's only query. */
    async findLiveSessionUser(sessionId: string, now: Date): Promise<UserRow | undefined> {
      const [row] = await liveSession.execute({ sid: sessionId, now });
      return row;
    },

    /**
     * Freezes or unfreezes an account in one transaction: the row is locked (two staff at once are
     * applied one after the other), a freeze revokes every session, and the staff audit records the
     * change with its reason (action `freeze` / `unfreeze`). Undefined when the user is gone.
     */
    async setFreeze(
      id: number,
      change: { freeze: boolean; reason: string; staffId: number },
      now: Date,
    ): Promise<UserRow | undefined> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(users).where(eq(users.id, id)).for('update');
        if (!before) return undefined;
        const [after] = await tx
          .update(users)
          .set({ isFreeze: change.freeze, freezeReason: change.freeze ? change.reason : '', updatedAt: now })
          .where(eq(users.id, id))
          .returning();
        if (!after) return undefined;
        if (change.freeze) {
          await tx
            .update(sessions)
            .set({ revokedAt: now, revokedReason: 'frozen' })
            .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt)));
        }
        const shown = (u: UserRow) => ({ is_freeze: u.isFreeze });
        await writeStaffAudit(tx, {
          staffId: change.staffId,
          action: change.freeze ? 'freeze' : 'unfreeze',
          target: id,
          subject: change.reason,
          before: shown(before),
          after: shown(after),
          at: now,
        });
        return after;
      });
    },

    async revokeSession(sessionId: string, now: Date, reason: string) {
      await db
        .update(sessions)
        .set({ revokedAt: now, revokedReason: reason })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },

    async revokeAllSessions(userId: number, now: Date, reason: string) {
      await db
        .update(sessions)
        .set({ revokedAt: now, revokedReason: reason })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },

    // Codes ------------------------------------------------------------------------------------

    /**
     * Inserts a code unless a limit is reached; the advisory lock on the target makes the count and
     * the insert atomic, so parallel requests cannot both pass the per-minute limit.
     */
    async insertCodeWithinLimits(
      code: typeof verificationCodes.$inferInsert & { createdAt: Date },
      limits: { targetPerMinute: number; targetPerDay: number; ipPerMinute: number; ipPerDay: number },
    ): Promise<
      { ok: true } | { ok: false; reason: 'target_minute' | 'target_day' | 'ip_minute' | 'ip_day'; retryAt: Date }
    > {
      const now = code.createdAt;
      const minuteAgo = new Date(now.getTime() - 60_000);
      const dayAgo = new Date(now.getTime() - 86_400_000);
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`code:${code.target}`}))`);
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`code-ip:${code.ip}`}))`);
        const count = async (
          col: typeof verificationCodes.target | typeof verificationCodes.ip,
          v: string,
          since: Date,
        ) => {
          const [r] = await tx
            .select({ n: sql<number>`count(*)::int`, first: sql<string | null>`min(${verificationCodes.createdAt})` })
            .from(verificationCodes)
            .where(and(eq(col, v), gte(verificationCodes.createdAt, since)));
          return { n: r?.n ?? 0, first: r?.first ? new Date(r.first) : now };
        };
        const checks = [
          ['target_minute', verificationCodes.target, code.target, minuteAgo, limits.targetPerMinute, 60_000],
          ['target_day', verificationCodes.target, code.target, dayAgo, limits.targetPerDay, 86_400_000],
          ['ip_minute', verificationCodes.ip, code.ip, minuteAgo, limits.ipPerMinute, 60_000],
          ['ip_day', verificationCodes.ip, code.ip, dayAgo, limits.ipPerDay, 86_400_000],
        ] as const;
        for (const [reason, col, v, since, max, window] of checks) {
          const c = await count(col, v, since);
          if (c.n >= max) return { ok: false as const, reason, retryAt: new Date(c.first.getTime() + window) };
        }
        await tx.insert(verificationCodes).values(code);
        return { ok: true as const };
      });
    },

    async deleteCode(target: string, createdAt: Date) {
      await db
        .delete(verificationCodes)
        .where(and(eq(verificationCodes.target, target), eq(verificationCodes.createdAt, createdAt)));
    },

    async latestLiveCode(channel: string, target: string, purpose: string, now: Date) {
      const [row] = await db
        .select()
        .from(verificationCodes)
        .where(
          and(
            eq(verificationCodes.channel, channel),
            eq(verificationCodes.target, target),
            eq(verificationCodes.purpose, purpose),
            isNull(verificationCodes.consumedAt),
            gt(verificationCodes.expiresAt, now),
          ),
        )
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1);
      return row;
    },

    async countCodeAttempt(id: number) {
      await db
        .update(verificationCodes)
        .set({ attempts: sql`${verificationCodes.attempts} + 1` })
        .where(eq(verificationCodes.id, id));
    },

    /** Marks the code used; false if another request used it first. */
    async consumeCode(id: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(verificationCodes)
        .set({ consumedAt: now })
        .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
        .returning({ id: verificationCodes.id });
      return rows.length === 1;
    },

    // Login failures -----------------------------------------------------------------------------

    async recordLoginFailure(account: string, ip: string, at: Date) {
      await db.insert(loginFailures).values({ account, ip, at });
    },

    /** Failures within the window for the (account, address) pair, the account and the address: one query. */
    async recentLoginFailures(account: string, ip: string, since: Date): Promise<RecentFailures> {
      const pair = sql`${loginFailures.account} = ${account} and ${loginFailures.ip} = ${ip}`;
      const byAccount = sql`${loginFailures.account} = ${account}`;
      const byIp = sql`${loginFailures.ip} = ${ip}`;
      const [r] = await db
        .select({
          pair: sql<number>`count(*) filter (where ${pair})::int`,
          pairFirst: sql<string | Date | null>`min(${loginFailures.at}) filter (where ${pair})`,
          pairLast: sql<string | Date | null>`max(${loginFailures.at}) filter (where ${pair})`,
          account: sql<number>`count(*) filter (where ${byAccount})::int`,
          accountLast: sql<string | Date | null>`max(${loginFailures.at}) filter (where ${byAccount})`,
          ip: sql<number>`count(*) filter (where ${byIp})::int`,
          ipFirst: sql<string | Date | null>`min(${loginFailures.at}) filter (where ${byIp})`,
        })
        .from(loginFailures)
        .where(and(gte(loginFailures.at, since), sql`(${byAccount} or ${byIp})`));
      const date = (v: string | Date | null | undefined) => (v ? new Date(v) : null);
      return {
        pair: r?.pair ?? 0,
        pairFirst: date(r?.pairFirst),
        pairLast: date(r?.pairLast),
        account: r?.account ?? 0,
        accountLast: date(r?.accountLast),
        ip: r?.ip ?? 0,
        ipFirst: date(r?.ipFirst),
      };
    },

    /** A successful login forgets the pair's failures (a few typos must not add up over the day). */
    async clearLoginFailures(account: string, ip: string) {
      await db.delete(loginFailures).where(and(eq(loginFailures.account, account), eq(loginFailures.ip, ip)));
    },

    /** Whether the user has ever logged in from this address (a session was opened from it). */
    async hasSessionFrom(userId: number, ip: string): Promise<boolean> {
      const rows = await db
        .select({ one: sql<number>`1` })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.ip, ip)))
        .limit(1);
      return rows.length > 0;
    },
  };
}

export type UserRepo = ReturnType<typeof createUserRepo>;

// Accounts: registration, login (password or code), sessions, profile, today's aim, freezing.
import { randomInt, randomUUID } from 'node:crypto';
import { RoleKind } from '@gre/contract/enums';
import { type CodePurpose, weakPasswordDetail } from '@gre/contract/user';
import { type Clock, chinaDay } from '../../platform/clock.ts';
import type { AuthedContext, Caller, RequestContext } from '../../platform/endpoints.ts';
import { isStaff } from '../../platform/endpoints.ts';
import { errors } from '../../platform/errors.ts';
import { everything, type InvalidationBus } from '../../platform/invalidation.ts';
import type { PasswordHasher } from '../../platform/password-pool.ts';
import type { TokenService } from '../../platform/tokens.ts';
import { TtlCache } from '../../platform/ttl-cache.ts';
import { accountKey, parseAccount } from './account.ts';
import type { CodeService } from './code.service.ts';
import { checkLoginAttempt, loginRules, refusalMessage } from './login-guard.ts';
import { callerOfUser, effectiveRole, toProfile, toUser, toUserInfo } from './user.mapper.ts';
import type { UserRepo, UserRow } from './user.repo.ts';

export interface UserServiceDeps {
  repo: UserRepo;
  codes: CodeService;
  tokens: TokenService;
  /** Hashes, checks and rates passwords off the event loop (platform/password-pool.ts). */
  passwords: PasswordHasher;
  clock: Clock;
  tokenTtlDays: number;
  /** Whether the maintenance switch is on (staff may still log in). */
  maintenanceOn(): Promise<boolean>;
  bus: InvalidationBus;
  /** Whether a role has the materials right (role_quotas.materials, ADR 0040): `can_visit_material`. */
  materialsRight(): Promise<(role: RoleKind) => boolean>;
}

/** How long a process trusts a looked-up session without asking the database again. */
export const sessionCacheMs = 5_000;

export function createUserService(deps: UserServiceDeps) {
  const { repo, clock, tokens, bus, passwords } = deps;

  // The auth guard's lookup, cached briefly. Changes in this process invalidate at once; other
  // processes hear of them through the bus (Redis), so a revoked token stops within moments everywhere.
  const sessionCache = new TtlCache<string, UserRow>(clock, sessionCacheMs, 100_000);
  // Today's progress and role history per user and China day, for /api/user/get. Whatever writes
  // daily_activity or role_records publishes ('user', id) on the bus.
  const extrasCache = new TtlCache<string, Awaited<ReturnType<UserRepo['todayAndRecords']>>>(
    clock,
    sessionCacheMs,
    100_000,
  );
  bus.subscribe((topic, key) => {
    if (topic === 'session') sessionCache.delete(key);
    if (topic === everything) {
      sessionCache.clear();
      extrasCache.clear();
    }
    if (topic === 'user') {
      sessionCache.deleteWhere((row) => String(row.id) === key);
      extrasCache.delete(key);
    }
  });
  const userChanged = (id: number | string) => bus.publish('user', String(id));

  async function openSession(user: UserRow, ctx: RequestContext) {
    const now = clock.now();
    const sessionId = randomUUID();
    const expiresAt = new Date(now.getTime() + deps.tokenTtlDays * 86_400_000);
    await repo.createSession({
      id: sessionId,
      userId: user.id,
      deviceId: ctx.deviceId,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      createdAt: now,
      expiresAt,
    });
    const token = await tokens.sign(String(user.id), sessionId, expiresAt);
    return { token, user: await loadUser(user) };
  }

  async function loadUser(u: UserRow) {
    const now = clock.now();
    const day = chinaDay(now);
    let extras = extrasCache.get(String(u.id));
    if (!extras || extras.day !== day) {
      extras = await repo.todayAndRecords(u.id, day);
      extrasCache.set(String(u.id), extras);
    }
    return toUser(u, extras.today, extras.records, now, await deps.materialsRight());
  }

  /** The row the auth guard loaded for this request's caller, so a handler need not load it again. */
  const callerRows = new WeakMap<Caller, UserRow>();

  async function callerUser(ctx: AuthedContext) {
    return callerRows.get(ctx.caller) ?? requireUser(ctx.caller.userId);
  }

  async function requireUser(id: string | number) {
    const u = await repo.findById(Number(id));
    if (!u) throw errors.notFound('用户不存在');
    return u;
  }

  /** The strength floor for a new password (ADR 0006): the server's Chinese hint when it is too guessable. */
  async function requireStrongPassword(password: string, personal: { account: string; name?: string }) {
    const verdict = await passwords.strength(password, personal);
    if (verdict.hint) throw errors.invalidParam(verdict.hint, weakPasswordDetail);
  }

  async function refuseDuringMaintenance(u: UserRow) {
    const staff = isStaff(callerOfUser(u, clock.now()));
    if (!staff && (await deps.maintenanceOn())) throw errors.serverUpgrading();
  }

  return {
    /** The auth guard: token → live session → caller, or 'expired'. */
    async authenticate(token: string): Promise<Caller | 'expired' | null> {
      const v = await tokens.verify(token);
      if (!v.ok) return v.reason === 'expired' ? 'expired' : null;
      let row = sessionCache.get(v.claims.sessionId);
      if (!row) {
        row = await repo.findLiveSessionUser(v.claims.sessionId, clock.now());
        if (row) sessionCache.set(v.claims.sessionId, row);
      }
      if (!row || String(row.id) !== v.claims.userId) return null;
      const caller: Caller = {
        userId: String(row.id),
        sessionId: v.claims.sessionId,
        isAdmin: row.isAdmin,
        isOperator: row.isOperator,
        isTeacher: row.isTeacher,
        isFreeze: row.isFreeze,
        roleKind: effectiveRole(row, clock.now()),
        hasCrown: row.hasCrown,
      };
      callerRows.set(caller, row);
      return caller;
    },

    sendCode(rawAccount: string, purpose: CodePurpose, ctx: RequestContext) {
      return deps.codes.send(parseAccount(rawAccount), purpose, ctx.ip);
    },

    async register(input: { account: string; code: string; password: string; name?: string }, ctx: RequestContext) {
      const account = parseAccount(input.account);
      if (await repo.findByAccount(accountKey(account))) throw errors.accountExists();
      // Before the code is used up, so a refused password (or a busy pool) does not cost a new code.
      await requireStrongPassword(input.password, { account: account.target, name: input.name });
      const passwordHash = await passwords.hash(input.password);
      await deps.codes.consume(account, 'register', input.code);
      const now = clock.now();
      const user = await repo.create(
        {
          ...accountKey(account),
          passwordHash,
          name: input.name || `考生${String(randomInt(1000, 10000))}`,
          roleKind: RoleKind.Trail,
          createdAt: now,
          updatedAt: now,
        },
        { roleKind: RoleKind.Trail, startAt: now, note: '注册试用' },
      );
      if (!user) throw errors.accountExists();
      return openSession(user, ctx);
    },

    async login(input: { account: string; password?: string; code?: string }, ctx: RequestContext) {
      const account = parseAccount(input.account);
      const now = clock.now();
      if (input.code !== undefined) {
        const user = await repo.findByAccount(accountKey(account));
        if (!user) throw errors.accountNotFound();
        await deps.codes.consume(account, 'login', input.code);
        await refuseDuringMaintenance(user);
        return openSession(user, ctx);
      }
      passwords.refuseWhenFull('login');
      const failures = await repo.recentLoginFailures(
        account.target,
        ctx.ip,
        new Date(now.getTime() - loginRules.windowMs),
      );
      const user = await repo.findByAccount(accountKey(account));
      const refusal = await checkLoginAttempt(failures, now, async () =>
        user ? repo.hasSessionFrom(user.id, ctx.ip) : false,
      );
      if (refusal) throw errors.rateLimited(refusalMessage(refusal, now));
      // An unknown account (or one without a password) is checked against a dummy hash in the same
      // pool, so its answer takes as long as a wrong password for a real account.
      const good = await passwords.verify(input.password ?? '', user?.passwordHash);
      if (!user || !good) {
        await repo.recordLoginFailure(account.target, ctx.ip, clock.now());
        throw errors.loginFailed();
      }
      await refuseDuringMaintenance(user);
      await repo.clearLoginFailures(account.target, ctx.ip);
      return openSession(user, ctx);
    },

    /** Swaps the current token for a fresh one; the old session ends. */
    async resumeLogin(ctx: AuthedContext) {
      const next = await openSession(await callerUser(ctx), ctx);
      await repo.revokeSession(ctx.caller.sessionId, clock.now(), 'resumed');
      bus.publish('session', ctx.caller.sessionId);
      return next;
    },

    async logout(ctx: AuthedContext) {
      await repo.revokeSession(ctx.caller.sessionId, clock.now(), 'logout');
      bus.publish('session', ctx.caller.sessionId);
      return {};
    },

    async resetPassword(input: { account: string; code: string; password: string }) {
      const account = parseAccount(input.account);
      const user = await repo.findByAccount(accountKey(account));
      if (!user) throw errors.accountNotFound();
      await requireStrongPassword(input.password, { account: account.target, name: user.name });
      const passwordHash = await passwords.hash(input.password);
      await deps.codes.consume(account, 'reset', input.code);
      const now = clock.now();
      await repo.update(user.id, { passwordHash }, now);
      await repo.revokeAllSessions(user.id, now, 'password_reset');
      userChanged(user.id);
      return {};
    },

    async get(ctx: AuthedContext) {
      return loadUser(await callerUser(ctx));
    },

    async getInfo(userId: string) {
      return toUserInfo(await requireUser(userId), clock.now());
    },

    async getInfos(userIds: string[]) {
      const rows = await repo.findByIds([...new Set(userIds.map(Number))]);
      const now = clock.now();
      return { infos: rows.map((r) => toUserInfo(r, now)) };
    },

    async getProfile(ctx: AuthedContext) {
      return toProfile(await callerUser(ctx), clock.now());
    },

    async updateSignature(ctx: AuthedContext, signature: string) {
      const row = await repo.update(Number(ctx.caller.userId), { signature }, clock.now());
      if (!row) throw errors.notFound('用户不存在');
      userChanged(row.id);
      return { signature: row.signature };
    },

    async updateTodayAim(ctx: AuthedContext, aim: { aim_question: number; aim_word: number; aim_time_mins: number }) {
      const now = clock.now();
      const row = await repo.update(
        Number(ctx.caller.userId),
        { aimQuestion: aim.aim_question, aimWord: aim.aim_word, aimTimeMins: aim.aim_time_mins },
        now,
      );
      if (!row) throw errors.notFound('用户不存在');
      userChanged(row.id);
      return (await loadUser(row)).data.today_aim;
    },

    async freeze(ctx: AuthedContext, input: { user_id: string; freeze: boolean; reason: string }) {
      if (input.user_id === ctx.caller.userId) throw errors.forbidden('不能冻结自己的账号');
      const target = await requireUser(input.user_id);
      const now = clock.now();
      const changed = await repo.setFreeze(
        target.id,
        { freeze: input.freeze, reason: input.reason, staffId: Number(ctx.caller.userId) },
        now,
      );
      if (!changed) throw errors.notFound('用户不存在');
      userChanged(target.id);
      return { user_id: String(target.id), is_freeze: input.freeze };
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;

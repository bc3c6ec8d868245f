// Accounts: registration, login (password or code), sessions, profile, today's aim, freezing.
import { randomInt, randomUUID } from 'node:crypto';
import { RoleKind } from '@gre/contract/enums';
import type { CodePurpose } from '@gre/contract/user';
import { chinaDay, type Clock } from '../../platform/clock.ts';
import type { AuthedContext, Caller, RequestContext } from '../../platform/endpoints.ts';
import { isStaff } from '../../platform/endpoints.ts';
import { errors } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/password.ts';
import type { TokenService } from '../../platform/tokens.ts';
import { accountKey, parseAccount } from './account.ts';
import type { CodeService } from './code.service.ts';
import { toProfile, toUser, toUserInfo } from './user.mapper.ts';
import type { UserRepo, UserRow } from './user.repo.ts';

export const loginRules = { windowMs: 15 * 60_000, maxPerAccount: 5, maxPerIp: 30 };

export interface UserServiceDeps {
  repo: UserRepo;
  codes: CodeService;
  tokens: TokenService;
  clock: Clock;
  tokenTtlDays: number;
  /** Whether the maintenance switch is on (staff may still log in). */
  maintenanceOn(): Promise<boolean>;
}

export function createUserService(deps: UserServiceDeps) {
  const { repo, clock, tokens } = deps;

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
    const [today, records] = await Promise.all([repo.today(u.id, chinaDay(now)), repo.roleRecords(u.id)]);
    return toUser(u, today, records, now);
  }

  async function requireUser(id: string | number) {
    const u = await repo.findById(Number(id));
    if (!u) throw errors.notFound('用户不存在');
    return u;
  }

  async function refuseDuringMaintenance(u: UserRow) {
    const staff = isStaff({
      userId: String(u.id),
      sessionId: '',
      isAdmin: u.isAdmin,
      isOperator: u.isOperator,
      isTeacher: u.isTeacher,
      isFreeze: u.isFreeze,
    });
    if (!staff && (await deps.maintenanceOn())) throw errors.serverUpgrading();
  }

  return {
    /** The auth guard: token → live session → caller, or 'expired'. */
    async authenticate(token: string): Promise<Caller | 'expired' | null> {
      const v = await tokens.verify(token);
      if (!v.ok) return v.reason === 'expired' ? 'expired' : null;
      const row = await repo.findLiveSession(v.claims.sessionId, clock.now());
      if (!row || String(row.userId) !== v.claims.userId) return null;
      return {
        userId: String(row.userId),
        sessionId: v.claims.sessionId,
        isAdmin: row.isAdmin,
        isOperator: row.isOperator,
        isTeacher: row.isTeacher,
        isFreeze: row.isFreeze,
      };
    },

    sendCode(rawAccount: string, purpose: CodePurpose, ctx: RequestContext) {
      return deps.codes.send(parseAccount(rawAccount), purpose, ctx.ip);
    },

    async register(input: { account: string; code: string; password: string; name?: string }, ctx: RequestContext) {
      const account = parseAccount(input.account);
      if (await repo.findByAccount(accountKey(account))) throw errors.accountExists();
      await deps.codes.consume(account, 'register', input.code);
      const now = clock.now();
      const user = await repo.create(
        {
          ...accountKey(account),
          passwordHash: await hashPassword(input.password),
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
      const failures = await repo.countLoginFailures(account.target, ctx.ip, new Date(now.getTime() - loginRules.windowMs));
      if (failures.byAccount >= loginRules.maxPerAccount || failures.byIp >= loginRules.maxPerIp) {
        throw errors.rateLimited('登录失败次数过多，请 15 分钟后再试，或使用验证码登录');
      }
      const user = await repo.findByAccount(accountKey(account));
      const good = !!user?.passwordHash && (await verifyPassword(input.password ?? '', user.passwordHash));
      if (!user || !good) {
        await repo.recordLoginFailure(account.target, ctx.ip, now);
        throw errors.loginFailed();
      }
      await refuseDuringMaintenance(user);
      return openSession(user, ctx);
    },

    /** Swaps the current token for a fresh one; the old session ends. */
    async resumeLogin(ctx: AuthedContext) {
      const user = await requireUser(ctx.caller.userId);
      const next = await openSession(user, ctx);
      await repo.revokeSession(ctx.caller.sessionId, clock.now(), 'resumed');
      return next;
    },

    async logout(ctx: AuthedContext) {
      await repo.revokeSession(ctx.caller.sessionId, clock.now(), 'logout');
      return {};
    },

    async resetPassword(input: { account: string; code: string; password: string }) {
      const account = parseAccount(input.account);
      const user = await repo.findByAccount(accountKey(account));
      if (!user) throw errors.accountNotFound();
      await deps.codes.consume(account, 'reset', input.code);
      const now = clock.now();
      await repo.update(user.id, { passwordHash: await hashPassword(input.password) }, now);
      await repo.revokeAllSessions(user.id, now, 'password_reset');
      return {};
    },

    async get(ctx: AuthedContext) {
      return loadUser(await requireUser(ctx.caller.userId));
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
      return toProfile(await requireUser(ctx.caller.userId), clock.now());
    },

    async updateSignature(ctx: AuthedContext, signature: string) {
      const row = await repo.update(Number(ctx.caller.userId), { signature }, clock.now());
      if (!row) throw errors.notFound('用户不存在');
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
      return (await loadUser(row)).data.today_aim;
    },

    async freeze(ctx: AuthedContext, input: { user_id: string; freeze: boolean; reason: string }) {
      if (input.user_id === ctx.caller.userId) throw errors.forbidden('不能冻结自己的账号');
      const target = await requireUser(input.user_id);
      const now = clock.now();
      await repo.update(target.id, { isFreeze: input.freeze, freezeReason: input.freeze ? input.reason : '' }, now);
      if (input.freeze) await repo.revokeAllSessions(target.id, now, 'frozen');
      return { user_id: String(target.id), is_freeze: input.freeze };
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;

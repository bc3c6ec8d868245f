// The rest of /web_manage (issue 17, ADR 0031): each role's rights (role_rights) and quotas
// (role_quotas), the plans and their prices (plans), and the staff flags. Every change is written with
// its staff-audit row (before and after) in one transaction, then published on the invalidation bus so
// every app process serves and enforces it at once: 'rights' and 'quotas' drop the cached tables (app.ts),
// ('user', id) drops that user's cached session. Plans are read from the table by every order (no cache).
import type { ManagedPlan, StaffFlags } from '@gre/contract/endpoints/system';
import type { PaymentKind } from '@gre/contract/enums';
import type { RoleQuota } from '@gre/contract/rights';
import { and, asc, eq, or } from 'drizzle-orm';
import { roleQuotas } from '../../db/schema/exam.ts';
import { plans } from '../../db/schema/pay.ts';
import { roleRights } from '../../db/schema/question.ts';
import { users } from '../../db/schema/user.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import type { AuthedContext } from '../../platform/endpoints.ts';
import { errors } from '../../platform/errors.ts';
import type { InvalidationBus } from '../../platform/invalidation.ts';
import { defaultQuotas, type Quota } from '../exam/exam.quota.ts';
import { writeStaffAudit } from '../operate/staff-audit.ts';
import { defaultRights } from '../question/rights.ts';
import { type RightsSources, roleRights as servedRights } from './rights-table.ts';
import type { SystemService } from './system.service.ts';
import { webVersion } from './system.service.ts';

type PlanRow = typeof plans.$inferSelect;
type UserRow = typeof users.$inferSelect;

const toPlan = (p: PlanRow): ManagedPlan => ({
  kind: p.kind as PaymentKind,
  param: p.param,
  title: p.title,
  price_fen: p.priceFen,
  days: p.days,
  coins: p.coins,
  active: p.active,
});

const toFlags = (u: UserRow): StaffFlags => ({
  user_id: String(u.id),
  name: u.name,
  is_admin: u.isAdmin,
  is_operator: u.isOperator,
  is_teacher: u.isTeacher,
});

const toQuota = (q: Omit<RoleQuota, 'lessons' | 'materials'>): Omit<Quota, 'lessons' | 'materials'> => ({
  questionsPerDay: q.questions_per_day,
  questionsTotal: q.questions_total,
  mocksPerDay: q.mocks_per_day,
  mocksTotal: q.mocks_total,
  fullMocks: q.full_mocks,
  essaysPerDay: q.essays_per_day,
  essaysTotal: q.essays_total,
  collectsTotal: q.collects_total,
  notesTotal: q.notes_total,
  flashNewPerDay: q.flash_new_per_day,
  tailorsPerDay: q.tailors_per_day,
  tailorsTotal: q.tailors_total,
});

export function createManage(deps: {
  db: Db;
  clock: Clock;
  bus: InvalidationBus;
  system: SystemService;
  rights: RightsSources;
  defaultMinApiVersion: string;
}) {
  const { db, clock, bus } = deps;
  const staffId = (ctx: AuthedContext) => Number(ctx.caller.userId);

  return {
    async get() {
      const [roles, planRows, staffRows] = await Promise.all([
        servedRights(deps.rights),
        db.select().from(plans).orderBy(asc(plans.kind), asc(plans.param)),
        db
          .select()
          .from(users)
          .where(or(eq(users.isAdmin, true), eq(users.isOperator, true), eq(users.isTeacher, true)))
          .orderBy(asc(users.id))
          .limit(500),
      ]);
      return {
        min_api_version: deps.system.minApiVersion(),
        default_min_api_version: deps.defaultMinApiVersion,
        web_version: webVersion,
        roles,
        plans: planRows.map(toPlan),
        staff: staffRows.map(toFlags),
      };
    },

    /** One role's visibilities and quotas, both rows locked, written and audited together. */
    async setRoleRights(
      b: {
        role_kind: 1 | 2 | 3 | 4;
        visibilities: string[];
        quota: Omit<RoleQuota, 'lessons' | 'materials'> & { lessons?: boolean; materials?: boolean };
      },
      ctx: AuthedContext,
    ) {
      const now = clock.now();
      const kind = b.role_kind;
      await db.transaction(async (tx) => {
        const [r] = await tx.select().from(roleRights).where(eq(roleRights.roleKind, kind)).for('update');
        const [q] = await tx.select().from(roleQuotas).where(eq(roleQuotas.roleKind, kind)).for('update');
        const quota: Quota = {
          ...toQuota(b.quota),
          lessons: b.quota.lessons ?? q?.lessons ?? defaultQuotas[kind].lessons,
          materials: b.quota.materials ?? q?.materials ?? defaultQuotas[kind].materials,
        };
        await tx
          .insert(roleRights)
          .values({ roleKind: kind, visibilities: b.visibilities, updatedAt: now })
          .onConflictDoUpdate({ target: roleRights.roleKind, set: { visibilities: b.visibilities, updatedAt: now } });
        await tx
          .insert(roleQuotas)
          .values({ roleKind: kind, ...quota, updatedAt: now })
          .onConflictDoUpdate({ target: roleQuotas.roleKind, set: { ...quota, updatedAt: now } });
        const {
          roleKind: _k,
          updatedAt: _u,
          ...beforeQuota
        } = q ?? { roleKind: kind, updatedAt: now, ...defaultQuotas[kind] };
        await writeStaffAudit(tx, {
          staffId: staffId(ctx),
          action: 'set_role_rights',
          target: null,
          subject: String(kind),
          before: { visibilities: r?.visibilities ?? defaultRights[kind], quota: beforeQuota },
          after: { visibilities: b.visibilities, quota },
          at: now,
        });
      });
      bus.publish('rights', String(kind));
      bus.publish('quotas', String(kind));
      const role = (await servedRights(deps.rights)).find((x) => x.role_kind === kind);
      if (!role) throw new Error(`role ${kind} missing from the rights table`);
      return { role };
    },

    /** A plan's title, price and sale; orders already made keep the price they were made with. */
    async setPlan(
      b: { kind: PaymentKind; param: number; title: string; price_fen: number; active: boolean },
      ctx: AuthedContext,
    ) {
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(plans)
          .where(and(eq(plans.kind, b.kind), eq(plans.param, b.param)))
          .for('update');
        if (!before) throw errors.notFound('套餐不存在');
        const [after] = await tx
          .update(plans)
          .set({ title: b.title, priceFen: b.price_fen, active: b.active, updatedAt: now })
          .where(eq(plans.id, before.id))
          .returning();
        if (!after) throw errors.notFound('套餐不存在');
        await writeStaffAudit(tx, {
          staffId: staffId(ctx),
          action: 'set_plan',
          target: null,
          subject: `${b.kind}/${b.param}`,
          before: { title: before.title, price_fen: before.priceFen, active: before.active },
          after: { title: after.title, price_fen: after.priceFen, active: after.active },
          at: now,
        });
        return after;
      });
      return { plan: toPlan(row) };
    },

    /** The staff flags of a user, in force from their next request (their cached session is dropped). */
    async setStaff(
      b: { user_id: string; is_admin: boolean; is_operator: boolean; is_teacher: boolean },
      ctx: AuthedContext,
    ) {
      const id = Number(b.user_id);
      if (id === Number(ctx.caller.userId) && !b.is_admin) {
        throw errors.invalidParam('不能取消自己的管理员权限，请让另一位管理员操作');
      }
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(users).where(eq(users.id, id)).for('update');
        if (!before) throw errors.notFound('用户不存在');
        const [after] = await tx
          .update(users)
          .set({ isAdmin: b.is_admin, isOperator: b.is_operator, isTeacher: b.is_teacher, updatedAt: now })
          .where(eq(users.id, id))
          .returning();
        if (!after) throw errors.notFound('用户不存在');
        const flags = (u: UserRow) => ({ is_admin: u.isAdmin, is_operator: u.isOperator, is_teacher: u.isTeacher });
        await writeStaffAudit(tx, {
          staffId: staffId(ctx),
          action: 'set_staff',
          target: id,
          subject: '',
          before: flags(before),
          after: flags(after),
          at: now,
        });
        return after;
      });
      bus.publish('user', String(id));
      return { staff: toFlags(row) };
    },
  };
}

export type Manage = ReturnType<typeof createManage>;

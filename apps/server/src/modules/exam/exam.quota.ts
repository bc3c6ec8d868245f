// What each role may do per China day (questions answered, mock exams started) and in total for a
// trial: a table (role_quotas) seeded with the defaults below, editable by admins later. Units are
// taken by one conditional upsert each (… on conflict do update … where used < limit returning), in
// the caller's transaction, so two parallel requests can never both take the last unit.
import { RoleKind, roleName } from '@gre/contract/enums';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { roleQuotas, usageCounters } from '../../db/schema/exam.ts';
import { settings } from '../../db/schema/system.ts';
import { users } from '../../db/schema/user.ts';
import { type Clock, chinaDay } from '../../platform/clock.ts';
import type { Db, Tx } from '../../platform/db.ts';
import type { Caller } from '../../platform/endpoints.ts';
import { AppError } from '../../platform/errors.ts';

export interface Quota {
  questionsPerDay: number;
  mocksPerDay: number;
  questionsTotal: number;
  mocksTotal: number;
  fullMocks: boolean;
  /** Essay gradings per China day (idea page and mock essays; a retry after a failure is free). */
  essaysPerDay: number;
  /** For a trial: essay gradings in total. */
  essaysTotal: number;
  /** Questions collected at a time (the review loop, ADR 0025). */
  collectsTotal: number;
  /** Questions with a note, reasons or an improvement plan at a time. */
  notesTotal: number;
  /** New flash cards per China day free of coins (ADR 0028). */
  flashNewPerDay: number;
  /** Custom exams (自选组卷) per China day and in all (ADR 0034). */
  tailorsPerDay: number;
  tailorsTotal: number;
  /** May watch the member lessons (ADR 0039); free ones are open to every account. */
  lessons: boolean;
  /** May download the study materials of /download and the own 错题本 PDF (ADR 0040). */
  materials: boolean;
}

const unlimited = -1;

/** Defaults (docs/decisions/0012-exam-engine.md). -1 = unlimited. */
export const defaultQuotas: Record<RoleKind, Quota> = {
  [RoleKind.Stranger]: {
    questionsPerDay: 0,
    mocksPerDay: 0,
    questionsTotal: 0,
    mocksTotal: 0,
    fullMocks: false,
    essaysPerDay: 0,
    essaysTotal: 0,
    collectsTotal: 0,
    notesTotal: 0,
    flashNewPerDay: 0,
    tailorsPerDay: 0,
    tailorsTotal: 0,
    lessons: false,
    materials: false,
  },
  // A trial tastes everything within a total: practice of every kind, one mock of any kind (a full
  // mock included), two essay gradings (the mock's and one more). ADR 0021; migration 0006.
  [RoleKind.Trail]: {
    questionsPerDay: 50,
    mocksPerDay: 1,
    questionsTotal: 200,
    mocksTotal: 1,
    fullMocks: true,
    essaysPerDay: 2,
    essaysTotal: 2,
    collectsTotal: 30,
    notesTotal: 10,
    flashNewPerDay: 20,
    tailorsPerDay: unlimited,
    tailorsTotal: 3,
    lessons: false,
    materials: false,
  },
  [RoleKind.FreeVIP]: {
    questionsPerDay: 100,
    mocksPerDay: 1,
    questionsTotal: unlimited,
    mocksTotal: unlimited,
    fullMocks: true,
    essaysPerDay: 1,
    essaysTotal: unlimited,
    collectsTotal: 300,
    notesTotal: 100,
    flashNewPerDay: 30,
    tailorsPerDay: 5,
    tailorsTotal: unlimited,
    lessons: false,
    materials: false,
  },
  [RoleKind.VIP]: {
    questionsPerDay: 500,
    mocksPerDay: 3,
    questionsTotal: unlimited,
    mocksTotal: unlimited,
    fullMocks: true,
    essaysPerDay: 5,
    essaysTotal: unlimited,
    collectsTotal: unlimited,
    notesTotal: unlimited,
    flashNewPerDay: 100,
    tailorsPerDay: 20,
    tailorsTotal: unlimited,
    lessons: true,
    materials: true,
  },
  [RoleKind.SVIP]: {
    questionsPerDay: unlimited,
    mocksPerDay: 10,
    questionsTotal: unlimited,
    mocksTotal: unlimited,
    fullMocks: true,
    essaysPerDay: 20,
    essaysTotal: unlimited,
    collectsTotal: unlimited,
    notesTotal: unlimited,
    flashNewPerDay: 200,
    tailorsPerDay: unlimited,
    tailorsTotal: unlimited,
    lessons: true,
    materials: true,
  },
};

export async function seedQuotas(db: Db, clock: Clock) {
  for (const [kind, q] of Object.entries(defaultQuotas)) {
    await db
      .insert(roleQuotas)
      .values({ roleKind: Number(kind), ...q, updatedAt: clock.now() })
      .onConflictDoNothing();
  }
}

export async function loadQuotas(db: Db): Promise<Map<number, Quota>> {
  const table = new Map<number, Quota>(Object.entries(defaultQuotas).map(([k, v]) => [Number(k), v]));
  for (const r of await db.select().from(roleQuotas)) table.set(r.roleKind, r);
  return table;
}

export type Subject = 'question' | 'mock' | 'essay';
const subjectName: Record<Subject, string> = { question: '做题', mock: '模考', essay: '作文批改' };
const subjectUnit: Record<Subject, string> = { question: '道题', mock: '次', essay: '篇' };

/** The caller's limits for a subject: per China day and (for a trial) in total; -1 = unlimited. */
function limitsOf(q: Quota, subject: Subject): { perDay: number; total: number } {
  if (subject === 'question') return { perDay: q.questionsPerDay, total: q.questionsTotal };
  if (subject === 'mock') return { perDay: q.mocksPerDay, total: q.mocksTotal };
  return { perDay: q.essaysPerDay, total: q.essaysTotal };
}

/** Takes one unit of `subject` for `day`, unless `limit` units are used. */
async function takeUnit(tx: Tx, userId: number, day: string, subject: Subject, limit: number): Promise<boolean> {
  if (limit === unlimited) return true;
  if (limit <= 0) return false;
  const rows = await tx
    .insert(usageCounters)
    .values({ userId, day, subject, used: 1 })
    .onConflictDoUpdate({
      target: [usageCounters.userId, usageCounters.day, usageCounters.subject],
      set: { used: sql`${usageCounters.used} + 1` },
      setWhere: sql`${usageCounters.used} < ${limit}`,
    })
    .returning({ used: usageCounters.used });
  return rows.length > 0;
}

const isStaff = (c: Caller) => c.isAdmin || c.isOperator || c.isTeacher;

/** Why the caller may not start this kind of mock at all (before anything is counted), or null. */
export function mockRefusal(quotas: Map<number, Quota>, caller: Caller, measureOrFull: boolean): AppError | null {
  if (isStaff(caller)) return null;
  const q = quotas.get(caller.roleKind) ?? defaultQuotas[RoleKind.Stranger];
  if (q.mocksPerDay > 0 && (!measureOrFull || q.fullMocks)) return null;
  return new AppError('sim_no_perm', {
    show: caller.roleKind === RoleKind.Trail ? '您的试用用户不能参加这类模考，请开通会员' : '当前会员等级不能参加模考',
    roleName: roleName[caller.roleKind as RoleKind] ?? '',
  });
}

/** Throws `mockRefusal`'s refusal. */
export function assertMayMock(quotas: Map<number, Quota>, caller: Caller, measureOrFull: boolean) {
  const why = mockRefusal(quotas, caller, measureOrFull);
  if (why) throw why;
}

/** Whether `consume` would count anything for the caller (false for staff and unlimited roles). */
export function countsAgainst(quotas: Map<number, Quota>, caller: Caller, subject: Subject): boolean {
  if (isStaff(caller)) return false;
  const q = quotas.get(caller.roleKind) ?? defaultQuotas[RoleKind.Stranger];
  const { perDay, total } = limitsOf(q, subject);
  return total !== unlimited || perDay !== unlimited;
}

/**
 * Takes one unit for the caller inside `tx`: the daily quota (China day) and, for a trial, the
 * total. Throws day_overflow / role_overflow; the transaction then rolls back whatever it did.
 */
export async function consume(tx: Tx, quotas: Map<number, Quota>, caller: Caller, subject: Subject, now: Date) {
  if (isStaff(caller)) return;
  const q = quotas.get(caller.roleKind) ?? defaultQuotas[RoleKind.Stranger];
  const userId = Number(caller.userId);
  const role = roleName[caller.roleKind as RoleKind] ?? '';
  const { perDay, total } = limitsOf(q, subject);
  if (!(await takeUnit(tx, userId, 'total', subject, total))) {
    throw new AppError('role_overflow', {
      show: `您的试用用户${subjectName[subject]}额度已用完（试用期共 ${total} ${subjectUnit[subject]}），开通会员后继续`,
      overflowSubject: subjectName[subject],
      roleName: role,
    });
  }
  if (!(await takeUnit(tx, userId, chinaDay(now), subject, perDay))) {
    throw new AppError('day_overflow', {
      show: `您的${role}今日${subjectName[subject]}额度已用完（每天 ${perDay} ${subjectUnit[subject]}），明天再来或升级会员`,
      overflowSubject: subjectName[subject],
      roleName: role,
    });
  }
}

// Custom exams (自选组卷, ADR 0034): the role's quota (role_quotas.tailors_per_day / tailors_total),
// then the extra ones granted beyond it — the user's (users.tailor_extra, assign_custom_tailor_use)
// plus the common default for everyone (settings 'tailor_common_extra', assign_common_tailor_use) —
// counted in all as usage_counters (user, 'total', 'tailor_extra'). Decided and counted under the
// user's row lock, so two creates at once (or a create and an operator's change) take turns.

const tailorCommonKey = 'tailor_common_extra';
const tailorSubject = 'tailor';
const tailorExtraSubject = 'tailor_extra';

/** The common default extra custom exams (0 until an admin sets it). */
export async function commonTailorExtra(tx: Tx | Db): Promise<number> {
  const [row] = await tx.select().from(settings).where(eq(settings.key, tailorCommonKey));
  const extra = (row?.value as { extra?: unknown } | undefined)?.extra;
  return typeof extra === 'number' && Number.isInteger(extra) && extra > 0 ? extra : 0;
}

/** Sets the common default extra (the caller audits); returns the value before. */
export async function setCommonTailorExtra(tx: Tx, extra: number, now: Date): Promise<number> {
  await tx.select().from(settings).where(eq(settings.key, tailorCommonKey)).for('update');
  const before = await commonTailorExtra(tx);
  await tx
    .insert(settings)
    .values({ key: tailorCommonKey, value: { extra }, updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set: { value: { extra }, updatedAt: now } });
  return before;
}

/** How many of their extra custom exams each user has used. */
export async function tailorExtraUsed(tx: Tx | Db, userIds: number[]): Promise<Map<number, number>> {
  if (!userIds.length) return new Map();
  const rows = await tx
    .select({ userId: usageCounters.userId, used: usageCounters.used })
    .from(usageCounters)
    .where(
      and(
        inArray(usageCounters.userId, userIds),
        eq(usageCounters.day, 'total'),
        eq(usageCounters.subject, tailorExtraSubject),
      ),
    );
  return new Map(rows.map((r) => [r.userId, r.used]));
}

async function bump(tx: Tx, userId: number, day: string, subject: string) {
  await tx
    .insert(usageCounters)
    .values({ userId, day, subject, used: 1 })
    .onConflictDoUpdate({
      target: [usageCounters.userId, usageCounters.day, usageCounters.subject],
      set: { used: sql`${usageCounters.used} + 1` },
    });
}

/**
 * Takes one custom exam for the caller inside `tx` (staff: free): from the role's quota while it
 * lasts, then from the extra ones. Throws role_overflow (a total, the trial's) or day_overflow,
 * the out-of-limit dialog's refusals, with 自选组卷 as the subject.
 */
export async function consumeTailor(tx: Tx, quotas: Map<number, Quota>, caller: Caller, now: Date) {
  if (isStaff(caller)) return;
  const userId = Number(caller.userId);
  const [me] = await tx
    .select({ tailorExtra: users.tailorExtra })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  const q = quotas.get(caller.roleKind) ?? defaultQuotas[RoleKind.Stranger];
  const day = chinaDay(now);
  const counted = await tx
    .select({ day: usageCounters.day, subject: usageCounters.subject, used: usageCounters.used })
    .from(usageCounters)
    .where(
      and(
        eq(usageCounters.userId, userId),
        inArray(usageCounters.day, ['total', day]),
        inArray(usageCounters.subject, [tailorSubject, tailorExtraSubject]),
      ),
    );
  const used = (d: string, subject: string) => counted.find((c) => c.day === d && c.subject === subject)?.used ?? 0;
  const totalLeft = q.tailorsTotal === unlimited || used('total', tailorSubject) < q.tailorsTotal;
  const dayLeft = q.tailorsPerDay === unlimited || used(day, tailorSubject) < q.tailorsPerDay;
  if (totalLeft && dayLeft) {
    if (q.tailorsTotal !== unlimited) await bump(tx, userId, 'total', tailorSubject);
    if (q.tailorsPerDay !== unlimited) await bump(tx, userId, day, tailorSubject);
    return;
  }
  const extra = (me?.tailorExtra ?? 0) + (await commonTailorExtra(tx));
  if (used('total', tailorExtraSubject) < extra) {
    await bump(tx, userId, 'total', tailorExtraSubject);
    return;
  }
  const role = roleName[caller.roleKind as RoleKind] ?? '';
  if (!totalLeft) {
    throw new AppError('role_overflow', {
      show:
        caller.roleKind === RoleKind.Trail
          ? `您的试用用户自选组卷额度已用完（试用期共 ${q.tailorsTotal} 次），开通会员后继续`
          : `您的${role}自选组卷额度已用完（共 ${q.tailorsTotal} 次），请升级会员或联系客服`,
      overflowSubject: '自选组卷',
      roleName: role,
    });
  }
  throw new AppError('day_overflow', {
    show: `您的${role}今日自选组卷额度已用完（每天 ${q.tailorsPerDay} 次），明天再来或升级会员`,
    overflowSubject: '自选组卷',
    roleName: role,
  });
}

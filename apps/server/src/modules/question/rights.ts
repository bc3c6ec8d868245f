// Which question visibilities each role may open. Rights are data (table role_rights), seeded with
// the documented defaults below and editable by admins later; each process keeps them in memory.

import type { Visibility } from '@gre/contract/enums';
import { RoleKind, roleName } from '@gre/contract/enums';
import { roleRights } from '../../db/schema/question.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import type { Caller } from '../../platform/endpoints.ts';
import { AppError, errors } from '../../platform/errors.ts';

/**
 * Defaults (docs/decisions/0011-question-visibility.md):
 * - visitors see nothing; trial users and ordinary members see public and free questions;
 * - VIP adds locked (会员题), lock, prevent and pick (精选); SVIP adds best (精华);
 * - hidden and forbid are for staff only (admins, operators, teachers see everything).
 */
export const defaultRights: Record<RoleKind, Visibility[]> = {
  [RoleKind.Stranger]: [],
  [RoleKind.Trail]: ['public', 'free'],
  [RoleKind.FreeVIP]: ['public', 'free'],
  [RoleKind.VIP]: ['public', 'free', 'locked', 'lock', 'prevent', 'pick'],
  [RoleKind.SVIP]: ['public', 'free', 'locked', 'lock', 'prevent', 'pick', 'best'],
};

export async function seedRights(db: Db, clock: Clock) {
  for (const [kind, visibilities] of Object.entries(defaultRights)) {
    await db
      .insert(roleRights)
      .values({ roleKind: Number(kind), visibilities, updatedAt: clock.now() })
      .onConflictDoNothing();
  }
}

/**
 * What the crown (users.has_crown, set by an operator with set_high) opens, whatever the role: the
 * 精华 tier (ADR 0034). It lifts no quota. The caller carries the flag, read with the session on every
 * request, so a crown taken away is gone at the next request (the session cache is dropped by the
 * bus's `user` topic).
 */
const crownVisibilities: ReadonlySet<string> = new Set<Visibility>(['best']);

export interface Rights {
  canOpen(caller: Caller | null, visibility: string): boolean;
  /** The visibilities a role may open (the role_rights row), for the rights texts. */
  visibilitiesOf(roleKind: number): Visibility[];
  /** The refusal the web turns into the right dialog, or null when the caller may open it. */
  refusalFor(caller: Caller | null, visibility: string): AppError | null;
  /** Throws `refusalFor`'s refusal. */
  assertCanOpen(caller: Caller | null, visibility: string): void;
}

export async function loadRights(db: Db): Promise<Rights> {
  const rows = await db.select().from(roleRights);
  const table = new Map<number, Set<string>>(
    Object.entries(defaultRights).map(([k, v]) => [Number(k), new Set<string>(v)]),
  );
  for (const r of rows) table.set(r.roleKind, new Set(r.visibilities));
  const staff = (c: Caller) => c.isAdmin || c.isOperator || c.isTeacher;
  const canOpen = (caller: Caller | null, visibility: string) =>
    !!caller &&
    (staff(caller) ||
      (table.get(caller.roleKind)?.has(visibility) ?? false) ||
      (caller.hasCrown && crownVisibilities.has(visibility)));
  const refusalFor = (caller: Caller | null, visibility: string): AppError | null => {
    if (canOpen(caller, visibility)) return null;
    if (!caller)
      return new AppError('limit', { show: '请登录并开通会员后查看', roleName: roleName[RoleKind.Stranger] });
    if (caller.roleKind === RoleKind.FreeVIP) {
      return new AppError('public_only', { show: '普通会员只能访问公开题目', roleName: roleName[RoleKind.FreeVIP] });
    }
    if (visibility === 'hidden' || visibility === 'forbid') return errors.notFound('题目不存在');
    return new AppError('limit', {
      show: caller.roleKind === RoleKind.Trail ? '试用用户只能访问公开题目，请开通会员' : '请开通更高级别的会员后查看',
      roleName: roleName[caller.roleKind as RoleKind],
    });
  };
  return {
    canOpen,
    visibilitiesOf: (roleKind) => [...(table.get(roleKind) ?? [])] as Visibility[],
    refusalFor,
    assertCanOpen(caller, visibility) {
      const why = refusalFor(caller, visibility);
      if (why) throw why;
    },
  };
}

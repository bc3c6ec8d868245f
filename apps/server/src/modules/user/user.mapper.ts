// Rows → contract objects. The effective role accounts for expiry: a lapsed VIP is an ordinary member.
import { imageUrl } from '@gre/contract/endpoints/upload';
import { RoleKind, roleName } from '@gre/contract/enums';
import type { Profile, User, UserInfo } from '@gre/contract/user';
import { chinaDay } from '../../platform/clock.ts';
import type { Caller } from '../../platform/endpoints.ts';
import { maskEmail, maskPhone } from './account.ts';
import type { RoleRecordRow, UserRow } from './user.repo.ts';

export function effectiveRole(u: Pick<UserRow, 'roleKind' | 'roleExpireAt'>, now: Date): RoleKind {
  const kind = u.roleKind as RoleKind;
  if ((kind === RoleKind.VIP || kind === RoleKind.SVIP) && u.roleExpireAt && u.roleExpireAt <= now) {
    return RoleKind.FreeVIP;
  }
  return kind;
}

/** Who work done for a user outside a request acts as (a job, a signed link): no session, the role in effect now. */
export function callerOfUser(
  u: Pick<
    UserRow,
    'id' | 'isAdmin' | 'isOperator' | 'isTeacher' | 'isFreeze' | 'roleKind' | 'roleExpireAt' | 'hasCrown'
  >,
  now: Date,
): Caller {
  return {
    userId: String(u.id),
    sessionId: '',
    isAdmin: u.isAdmin,
    isOperator: u.isOperator,
    isTeacher: u.isTeacher,
    isFreeze: u.isFreeze,
    roleKind: effectiveRole(u, now),
    hasCrown: u.hasCrown,
  };
}

/**
 * May download the study materials and the own 错题本 PDF (/download, ADR 0040): the `materials` right
 * of the effective role in the per-role rights data (role_quotas), the user's own flag, or staff.
 * The one rule of `can_visit_material` and of the download refusals.
 */
export function mayVisitMaterial(
  u: Pick<UserRow, 'roleKind' | 'roleExpireAt' | 'canVisitMaterial' | 'isAdmin' | 'isOperator' | 'isTeacher'>,
  now: Date,
  materialsRight: (role: RoleKind) => boolean,
): boolean {
  return u.isAdmin || u.isOperator || u.isTeacher || u.canVisitMaterial || materialsRight(effectiveRole(u, now));
}

const expireDate = (u: UserRow, now: Date) =>
  u.roleExpireAt && effectiveRole(u, now) === u.roleKind ? chinaDay(u.roleExpireAt) : null;

export function toUser(
  u: UserRow,
  today: { usedQuestion: number; usedWord: number; usedTimeMins: number } | undefined,
  records: RoleRecordRow[],
  now: Date,
  materialsRight: (role: RoleKind) => boolean,
): User {
  const role = effectiveRole(u, now);
  return {
    id: String(u.id),
    name: u.name,
    signature: u.signature,
    is_admin: u.isAdmin,
    accessibility: {
      has_crown: u.hasCrown || role === RoleKind.SVIP,
      show_tailor_shelf: u.showTailorShelf,
      show_higher_collect: u.showHigherCollect,
      can_visit_material: mayVisitMaterial(u, now, materialsRight),
    },
    data: {
      remove_corrects: u.removeCorrects,
      has_archived_six_two_word: u.hasArchivedSixTwoWord,
      has_archived_pick: u.hasArchivedPick,
      today_aim: {
        aim_question: u.aimQuestion,
        aim_word: u.aimWord,
        aim_time_mins: u.aimTimeMins,
        used_question: today?.usedQuestion ?? 0,
        used_word: today?.usedWord ?? 0,
        used_time_mins: today?.usedTimeMins ?? 0,
      },
    },
    mark: { user_index: u.id, user_id: String(u.id), text: u.markText, qrs: u.markQrs.map(imageUrl) },
    authority: {
      role_name: roleName[role],
      role_kind: role,
      expire_date: expireDate(u, now),
      flash_coins: u.flashCoins,
      is_freeze: u.isFreeze,
      is_operator: u.isOperator,
      is_teacher: u.isTeacher,
      records: records.map((r) => ({
        role_kind: r.roleKind as RoleKind,
        role_name: roleName[r.roleKind as RoleKind],
        start_date: chinaDay(r.startAt),
        expire_date: r.expireAt ? chinaDay(r.expireAt) : null,
        note: r.note,
      })),
    },
  };
}

export function toUserInfo(u: UserRow, now: Date): UserInfo {
  const role = effectiveRole(u, now);
  return {
    id: String(u.id),
    name: u.name,
    signature: u.signature,
    user_index: u.id,
    role_kind: role,
    role_name: roleName[role],
  };
}

export function toProfile(u: UserRow, now: Date): Profile {
  const role = effectiveRole(u, now);
  return {
    id: String(u.id),
    user_index: u.id,
    name: u.name,
    signature: u.signature,
    phone: u.phone ? maskPhone(u.phone) : null,
    email: u.email ? maskEmail(u.email) : null,
    created_at: u.createdAt.toISOString(),
    role_kind: role,
    role_name: roleName[role],
    expire_date: expireDate(u, now),
    flash_coins: u.flashCoins,
  };
}

// Admin mode (spec §4, issue 17, ADR 0035): an admin's switches for this browser. Admin mode turns
// on at login for admins; edit mode (编辑 on a question's analysis) and highlight mode (hidden and
// locked items marked in lists) live inside it, and turning admin mode off turns both off. Kept in
// localStorage; for anyone who is not an admin every switch reads off, whatever is stored.
import { useQuery } from '@tanstack/react-query';
import { create } from 'zustand';
import { currentUserQuery } from './current-user.ts';
import { readStorage, storageKeys, writeStorage } from './storage.ts';

export interface AdminModes {
  admin: boolean;
  edit: boolean;
  highlight: boolean;
}

const off: AdminModes = { admin: false, edit: false, highlight: false };

function stored(): AdminModes {
  try {
    const v = JSON.parse(readStorage(storageKeys.adminMode) ?? 'null') as Partial<AdminModes> | null;
    if (!v?.admin) return off;
    return { admin: true, edit: v.edit === true, highlight: v.highlight === true };
  } catch {
    return off;
  }
}

/** The rule between the switches: edit and highlight only inside admin mode. */
export function nextModes(current: AdminModes, change: Partial<AdminModes>): AdminModes {
  const next = { ...current, ...change };
  if (!next.admin) return off;
  return next;
}

const useModes = create<{ modes: AdminModes }>()(() => ({ modes: stored() }));

export function setAdminModes(change: Partial<AdminModes>): void {
  const modes = nextModes(useModes.getState().modes, change);
  writeStorage(storageKeys.adminMode, JSON.stringify(modes));
  useModes.setState({ modes });
}

/** At login: admin mode on for admins (edit and highlight start off), everything off for others. */
export function adminModesAtLogin(isAdmin: boolean): void {
  setAdminModes(isAdmin ? { admin: true, edit: false, highlight: false } : { admin: false });
}

/** The switches as they apply to the logged-in user (all off unless they are an admin). */
export function useAdminModes(): AdminModes {
  // The cached user only (no request of its own): pages outside the login guard read all off.
  const isAdmin = useQuery({ ...currentUserQuery, enabled: false }).data?.is_admin === true;
  const modes = useModes((s) => s.modes);
  return isAdmin ? modes : off;
}

// The upgrades a member is offered (spec section 5). What each role may do comes from the server
// (lib/rights-query.ts), never from a copy here.
import { RoleKind } from '@gre/contract/enums';

export interface UpgradeOption {
  key: 'vip' | 'svip';
  label: string;
}

/** Spec section 5: 开通 VIP below VIP, 升级超级 VIP below SVIP; nothing for a visitor who is not logged in. */
export function upgradeOptions(roleKind: RoleKind | null): UpgradeOption[] {
  if (roleKind === null) return [];
  const options: UpgradeOption[] = [];
  if (roleKind < RoleKind.VIP) options.push({ key: 'vip', label: '开通 VIP' });
  if (roleKind < RoleKind.SVIP) options.push({ key: 'svip', label: '升级超级 VIP' });
  return options;
}

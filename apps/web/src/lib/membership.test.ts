import { RoleKind } from '@gre/contract/enums';
import { describe, expect, it } from 'vitest';
import { upgradeOptions } from './membership.ts';

describe('upgradeOptions (spec section 5)', () => {
  it('offers both upgrades below VIP', () => {
    for (const role of [RoleKind.Stranger, RoleKind.Trail, RoleKind.FreeVIP]) {
      expect(upgradeOptions(role).map((o) => o.label)).toEqual(['开通 VIP', '升级超级 VIP']);
    }
  });
  it('offers only the super VIP upgrade to a VIP', () => {
    expect(upgradeOptions(RoleKind.VIP).map((o) => o.label)).toEqual(['升级超级 VIP']);
  });
  it('offers nothing to a super VIP or a visitor who is not logged in', () => {
    expect(upgradeOptions(RoleKind.SVIP)).toEqual([]);
    expect(upgradeOptions(null)).toEqual([]);
  });
});

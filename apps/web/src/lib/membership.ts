// What each role may do, as shown to visitors (the rights table image says the same). The server's
// rights table is the authority; these are the published defaults.
import { RoleKind } from '@gre/contract/enums';

export interface RoleBenefits {
  role: string;
  questions: string;
  mockExams: string;
  essayGradings: string;
  visibility: string;
}

export const roleBenefits: readonly RoleBenefits[] = [
  {
    role: '试用用户',
    questions: '试用期共 100 题',
    mockExams: '试用期共 1 次',
    essayGradings: '试用期共 1 篇',
    visibility: '公开 + 精选题目',
  },
  {
    role: '普通会员',
    questions: '每日 50 题',
    mockExams: '每日 1 次',
    essayGradings: '每日 1 篇',
    visibility: '仅公开题目',
  },
  {
    role: 'VIP',
    questions: '每日 500 题',
    mockExams: '每日 3 次',
    essayGradings: '每日 3 篇',
    visibility: '公开 + 精选题目',
  },
  {
    role: '超级VIP',
    questions: '不限',
    mockExams: '每日 10 次',
    essayGradings: '每日 10 篇',
    visibility: '全部题目（含精华）',
  },
];

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

// Demo accounts with a known password, one per role and staff flag. Seeded only in demo mode.
import { RoleKind } from '@gre/contract/enums';

export const demoPassword = 'Demo1234';

export interface DemoAccount {
  email: string;
  name: string;
  roleKind: RoleKind;
  /** Paid roles get a year from the first seeding. */
  paidDays?: number;
  isAdmin?: boolean;
  isOperator?: boolean;
  isTeacher?: boolean;
  description: string;
}

export const demoAccounts: DemoAccount[] = [
  {
    email: 'admin@demo.gre-prep.cn',
    name: '管理员小艾',
    roleKind: RoleKind.SVIP,
    paidDays: 365,
    isAdmin: true,
    description: '管理员 (admin, SVIP)',
  },
  {
    email: 'operator@demo.gre-prep.cn',
    name: '运营小欧',
    roleKind: RoleKind.VIP,
    paidDays: 365,
    isOperator: true,
    description: '运营 (operator)',
  },
  {
    email: 'teacher@demo.gre-prep.cn',
    name: '写作老师',
    roleKind: RoleKind.VIP,
    paidDays: 365,
    isTeacher: true,
    description: '老师 (teacher)',
  },
  { email: 'trial@demo.gre-prep.cn', name: '试用考生', roleKind: RoleKind.Trail, description: '试用用户 (Trail)' },
  { email: 'member@demo.gre-prep.cn', name: '普通会员', roleKind: RoleKind.FreeVIP, description: '普通会员 (FreeVIP)' },
  { email: 'vip@demo.gre-prep.cn', name: 'VIP 考生', roleKind: RoleKind.VIP, paidDays: 365, description: 'VIP' },
  {
    email: 'study@demo.gre-prep.cn',
    name: '备考中的考生',
    roleKind: RoleKind.VIP,
    paidDays: 365,
    description: 'VIP，已练过三套题：错题本、笔记、收藏与复习计划里有内容',
  },
  {
    email: 'svip@demo.gre-prep.cn',
    name: '超级 VIP 考生',
    roleKind: RoleKind.SVIP,
    paidDays: 365,
    description: '超级 VIP (SVIP)',
  },
];

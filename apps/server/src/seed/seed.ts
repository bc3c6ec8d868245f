// The idempotent seed. Demo accounts only in demo mode; later issues add content here.
import { RoleKind } from '@gre/contract/enums';
import { seedQuotas } from '../modules/exam/exam.quota.ts';
import { seedRights } from '../modules/question/rights.ts';
import { createUserRepo } from '../modules/user/user.repo.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import { hashPassword } from '../platform/password.ts';
import { demoAccounts, demoPassword } from './demo-accounts.ts';

export interface SeedResult {
  demoAccountsCreated: number;
}

export async function seed(db: Db, clock: Clock, opts: { demoMode: boolean }): Promise<SeedResult> {
  await seedRights(db, clock);
  await seedQuotas(db, clock);
  let created = 0;
  if (opts.demoMode) {
    const repo = createUserRepo(db);
    const now = clock.now();
    // Hashing costs ~0.3 s: only when an account is missing (first start, or one was deleted).
    let hash: string | null = null;
    for (const a of demoAccounts) {
      if (await repo.findByAccount({ email: a.email })) continue;
      hash ??= await hashPassword(demoPassword);
      const expireAt = a.paidDays ? new Date(now.getTime() + a.paidDays * 86_400_000) : null;
      const row = await repo.create(
        {
          email: a.email,
          name: a.name,
          passwordHash: hash,
          roleKind: a.roleKind,
          roleExpireAt: expireAt,
          isAdmin: a.isAdmin ?? false,
          isOperator: a.isOperator ?? false,
          isTeacher: a.isTeacher ?? false,
          flashCoins: a.roleKind >= RoleKind.VIP ? 200 : 0,
          signature: '每天进步一点点',
          isDemo: true,
          createdAt: now,
          updatedAt: now,
        },
        { roleKind: a.roleKind, startAt: now, note: '演示账号' },
      );
      if (row) created++;
    }
  }
  return { demoAccountsCreated: created };
}

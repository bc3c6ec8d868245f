// The idempotent seed. Demo accounts only in demo mode; later issues add content here.
import { RoleKind } from '@gre/contract/enums';
import { discountCodes } from '../db/schema/pay.ts';
import { seedQuotas } from '../modules/exam/exam.quota.ts';
import { seedRights } from '../modules/question/rights.ts';
import { createUserRepo } from '../modules/user/user.repo.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import { hashPassword } from '../platform/password.ts';
import { demoAccounts, demoPassword } from './demo-accounts.ts';

/** The demo mode's discount code (README "Payments"). */
export const demoDiscountCode = 'GRE2026';

export interface SeedResult {
  demoAccountsCreated: number;
  /** The e-mails of the demo accounts created by this call (demo-history.ts fills one of them). */
  createdAccounts: string[];
}

export async function seed(db: Db, clock: Clock, opts: { demoMode: boolean }): Promise<SeedResult> {
  await seedRights(db, clock);
  await seedQuotas(db, clock);
  let created = 0;
  const createdAccounts: string[] = [];
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
      if (row) {
        created++;
        createdAccounts.push(a.email);
      }
    }
    // A discount code to try the payment dialog with (ADR 0029): 20% off, demo mode only.
    await db
      .insert(discountCodes)
      .values({
        code: demoDiscountCode,
        name: '演示折扣',
        info: '演示环境专用：立减 20%',
        percentOff: 20,
        validFrom: now,
        validUntil: new Date('2099-01-01T00:00:00Z'),
        createdAt: now,
      })
      .onConflictDoNothing();
  }
  return { demoAccountsCreated: created, createdAccounts };
}

// The staff audit (issue 16, issue 17): every staff change writes who, what, on whom, before and after,
// in the transaction that makes the change. One writer for the money actions and the operator console.
import { staffAudit } from '../../db/schema/pay.ts';
import type { Tx } from '../../platform/db.ts';

export interface StaffAuditEntry {
  staffId: number;
  action: string;
  target: number | null;
  /** The trade id, code or voucher acted on ('' when the user is the subject). */
  subject: string;
  before: unknown;
  after: unknown;
  at: Date;
}

export async function writeStaffAudit(tx: Tx, e: StaffAuditEntry): Promise<void> {
  await tx.insert(staffAudit).values({
    staffId: e.staffId,
    action: e.action,
    targetUserId: e.target,
    subject: e.subject,
    before: e.before ?? null,
    after: e.after ?? null,
    at: e.at,
  });
}

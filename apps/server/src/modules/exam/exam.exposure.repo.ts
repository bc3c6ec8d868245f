// SQL of the answer gate (exam.exposure.ts): a user's unfinished timed exams, read when the gate's
// per-user cache misses, and the log of answers served during such an exam anyway.
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { examExposures, exams } from '../../db/schema/exam.ts';
import type { Db } from '../../platform/db.ts';
import type { StoredSection } from './exam.engine.ts';

export interface UnfinishedExamRow {
  id: string;
  sections: StoredSection[];
  createdAt: Date;
}

export interface ExposureRow {
  examId: string;
  questionId: string;
  userId: number;
  reason: 'staff' | 'lapsed';
  path: string;
  at: Date;
}

/** Exams untouched for this long are neither hidden (their time is long over) nor logged any more. */
export const exposureWindowMs = 30 * 86_400_000;

export function createExposureRepo(db: Db) {
  return {
    /**
     * The user's unfinished exams with at least one timed section, touched within the window
     * (every write bumps `updated_at`; a running exam is at most a few hours old).
     */
    async unfinishedTimed(userId: number, now: Date): Promise<UnfinishedExamRow[]> {
      const rows = await db
        .select({ id: exams.id, sections: exams.sections, createdAt: exams.createdAt })
        .from(exams)
        .where(
          and(
            eq(exams.userId, userId),
            inArray(exams.status, [0, 1, 2]),
            gt(exams.updatedAt, new Date(now.getTime() - exposureWindowMs)),
            sql`exists (select 1 from jsonb_array_elements(${exams.sections}) s where (s->>'limit')::int > 0)`,
          ),
        )
        .orderBy(desc(exams.createdAt));
      return rows as UnfinishedExamRow[];
    },

    /** Logs exposures; the first one per exam and question stays. */
    async record(rows: ExposureRow[]) {
      if (!rows.length) return;
      await db.insert(examExposures).values(rows).onConflictDoNothing();
    },
  };
}

export type ExposureRepo = ReturnType<typeof createExposureRepo>;

// SQL of the scoring domain: the item parameters, and the response log read by calibration (the
// exam service writes the log when an exam is finished). Exams whose answers their candidate was
// served while they ran (`exam_exposures`, docs/decisions/0017) are left out of calibration.
import { desc, sql } from 'drizzle-orm';
import { examExposures } from '../../db/schema/exam.ts';
import { itemParams, responses } from '../../db/schema/scoring.ts';
import { type Db, excluded } from '../../platform/db.ts';
import type { LoggedResponse } from './calibration.ts';

export type ItemParamRow = typeof itemParams.$inferSelect;

export function createScoringRepo(db: Db) {
  return {
    async itemParams(): Promise<ItemParamRow[]> {
      return db.select().from(itemParams);
    },

    async upsertItemParams(rows: ItemParamRow[]) {
      for (let i = 0; i < rows.length; i += 500) {
        await db
          .insert(itemParams)
          .values(rows.slice(i, i + 500))
          .onConflictDoUpdate({ target: itemParams.questionId, set: excluded('a', 'b', 'n', 'source', 'updatedAt') });
      }
    },

    /**
     * The newest `limit` responses, newest first (only the columns calibration needs), without the
     * exams whose candidate saw an answer of them before finishing.
     */
    async recentResponses(limit: number): Promise<LoggedResponse[]> {
      return db
        .select({
          examId: responses.examId,
          questionId: responses.questionId,
          examKind: responses.examKind,
          category: responses.category,
          kind: responses.kind,
          difficulty: responses.difficulty,
          answered: responses.answered,
          correct: responses.correct,
        })
        .from(responses)
        .where(sql`not exists (select 1 from ${examExposures} x where x.exam_id = ${responses.examId})`)
        .orderBy(desc(responses.at), responses.examId, responses.sectionIndex, responses.questionIndex)
        .limit(limit);
    },
  };
}

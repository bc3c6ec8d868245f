// SQL for essays. Status changes are conditional updates (`where status = Judging`), so a late or
// repeated grading job can never overwrite a finished or failed essay, and two jobs for the same
// essay cannot both finish it.
import { IssueResultStatus } from '@gre/contract/enums';
import type { EssayComment, EssayTeacherComment } from '@gre/contract/essay';
import { and, asc, count, desc, eq, isNotNull, isNull, like, lt, sql } from 'drizzle-orm';
import { essayScorerWeights, essays } from '../../db/schema/essay.ts';
import { exams } from '../../db/schema/exam.ts';
import { words } from '../../db/schema/question.ts';
import { users } from '../../db/schema/user.ts';
import type { Db, Tx } from '../../platform/db.ts';

export type EssayRow = typeof essays.$inferSelect;
export type NewEssay = typeof essays.$inferInsert;

/** Finished essays a prompt needs (this one included) before an essay gets a rank (issue 10). */
export const minEssaysForRank = 20;

export function createEssayRepo(db: Db) {
  return {
    db,

    async insert(tx: Tx | Db, row: NewEssay) {
      await tx.insert(essays).values(row);
    },

    async find(id: string): Promise<EssayRow | undefined> {
      const [r] = await db.select().from(essays).where(eq(essays.id, id));
      return r;
    },

    async findOwn(userId: number, id: string): Promise<EssayRow | undefined> {
      const [r] = await db
        .select()
        .from(essays)
        .where(and(eq(essays.userId, userId), eq(essays.id, id)));
      return r;
    },

    async lockOwn(tx: Tx, userId: number, id: string): Promise<EssayRow | undefined> {
      const [r] = await tx
        .select()
        .from(essays)
        .where(and(eq(essays.userId, userId), eq(essays.id, id)))
        .for('update');
      return r;
    },

    async list(userId: number, questionId: string | undefined, page: number, pageSize: number) {
      const where = questionId
        ? and(eq(essays.userId, userId), eq(essays.questionId, questionId))
        : eq(essays.userId, userId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(essays)
          .where(where)
          .orderBy(desc(essays.createdAt), desc(essays.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(essays).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async byExam(userId: number, examId: string): Promise<EssayRow[]> {
      return db
        .select()
        .from(essays)
        .where(and(eq(essays.userId, userId), eq(essays.examId, examId)))
        .orderBy(asc(essays.sectionIndex));
    },

    /** Starts a grading run: counts the attempt; undefined when the essay is no longer Judging. */
    async beginAttempt(id: string, now: Date): Promise<EssayRow | undefined> {
      const [r] = await db
        .update(essays)
        .set({ attempts: sql`${essays.attempts} + 1`, updatedAt: now })
        .where(and(eq(essays.id, id), eq(essays.status, IssueResultStatus.Judging)))
        .returning();
      return r;
    },

    /**
     * Percentile rank among finished essays on the prompt (mid-rank: ties count half); null until
     * the prompt has `minEssaysForRank` finished essays with this one (a rank of 3 essays says nothing).
     */
    async rankOf(tx: Tx, questionId: string, excludeId: string, score: number): Promise<number | null> {
      const [r] = await tx
        .select({
          below: sql<number>`count(*) filter (where ${essays.score} < ${score})`.mapWith(Number),
          equal: sql<number>`count(*) filter (where ${essays.score} = ${score})`.mapWith(Number),
          n: count(),
        })
        .from(essays)
        .where(
          and(
            eq(essays.questionId, questionId),
            eq(essays.status, IssueResultStatus.Finished),
            sql`${essays.id} <> ${excludeId}`,
          ),
        );
      const below = r?.below ?? 0;
      const equal = r?.equal ?? 0;
      const n = (r?.n ?? 0) + 1;
      if (n < minEssaysForRank) return null;
      return Math.round((100 * (below + 0.5 * (equal + 1))) / n);
    },

    /** Judging → Finished; false when it was not Judging any more. */
    async finish(
      tx: Tx,
      id: string,
      f: { score: number; rank: number | null; comment: EssayComment; grader: string; now: Date },
    ): Promise<EssayRow | undefined> {
      const [r] = await tx
        .update(essays)
        .set({
          status: IssueResultStatus.Finished,
          score: f.score,
          rank: f.rank,
          comment: f.comment,
          grader: f.grader,
          failure: '',
          updatedAt: f.now,
          finishedAt: f.now,
        })
        .where(and(eq(essays.id, id), eq(essays.status, IssueResultStatus.Judging)))
        .returning();
      return r;
    },

    /** Judging → Failed with a reason shown to the user. */
    async fail(tx: Tx | Db, id: string, reason: string, now: Date): Promise<EssayRow | undefined> {
      const [r] = await tx
        .update(essays)
        .set({ status: IssueResultStatus.Failed, failure: reason, updatedAt: now })
        .where(and(eq(essays.id, id), eq(essays.status, IssueResultStatus.Judging)))
        .returning();
      return r;
    },

    /** Failed → Judging for a new round (attempts start again). */
    async restart(tx: Tx, id: string, now: Date): Promise<EssayRow | undefined> {
      const [r] = await tx
        .update(essays)
        .set({ status: IssueResultStatus.Judging, failure: '', attempts: 0, updatedAt: now })
        .where(and(eq(essays.id, id), eq(essays.status, IssueResultStatus.Failed)))
        .returning();
      return r;
    },

    /** Essays still Judging, untouched since `before` (a crash between commit and enqueue, or a lost job). */
    async stale(before: Date, limit: number): Promise<EssayRow[]> {
      return db
        .select()
        .from(essays)
        .where(and(eq(essays.status, IssueResultStatus.Judging), lt(essays.updatedAt, before)))
        .orderBy(asc(essays.updatedAt))
        .limit(limit);
    },

    /**
     * Writes the exam's finished essay score into its result (`issue_score`), when the exam has a
     * result. Bumps the exam's version, so the exam service's optimistic writers re-read it.
     */
    async copyScoreToExam(tx: Tx | Db, examId: string) {
      await tx.execute(sql`
        update ${exams} set
          result = jsonb_set(result, '{issue_score}', to_jsonb(s.score)),
          version = ${exams.version} + 1
        from (
          select ${essays.score} as score from ${essays}
          where ${essays.examId} = ${examId} and ${essays.status} = ${IssueResultStatus.Finished}
          order by ${essays.sectionIndex} limit 1
        ) s
        where ${exams.id} = ${examId} and ${exams.result} is not null
          and (${exams.result} -> 'issue_score') is distinct from to_jsonb(s.score)`);
    },

    /** The user as the quota rules see them (role, expiry, staff flags). */
    async userForQuota(tx: Tx, userId: number) {
      const [r] = await tx
        .select({
          id: users.id,
          roleKind: users.roleKind,
          roleExpireAt: users.roleExpireAt,
          isAdmin: users.isAdmin,
          isOperator: users.isOperator,
          isTeacher: users.isTeacher,
          isFreeze: users.isFreeze,
          hasCrown: users.hasCrown,
        })
        .from(users)
        .where(eq(users.id, userId));
      return r;
    },

    /**
     * A teacher's grade (issue 13), on an essay in any status (Finished ones included): the
     * machine's score, grader and comment stay as they are. A second grade replaces the first.
     */
    async setTeacherGrade(
      tx: Tx | Db,
      id: string,
      g: { score: number; comment: EssayTeacherComment; teacherId: number; now: Date },
    ): Promise<EssayRow | undefined> {
      const [r] = await tx
        .update(essays)
        .set({ teacherScore: g.score, teacherComment: g.comment, teacherId: g.teacherId, teacherGradedAt: g.now })
        .where(eq(essays.id, id))
        .returning();
      return r;
    },

    /** The essay locked for a teacher's grade (two teachers at once are applied one after the other). */
    async lock(tx: Tx, id: string): Promise<EssayRow | undefined> {
      const [r] = await tx.select().from(essays).where(eq(essays.id, id)).for('update');
      return r;
    },

    /**
     * The teacher grading queue: essays with text (not Empty), oldest first, ungraded or graded, by
     * prompt and by the machine grader's kind. Ungraded ones read `essays_teacher_queue_idx`.
     */
    async teacherQueue(f: {
      questionId?: string;
      source: 'builtin' | 'model' | 'all';
      graded: boolean;
      page: number;
      pageSize: number;
    }) {
      const where = and(
        sql`${essays.status} <> ${IssueResultStatus.Empty}`,
        f.graded ? isNotNull(essays.teacherScore) : isNull(essays.teacherScore),
        f.questionId ? eq(essays.questionId, f.questionId) : undefined,
        f.source === 'builtin' ? like(essays.grader, 'builtin%') : undefined,
        f.source === 'model' ? like(essays.grader, 'model:%') : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: essays.id,
            questionId: essays.questionId,
            status: essays.status,
            createdAt: essays.createdAt,
            wordCount: essays.wordCount,
            score: essays.score,
            grader: essays.grader,
            teacherScore: essays.teacherScore,
            teacherGradedAt: essays.teacherGradedAt,
          })
          .from(essays)
          .where(where)
          .orderBy(asc(essays.createdAt), asc(essays.id))
          .limit(f.pageSize)
          .offset((f.page - 1) * f.pageSize),
        db.select({ n: count() }).from(essays).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async countTeacherGraded(): Promise<number> {
      const [r] = await db.select({ n: count() }).from(essays).where(isNotNull(essays.teacherScore));
      return r?.n ?? 0;
    },

    /** Teacher-graded essays, newest grade first (what a refit of the built-in scorer reads). */
    async teacherGraded(limit: number) {
      return db
        .select({ id: essays.id, questionId: essays.questionId, text: essays.text, teacherScore: essays.teacherScore })
        .from(essays)
        .where(isNotNull(essays.teacherScore))
        .orderBy(desc(essays.teacherGradedAt), desc(essays.id))
        .limit(limit);
    },

    /** The newest refitted weights of the built-in scorer, if any. */
    async latestWeights(): Promise<{ weights: unknown; essays: number } | undefined> {
      const [r] = await db
        .select({ weights: essayScorerWeights.weights, essays: essayScorerWeights.essays })
        .from(essayScorerWeights)
        .orderBy(desc(essayScorerWeights.id))
        .limit(1);
      return r;
    },

    async insertWeights(weights: object, essayCount: number, now: Date) {
      await db.insert(essayScorerWeights).values({ weights, essays: essayCount, createdAt: now });
    },

    /** The GRE list for the built-in scorer (word, inflected forms, frequency ranks). */
    async greWords() {
      return db
        .select({ word: words.word, exchange: words.exchange, frequency: words.frequency, bnc: words.bnc })
        .from(words);
    },
  };
}

export type EssayRepo = ReturnType<typeof createEssayRepo>;

// SQL of the user's words (ADR 0026). Every statement names the user.
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { crafts } from '../../db/schema/craft.ts';
import { userWords } from '../../db/schema/word.ts';
import { type Db, excluded } from '../../platform/db.ts';

export interface MarkRow {
  word: string;
  addedAt: Date | null;
  simpleAt: Date | null;
}

const markColumns = { word: userWords.word, addedAt: userWords.addedAt, simpleAt: userWords.simpleAt };

export function createWordRepo(db: Db) {
  /** Rows left with no mark are deleted: a row means "marked". */
  const dropEmpty = (tx: Db, userId: number, words: string[]) =>
    tx
      .delete(userWords)
      .where(
        and(
          eq(userWords.userId, userId),
          inArray(userWords.word, words),
          isNull(userWords.addedAt),
          isNull(userWords.simpleAt),
        ),
      );

  return {
    marks(userId: number): Promise<MarkRow[]> {
      return db.select(markColumns).from(userWords).where(eq(userWords.userId, userId)).orderBy(userWords.word);
    },

    marksOf(userId: number, words: string[]): Promise<MarkRow[]> {
      return db
        .select(markColumns)
        .from(userWords)
        .where(and(eq(userWords.userId, userId), inArray(userWords.word, words)));
    },

    /** Into my list; a word already there keeps its time. Returns how many were added. */
    async add(userId: number, words: string[], at: Date): Promise<number> {
      const rows = await db
        .insert(userWords)
        .values(words.map((word) => ({ userId, word, addedAt: at, updatedAt: at })))
        .onConflictDoUpdate({
          target: [userWords.userId, userWords.word],
          set: excluded('addedAt', 'updatedAt'),
          setWhere: isNull(userWords.addedAt),
        })
        .returning({ word: userWords.word });
      return rows.length;
    },

    /** Out of my list (熟词 stays). Returns how many were removed. */
    remove(userId: number, words: string[], at: Date): Promise<number> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(userWords)
          .set({ addedAt: null, updatedAt: at })
          .where(and(eq(userWords.userId, userId), inArray(userWords.word, words), isNotNull(userWords.addedAt)))
          .returning({ word: userWords.word });
        await dropEmpty(tx as unknown as Db, userId, words);
        return rows.length;
      });
    },

    /** 熟词 on (a word already simple keeps its time) or off. Returns how many changed. */
    async setSimple(userId: number, words: string[], simple: boolean, at: Date): Promise<number> {
      if (simple) {
        const rows = await db
          .insert(userWords)
          .values(words.map((word) => ({ userId, word, simpleAt: at, updatedAt: at })))
          .onConflictDoUpdate({
            target: [userWords.userId, userWords.word],
            set: excluded('simpleAt', 'updatedAt'),
            setWhere: isNull(userWords.simpleAt),
          })
          .returning({ word: userWords.word });
        return rows.length;
      }
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(userWords)
          .set({ simpleAt: null, updatedAt: at })
          .where(and(eq(userWords.userId, userId), inArray(userWords.word, words), isNotNull(userWords.simpleAt)))
          .returning({ word: userWords.word });
        await dropEmpty(tx as unknown as Db, userId, words);
        return rows.length;
      });
    },

    /** The questions in the user's wrong-answer book (the review loop's crafts, ADR 0025). */
    async wrongQuestionIds(userId: number): Promise<string[]> {
      const rows = await db
        .select({ id: crafts.questionId })
        .from(crafts)
        .where(and(eq(crafts.userId, userId), sql`${crafts.wrong}`));
      return rows.map((r) => r.id);
    },
  };
}

export type WordRepo = ReturnType<typeof createWordRepo>;

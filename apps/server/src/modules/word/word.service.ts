// A word's details from the imported vocabulary (ECDICT): meanings, forms, roots, similar words.
// For a word question the entry is the key, so while the caller's timed exam with that question
// runs the answer gate refuses it (modules/exam/exam.exposure.ts, docs/decisions/0017).
import { getWordDetails } from '@gre/contract/endpoints/word';
import type { Word } from '@gre/contract/question';
import { sql } from 'drizzle-orm';
import { wordRoots, wordSimilarGroups, words } from '../../db/schema/question.ts';
import type { Db } from '../../platform/db.ts';
import type { RequestContext } from '../../platform/endpoints.ts';
import { errors } from '../../platform/errors.ts';

const formNames: Record<string, string> = {
  p: '过去式',
  d: '过去分词',
  i: '现在分词',
  '3': '第三人称单数',
  r: '比较级',
  t: '最高级',
  s: '复数',
  '0': '原形',
};

export function formsOf(exchange: string): Word['forms'] {
  return exchange
    .split('/')
    .map((part) => part.split(':'))
    .filter(([k, v]) => k && v && formNames[k])
    .map(([k, v]) => ({ kind: formNames[k as string] as string, form: v as string }));
}

export function createWordService(
  db: Db,
  gate: { checkWord(ctx: RequestContext, word: string, path: string): Promise<void> },
) {
  return {
    async details(raw: string, ctx: RequestContext): Promise<Word> {
      const key = raw.trim().toLowerCase();
      await gate.checkWord(ctx, key, getWordDetails.path);
      const [w] = await db.select().from(words).where(sql`lower(${words.word}) = ${key}`).limit(1);
      if (!w) throw errors.notFound('词库中没有这个单词');
      const [roots, similar] = await Promise.all([
        db.select().from(wordRoots).where(sql`${key} = any(${wordRoots.examples})`),
        db.select().from(wordSimilarGroups).where(sql`${key} = any(${wordSimilarGroups.words})`),
      ]);
      return {
        word: w.word,
        phonetic: w.phonetic,
        definition: w.definition,
        translation: w.translation,
        pos: w.pos,
        forms: formsOf(w.exchange),
        frequency: w.frequency,
        roots: roots.map((r) => ({ root: r.root, meaning: r.meaning, kind: r.kind })),
        similar: similar.map((g) => ({ words: g.words, note: g.note })),
      };
    },
  };
}

export type WordService = ReturnType<typeof createWordService>;

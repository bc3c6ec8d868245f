// The vocabulary (ADR 0026): a word's details, the GRE list with the user's marks, my list (生词本),
// 熟词, word books with their progress, and the list's search.
//
// Exam integrity (ADR 0017). A word question's key is a word's meaning: `get_details` asks the
// answer gate for the one word (refused while the caller's exam with it runs; served and logged to
// staff and after the time is over). Lists cannot be asked word by word, so they leave out what the
// caller's unfinished timed exams would give away (`gate.guarded`): the meanings of their word
// questions' key words (gloss and details blanked, `withheld`; a Chinese search never finds them),
// and the questions themselves as sources of the wrong-question and six-two books and of examples.
import { getWordDetails } from '@gre/contract/endpoints/word';
import { QuestionCategory } from '@gre/contract/enums';
import type { Question, Word } from '@gre/contract/question';
import type { WordBook, WordBrief, WordDetail, WordMark } from '@gre/contract/word';
import { wordBookKindLabel, wordLimits } from '@gre/contract/word';
import { inArray, sql } from 'drizzle-orm';
import { wordRoots, wordSimilarGroups, words } from '../../db/schema/question.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import { isStaff, type RequestContext, versioned } from '../../platform/endpoints.ts';
import { errors } from '../../platform/errors.ts';
import { everything, type InvalidationBus } from '../../platform/invalidation.ts';
import type { Catalogue } from '../question/catalogue.ts';
import type { Rights } from '../question/rights.ts';
import { buildExampleIndex, type ExampleIndex } from './word.examples.ts';
import type { MarkRow, WordRepo } from './word.repo.ts';
import { loadVocab, rootName, rootSlug, type StaticBook, type Vocab } from './word.vocab.ts';

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

export interface WordGate {
  checkWord(ctx: RequestContext, word: string, path: string): Promise<void>;
  guarded(ctx: RequestContext): Promise<{ questionIds: ReadonlySet<string>; words: ReadonlySet<string> }>;
}

export interface WordServiceDeps {
  db: Db;
  repo: WordRepo;
  clock: Clock;
  bus: InvalidationBus;
  gate: WordGate;
  catalogue: () => Promise<Catalogue>;
  rights: () => Promise<Rights>;
  /** The mock-only pool (ADR 0021): no examples or six-two pairs from it for candidates. */
  mockOnly: (c: Catalogue) => Set<string>;
  /**
   * Archives (ADR 0041): the word books an admin retired (gone from the lists, refused when opened,
   * read through `archivedBook` by those who had opened them), and the record of a first reading.
   */
  retiredBooks?: () => Promise<Map<string, Date>>;
  bookOpened?: (userId: number, bookId: string) => Promise<void>;
}

type Guarded = Awaited<ReturnType<WordGate['guarded']>>;

const toMark = (r: MarkRow): WordMark => ({
  word: r.word,
  added_at: r.addedAt ? r.addedAt.getTime() : null,
  simple_at: r.simpleAt ? r.simpleAt.getTime() : null,
});

/** The GRE words a question is about: a word question's word and pair; the key options and key words of the others. */
export function keyWordsOfQuestion(q: Question, vocab: Pick<Vocab, 'formsOf'>): string[] {
  const raw: string[] = [];
  if (q.category === QuestionCategory.Word) raw.push(q.word_info?.id ?? '', q.word_info?.pair_id ?? '');
  else {
    const groups = q.input_method.option_groups;
    const selects = q.standard_answer?.selects ?? [];
    if (q.category === QuestionCategory.Filling)
      selects.forEach((k, i) => {
        raw.push((groups.length === 1 ? groups[0] : groups[i])?.[k] ?? '');
      });
    for (const k of q.analysis?.key_words ?? []) raw.push(k.word);
  }
  const out: string[] = [];
  for (const text of raw) {
    const token = text.trim().toLowerCase();
    for (const w of vocab.formsOf.get(token) ?? []) if (!out.includes(w)) out.push(w);
  }
  return out;
}

export function createWordService(deps: WordServiceDeps) {
  const { db, repo, clock, gate } = deps;
  let vocabLoading: Promise<Vocab> | null = null;
  const vocab = () => {
    vocabLoading ??= loadVocab(db).catch((err) => {
      vocabLoading = null;
      throw err;
    });
    return vocabLoading;
  };
  deps.bus.subscribe((topic) => {
    if (topic === 'catalogue' || topic === everything) vocabLoading = null;
  });
  const exampleIndexes = new WeakMap<Catalogue, ExampleIndex>();
  const examplesOf = (c: Catalogue, v: Vocab) => {
    let index = exampleIndexes.get(c);
    if (!index) {
      index = buildExampleIndex(c, v.formsOf);
      exampleIndexes.set(c, index);
    }
    return index;
  };

  const userOf = (ctx: RequestContext) => Number(ctx.caller?.userId);

  /** Lower-cased, unique, every one in the GRE list; otherwise a refusal naming the unknown ones. */
  async function known(input: string[]): Promise<string[]> {
    const v = await vocab();
    const list = [...new Set(input.map((w) => w.trim().toLowerCase()))];
    const unknown = list.filter((w) => !v.byWord.has(w));
    if (unknown.length)
      throw errors.notFound(
        `词库中没有这个单词：${unknown.slice(0, 5).join('、')}${unknown.length > 5 ? ` 等 ${unknown.length} 个` : ''}`,
      );
    return list;
  }

  const briefFor = (b: WordBrief, guarded: Guarded): WordBrief =>
    guarded.words.has(b.word) ? { ...b, gloss: '', poses: [] } : b;

  /** Who may see a question's text: rights, not the mock-only pool, not the caller's unfinished exams. */
  async function questionFilter(ctx: RequestContext, c: Catalogue, guarded: Guarded) {
    const rights = await deps.rights();
    const reserved = isStaff(ctx.caller) ? null : deps.mockOnly(c);
    return (id: string, visibility: string) =>
      rights.canOpen(ctx.caller, visibility) && !reserved?.has(id) && !guarded.questionIds.has(id);
  }

  /** The user's books made from their own data and the bank: wrong-question words, six-two pairs, my list. */
  async function ownBooks(ctx: RequestContext, v: Vocab, marks: MarkRow[], guarded: Guarded): Promise<StaticBook[]> {
    const c = await deps.catalogue();
    const wrongIds = await repo.wrongQuestionIds(userOf(ctx));
    const wrong: string[] = [];
    for (const id of wrongIds) {
      const q = c.byId.get(id)?.question;
      if (!q || guarded.questionIds.has(id)) continue;
      for (const w of keyWordsOfQuestion(q, v)) if (!wrong.includes(w)) wrong.push(w);
    }
    const allowed = await questionFilter(ctx, c, guarded);
    const pairs: string[] = [];
    for (const { question: q } of c.entries) {
      if (q.kind !== 'se' || !q.standard_answer || !allowed(q.id, q.visibility)) continue;
      const options = q.input_method.option_groups[0] ?? [];
      const pair = q.standard_answer.selects.map((k) => (options[k] ?? '').trim().toLowerCase());
      if (pair.length !== 2 || !pair.every((w) => v.byWord.has(w))) continue;
      // Each word once and the pairs side by side: a pair that shares a word with an earlier one is
      // left out (its word is already in the book with its first partner).
      if (pair.some((w) => pairs.includes(w))) continue;
      pairs.push(...pair);
    }
    const mine = marks
      .filter((m) => m.addedAt)
      .sort((a, b) => (b.addedAt?.getTime() ?? 0) - (a.addedAt?.getTime() ?? 0) || a.word.localeCompare(b.word))
      .map((m) => m.word);
    return [
      {
        id: 'mine',
        kind: 'mine',
        title: wordBookKindLabel.mine,
        note: '我加入生词本的单词，最近加入的在前',
        words: mine,
      },
      {
        id: 'wrong',
        kind: 'wrong',
        title: wordBookKindLabel.wrong,
        note: '错题本中各题的关键词：单词题的单词、填空题的正确选项与解析中的重点词',
        words: wrong,
      },
      {
        id: 'sixtwo',
        kind: 'sixtwo',
        title: wordBookKindLabel.sixtwo,
        note: '题库中句子等价（六选二）题的正确词对，两两相邻',
        words: pairs,
      },
    ];
  }

  const progressOf = (book: StaticBook, marks: Map<string, MarkRow>): WordBook => {
    let studied = 0;
    let simple = 0;
    for (const w of book.words) {
      const m = marks.get(w);
      if (!m) continue;
      studied++;
      if (m.simpleAt) simple++;
    }
    return {
      id: book.id,
      kind: book.kind,
      title: book.title,
      note: book.note,
      total: book.words.length,
      studied,
      simple,
    };
  };

  const retiredBooks = async () => (deps.retiredBooks ? deps.retiredBooks() : new Map<string, Date>());

  async function bookOf(
    id: string,
    ctx: RequestContext,
    v: Vocab,
    marks: MarkRow[],
    guarded: Guarded,
    archived = false,
  ) {
    if (!archived && (await retiredBooks()).has(id))
      throw errors.notFound('这本词书已下架；下架前打开过它的用户可在「已下架的六选二词书」中查看');
    const fixed = v.booksById.get(id);
    if (fixed) return fixed;
    if (id === 'mine' || id === 'wrong' || id === 'sixtwo')
      return (await ownBooks(ctx, v, marks, guarded)).find((b) => b.id === id) as StaticBook;
    throw errors.notFound('词书不存在');
  }

  /** A book's words with the caller's marks; `archived`: a retired book from the caller's archive. */
  async function readBook(
    b: { book_id: string; page: number; page_size: number },
    ctx: RequestContext,
    archived: boolean,
  ) {
    const [v, guarded, marks] = await Promise.all([vocab(), gate.guarded(ctx), repo.marks(userOf(ctx))]);
    const book = await bookOf(b.book_id, ctx, v, marks, guarded, archived);
    const byWord = new Map(marks.map((m) => [m.word, m]));
    const page = book.words.slice((b.page - 1) * b.page_size, b.page * b.page_size);
    const found = await entries(page, guarded);
    return {
      book: progressOf(book, byWord),
      total: book.words.length,
      words: found.map((e) => {
        const m = byWord.get(e.word.toLowerCase());
        return { ...e, mark: m ? toMark(m) : null };
      }),
    };
  }

  /** Dictionary entries of some words, with roots and similar groups, in the order given. */
  async function entries(list: string[], guarded: Guarded): Promise<Omit<WordDetail, 'examples' | 'mark'>[]> {
    if (!list.length) return [];
    const [rows, roots, similar] = await Promise.all([
      db
        .select()
        .from(words)
        .where(
          inArray(
            sql`lower(${words.word})`,
            list.map((w) => sql`${w}`),
          ),
        ),
      db
        .select()
        .from(wordRoots)
        .where(
          sql`${wordRoots.examples} && ${sql`array[${sql.join(
            list.map((w) => sql`${w}`),
            sql`, `,
          )}]::text[]`}`,
        ),
      db
        .select()
        .from(wordSimilarGroups)
        .where(
          sql`${wordSimilarGroups.words} && ${sql`array[${sql.join(
            list.map((w) => sql`${w}`),
            sql`, `,
          )}]::text[]`}`,
        ),
    ]);
    const byWord = new Map(rows.map((r) => [r.word.toLowerCase(), r]));
    return list.flatMap((key) => {
      const w = byWord.get(key);
      if (!w) return [];
      const withheld = guarded.words.has(key);
      return [
        {
          word: w.word,
          phonetic: w.phonetic,
          definition: withheld ? '' : w.definition,
          translation: withheld ? '' : w.translation,
          pos: w.pos,
          forms: formsOf(w.exchange),
          frequency: w.frequency,
          roots: withheld
            ? []
            : roots
                .filter((r) => r.examples.includes(key))
                .map((r) => ({ root: rootName(r.root), meaning: r.meaning, kind: r.kind })),
          similar: withheld
            ? []
            : similar.filter((g) => g.words.includes(key)).map((g) => ({ words: g.words, note: g.note })),
          withheld,
        },
      ];
    });
  }

  /** After a write: the marks of the words of the call as they are now (none left: both null). */
  async function marksAfter(userId: number, list: string[]): Promise<WordMark[]> {
    const rows = new Map((await repo.marksOf(userId, list)).map((r) => [r.word, r]));
    return list.map((word) => toMark(rows.get(word) ?? { word, addedAt: null, simpleAt: null }));
  }

  return {
    vocab,

    /** A book's words for the flash cards (ADR 0028): the same books, the same guarded exclusions. */
    async bookWords(id: string, ctx: RequestContext): Promise<{ title: string; words: string[] }> {
      const [v, guarded, marks] = await Promise.all([vocab(), gate.guarded(ctx), repo.marks(userOf(ctx))]);
      const book = await bookOf(id, ctx, v, marks, guarded);
      return { title: book.title, words: book.words };
    },

    /**
     * The questions the caller may have as flash question cards (ADR 0028), as the card shows them:
     * those the caller may open (rights, not the mock-only pool), not of the caller's unfinished timed
     * exams (running or lapsed) and without a key word of those exams' word questions (a word card's
     * rule); null for any other question. Asked again on every open and answer of a set.
     */
    async cardQuestions(ctx: RequestContext): Promise<(id: string) => Question | null> {
      const [v, c, guarded] = await Promise.all([vocab(), deps.catalogue(), gate.guarded(ctx)]);
      const allowed = await questionFilter(ctx, c, guarded);
      return (id) => {
        const q = c.byId.get(id)?.question;
        if (!q || !allowed(id, q.visibility)) return null;
        if (guarded.words.size && keyWordsOfQuestion(q, v).some((w) => guarded.words.has(w))) return null;
        return q;
      };
    },

    /**
     * Example sentences for flash learn cards (ADR 0028): the word pages' examples (the bank's own
     * sentences, of questions the caller may open: not the mock-only pool, not their unfinished timed
     * exams), `perWord` at most per word.
     */
    async examplesFor(list: readonly string[], perWord: number, ctx: RequestContext) {
      const out = new Map<string, WordDetail['examples']>();
      if (!list.length) return out;
      const [v, c, guarded] = await Promise.all([vocab(), deps.catalogue(), gate.guarded(ctx)]);
      const allowed = await questionFilter(ctx, c, guarded);
      const index = examplesOf(c, v);
      for (const w of list)
        out.set(
          w,
          (index.get(w) ?? [])
            .filter((e) => e.questionIds.every((id) => allowed(id, e.visibility)))
            .slice(0, perWord)
            .map((e) => ({ text: e.text, question_id: e.questionIds[0] as string, source: e.source })),
        );
      return out;
    },

    async details(raw: string, ctx: RequestContext): Promise<WordDetail> {
      const key = raw.trim().toLowerCase();
      await gate.checkWord(ctx, key, getWordDetails.path);
      const none: Guarded = { questionIds: new Set(), words: new Set() };
      const [entry] = await entries([key], none);
      if (!entry) throw errors.notFound('词库中没有这个单词');
      const [v, c, guarded] = await Promise.all([vocab(), deps.catalogue(), gate.guarded(ctx)]);
      const allowed = await questionFilter(ctx, c, guarded);
      const examples = (examplesOf(c, v).get(key) ?? [])
        .filter((e) => e.questionIds.every((id) => allowed(id, e.visibility)))
        .slice(0, wordLimits.examples)
        .map((e) => ({ text: e.text, question_id: e.questionIds[0] as string, source: e.source }));
      const [mark] = await repo.marksOf(userOf(ctx), [key]);
      return { ...entry, examples, mark: mark ? toMark(mark) : null };
    },

    /**
     * The whole list with my marks, versioned (ETag): the version is the list's own (a hash made
     * when it was loaded), the words withheld now, and my marks; a caller holding it gets 304 and
     * nothing is built.
     */
    async getAll(ctx: RequestContext) {
      const [v, guarded, marks] = await Promise.all([vocab(), gate.guarded(ctx), repo.marks(userOf(ctx))]);
      const held = [...guarded.words].sort().join(',');
      const mine = marks.map((m) => `${m.word}:${m.addedAt?.getTime() ?? ''}:${m.simpleAt?.getTime() ?? ''}`).join(',');
      return versioned(`word-list:${v.version}|${held}|${mine}`, async () => ({
        words: guarded.words.size ? v.briefs.map((b) => briefFor(b, guarded)) : v.briefs,
        marks: marks.map(toMark),
      }));
    },

    async add(input: string[], ctx: RequestContext) {
      const list = await known(input);
      const changed = await repo.add(userOf(ctx), list, clock.now());
      return { changed, marks: await marksAfter(userOf(ctx), list) };
    },

    async remove(input: string[], ctx: RequestContext) {
      const list = await known(input);
      const changed = await repo.remove(userOf(ctx), list, clock.now());
      return { changed, marks: await marksAfter(userOf(ctx), list) };
    },

    async markSimple(input: string[], simple: boolean, ctx: RequestContext) {
      const list = await known(input);
      const changed = await repo.setSimple(userOf(ctx), list, simple, clock.now());
      return { changed, marks: await marksAfter(userOf(ctx), list) };
    },

    async merge(b: { book_id?: string | undefined; words?: string[] | undefined }, ctx: RequestContext) {
      let list: string[];
      if (b.words) list = await known(b.words);
      else {
        const [v, guarded, marks] = await Promise.all([vocab(), gate.guarded(ctx), repo.marks(userOf(ctx))]);
        list = (await bookOf(b.book_id as string, ctx, v, marks, guarded)).words;
      }
      const changed = list.length ? await repo.add(userOf(ctx), list, clock.now()) : 0;
      return { changed, total: list.length };
    },

    async listBooks(ctx: RequestContext) {
      const [v, guarded, marks] = await Promise.all([vocab(), gate.guarded(ctx), repo.marks(userOf(ctx))]);
      const byWord = new Map(marks.map((m) => [m.word, m]));
      const [own, retired] = await Promise.all([ownBooks(ctx, v, marks, guarded), retiredBooks()]);
      return {
        books: [...own, ...v.books].filter((b) => !retired.has(b.id)).map((b) => progressOf(b, byWord)),
      };
    },

    async detailsByBook(b: { book_id: string; page: number; page_size: number }, ctx: RequestContext) {
      const book = await readBook(b, ctx, false);
      await deps.bookOpened?.(userOf(ctx), b.book_id);
      return book;
    },

    /** A retired book read from the caller's archive (the archive service checked they hold it). */
    archivedBook: (b: { book_id: string; page: number; page_size: number }, ctx: RequestContext) =>
      readBook(b, ctx, true),

    async search(
      req: {
        text: string;
        band?: number | undefined;
        pos?: WordBrief['poses'][number] | undefined;
        root: string;
        mark: 'all' | 'mine' | 'simple' | 'new';
        page: number;
        page_size: number;
      },
      ctx: RequestContext,
    ) {
      const [v, guarded, marks] = await Promise.all([vocab(), gate.guarded(ctx), repo.marks(userOf(ctx))]);
      const byWord = new Map(marks.map((m) => [m.word, m]));
      const text = req.text.toLowerCase();
      const latin = /^[a-z' -]*$/.test(text);
      const root = req.root ? rootSlug(req.root) : '';
      const rank = new Map<string, number>();
      const hits = v.briefs.filter((b) => {
        if (req.band && b.band !== req.band) return false;
        if (req.pos && !b.poses.includes(req.pos)) return false;
        if (root && !(v.rootsOf.get(b.word) ?? []).some((s) => s === root || s.startsWith(`${root}-`))) return false;
        const m = byWord.get(b.word);
        if (req.mark === 'mine' && !m?.addedAt) return false;
        if (req.mark === 'simple' && !m?.simpleAt) return false;
        if (req.mark === 'new' && m) return false;
        if (!text) return true;
        if (latin) {
          const r =
            b.word === text
              ? 0
              : (v.formsOf.get(text) ?? []).includes(b.word)
                ? 1
                : b.word.startsWith(text)
                  ? 2
                  : b.word.includes(text)
                    ? 3
                    : -1;
          if (r < 0) return false;
          rank.set(b.word, r);
          return true;
        }
        // A meaning search must not find a word whose meaning is withheld (a word-from-meaning key).
        return !guarded.words.has(b.word) && b.gloss.includes(req.text);
      });
      if (text && latin)
        hits.sort((a, b) => (rank.get(a.word) ?? 0) - (rank.get(b.word) ?? 0) || a.word.localeCompare(b.word));
      const page = hits.slice((req.page - 1) * req.page_size, req.page * req.page_size);
      return {
        total: hits.length,
        words: page.map((b) => {
          const m = byWord.get(b.word);
          return { ...briefFor(b, guarded), mark: m ? toMark(m) : null };
        }),
      };
    },
  };
}

export type WordService = ReturnType<typeof createWordService>;

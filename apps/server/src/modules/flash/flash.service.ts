// Flash cards (issue 15, ADR 0028): sets of word cards drawn from a range (a word book, my list,
// collected cards, the words of my wrong questions, the words due today), played in rounds. Each
// answer walks the card one level up or down and is a review of the word's long-term memory
// (modules/memory, `w:<word>`), in the same transaction as the card and the set; the first answer of
// a word on a China day counts in today_aim.used_word. New words take the role's daily quota
// (role_quotas.flash_new_per_day), beyond it 1 flash coin each, debited in the create's transaction
// by a conditional update (never below 0) with a ledger row.
//
// Exam integrity (ADR 0017, 0026): a card shows meanings. The caller's unfinished timed exams' word
// keys (`gate.guarded`) are never put in a new set nor drawn as options, and a set that holds one
// (made before the exam) is not served while that exam is unfinished.
import { randomUUID } from 'node:crypto';
import { FlashLevel, FlashStatus, RoleKind, roleName } from '@gre/contract/enums';
import type { Flash, FlashCard, FlashRangeKind, WordCard } from '@gre/contract/flash';
import { flashRangeLabel, type QuestionCard, questionRangeKinds } from '@gre/contract/flash';
import { inArray, sql } from 'drizzle-orm';
import { words as wordsTable } from '../../db/schema/question.ts';
import { type Clock, chinaDay } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import type { RequestContext } from '../../platform/endpoints.ts';
import { AppError, errors } from '../../platform/errors.ts';
import type { InvalidationBus } from '../../platform/invalidation.ts';
import { defaultQuotas, type Quota } from '../exam/exam.quota.ts';
import { scoreAnswer } from '../exam/exam.scoring.ts';
import type { StoredMemory } from '../memory/memory.fsrs.ts';
import type { MemoryService } from '../memory/memory.service.ts';
import type { WordGate, WordService } from '../word/word.service.ts';
import type { Vocab } from '../word/word.vocab.ts';
import { type CardRow, type FlashRepo, type FlashRow, questionCardKey } from './flash.repo.ts';
import { buildRound, isCorrect, levelAfter, questionCardOf, summaryOf } from './flash.rounds.ts';

export interface FlashServiceDeps {
  db: Db;
  repo: FlashRepo;
  clock: Clock;
  memory: MemoryService;
  words: WordService;
  gate: WordGate;
  /** ('user', id) after a write to daily_activity or the coins: the user's cached profile is dropped. */
  bus: InvalidationBus;
  quotas: () => Promise<Map<number, Quota>>;
}

interface RangeRequest {
  range_kind: FlashRangeKind;
  book_id?: string | undefined;
  size: number;
}

const dayMs = 86_400_000;
const chinaOffsetMs = 8 * 3_600_000;
/** The end of the China day of `now` (due "today" = due before it). */
export const endOfChinaDay = (now: Date) =>
  new Date(Math.floor((now.getTime() + chinaOffsetMs) / dayMs) * dayMs + dayMs - chinaOffsetMs - 1);

const userOf = (ctx: RequestContext) => Number(ctx.caller?.userId);
/** Distractor pools per vocabulary: `band|main part of speech` → words, and `all`. */
const poolCache = new WeakMap<Vocab, Map<string, string[]>>();
function poolsOf(v: Vocab): Map<string, string[]> {
  let pools = poolCache.get(v);
  if (!pools) {
    pools = new Map([['all', v.briefs.map((b) => b.word)]]);
    for (const b of v.briefs) {
      const k = `${b.band}|${b.poses[0] ?? ''}`;
      const list = pools.get(k) ?? [];
      list.push(b.word);
      pools.set(k, list);
    }
    poolCache.set(v, pools);
  }
  return pools;
}

/** Cards per page of 我的闪卡 (list_cards). */
const cardPageSize = 50;
const isQuestionRange = (kind: string) => (questionRangeKinds as readonly string[]).includes(kind);
/** A set item's row in word_cards: the word, or `qc:<question id>` for a question card. */
const cardKeyOf = (rangeKind: string, item: string) => (isQuestionRange(rangeKind) ? questionCardKey(item) : item);

export function createFlashService(deps: FlashServiceDeps) {
  const { repo, clock, gate } = deps;

  async function perDayOf(ctx: RequestContext): Promise<number> {
    const quotas = await deps.quotas();
    const kind = (ctx.caller?.roleKind ?? RoleKind.Stranger) as RoleKind;
    return (quotas.get(kind) ?? defaultQuotas[kind] ?? defaultQuotas[RoleKind.Stranger]).flashNewPerDay;
  }

  /** The range's words (or questions), in order, as a set would take them (at most `size`), and what they cost. */
  async function plan(b: RangeRequest, ctx: RequestContext) {
    const userId = userOf(ctx);
    const now = clock.now();
    const [v, guarded, simple] = await Promise.all([deps.words.vocab(), gate.guarded(ctx), repo.simpleWords(userId)]);
    const questions = isQuestionRange(b.range_kind);
    let title = flashRangeLabel[b.range_kind];
    let candidates: string[];
    if (questions) {
      // Question cards: the caller's collected or wrong questions that work as cards and may be shown now.
      const usable = await deps.words.cardQuestions(ctx);
      const ids = await repo.craftQuestions(userId, b.range_kind === 'collected_questions' ? 'collected' : 'wrong');
      candidates = ids.filter((id) => {
        const q = usable(id);
        return !!q && !!questionCardOf(q);
      });
    } else {
      let source: string[];
      if (b.range_kind === 'book' || b.range_kind === 'mine' || b.range_kind === 'wrong') {
        const book = await deps.words.bookWords(b.range_kind === 'book' ? (b.book_id as string) : b.range_kind, ctx);
        source = book.words;
        if (b.range_kind === 'book') title = book.title;
      } else if (b.range_kind === 'collected') source = (await repo.collectedWords(userId)).map((r) => r.word);
      else source = (await repo.dueWords(userId, endOfChinaDay(now))).map((r) => r.word);
      const off = new Set(simple.map((r) => r.word));
      candidates = [...new Set(source)].filter((w) => v.byWord.has(w) && !guarded.words.has(w) && !off.has(w));
    }
    const keyOf = (item: string) => (questions ? questionCardKey(item) : item);
    const cards = new Map(
      (await repo.cards(userId, candidates.map(keyOf))).map((c) => [questions ? c.word.slice(3) : c.word, c]),
    );
    const until = endOfChinaDay(now).getTime();
    const isDue = (c: CardRow | undefined) => !!c?.due && c.due.getTime() <= until;
    // Mastered items come back only when due; the others in the range's order.
    const taken = candidates.filter((w) => {
      const c = cards.get(w);
      return !c || c.level < FlashLevel.Master || isDue(c);
    });
    const chosen = taken.slice(0, b.size);
    // Question cards are the caller's own questions: no new-word quota, no coins.
    const fresh = questions ? [] : chosen.filter((w) => !cards.get(w)?.firstAt);
    const back = chosen.filter((w) => {
      const c = cards.get(w);
      return c && c.level >= FlashLevel.Master && isDue(c);
    });
    return { title, chosen, fresh, back, backKeys: back.map(keyOf), cards, now, guarded, questions };
  }

  function cost(fresh: number, perDay: number, usedToday: number, coins: number) {
    const freeLeft = perDay < 0 ? -1 : Math.max(0, perDay - usedToday);
    const free = freeLeft < 0 ? fresh : Math.min(fresh, freeLeft);
    const coinsNeeded = fresh - free;
    return { freeLeft, free, coinsNeeded, allowed: coinsNeeded <= coins };
  }

  const outOfQuota = (ctx: RequestContext, perDay: number, need: number, coins: number) =>
    new AppError('day_overflow', {
      show:
        perDay === 0
          ? `新词需要闪卡币：这组还需 ${need} 个闪卡币，当前余额 ${coins} 个。可减少新词数量或购买闪卡币`
          : `今日免费新词额度已用完（每天 ${perDay} 个），这组还需 ${need} 个闪卡币，当前余额 ${coins} 个。可减少新词数量、明天再来或购买闪卡币`,
      overflowSubject: '闪卡新词',
      roleName: roleName[(ctx.caller?.roleKind ?? 0) as RoleKind] ?? '',
    });

  /** Dictionary lines of the words a round shows (phonetic, meaning lines). */
  async function entriesOf(list: string[]): Promise<Map<string, { phonetic: string; translation: string }>> {
    if (!list.length) return new Map();
    const rows = await deps.db
      .select({ word: wordsTable.word, phonetic: wordsTable.phonetic, translation: wordsTable.translation })
      .from(wordsTable)
      .where(
        inArray(
          sql`lower(${wordsTable.word})`,
          list.map((w) => sql`${w}`),
        ),
      );
    return new Map(rows.map((r) => [r.word.toLowerCase(), r]));
  }

  /** A set as the learner sees it; refused while it holds a word key of the caller's unfinished timed exam. */
  async function view(row: FlashRow, ctx: RequestContext): Promise<Flash> {
    const questions = isQuestionRange(row.rangeKind);
    const keys = row.words.map((w) => cardKeyOf(row.rangeKind, w));
    const [v, guarded, cards] = await Promise.all([
      deps.words.vocab(),
      gate.guarded(ctx),
      repo.cards(row.userId, keys),
    ]);
    const byWord = new Map(cards.map((c) => [questions ? c.word.slice(3) : c.word, c]));
    let runtimes: FlashCard[];
    if (questions) {
      // Question cards: every question of the round asked again (an exam started since, rights changed).
      const usable = await deps.words.cardQuestions(ctx);
      const shown = row.runtimes.map((r) => {
        const q = usable(r.word);
        return q && questionCardOf(q);
      });
      if (shown.some((q) => !q))
        throw errors.forbidden('这组闪卡含有你未完成的限时考试中的题目或单词，考试结束后再学习');
      runtimes = row.runtimes.map((r, i) => ({
        word: r.word,
        level: r.level as FlashCard['level'],
        kind: r.kind,
        phonetic: '',
        meaning: '',
        options: [],
        answered: r.answered ? { correct: r.answered.correct, key: null } : null,
        collected: false,
        examples: [],
        question: shown[i] as QuestionCard,
      }));
    } else {
      const shown = new Set(row.runtimes.flatMap((r) => [r.word, ...r.options]));
      if ([...shown].some((w) => guarded.words.has(w)))
        throw errors.forbidden('这组闪卡含有你未完成的限时考试中的单词，考试结束后再学习');
      const [entries, examples] = await Promise.all([
        entriesOf(row.runtimes.map((r) => r.word)),
        deps.words.examplesFor(
          row.runtimes.filter((r) => r.kind === 'learn').map((r) => r.word),
          2,
          ctx,
        ),
      ]);
      const gloss = (w: string) => v.byWord.get(w)?.gloss ?? '';
      runtimes = row.runtimes.map((r) => {
        const e = entries.get(r.word);
        const meaning = e?.translation || gloss(r.word);
        return {
          word: r.word,
          level: r.level as FlashCard['level'],
          kind: r.kind,
          phonetic: e?.phonetic ?? '',
          meaning: r.kind === 'quiz' && !r.answered ? '' : meaning,
          options: r.kind === 'quiz' ? r.options.map(gloss) : r.kind === 'exam' ? r.options : [],
          answered: r.answered
            ? { correct: r.answered.correct, key: r.kind === 'quiz' || r.kind === 'exam' ? r.key : null }
            : null,
          collected: !!byWord.get(r.word)?.collectedAt,
          examples: r.kind === 'learn' ? (examples.get(r.word) ?? []) : [],
          question: null,
        };
      });
    }
    return {
      id: row.id,
      status: row.status as Flash['status'],
      range_kind: row.rangeKind as FlashRangeKind,
      range_id: row.rangeId,
      title: row.title,
      round_count: row.roundCount,
      stage_count: row.stageCount,
      all_card_count: row.words.length,
      summary: summaryOf(row.words.map((w) => byWord.get(w)?.level ?? 0)),
      round: { runtimes, cursor_index: row.cursorIndex },
      missed: row.missed,
      created_at: row.createdAt.getTime(),
    };
  }

  /** What a round is drawn with, read before a transaction (PGlite has one connection). */
  const roundSources = (ctx: RequestContext) => Promise.all([deps.words.vocab(), gate.guarded(ctx)]);

  function newRound(
    row: FlashRow,
    levelOf: (w: string) => number,
    [v, guarded]: Awaited<ReturnType<typeof roundSources>>,
  ) {
    const pools = poolsOf(v);
    return buildRound(
      `${row.id}|${row.roundCount}`,
      row.words,
      levelOf,
      (w) => {
        const b = v.byWord.get(w);
        const same = b ? pools.get(`${b.band}|${b.poses[0] ?? ''}`) : undefined;
        // Distractors of the word's band and main part of speech (harder than any word of the list);
        // a band with too few of that part of speech falls back to the whole list.
        return same && same.length >= 20 ? same : (pools.get('all') ?? []);
      },
      (o, w) => !guarded.words.has(o) && !!v.byWord.get(o)?.gloss && !v.similarOf.get(w)?.has(o),
      isQuestionRange(row.rangeKind),
    );
  }

  const notFound = () => errors.notFound('闪卡不存在或不属于你');

  function toCard(c: CardRow): WordCard {
    return {
      word: c.word,
      level: c.level as WordCard['level'],
      due: c.due ? Math.floor(c.due.getTime() / 1000) : 0,
      reviews: c.reviews,
      collected: !!c.collectedAt,
      finished: !!c.finishedAt,
    };
  }

  return {
    async checkCreate(b: RangeRequest, ctx: RequestContext) {
      const p = await plan(b, ctx);
      const userId = userOf(ctx);
      const [perDay, used, coins] = await Promise.all([
        perDayOf(ctx),
        repo.newUsed(userId, chinaDay(p.now)),
        repo.coins(userId),
      ]);
      const c = cost(p.fresh.length, perDay, used, coins);
      return {
        title: p.title,
        cards: p.chosen.length,
        new_cards: p.fresh.length,
        per_day: perDay,
        free_left: c.freeLeft,
        coins_needed: c.coinsNeeded,
        coins,
        allowed: c.allowed && p.chosen.length > 0,
      };
    },

    async create(b: RangeRequest, ctx: RequestContext) {
      const p = await plan(b, ctx);
      if (!p.chosen.length)
        throw errors.invalidParam(
          b.range_kind === 'due'
            ? '今天没有到期需要复习的单词'
            : p.questions
              ? '这个范围里没有可以做成闪卡的题目（填空单空、句子等价、数量比较、数学单选和单词题可以；已掌握的不再出现）'
              : '这个范围里没有可以学习的单词（已掌握或标为熟词的不再出现）',
        );
      const userId = userOf(ctx);
      const perDay = await perDayOf(ctx);
      const id = randomUUID();
      const day = chinaDay(p.now);
      const sources = await roundSources(ctx);
      const { coins, spent } = await repo.transaction(async (tx) => {
        // The user's row is locked first: one create of a user at a time decides what is free and what costs.
        const balance = await repo.coinsForUpdate(tx, userId);
        const used = await repo.newUsed(userId, day, tx);
        const c = cost(p.fresh.length, perDay, used, balance);
        if (!c.allowed) throw outOfQuota(ctx, perDay, c.coinsNeeded, balance);
        if (!(await repo.takeNew(tx, userId, day, c.free, perDay)))
          throw outOfQuota(ctx, perDay, c.coinsNeeded, balance);
        let after = balance;
        if (c.coinsNeeded > 0) {
          const left = await repo.spend(tx, userId, c.coinsNeeded, id, p.now);
          if (left === null) throw outOfQuota(ctx, perDay, c.coinsNeeded, balance);
          after = left;
        }
        await repo.startCards(tx, userId, p.fresh, p.backKeys, p.now);
        const levelOf = (w: string) => (p.back.includes(w) ? FlashLevel.Exam : (p.cards.get(w)?.level ?? 0));
        const row: FlashRow = {
          id,
          userId,
          status: FlashStatus.NotStart,
          rangeKind: b.range_kind,
          rangeId: b.range_kind === 'book' ? (b.book_id as string) : '',
          title: p.title,
          words: p.chosen,
          runtimes: [],
          cursorIndex: 0,
          roundCount: 0,
          stageCount: 0,
          missed: [],
          createdAt: p.now,
          updatedAt: p.now,
        };
        row.runtimes = newRound(row, levelOf, sources);
        await repo.insertFlash(tx, row);
        return { coins: after, spent: c.coinsNeeded };
      });
      if (spent > 0) deps.bus.publish('user', String(userId));
      const row = (await repo.flash(userId, id)) as FlashRow;
      return { flash: await view(row, ctx), coins, coins_spent: spent };
    },

    async open(flashId: string, ctx: RequestContext) {
      const row = await repo.flash(userOf(ctx), flashId);
      if (!row) throw notFound();
      return { flash: await view(row, ctx) };
    },

    async giveUp(flashId: string, ctx: RequestContext) {
      const userId = userOf(ctx);
      await repo.transaction(async (tx) => {
        const row = await repo.flashForUpdate(tx, userId, flashId);
        if (!row) throw notFound();
        if (row.status === FlashStatus.Finish) throw errors.invalidParam('这组闪卡已经结束');
        await repo.saveFlash(tx, { ...row, status: FlashStatus.Finish, updatedAt: clock.now() });
      });
      return this.open(flashId, ctx);
    },

    async answer(
      b: {
        flash_id: string;
        round: number;
        index: number;
        word: string;
        choice?: number | undefined;
        text?: string | undefined;
        choices?: number[] | undefined;
      },
      ctx: RequestContext,
    ) {
      const userId = userOf(ctx);
      const now = clock.now();
      const guarded = await gate.guarded(ctx);
      // Two statements (ADR 0028): the read (the set's state, only its card at the cursor, the word's
      // card, the memory model) and the write, one statement and so one transaction: the set's cursor
      // moved only if it is still where the read saw it (the set's row serializes its answers), then
      // the card, the review log and the activity, each only if the cursor moved.
      const row = await repo.answerRead(userId, b.flash_id, deps.memory.modelJoin);
      if (!row) throw notFound();
      if (row.status === FlashStatus.Finish) throw errors.invalidParam('这组闪卡已经结束，不能再作答');
      if (b.round !== row.round_count) throw errors.invalidParam('这一轮已经结束，请刷新后继续');
      if (row.cursor_index >= row.round_length || !row.runtime)
        throw errors.invalidParam('本轮卡片已全部回答，请结束本轮');
      if (b.index !== row.cursor_index)
        throw errors.invalidParam(`请按顺序作答：当前是第 ${row.cursor_index + 1} 张卡片`);
      const r = row.runtime;
      const questions = isQuestionRange(row.range_kind);
      if (r.word !== (questions ? b.word.trim() : b.word.trim().toLowerCase()))
        throw errors.invalidParam('卡片与单词不一致，请刷新后继续');
      let correct: boolean | null;
      let keys: number[] = [];
      let answer = r.word;
      if (questions) {
        // A question card: the question asked again (exam integrity) and the answer checked here.
        const q = (await deps.words.cardQuestions(ctx))(r.word);
        const card = q && questionCardOf(q);
        if (!q || !card) throw errors.forbidden('这组闪卡含有你未完成的限时考试中的题目或单词，考试结束后再学习');
        if (!b.choices) throw errors.invalidParam('这张卡片需要选择选项');
        if (b.choices.length !== card.choose || new Set(b.choices).size !== b.choices.length)
          throw errors.invalidParam(card.choose === 2 ? '请选择两个选项' : '请选择一个选项');
        if (b.choices.some((c) => c >= card.options.length)) throw errors.invalidParam('请选择一个选项');
        correct = scoreAnswer(q, { selects: b.choices, multi_selects: [], text: '', description: '', text2: '' });
        keys = [...(q.standard_answer?.selects ?? [])];
        answer = keys.map((k) => card.options[k] ?? '').join(' / ');
      } else {
        if ([r.word, ...r.options].some((w) => guarded.words.has(w)))
          throw errors.forbidden('这组闪卡含有你未完成的限时考试中的单词，考试结束后再学习');
        correct = isCorrect(r, b.choice, b.text);
      }
      if (correct === null) throw errors.invalidParam(r.kind === 'spell' ? '这张卡片需要输入拼写' : '请选择一个选项');
      const level = levelAfter(r, correct);
      const prev = row.card?.memory ?? null;
      const cardKey = questions ? questionCardKey(r.word) : r.word;
      // Memory keys: `w:<word>`; a question card `qc:<id>` (not the review loop's `q:<id>`: its own FSRS card).
      const planned = deps.memory.planReviews(userId, now, row, [
        { key: questions ? cardKey : `w:${r.word}`, prev, grade: correct ? 3 : 1 },
      ]);
      const next = planned.cards[0] as StoredMemory;
      const today = chinaDay(now);
      // today_aim.used_word counts words: a question card is not one.
      const counted = !questions && (!prev?.last_review || chinaDay(new Date(prev.last_review * 1000)) !== today);
      const written = await repo.answerWrite(
        {
          userId,
          flashId: b.flash_id,
          round: b.round,
          index: b.index,
          answered: { correct, level },
          word: cardKey,
          card: { level, memory: next, finished: level >= FlashLevel.Master },
          counted: counted ? today : null,
          now,
        },
        planned.ctes,
      );
      // The set moved between the read and the write (the same answer twice at once, a give-up): nothing
      // was written; the web retries a conflict quietly and the retry's read says why.
      if (!written) throw errors.conflict('这张卡片刚刚已作答或这组闪卡已结束，请刷新后继续');
      const done = {
        result: {
          correct,
          key: r.kind === 'quiz' || r.kind === 'exam' ? r.key : null,
          keys,
          answer,
          level: level as FlashCard['level'],
          cursor_index: row.cursor_index + 1,
          due: next.due,
        },
      };
      // today_aim.used_word reaches the cached profile within its 5 s lifetime (as the exams' answers do):
      // dropping the caller's session on every new word would cost an authentication query per answer.
      return done.result;
    },

    async finishRound(
      b: { flash_id: string; round: number; runtimes: { word: string; level: number; correct: boolean }[] },
      ctx: RequestContext,
    ) {
      const userId = userOf(ctx);
      const now = clock.now();
      const sources = await roundSources(ctx);
      const missed = await repo.transaction(async (tx) => {
        const row = await repo.flashForUpdate(tx, userId, b.flash_id);
        if (!row) throw notFound();
        if (row.status === FlashStatus.Finish) throw errors.invalidParam('这组闪卡已经结束');
        if (b.round !== row.roundCount) throw errors.invalidParam('这一轮已经结束，请刷新后继续');
        const left = row.runtimes.length - row.cursorIndex;
        if (left > 0) throw errors.invalidParam(`本轮还有 ${left} 张卡片没有回答`);
        const same =
          b.runtimes.length === row.runtimes.length &&
          row.runtimes.every((r, i) => {
            const x = b.runtimes[i];
            return (
              x &&
              x.word.trim().toLowerCase() === r.word &&
              x.level === r.answered?.level &&
              x.correct === r.answered.correct
            );
          });
        if (!same) throw errors.invalidParam('本轮答题记录与服务器不一致，请刷新后继续');
        const missedWords = row.runtimes.filter((r) => !r.answered?.correct).map((r) => r.word);
        const cards = new Map(
          (
            await repo.cards(
              userId,
              row.words.map((w) => cardKeyOf(row.rangeKind, w)),
              tx,
            )
          ).map((c) => [c.word, c]),
        );
        const levelOf = (w: string) => cards.get(cardKeyOf(row.rangeKind, w))?.level ?? 0;
        const next: FlashRow = { ...row, roundCount: row.roundCount + 1, missed: missedWords, updatedAt: now };
        next.runtimes = newRound(next, levelOf, sources);
        next.cursorIndex = 0;
        next.status = next.runtimes.length ? FlashStatus.Start : FlashStatus.Finish;
        await repo.saveFlash(tx, next);
        return missedWords;
      });
      const { flash } = await this.open(b.flash_id, ctx);
      return { flash, summary: flash.summary, missed };
    },

    async progress(ctx: RequestContext) {
      const userId = userOf(ctx);
      const now = clock.now();
      const day = chinaDay(now);
      const [usedWord, newToday, perDay, due, coins, levels, recent] = await Promise.all([
        repo.usedWord(userId, day),
        repo.newUsed(userId, day),
        perDayOf(ctx),
        repo.dueCount(userId, endOfChinaDay(now)),
        repo.coins(userId),
        repo.levelCounts(userId),
        repo.recentFlashes(userId),
      ]);
      const cards = new Map(
        (
          await repo.cards(userId, [...new Set(recent.flatMap((f) => f.words.map((w) => cardKeyOf(f.rangeKind, w))))])
        ).map((c) => [c.word, c.level]),
      );
      return {
        used_word: usedWord,
        new_today: newToday,
        per_day: perDay,
        due_today: due,
        coins,
        summary: summaryOf(levels),
        flashes: recent.map((f) => ({
          id: f.id,
          status: f.status as Flash['status'],
          range_kind: f.rangeKind as FlashRangeKind,
          title: f.title,
          all_card_count: f.words.length,
          round_count: f.roundCount,
          summary: summaryOf(f.words.map((w) => cards.get(cardKeyOf(f.rangeKind, w)) ?? 0)),
          created_at: f.createdAt.getTime(),
        })),
      };
    },

    async collect(b: { word: string; collected: boolean }, ctx: RequestContext) {
      const v = await deps.words.vocab();
      const word = b.word.trim().toLowerCase();
      if (!v.byWord.has(word)) throw errors.notFound(`词库中没有这个单词：${word}`);
      return { card: toCard(await repo.collect(userOf(ctx), word, b.collected, clock.now())) };
    },

    async listCards(
      b: { kind: 'collected' | 'finished'; level?: number | undefined; page: number },
      ctx: RequestContext,
    ) {
      const [v, guarded] = await Promise.all([deps.words.vocab(), gate.guarded(ctx)]);
      const { rows, total } = await repo.listCards(userOf(ctx), b.kind, b.level, b.page, cardPageSize);
      return {
        total,
        page_size: cardPageSize,
        cards: rows.map((c) => ({
          ...toCard(c),
          gloss: guarded.words.has(c.word) ? '' : (v.byWord.get(c.word)?.gloss ?? ''),
        })),
      };
    },
  };
}

export type FlashService = ReturnType<typeof createFlashService>;

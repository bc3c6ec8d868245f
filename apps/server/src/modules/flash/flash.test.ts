// Flash cards (issue 15, ADR 0028) against real databases: a set from a word book walks its cards
// up the levels round by round (a wrong answer drops one) to the Result; every answer is an FSRS
// review of `w:<word>` with its log row, and the word comes back in the "due" range days later (the
// clock moved); today_aim.used_word counts the words studied; the daily new-card quota, then coins
// (never below 0, a ledger row, parallel creates never overspend); out-of-order answers, a finished
// round, another user's set and bad bodies refused in Chinese with nothing written.

import * as cep from '@gre/contract/endpoints/craft';
import * as fep from '@gre/contract/endpoints/flash';
import * as qep from '@gre/contract/endpoints/question';
import * as uep from '@gre/contract/endpoints/user';
import { FlashLevel, FlashStatus, RoleKind } from '@gre/contract/enums';
import type { Flash } from '@gre/contract/flash';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flashCoinLedger, flashes, type StoredRuntime, wordCards } from '../../db/schema/flash.ts';
import { reviewLog } from '../../db/schema/memory.ts';
import { users } from '../../db/schema/user.ts';
import { userWithRole } from '../../test/accounts.ts';
import { createTestApp, type TestApp, testDbKinds } from '../../test/harness.ts';
import { loadVocab } from '../word/word.vocab.ts';

describe.each(testDbKinds())('flash cards on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp(kind, { content: true });
    for (const [who, role] of [
      ['a', RoleKind.SVIP],
      ['b', RoleKind.SVIP],
      ['trial', RoleKind.Trail],
      ['race', RoleKind.Trail],
    ] as const) {
      const { token, user } = await userWithRole(t, role);
      tokens[who] = token;
      ids[who] = Number(user.id);
    }
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 30_000);

  type Ep = Parameters<TestApp['call']>[0];
  const call = async (e: Ep, body: unknown, who: string) => (await t.call(e, body, { token: tokens[who] })).body;
  const ok = async (e: Ep, body: unknown, who: string): Promise<unknown> => {
    const res = await call(e, body, who);
    if (!res.ok || !res.data) throw new Error(`${e.path}: ${JSON.stringify(res.err_data)}`);
    return res.data;
  };
  const count = async (table: typeof flashes | typeof flashCoinLedger | typeof wordCards | typeof reviewLog) =>
    Number(((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table)) as { n: number }[])[0]?.n);
  const stored = async (id: string) =>
    (await t.database.db.select().from(flashes).where(eq(flashes.id, id)))[0]?.runtimes as StoredRuntime[];
  const setCoins = (who: string, n: number) =>
    t.database.db
      .update(users)
      .set({ flashCoins: n })
      .where(eq(users.id, ids[who] as number));

  /** Answers the current card right or wrong (the key read from the stored round, as only a test may). */
  async function answer(f: Flash, right: boolean, who = 'a') {
    const i = f.round.cursor_index;
    const r = (await stored(f.id))[i] as StoredRuntime;
    const body: Record<string, unknown> = { flash_id: f.id, round: f.round_count, index: i, word: r.word };
    if (r.kind === 'spell') body.text = right ? r.word.toUpperCase() : `${r.word}x`;
    else if (r.kind === 'learn') body.choice = right ? 1 : 0;
    else body.choice = right ? r.key : (r.key + 1) % r.options.length;
    const res = (await ok(fep.updateChoice, body, who)) as unknown as { correct: boolean; level: number; due: number };
    f.round.cursor_index++;
    return { ...res, word: r.word, kind: r.kind };
  }
  const finish = async (f: Flash, who = 'a') => {
    const rows = await stored(f.id);
    return (await ok(
      fep.finishRound,
      {
        flash_id: f.id,
        round: f.round_count,
        runtimes: rows.map((r) => ({ word: r.word, level: r.answered?.level, correct: r.answered?.correct })),
      },
      who,
    )) as unknown as { flash: Flash; missed: string[]; summary: Flash['summary'] };
  };

  let setId = '';

  it('a book set walks its cards up the levels, a wrong answer drops one, to the Result', async () => {
    const check = (await ok(fep.checkCreateFlash, { range_kind: 'book', book_id: 'band-1-1', size: 5 }, 'a')) as {
      cards: number;
      new_cards: number;
      coins_needed: number;
      allowed: boolean;
    };
    expect(check).toMatchObject({ cards: 5, new_cards: 5, coins_needed: 0, allowed: true });
    const created = (await ok(fep.createFlash, { range_kind: 'book', book_id: 'band-1-1', size: 5 }, 'a')) as {
      flash: Flash;
    };
    let f = created.flash;
    setId = f.id;
    expect(f.status).toBe(FlashStatus.NotStart);
    expect(f.all_card_count).toBe(5);
    expect(f.summary.not_seen).toBe(5);
    expect(f.round.runtimes.every((c) => c.kind === 'learn' && c.meaning.length > 0)).toBe(true);
    // Learn cards quote the bank's own sentences (two at most), each naming its question.
    expect(f.round.runtimes.some((c) => c.examples.length > 0)).toBe(true);
    for (const c of f.round.runtimes) {
      expect(c.examples.length).toBeLessThanOrEqual(2);
      for (const e of c.examples) expect(e.question_id).not.toBe('');
    }

    // Round 1: every card seen (learn).
    for (let i = 0; i < 5; i++) await answer(f, true);
    let done = await finish(f);
    expect(done.summary).toMatchObject({ learn: 5, not_seen: 0 });
    expect(done.missed).toEqual([]);
    f = done.flash;
    expect(f.round_count).toBe(1);
    expect(f.round.runtimes.every((c) => c.kind === 'quiz' && c.meaning === '' && c.options.length === 4)).toBe(true);
    expect(f.round.runtimes.every((c) => c.examples.length === 0)).toBe(true);

    // Round 2: the first card wrong (drops to NotSeen), the others right (Quiz).
    const first = await answer(f, false);
    expect(first.correct).toBe(false);
    expect(first.level).toBe(FlashLevel.NotSeen);
    for (let i = 1; i < 5; i++) expect((await answer(f, true)).level).toBe(FlashLevel.Quiz);
    done = await finish(f);
    expect(done.missed).toEqual([first.word]);
    expect(done.summary).toMatchObject({ not_seen: 1, quiz: 4 });
    f = done.flash;
    expect(f.missed).toEqual([first.word]);
    expect(f.round.runtimes.map((c) => c.kind)).toEqual(['learn', 'exam', 'exam', 'exam', 'exam']);

    // Rounds until every card is mastered: all right.
    for (let round = 0; round < 6 && f.status !== FlashStatus.Finish; round++) {
      for (let i = 0; i < f.round.runtimes.length; i++) await answer(f, true);
      f = (await finish(f)).flash;
    }
    expect(f.status).toBe(FlashStatus.Finish);
    expect(f.summary.master).toBe(5);
    expect(f.round.runtimes).toEqual([]);
    // The set's answers are reviews of the words' memory, logged.
    const logged = await t.database.db
      .select()
      .from(reviewLog)
      .where(and(eq(reviewLog.userId, ids.a as number), sql`${reviewLog.itemKey} like 'w:%'`));
    expect(logged.length).toBe(f.stage_count);
    // Finished cards are listed in 我的闪卡.
    const finished = (await ok(fep.listCards, { kind: 'finished' }, 'a')) as { total: number; page_size: number };
    expect(finished).toMatchObject({ total: 5, page_size: 50 });
    // Filtered by the level now: all five are at Master, none at Learn.
    expect(((await ok(fep.listCards, { kind: 'finished', level: 4 }, 'a')) as { total: number }).total).toBe(5);
    expect(((await ok(fep.listCards, { kind: 'finished', level: 1 }, 'a')) as { total: number }).total).toBe(0);
    expect(((await ok(fep.listCards, { kind: 'finished', page: 2 }, 'a')) as { cards: unknown[] }).cards).toEqual([]);
  });

  it('counts each word studied once a day in today_aim.used_word', async () => {
    const progress = (await ok(fep.getFlashProgress, {}, 'a')) as { used_word: number; new_today: number };
    expect(progress.used_word).toBe(5);
    // The profile (today_aim) is cached 5 s per user.
    t.clock.advance(6_000);
    const me = (await ok(uep.getUser, {}, 'a')) as unknown as { user: { today_aim?: { used_word: number } } };
    expect(JSON.stringify(me)).toContain('"used_word":5');
  });

  it('refuses out-of-order answers, a finished round or set, unfinished rounds and altered records', async () => {
    let f = ((await ok(fep.createFlash, { range_kind: 'book', book_id: 'band-1-2', size: 5 }, 'a')) as { flash: Flash })
      .flash;
    const r0 = (await stored(f.id))[0] as StoredRuntime;
    const r1 = (await stored(f.id))[1] as StoredRuntime;
    const before = await count(reviewLog);
    const skip = await call(fep.updateChoice, { flash_id: f.id, round: 0, index: 1, word: r1.word, choice: 1 }, 'a');
    expect(skip.ok).toBe(false);
    expect(skip.err_data?.show).toMatch(/按顺序/);
    const wrongWord = await call(
      fep.updateChoice,
      { flash_id: f.id, round: 0, index: 0, word: r1.word, choice: 1 },
      'a',
    );
    expect(wrongWord.err_data?.show).toMatch(/不一致/);
    const early = await call(fep.finishRound, { flash_id: f.id, round: 0, runtimes: [] }, 'a');
    expect(early.err_data?.show).toMatch(/还有 5 张/);
    expect(await count(reviewLog)).toBe(before);
    await answer(f, true);
    const again = await call(fep.updateChoice, { flash_id: f.id, round: 0, index: 0, word: r0.word, choice: 1 }, 'a');
    expect(again.err_data?.show).toMatch(/按顺序/);
    for (let i = 1; i < 5; i++) await answer(f, true);
    const altered = (await stored(f.id)).map((r) => ({ word: r.word, level: 4, correct: true }));
    const lie = await call(fep.finishRound, { flash_id: f.id, round: 0, runtimes: altered }, 'a');
    expect(lie.err_data?.show).toMatch(/不一致/);
    f = (await finish(f)).flash;
    const stale = await call(fep.updateChoice, { flash_id: f.id, round: 0, index: 0, word: r0.word, choice: 1 }, 'a');
    expect(stale.err_data?.show).toMatch(/这一轮已经结束/);
    // Give up: the set ends, its cards keep their levels, nothing more is answered.
    const given = (await ok(fep.giveUpFlash, { flash_id: f.id }, 'a')) as { flash: Flash };
    expect(given.flash.status).toBe(FlashStatus.Finish);
    expect(given.flash.summary.learn).toBe(5);
    const after = await call(fep.updateChoice, { flash_id: f.id, round: 1, index: 0, word: r0.word, choice: 0 }, 'a');
    expect(after.err_data?.show).toMatch(/已经结束/);
    expect((await call(fep.giveUpFlash, { flash_id: f.id }, 'a')).ok).toBe(false);
  });

  it('never shows or changes another user’s set', async () => {
    const r0 = (await stored(setId))[0];
    for (const [e, body] of [
      [fep.openFlash, { flash_id: setId }],
      [fep.giveUpFlash, { flash_id: setId }],
      [fep.updateChoice, { flash_id: setId, round: 0, index: 0, word: r0?.word ?? 'abandon', choice: 1 }],
      [fep.finishRound, { flash_id: setId, round: 0, runtimes: [] }],
    ] as const) {
      const res = await call(e, body, 'b');
      expect(res.ok, e.path).toBe(false);
      expect(res.err_data?.kind).toBe('not_found');
      expect(res.err_data?.show).toMatch(/闪卡不存在/);
    }
  });

  it('brings words back in the due range days later, intervals growing with success (clock moved)', async () => {
    const mastered = await t.database.db
      .select()
      .from(wordCards)
      .where(and(eq(wordCards.userId, ids.a as number), eq(wordCards.level, FlashLevel.Master)));
    expect(mastered.length).toBe(5);
    const now = t.clock.now().getTime();
    for (const c of mastered) expect(c.due?.getTime()).toBeGreaterThan(now);
    const dueNow = (await ok(fep.getFlashProgress, {}, 'a')) as { due_today: number };
    // Today only the cards of the unfinished second set's wrong or fresh reviews may be due; tomorrow more.
    const latest = Math.max(...mastered.map((c) => c.due?.getTime() ?? 0));
    t.clock.set(new Date(latest + 60_000));
    const later = (await ok(fep.getFlashProgress, {}, 'a')) as { due_today: number; used_word: number };
    expect(later.due_today).toBeGreaterThan(dueNow.due_today);
    expect(later.due_today).toBeGreaterThanOrEqual(5);
    expect(later.used_word).toBe(0);
    const check = (await ok(fep.checkCreateFlash, { range_kind: 'due', size: 50 }, 'a')) as {
      cards: number;
      new_cards: number;
    };
    expect(check.cards).toBe(later.due_today);
    expect(check.new_cards).toBe(0);
    const due = ((await ok(fep.createFlash, { range_kind: 'due', size: 50 }, 'a')) as { flash: Flash }).flash;
    // A mastered word due again comes back at Exam (spell it) and, spelled, is Master again with a longer interval.
    const back = due.round.runtimes.find((c) => mastered.some((m) => m.word === c.word));
    expect(back?.kind).toBe('spell');
    const before = mastered.find((m) => m.word === back?.word);
    while (due.round.cursor_index < due.round.runtimes.length) {
      const res = await answer(due, true);
      if (res.word === back?.word) {
        expect(res.level).toBe(FlashLevel.Master);
        const prevInterval = (before?.due?.getTime() ?? 0) - (before?.updatedAt.getTime() ?? 0);
        expect(res.due * 1000 - t.clock.now().getTime()).toBeGreaterThan(prevInterval);
      }
    }
  });

  it('takes the daily new-card quota, then coins with a ledger row, never below 0', async () => {
    // A trial: 20 new words a day free (role_quotas.flash_new_per_day).
    const first = (await ok(fep.checkCreateFlash, { range_kind: 'book', book_id: 'band-2-1', size: 20 }, 'trial')) as {
      per_day: number;
      free_left: number;
      coins_needed: number;
    };
    expect(first).toMatchObject({ per_day: 20, free_left: 20, coins_needed: 0 });
    await ok(fep.createFlash, { range_kind: 'book', book_id: 'band-2-1', size: 20 }, 'trial');
    const second = (await ok(fep.checkCreateFlash, { range_kind: 'book', book_id: 'band-2-2', size: 10 }, 'trial')) as {
      free_left: number;
      coins_needed: number;
      coins: number;
      allowed: boolean;
    };
    expect(second).toMatchObject({ free_left: 0, coins_needed: 10, coins: 0, allowed: false });
    const sets = await count(flashes);
    const refused = await call(fep.createFlash, { range_kind: 'book', book_id: 'band-2-2', size: 10 }, 'trial');
    expect(refused.ok).toBe(false);
    expect(refused.err_data?.kind).toBe('day_overflow');
    expect(refused.err_data?.show).toMatch(/还需 10 个闪卡币，当前余额 0 个/);
    expect(await count(flashes)).toBe(sets);
    await setCoins('trial', 15);
    const paid = (await ok(fep.createFlash, { range_kind: 'book', book_id: 'band-2-2', size: 10 }, 'trial')) as {
      coins: number;
      coins_spent: number;
      flash: Flash;
    };
    expect(paid).toMatchObject({ coins: 5, coins_spent: 10 });
    const ledger = await t.database.db
      .select()
      .from(flashCoinLedger)
      .where(eq(flashCoinLedger.userId, ids.trial as number));
    expect(ledger).toMatchObject([{ delta: -10, balance: 5, reason: 'create_flash', flashId: paid.flash.id }]);
    // Words already studied cost nothing: a set of the same book again is free.
    const same = (await ok(fep.checkCreateFlash, { range_kind: 'book', book_id: 'band-2-2', size: 10 }, 'trial')) as {
      new_cards: number;
      coins_needed: number;
    };
    expect(same).toMatchObject({ new_cards: 0, coins_needed: 0 });
  });

  it('parallel creates never overspend the coins', async () => {
    await ok(fep.createFlash, { range_kind: 'book', book_id: 'band-3-1', size: 20 }, 'race');
    await setCoins('race', 12);
    const results = await Promise.all(
      [2, 3, 4, 5, 6].map((n) =>
        call(fep.createFlash, { range_kind: 'book', book_id: `band-3-${n}`, size: 5 }, 'race'),
      ),
    );
    expect(results.filter((r) => r.ok).length).toBe(2);
    expect(results.filter((r) => !r.ok).every((r) => r.err_data?.kind === 'day_overflow')).toBe(true);
    const [u] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, ids.race as number));
    expect(u?.flashCoins).toBe(2);
    const ledger = await t.database.db
      .select()
      .from(flashCoinLedger)
      .where(eq(flashCoinLedger.userId, ids.race as number));
    expect(ledger.map((l) => l.delta)).toEqual([-5, -5]);
    expect(ledger.map((l) => l.balance).sort()).toEqual([2, 7]);
  });

  it('collects a card and lists it in 我的闪卡-收藏', async () => {
    const res = (await ok(fep.collectCard, { word: 'Mercurial' }, 'b')) as {
      card: { word: string; collected: boolean };
    };
    expect(res.card).toMatchObject({ word: 'mercurial', collected: true });
    const list = (await ok(fep.listCards, { kind: 'collected' }, 'b')) as { cards: { word: string; gloss: string }[] };
    expect(list.cards.map((c) => c.word)).toEqual(['mercurial']);
    expect(list.cards[0]?.gloss).toMatch(/情绪多变/);
    const set = ((await ok(fep.createFlash, { range_kind: 'collected', size: 5 }, 'b')) as { flash: Flash }).flash;
    expect(set.round.runtimes.map((c) => c.word)).toEqual(['mercurial']);
    expect(set.round.runtimes[0]?.collected).toBe(true);
    const unknown = await call(fep.collectCard, { word: 'notawordzz' }, 'b');
    expect(unknown.err_data?.show).toMatch(/词库中没有这个单词/);
    expect((await ok(fep.listCards, { kind: 'collected' }, 'a')) as { total: number }).toMatchObject({ total: 0 });
  });

  // The load-independent figure of ADR 0028's update_choice target: statements sent to PostgreSQL
  // per answer (every `pg` client query: begin and commit included) and the server's own time per
  // answer (inject, no network), sequential answers.
  // Only PostgreSQL counts client queries this way (PGlite has no pg client): registered there only, not skipped.
  if (kind === 'postgres')
    it('answers a card in two statements (the read, and the write that is its own transaction)', async () => {
      const f = (
        (await ok(fep.createFlash, { range_kind: 'book', book_id: 'band-1-5', size: 60 }, 'b')) as { flash: Flash }
      ).flash;
      await answer(f, true, 'b'); // first plans
      const proto = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
      const original = proto.query;
      const sent: string[] = [];
      proto.query = function (this: unknown, ...a: unknown[]) {
        const q = a[0] as string | { text?: string };
        sent.push(typeof q === 'string' ? q : (q?.text ?? ''));
        return original.apply(this, a);
      };
      const n = 50;
      let spent = 0;
      let stmts = 0;
      try {
        for (let i = 0; i < n; i++) {
          const r = (await stored(f.id))[f.round.cursor_index] as StoredRuntime;
          const body = {
            flash_id: f.id,
            round: f.round_count,
            index: f.round.cursor_index,
            word: r.word,
            choice: i % 3 ? 1 : 0,
          };
          sent.length = 0;
          const t0 = performance.now();
          const res = await call(fep.updateChoice, body, 'b');
          spent += performance.now() - t0;
          stmts += sent.length;
          expect(res.ok).toBe(true);
          f.round.cursor_index++;
        }
      } finally {
        proto.query = original;
      }
      console.log(
        `update_choice: ${(stmts / n).toFixed(1)} statements, ${(spent / n).toFixed(2)} ms per answer (server side, sequential)`,
      );
      expect(stmts / n).toBe(2);
    });

  it('takes the same answer sent twice at once only once (the set’s row serializes its answers)', async () => {
    const f = (
      (await ok(fep.createFlash, { range_kind: 'book', book_id: 'band-1-6', size: 5 }, 'b')) as { flash: Flash }
    ).flash;
    const r = (await stored(f.id))[0] as StoredRuntime;
    const before = await count(reviewLog);
    const body = { flash_id: f.id, round: 0, index: 0, word: r.word, choice: 1 };
    const results = await Promise.all([1, 2, 3].map(() => call(fep.updateChoice, body, 'b')));
    expect(results.filter((x) => x.ok).length).toBe(1);
    for (const x of results.filter((y) => !y.ok)) expect(['conflict', 'invalid_param']).toContain(x.err_data?.kind);
    expect(await count(reviewLog)).toBe(before + 1);
    const [card] = await t.database.db
      .select()
      .from(wordCards)
      .where(and(eq(wordCards.userId, ids.b as number), eq(wordCards.word, r.word)));
    expect(card?.reviews).toBe(1);
    expect((await stored(f.id)).filter((x) => x.answered).length).toBe(1);
  });

  it('makes question cards of my collected and wrong questions: shown without key, checked on the server', async () => {
    // A user of their own: a quant, a sentence-equivalence, a one-blank and a word question collected;
    // a reading item (not a card's kind) collected too; one question answered wrong.
    const { token } = await userWithRole(t, RoleKind.SVIP);
    tokens.q = token;
    // The first of a kind that stands alone (no data-interpretation group, no figure).
    const pick = async (category: number, kinds: string[]) => {
      const found = (await ok(qep.searchQuestions, { category, kinds, page_size: 30 }, 'q')) as {
        question_infos: { id: string }[];
      };
      for (const { id } of found.question_infos) {
        const { question } = (await ok(qep.getQuestion, { id }, 'q')) as {
          question: { group_id: string | null; figure: unknown };
        };
        if (!question.group_id && !question.figure) return id;
      }
      return '';
    };
    const ids = [
      await pick(3, ['qc']),
      await pick(1, ['se']),
      await pick(1, ['tc1']),
      await pick(5, ['word_meaning']),
      (
        (await ok(qep.searchQuestions, { category: 2, kinds: ['rc_single'], page_size: 1 }, 'q')) as {
          question_infos: { id: string }[];
        }
      ).question_infos[0]?.id as string,
    ];
    expect(ids.every(Boolean)).toBe(true);
    await ok(cep.collectMany, { ids }, 'q');
    const full = async (id: string) =>
      ((await ok(qep.getQuestion, { id }, 'q')) as { question: { standard_answer: { selects: number[] } } }).question;
    const set = ((await ok(fep.createFlash, { range_kind: 'collected_questions', size: 10 }, 'q')) as { flash: Flash })
      .flash;
    // The reading item is no card; the others are, shown without any key.
    expect(set.round.runtimes.map((c) => c.word).sort()).toEqual(ids.slice(0, 4).sort());
    expect(set.round.runtimes.every((c) => c.kind === 'question' && c.question && c.question.options.length > 1)).toBe(
      true,
    );
    expect(JSON.stringify(set)).not.toMatch(/standard_answer|analysis|key_words/);
    const se = set.round.runtimes.find((c) => c.question?.kind_label === '句子等价');
    expect(se?.question?.choose).toBe(2);
    // No coins, no quota for question cards.
    const before = await count(reviewLog);
    const garbage = await call(
      fep.updateChoice,
      { flash_id: set.id, round: 0, index: 0, word: set.round.runtimes[0]?.word, choice: 0 },
      'q',
    );
    expect(garbage.err_data?.show).toMatch(/选择选项/);
    const outOfRange = await call(
      fep.updateChoice,
      { flash_id: set.id, round: 0, index: 0, word: set.round.runtimes[0]?.word, choices: [9] },
      'q',
    );
    expect(outOfRange.ok).toBe(false);
    expect(await count(reviewLog)).toBe(before);
    // Every card answered: the first wrong, the others right.
    for (const [i, c] of set.round.runtimes.entries()) {
      const key = (await full(c.word)).standard_answer.selects;
      const n = c.question?.options.length ?? 0;
      const choices = i === 0 ? key.map((k) => (k + 1) % n).slice(0, c.question?.choose) : key;
      if (i === 0 && c.question?.choose === 2 && choices[0] === choices[1]) choices[1] = ((choices[1] ?? 0) + 2) % n;
      const res = (await ok(
        fep.updateChoice,
        { flash_id: set.id, round: 0, index: i, word: c.word, choices },
        'q',
      )) as {
        correct: boolean;
        keys: number[];
        answer: string;
        level: number;
      };
      expect(res.correct).toBe(i !== 0);
      expect(res.keys).toEqual(key);
      expect(res.answer.length).toBeGreaterThan(0);
      expect(res.level).toBe(i === 0 ? FlashLevel.NotSeen : FlashLevel.Learn);
    }
    const logged = await t.database.db
      .select({ key: reviewLog.itemKey })
      .from(reviewLog)
      .where(sql`${reviewLog.itemKey} like 'qc:%'`);
    expect(logged.map((l) => l.key).sort()).toEqual(
      ids
        .slice(0, 4)
        .map((id) => `qc:${id}`)
        .sort(),
    );
    const round = (await stored(set.id)).map((r) => ({
      word: r.word,
      level: r.answered?.level,
      correct: r.answered?.correct,
    }));
    const done = (await ok(fep.finishRound, { flash_id: set.id, round: 0, runtimes: round }, 'q')) as {
      flash: Flash;
      summary: Flash['summary'];
    };
    expect(done.summary).toMatchObject({ not_seen: 1, learn: 3 });
    expect(done.flash.round.runtimes.every((c) => c.kind === 'question')).toBe(true);
    // Question cards are not words: not listed, not due, not counted in used_word.
    const progress = (await ok(fep.getFlashProgress, {}, 'q')) as { used_word: number; due_today: number };
    expect(progress.used_word).toBe(0);
    // Another user cannot open or answer it.
    expect((await call(fep.openFlash, { flash_id: set.id }, 'b')).err_data?.kind).toBe('not_found');
    // A word card refuses `choices`.
    const words = (
      (await ok(fep.createFlash, { range_kind: 'book', book_id: 'band-4-1', size: 5 }, 'q')) as {
        flash: Flash;
      }
    ).flash;
    const w = await call(
      fep.updateChoice,
      { flash_id: words.id, round: 0, index: 0, word: words.round.runtimes[0]?.word, choices: [1] },
      'q',
    );
    expect(w.ok).toBe(false);
    // The wrong-questions range: a question answered wrong in the review loop.
    const wrongId = ids[2] as string;
    const key = (await full(wrongId)).standard_answer.selects[0] as number;
    await ok(
      cep.recordAnswer,
      { id: wrongId, answer: { selects: [(key + 1) % 5], multi_selects: [], text: '', description: '', text2: '' } },
      'q',
    );
    const wrongSet = ((await ok(fep.createFlash, { range_kind: 'wrong_questions', size: 5 }, 'q')) as { flash: Flash })
      .flash;
    expect(wrongSet.round.runtimes.map((c) => c.word)).toEqual([wrongId]);
  });

  it('draws quiz distractors from the word’s band and part of speech, never from its similar-word groups', async () => {
    let f = (
      (await ok(fep.createFlash, { range_kind: 'book', book_id: 'band-2-3', size: 20 }, 'b')) as { flash: Flash }
    ).flash;
    for (let i = 0; i < 20; i++) await answer(f, true, 'b');
    f = (await finish(f, 'b')).flash;
    const v = await loadVocab(t.database.db);
    const quiz = (await stored(f.id)).filter((r) => r.kind === 'quiz');
    expect(quiz.length).toBe(20);
    let sameBandPos = 0;
    for (const r of quiz) {
      const b = v.byWord.get(r.word);
      for (const o of r.options.filter((x) => x !== r.word)) {
        const ob = v.byWord.get(o);
        expect(v.similarOf.get(r.word)?.has(o) ?? false).toBe(false);
        if (ob?.band === b?.band && ob?.poses[0] === b?.poses[0]) sameBandPos++;
      }
    }
    // Every distractor shares the band and main part of speech (a band with < 20 such words falls back).
    expect(sameBandPos).toBeGreaterThanOrEqual(quiz.length * 3 * 0.9);
  });

  it('refuses bad bodies in Chinese and writes nothing', async () => {
    const before = await Promise.all([count(flashes), count(wordCards), count(reviewLog), count(flashCoinLedger)]);
    const bad: [Ep, unknown][] = [
      [fep.checkCreateFlash, { range_kind: 'everything' }],
      [fep.checkCreateFlash, { range_kind: 'book' }],
      [fep.createFlash, { range_kind: 'book', book_id: 'no-such-book', size: 5 }],
      [fep.createFlash, { range_kind: 'mine', size: 1000 }],
      [fep.createFlash, { range_kind: 'mine', size: 'many' }],
      [fep.createFlash, { range_kind: 'mine', book_id: 'band-1-1' }],
      [fep.createFlash, { range_kind: 'mine' }],
      [fep.openFlash, { flash_id: '../../etc' }],
      [fep.openFlash, { flash_id: 'does-not-exist' }],
      [fep.openFlash, {}],
      [fep.updateChoice, { flash_id: setId, round: 0, index: 0, word: 'abandon' }],
      [fep.updateChoice, { flash_id: setId, round: -1, index: 0, word: 'abandon', choice: 1 }],
      [fep.updateChoice, { flash_id: setId, round: 0, index: 0, word: 'abandon', choice: 1, text: 'x' }],
      [fep.updateChoice, [1, 2, 3]],
      [fep.finishRound, { flash_id: setId, round: 0, runtimes: 'all' }],
      [fep.finishRound, { flash_id: setId, round: 0, runtimes: [{ word: 'a', level: 9, correct: true }] }],
      [fep.collectCard, { word: '' }],
      [fep.collectCard, { word: 'x'.repeat(100) }],
      [fep.listCards, { kind: 'everything' }],
      [fep.listCards, { kind: 'finished', level: 9 }],
      [fep.listCards, { kind: 'finished', page: 0 }],
    ];
    for (const [e, body] of bad) {
      const res = await call(e, body, 'a');
      expect(res.ok, `${e.path} ${JSON.stringify(body)}`).toBe(false);
      expect(res.err_data?.show, `${e.path} ${JSON.stringify(body)}`).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(await Promise.all([count(flashes), count(wordCards), count(reviewLog), count(flashCoinLedger)])).toEqual(
      before,
    );
    const anonymous = (await t.call(fep.getFlashProgress, {})).body;
    expect(anonymous.ok).toBe(false);
  });
});

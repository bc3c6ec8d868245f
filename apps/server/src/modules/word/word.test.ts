// The vocabulary (issue 15, ADR 0026) against real databases: the whole list with my marks (ETag,
// 304, compression, size), my list and 熟词, books with progress and merging, the list's search,
// word details with examples from the bank, the wrong-question and six-two books; unknown words and
// bad bodies refused in Chinese with nothing written; nobody sees another user's marks; meanings
// of a running exam's word questions never in a list.

import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import * as cep from '@gre/contract/endpoints/craft';
import * as ep from '@gre/contract/endpoints/exam';
import * as qep from '@gre/contract/endpoints/question';
import * as wep from '@gre/contract/endpoints/word';
import { RoleKind } from '@gre/contract/enums';
import type { Answer } from '@gre/contract/question';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWords } from '../../db/schema/word.ts';
import { staffUser, userWithRole } from '../../test/accounts.ts';
import { buildWordTest } from '../../test/factories.ts';
import { createTestApp, type TestApp, testDbKinds } from '../../test/harness.ts';

describe.each(testDbKinds())('the vocabulary on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp(kind, { content: true });
    tokens.admin = (await staffUser(t, { isAdmin: true })).token;
    for (const who of ['a', 'b', 'c', 'd', 'e'] as const) {
      const { token, user } = await userWithRole(t, RoleKind.SVIP);
      tokens[who] = token;
      ids[who] = Number(user.id);
    }
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 30_000);

  const call = async <E extends Parameters<TestApp['call']>[0]>(e: E, body: unknown, who: string) =>
    (await t.call(e, body, { token: tokens[who] })).body;
  const ok = async <E extends Parameters<TestApp['call']>[0]>(e: E, body: unknown, who: string) => {
    const res = await call(e, body, who);
    if (!res.ok || !res.data) throw new Error(`${e.path}: ${JSON.stringify(res.err_data)}`);
    return res.data as NonNullable<typeof res.data>;
  };
  const rowsOf = async (who: string) =>
    (await t.database.db.select().from(userWords).where(sql`${userWords.userId} = ${ids[who]}`)).length;
  const allRows = async () =>
    Number(
      (
        (await t.database.db.execute(sql`select count(*)::int as n from user_words`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]?.n,
    );

  it('get_all holds the whole GRE list, GRE sense first, and my marks', async () => {
    const all = await ok(wep.getAllWords, {}, 'a');
    const { rows } = (await t.database.db.execute(sql`select count(*)::int as n from words`)) as unknown as {
      rows: { n: number }[];
    };
    expect(all.words.length).toBe(rows[0]?.n);
    expect(all.words.length).toBeGreaterThan(7000);
    expect(all.marks).toEqual([]);
    const mercurial = all.words.find((w) => w.word === 'mercurial');
    expect(mercurial?.gloss).toMatch(/情绪多变/);
    expect(mercurial?.poses[0]).toBe('adj');
    expect(new Set(all.words.map((w) => w.band))).toEqual(new Set([1, 2, 3, 4]));
  });

  it('get_all sends an ETag, answers 304 to it, compresses under 300 KB, and changes with my marks', async () => {
    const get = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: wep.getAllWords.path,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.b}`, ...headers },
        payload: '{}',
      });
    const plain = await get({});
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{20,}"$/);
    expect(plain.headers['cache-control']).toBe('private, no-cache');
    const br = await get({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).toBe(etag);
    expect(br.rawPayload.length).toBeLessThan(300 * 1024);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await get({ 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const again = await get({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await ok(wep.addWords, { words: ['abate'] }, 'b');
    const changed = await get({ 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().data.marks).toMatchObject([{ word: 'abate', simple_at: null }]);
    // Another user's ETag of their own list is no key to mine.
    const other = await t.app.inject({
      method: 'POST',
      url: wep.getAllWords.path,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.c}`, 'if-none-match': etag },
      payload: '{}',
    });
    expect(other.statusCode).toBe(304);
    expect((await get({ 'if-none-match': other.headers.etag as string })).statusCode).toBe(200);
  });

  it('adds, removes and marks words; 熟词 stays when a word leaves my list; a row without marks is gone', async () => {
    const added = await ok(wep.addWords, { words: ['Laconic', 'laconic', ' prodigal '] }, 'a');
    expect(added.changed).toBe(2);
    expect(added.marks.map((m) => m.word)).toEqual(['laconic', 'prodigal']);
    expect(added.marks.every((m) => m.added_at === t.clock.now().getTime())).toBe(true);
    // Adding again keeps the first time.
    t.clock.advance(60_000);
    const again = await ok(wep.addWords, { words: ['laconic'] }, 'a');
    expect(again.changed).toBe(0);
    expect(again.marks[0]?.added_at).toBe(added.marks[0]?.added_at);
    const simple = await ok(wep.markSimple, { words: ['laconic', 'mercurial'] }, 'a');
    expect(simple.changed).toBe(2);
    expect(simple.marks.find((m) => m.word === 'mercurial')).toMatchObject({
      added_at: null,
      simple_at: expect.any(Number),
    });
    const removed = await ok(wep.deleteWords, { words: ['laconic', 'prodigal', 'mercurial'] }, 'a');
    expect(removed.changed).toBe(2);
    expect(removed.marks.find((m) => m.word === 'laconic')).toMatchObject({
      added_at: null,
      simple_at: expect.any(Number),
    });
    expect(removed.marks.find((m) => m.word === 'prodigal')).toEqual({
      word: 'prodigal',
      added_at: null,
      simple_at: null,
    });
    const unsimple = await ok(wep.markSimple, { words: ['laconic', 'mercurial'], simple: false }, 'a');
    expect(unsimple.changed).toBe(2);
    expect(await rowsOf('a')).toBe(0);
  });

  it('unknown words and bad bodies are refused in Chinese and write nothing', async () => {
    const before = await allRows();
    const unknown = await call(wep.addWords, { words: ['abate', 'notaword'] }, 'a');
    expect(unknown.err_data).toMatchObject({ kind: 'not_found', show: '词库中没有这个单词：notaword' });
    for (const e of [wep.deleteWords, wep.markSimple, wep.mergeWords])
      expect((await call(e, { words: ['abate', 'qwertyuiop'] }, 'a')).err_data?.show).toMatch(/词库中没有这个单词/);
    expect((await call(wep.getWordDetails, { word: 'qwertyuiop' }, 'a')).err_data?.show).toBe('词库中没有这个单词');
    const garbage: [Parameters<TestApp['call']>[0], unknown][] = [
      [wep.addWords, {}],
      [wep.addWords, { words: [] }],
      [wep.addWords, { words: 'abate' }],
      [wep.addWords, { words: Array(501).fill('abate') }],
      [wep.addWords, { words: ['x'.repeat(61)] }],
      [wep.deleteWords, { words: [1, 2] }],
      [wep.markSimple, { words: ['abate'], simple: 'yes' }],
      [wep.mergeWords, {}],
      [wep.mergeWords, { book_id: 'mine', words: ['abate'] }],
      [wep.mergeWords, { book_id: '../etc' }],
      [wep.getDetailsByBook, { book_id: 'band-1-1', page: 0 }],
      [wep.getDetailsByBook, { book_id: 'band-1-1', page_size: 1000 }],
      [wep.searchWords, { band: 9 }],
      [wep.searchWords, { pos: 'verb' }],
      [wep.searchWords, { mark: 'everything' }],
      [wep.searchWords, { text: 'x'.repeat(61) }],
      [wep.getWordDetails, { word: '' }],
    ];
    for (const [e, body] of garbage) {
      const res = await call(e, body, 'a');
      expect(res.ok, `${e.path} ${JSON.stringify(body)}`).toBe(false);
      expect(res.err_data?.kind).toBe('invalid_param');
      expect(res.err_data?.show).toMatch(/[\u4e00-\u9fff]/);
    }
    expect((await call(wep.getDetailsByBook, { book_id: 'band-9-9' }, 'a')).err_data).toMatchObject({
      kind: 'not_found',
      show: '词书不存在',
    });
    expect((await call(wep.mergeWords, { book_id: 'root-nothing' }, 'a')).err_data?.show).toBe('词书不存在');
    expect(await allRows()).toBe(before);
    // Without a token: refused before anything.
    expect((await t.call(wep.addWords, { words: ['abate'] }, {})).body.err_data?.kind).toBe('unauthorized');
  });

  it('nobody sees or changes another user’s marks', async () => {
    await ok(wep.addWords, { words: ['obdurate'] }, 'c');
    await ok(wep.markSimple, { words: ['obdurate'] }, 'c');
    expect((await ok(wep.getAllWords, {}, 'd')).marks).toEqual([]);
    expect((await ok(wep.getWordDetails, { word: 'obdurate' }, 'd')).mark).toBeNull();
    expect((await ok(wep.searchWords, { mark: 'mine' }, 'd')).total).toBe(0);
    // Removing it from d's list touches c's row not at all.
    expect((await ok(wep.deleteWords, { words: ['obdurate'] }, 'd')).changed).toBe(0);
    expect((await ok(wep.getAllWords, {}, 'c')).marks).toMatchObject([{ word: 'obdurate' }]);
    const mine = await ok(wep.listWordBooks, {}, 'd');
    expect(mine.books.find((b) => b.id === 'mine')?.total).toBe(0);
  });

  it('books: frequency units, roots, similar groups, with progress; merging a book fills my list', async () => {
    const { books } = await ok(wep.listWordBooks, {}, 'd');
    const kinds = new Set(books.map((b) => b.kind));
    expect(kinds).toEqual(new Set(['mine', 'wrong', 'sixtwo', 'band', 'root', 'similar']));
    const units = books.filter((b) => b.kind === 'band');
    expect(units.every((b) => b.total >= 50 && b.total <= 100)).toBe(true);
    expect(units.reduce((n, b) => n + b.total, 0)).toBe((await ok(wep.getAllWords, {}, 'd')).words.length);
    expect(books.filter((b) => b.kind === 'root').every((b) => b.total >= 5)).toBe(true);
    const similar = books.find((b) => b.kind === 'similar');
    expect(similar?.total).toBeGreaterThan(10);
    const unit = units[0];
    expect(unit).toMatchObject({ id: 'band-1-1', studied: 0, simple: 0 });
    const n = unit?.total as number;
    // Root titles without the dictionary's homograph numbers ("a-3").
    expect(books.filter((b) => b.kind === 'root').every((b) => !/\d/.test(b.title))).toBe(true);

    const page1 = await ok(wep.getDetailsByBook, { book_id: 'band-1-1', page: 1, page_size: 30 }, 'd');
    expect(page1.total).toBe(n);
    expect(page1.words).toHaveLength(30);
    expect(page1.words[0]?.translation).toBeTruthy();
    const page4 = await ok(wep.getDetailsByBook, { book_id: 'band-1-1', page: 4, page_size: 30 }, 'd');
    expect(page4.words).toHaveLength(Math.max(0, n - 90));
    const first = page1.words[0]?.word as string;
    await ok(wep.markSimple, { words: [first] }, 'd');
    const merged = await ok(wep.mergeWords, { book_id: 'band-1-1' }, 'd');
    expect(merged).toEqual({ changed: n, total: n });
    expect((await ok(wep.mergeWords, { book_id: 'band-1-1' }, 'd')).changed).toBe(0);
    const after = (await ok(wep.listWordBooks, {}, 'd')).books;
    expect(after.find((b) => b.id === 'band-1-1')).toMatchObject({ studied: n, simple: 1 });
    expect(after.find((b) => b.id === 'mine')).toMatchObject({ total: n, studied: n });
    const mine = await ok(wep.getDetailsByBook, { book_id: 'mine', page_size: 100 }, 'd');
    expect(mine.words.every((w) => w.mark?.added_at)).toBe(true);
    // A selection merges too.
    expect(await ok(wep.mergeWords, { words: ['laconic', 'mercurial'] }, 'd')).toEqual({ changed: 2, total: 2 });
    expect(await rowsOf('d')).toBe(n + 2);
    const root = after.find((b) => b.kind === 'root');
    const rootPage = await ok(wep.getDetailsByBook, { book_id: root?.id as string, page_size: 100 }, 'd');
    expect(rootPage.words.length).toBe(root?.total);
    expect(rootPage.words.every((w) => w.roots.length > 0)).toBe(true);
  });

  it('searches the list by spelling, form and meaning, and filters by band, part of speech, root and my marks', async () => {
    const abate = await ok(wep.searchWords, { text: 'abat' }, 'c');
    expect(abate.words[0]?.word).toBe('abate');
    expect((await ok(wep.searchWords, { text: 'abated' }, 'c')).words[0]?.word).toBe('abate');
    const zh = await ok(wep.searchWords, { text: '情绪多变' }, 'c');
    expect(zh.words.map((w) => w.word)).toContain('mercurial');
    const adv = await ok(wep.searchWords, { pos: 'adv', band: 4, page_size: 100 }, 'c');
    expect(adv.total).toBeGreaterThan(0);
    expect(adv.words.every((w) => w.poses.includes('adv') && w.band === 4)).toBe(true);
    const root = await ok(wep.searchWords, { root: 'strict', page_size: 100 }, 'c');
    expect(root.words.map((w) => w.word)).toEqual(expect.arrayContaining(['stringent', 'constrict']));
    expect((await ok(wep.searchWords, { mark: 'simple' }, 'c')).words.map((w) => w.word)).toEqual(['obdurate']);
    const fresh = await ok(wep.searchWords, { mark: 'new', text: 'obdur' }, 'c');
    expect(fresh.words.map((w) => w.word)).not.toContain('obdurate');
    const paged = await ok(wep.searchWords, { page: 2, page_size: 10 }, 'c');
    expect(paged.words).toHaveLength(10);
    expect(paged.total).toBeGreaterThan(7000);
  });

  it('word details carry example sentences from the bank and my mark', async () => {
    // A word of a passage of the bank: the first long word of a reading passage that is in the list.
    const all = new Set((await ok(wep.getAllWords, {}, 'c')).words.map((w) => w.word));
    const found = await ok(qep.searchQuestions, { category: 1, kinds: ['se'], page_size: 5 }, 'admin');
    const q = (await ok(qep.getQuestion, { id: found.question_infos[0]?.id as string }, 'admin')).question;
    const word = (q.inquiry.toLowerCase().match(/[a-z]{6,}/g) ?? []).find((w) => all.has(w)) as string;
    expect(word).toBeTruthy();
    const details = await ok(wep.getWordDetails, { word }, 'c');
    expect(details.examples.length).toBeGreaterThan(0);
    expect(details.examples.some((e) => e.text.toLowerCase().includes(word))).toBe(true);
    expect(details.examples[0]?.question_id).toBeTruthy();
    expect(details.withheld).toBe(false);
    expect((await ok(wep.getWordDetails, { word: 'obdurate' }, 'c')).mark?.simple_at).toEqual(expect.any(Number));
  });

  it('the wrong-question book holds the key words of my wrong answers; the six-two book the SE pairs', async () => {
    const { cards } = await ok(ep.listTemplates, { page: 'index' }, 'b');
    const card = cards.find((c) => c.template.kinds.length === 1 && c.template.kinds[0] === 'se' && c.accessable);
    if (!card) throw new Error('no se set');
    const opened = await ok(ep.openBook, { template_id: card.template.id, restart: true }, 'b');
    const view = await ok(ep.getExam, { exam_id: opened.exam_id }, 'b');
    const id = view.exam.sections[0]?.questions[0]?.id as string;
    const q = (await ok(qep.getQuestion, { id }, 'admin')).question;
    const key = q.standard_answer as Answer;
    const options = q.input_method.option_groups[0] ?? [];
    const wrongPick = [0, 1, 2, 3, 4, 5].filter((i) => !key.selects.includes(i)).slice(0, 2);
    await ok(
      ep.saveAnswer,
      {
        exam_id: opened.exam_id,
        section_index: 0,
        question_index: 0,
        answer: { selects: wrongPick, multi_selects: [], text: '', description: '', text2: '' },
      },
      'b',
    );
    await ok(ep.finishExam, { exam_id: opened.exam_id }, 'b');
    expect((await ok(cep.getCraftSummary, {}, 'b')).wrongs).toBeGreaterThan(0);
    const wrong = await ok(wep.getDetailsByBook, { book_id: 'wrong', page_size: 100 }, 'b');
    const words = wrong.words.map((w) => w.word.toLowerCase());
    const keyWords = key.selects.map((k) => (options[k] ?? '').toLowerCase());
    expect(words).toEqual(expect.arrayContaining(keyWords.filter((w) => /^[a-z]+$/.test(w))));
    expect(words.length).toBeGreaterThan(0);
    const sixtwo = await ok(wep.getDetailsByBook, { book_id: 'sixtwo', page_size: 100 }, 'b');
    expect(sixtwo.total).toBeGreaterThan(4);
    expect(sixtwo.total % 2).toBe(0);
    // Another user has no wrong words.
    expect((await ok(wep.getDetailsByBook, { book_id: 'wrong' }, 'd')).total).toBe(0);
  });

  it('while a timed exam with a word question runs, no list gives its word’s meaning', async () => {
    const found = await ok(qep.searchQuestions, { category: 5, kinds: ['word_meaning'], page_size: 1 }, 'admin');
    const q = (await ok(qep.getQuestion, { id: found.question_infos[0]?.id as string }, 'admin')).question;
    const theWord = (q.word_info?.id ?? '').toLowerCase();
    // e has not called anything yet: the gate's per-user lookup (60 s) holds no answer for them.
    const before = await ok(wep.getAllWords, {}, 'c');
    const gloss = before.words.find((w) => w.word === theWord)?.gloss as string;
    expect(gloss).toBeTruthy();
    await buildWordTest(t, ids.e as number, q.id, 300);
    await ok(wep.addWords, { words: [theWord] }, 'e');
    const during = await ok(wep.getAllWords, {}, 'e');
    expect(during.words.find((w) => w.word === theWord)).toMatchObject({ gloss: '', poses: [] });
    expect(JSON.stringify(during)).not.toContain(gloss);
    const searched = await ok(wep.searchWords, { text: theWord }, 'e');
    expect(searched.words[0]).toMatchObject({ word: theWord, gloss: '' });
    const byMeaning = await ok(wep.searchWords, { text: gloss.replace(/^[a-z]+\.\s*/, '').split('；')[0] }, 'e');
    expect(byMeaning.words.map((w) => w.word)).not.toContain(theWord);
    const mine = await ok(wep.getDetailsByBook, { book_id: 'mine', page_size: 100 }, 'e');
    const entry = mine.words.find((w) => w.word.toLowerCase() === theWord);
    expect(entry).toMatchObject({ withheld: true, translation: '', definition: '', similar: [], roots: [] });
    expect((await call(wep.getWordDetails, { word: theWord }, 'e')).err_data?.kind).toBe('forbidden');
    // Other users are not concerned.
    expect((await ok(wep.getAllWords, {}, 'c')).words.find((w) => w.word === theWord)?.gloss).toBe(gloss);
  });
});

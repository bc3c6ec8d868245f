// Archives (issue 19, ADR 0041) against real databases: an admin retires a 精选 set and the six-two
// book; those who had opened them find them read-only in their archive with their records and their
// flag set; the set and the book leave the lists and cannot be opened; un-retiring restores them and
// clears the flags. Audited; refused to non-staff; unknown ids, double retirement and archives of
// never-opened items are refused in Chinese with nothing changed.
import * as aep from '@gre/contract/endpoints/archive';
import * as xep from '@gre/contract/endpoints/exam';
import * as uep from '@gre/contract/endpoints/user';
import * as wep from '@gre/contract/endpoints/word';
import { ExamStatus, RoleKind } from '@gre/contract/enums';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archives, retiredItems } from '../../db/schema/archive.ts';
import { staffAudit } from '../../db/schema/pay.ts';
import { staffUser, userWithRole } from '../../test/accounts.ts';
import { createTestApp, type TestApp, testDbKinds } from '../../test/harness.ts';

describe.each(testDbKinds())('archives on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let pickId = '';
  let otherPickId = '';
  let openedExamId = '';
  beforeAll(async () => {
    t = await createTestApp(kind, { content: true });
    for (const who of ['opener', 'stranger'] as const) tokens[who] = (await userWithRole(t, RoleKind.VIP)).token;
    tokens.admin = (await staffUser(t, { isAdmin: true })).token;
    tokens.operator = (await staffUser(t, { isOperator: true })).token;
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 30_000);

  type Ep = Parameters<TestApp['call']>[0];
  const call = async (e: Ep, body: unknown, who: string) => (await t.call(e, body, { token: tokens[who] })).body;
  // biome-ignore lint/suspicious/noExplicitAny: test helper returning each endpoint's data
  const ok = async (e: Ep, body: unknown, who: string): Promise<any> => {
    const res = await call(e, body, who);
    if (!res.ok || !res.data) throw new Error(`${e.path}: ${JSON.stringify(res.err_data)}`);
    return res.data;
  };
  const refused = async (e: Ep, body: unknown, who: string) => {
    const res = await call(e, body, who);
    expect(res.ok, `${e.path} ${JSON.stringify(body)}`).toBe(false);
    expect(res.err_data?.show).toMatch(/[\u4e00-\u9fff]/);
    return res.err_data as { kind: string; show: string };
  };
  const flags = async (who: string) => {
    const u = await ok(uep.getUser, {}, who);
    return { pick: u.data.has_archived_pick as boolean, sixtwo: u.data.has_archived_six_two_word as boolean };
  };
  const state = async () => ({
    retired: (await t.database.db.select().from(retiredItems)).length,
    archives: (await t.database.db.select().from(archives)).length,
    audit: Number((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(staffAudit))[0]?.n),
  });

  it('lists the 精选 sets and the six-two book as retirable, for admins only', async () => {
    const { items } = await ok(aep.listRetirable, {}, 'admin');
    const picks = items.filter((i: aep.Retirable) => i.kind === 'pick');
    expect(picks.length).toBeGreaterThanOrEqual(2);
    expect(items.filter((i: aep.Retirable) => i.kind === 'sixtwo').map((i: aep.Retirable) => i.id)).toEqual(['sixtwo']);
    expect(items.every((i: aep.Retirable) => !i.retired && i.archived_for === 0)).toBe(true);
    pickId = picks[0].id;
    otherPickId = picks[1].id;
    for (const who of ['opener', 'operator'])
      expect((await refused(aep.listRetirable, {}, who)).kind).toBe('forbidden');
  }, 120_000); // the first call builds the templates

  it('a member opens a 精选 set and the six-two book; a non-admin cannot retire them', async () => {
    const cards = (await ok(xep.listTemplates, { page: 'pick' }, 'opener')).cards;
    expect(cards.map((c: { template: { id: string } }) => c.template.id)).toContain(pickId);
    const opened = await ok(xep.openBook, { template_id: pickId }, 'opener');
    openedExamId = opened.exam_id;
    const book = await ok(wep.getDetailsByBook, { book_id: 'sixtwo', page_size: 5 }, 'opener');
    expect(book.total).toBeGreaterThan(0);
    const before = await state();
    for (const who of ['opener', 'operator']) {
      expect((await refused(aep.setRetired, { kind: 'pick', id: pickId, retired: true }, who)).kind).toBe('forbidden');
    }
    expect(await state()).toEqual(before);
  }, 120_000); // the first word-book read loads the vocabulary

  it('refuses unknown ids and garbage in Chinese, with nothing changed', async () => {
    const before = await state();
    expect((await refused(aep.setRetired, { kind: 'pick', id: 'pick-c9-99', retired: true }, 'admin')).show).toBe(
      '没有这套精选练习：pick-c9-99',
    );
    expect((await refused(aep.setRetired, { kind: 'sixtwo', id: 'band-1', retired: true }, 'admin')).kind).toBe(
      'not_found',
    );
    // An index set is no 精选 set.
    expect((await refused(aep.setRetired, { kind: 'pick', id: 'idx-se-d1-1', retired: true }, 'admin')).kind).toBe(
      'not_found',
    );
    expect((await refused(aep.setRetired, { kind: 'book', id: pickId, retired: true }, 'admin')).show).toMatch(
      /精选练习（pick）或六选二词书/,
    );
    expect((await refused(aep.setRetired, { kind: 'pick', id: pickId }, 'admin')).show).toMatch(/下架还是恢复/);
    expect((await refused(aep.setRetired, { kind: 'pick', id: "x'; drop", retired: true }, 'admin')).kind).toBe(
      'invalid_param',
    );
    expect((await refused(aep.setRetired, { kind: 'pick', id: pickId, retired: false }, 'admin')).show).toBe(
      '这套精选练习没有下架，无需恢复',
    );
    expect(await state()).toEqual(before);
    expect(await flags('opener')).toEqual({ pick: false, sixtwo: false });
  });

  it('retiring moves the set into the archive of those who opened it, audited; the lists lose it', async () => {
    const r = await ok(aep.setRetired, { kind: 'pick', id: pickId, retired: true }, 'admin');
    expect(r).toMatchObject({ kind: 'pick', id: pickId, retired: true, opened_by: 1, archived_for: 1 });
    expect(r.retired_at).toBe(t.clock.now().getTime());
    const [audit] = await t.database.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.action, 'retire'), eq(staffAudit.subject, `pick:${pickId}`)));
    expect(audit?.after).toEqual({ retired: true, archived_for: 1 });
    expect(await flags('opener')).toEqual({ pick: true, sixtwo: false });
    expect(await flags('stranger')).toEqual({ pick: false, sixtwo: false });
    // Gone from the list, refused when opened, for everyone.
    for (const who of ['opener', 'stranger']) {
      const cards = (await ok(xep.listTemplates, { page: 'pick' }, who)).cards;
      expect(cards.map((c: { template: { id: string } }) => c.template.id)).not.toContain(pickId);
      expect(cards.map((c: { template: { id: string } }) => c.template.id)).toContain(otherPickId);
      expect((await refused(xep.openBook, { template_id: pickId }, who)).show).toMatch(/已下架/);
    }
    // Read-only: the unfinished attempt was closed, so no answer is taken any more.
    const exam = await ok(xep.getExam, { exam_id: openedExamId }, 'opener');
    expect(exam.exam.status).toBe(ExamStatus.Close);
    // Twice is refused.
    expect((await refused(aep.setRetired, { kind: 'pick', id: pickId, retired: true }, 'admin')).show).toBe(
      '这套精选练习已经下架了',
    );
  });

  it('the opener finds it read-only in the archive with the record; others get a Chinese refusal', async () => {
    const { sets } = await ok(aep.listArchivedPicks, {}, 'opener');
    expect(sets).toHaveLength(1);
    expect(sets[0]).toMatchObject({ template_id: pickId });
    expect(sets[0].title).toMatch(/^精选/);
    expect(sets[0].question_count).toBeGreaterThan(0);
    expect(sets[0].records.map((x: { exam_id: string }) => x.exam_id)).toEqual([openedExamId]);
    const one = await ok(aep.getArchivedPick, { template_id: pickId }, 'opener');
    expect(one).toEqual(sets[0]);
    // The record's report still opens (records stay).
    expect((await call(xep.getReport, { exam_id: openedExamId }, 'opener')).ok).toBe(true);
    expect((await ok(aep.listArchivedPicks, {}, 'stranger')).sets).toEqual([]);
    expect((await refused(aep.getArchivedPick, { template_id: pickId }, 'stranger')).show).toBe(
      '你没有打开过这套精选练习，存档里没有它（只有下架前打开过的精选练习才会存档）',
    );
    expect((await refused(aep.getArchivedPick, { template_id: otherPickId }, 'opener')).show).toMatch(/没有下架/);
    expect((await refused(aep.getArchivedPick, { template_id: 'nope' }, 'opener')).kind).toBe('not_found');
    expect((await refused(aep.getArchivedPick, { template_id: '' }, 'opener')).kind).toBe('invalid_param');
  });

  it('the six-two book the same way: archive with marks for its opener, gone from the lists', async () => {
    const words = (await ok(wep.getDetailsByBook, { book_id: 'sixtwo', page_size: 2 }, 'opener')).words;
    const marked = words[0].word as string;
    await ok(wep.addWords, { words: [marked] }, 'opener');
    const r = await ok(aep.setRetired, { kind: 'sixtwo', id: 'sixtwo', retired: true }, 'admin');
    expect(r).toMatchObject({ retired: true, opened_by: 1, archived_for: 1, title: '六选二词对' });
    expect(await flags('opener')).toEqual({ pick: true, sixtwo: true });
    expect(await flags('stranger')).toEqual({ pick: false, sixtwo: false });
    for (const who of ['opener', 'stranger']) {
      const { books } = await ok(wep.listWordBooks, {}, who);
      expect(books.map((b: { id: string }) => b.id)).not.toContain('sixtwo');
      expect((await refused(wep.getDetailsByBook, { book_id: 'sixtwo' }, who)).show).toMatch(/已下架/);
      expect((await refused(wep.mergeWords, { book_id: 'sixtwo' }, who)).show).toMatch(/已下架/);
    }
    const list = await ok(aep.listArchivedSixTwo, {}, 'opener');
    expect(list.books).toHaveLength(1);
    expect(list.books[0]).toMatchObject({ id: 'sixtwo', kind: 'sixtwo', studied: 1 });
    const page = await ok(aep.getArchivedSixTwo, { book_id: 'sixtwo', page_size: 2 }, 'opener');
    expect(page.words[0]).toMatchObject({ word: marked });
    expect(page.words[0].mark?.added_at).toBeGreaterThan(0);
    expect((await refused(aep.getArchivedSixTwo, { book_id: 'sixtwo' }, 'stranger')).show).toMatch(/没有打开过/);
    expect((await refused(aep.getArchivedSixTwo, { book_id: 'mine' }, 'opener')).kind).toBe('not_found');
    expect((await refused(aep.getArchivedSixTwo, { book_id: 'sixtwo', page: 0 }, 'opener')).kind).toBe('invalid_param');
  });

  it('un-retiring restores set and book, empties the archives, clears the flags, audited', async () => {
    const a = await ok(aep.setRetired, { kind: 'pick', id: pickId, retired: false }, 'admin');
    expect(a).toMatchObject({ retired: false, retired_at: 0, archived_for: 0, opened_by: 1 });
    expect(await flags('opener')).toEqual({ pick: false, sixtwo: true });
    await ok(aep.setRetired, { kind: 'sixtwo', id: 'sixtwo', retired: false }, 'admin');
    expect(await flags('opener')).toEqual({ pick: false, sixtwo: false });
    expect((await ok(aep.listArchivedPicks, {}, 'opener')).sets).toEqual([]);
    expect((await ok(aep.listArchivedSixTwo, {}, 'opener')).books).toEqual([]);
    const cards = (await ok(xep.listTemplates, { page: 'pick' }, 'opener')).cards;
    expect(cards.map((c: { template: { id: string } }) => c.template.id)).toContain(pickId);
    expect((await ok(wep.getDetailsByBook, { book_id: 'sixtwo' }, 'stranger')).total).toBeGreaterThan(0);
    const rows = await t.database.db.select().from(staffAudit).where(eq(staffAudit.action, 'unretire'));
    expect(rows.map((x) => x.subject).sort()).toEqual([`pick:${pickId}`, 'sixtwo:sixtwo']);
    // The stranger read the book now: a second retirement archives it for both.
    const again = await ok(aep.setRetired, { kind: 'sixtwo', id: 'sixtwo', retired: true }, 'admin');
    expect(again.archived_for).toBe(2);
    expect(await flags('stranger')).toEqual({ pick: false, sixtwo: true });
    await ok(aep.setRetired, { kind: 'sixtwo', id: 'sixtwo', retired: false }, 'admin');
  });
});

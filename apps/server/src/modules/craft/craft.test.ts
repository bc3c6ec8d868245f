// The review loop (issue 14, ADR 0025) against real databases: wrong answers recorded from finished
// sets and search answers with their source and a memory schedule, redo sets recorded back, notes,
// reasons, collect tags, books (tree, filters, paging), limits per role, the advanced bank, the
// trends, 练习模式 跳过, and that nobody reads or writes another user's crafts. Bad input changes nothing.
import * as cep from '@gre/contract/endpoints/craft';
import * as ep from '@gre/contract/endpoints/exam';
import * as qep from '@gre/contract/endpoints/question';
import { RoleKind } from '@gre/contract/enums';
import type { Answer } from '@gre/contract/question';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/user.ts';
import { registerUser, staffUser, userWithRole } from '../../test/accounts.ts';
import { noteUpdate } from '../../test/factories.ts';
import { createTestApp, type TestApp, testDbKinds } from '../../test/harness.ts';

const blank: Answer = { selects: [], multi_selects: [], text: '', description: '', text2: '' };
const day = 86_400_000;

describe.each(testDbKinds())('the review loop on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(kind, { content: true });
    tokens.admin = (await staffUser(t, { isAdmin: true })).token;
    tokens.a = (await userWithRole(t, RoleKind.SVIP)).token;
    tokens.b = (await userWithRole(t, RoleKind.VIP)).token;
    tokens.trial = (await registerUser(t)).token;
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
  const refused = async <E extends Parameters<TestApp['call']>[0]>(e: E, body: unknown, who: string) => {
    const res = await call(e, body, who);
    expect(res.ok, `${e.path} ${JSON.stringify(body)} should be refused`).toBe(false);
    return res.err_data as NonNullable<typeof res.err_data>;
  };
  const keyOf = async (id: string): Promise<Answer> =>
    (await ok(qep.getQuestion, { id }, 'admin')).question.standard_answer as Answer;
  const wrongOf = (key: Answer, options = 5): Answer => ({
    ...blank,
    selects: [((key.selects[0] ?? 0) + 1) % options],
  });
  const summary = (who: string) => ok(cep.getCraftSummary, {}, who);
  const craftRows = async (who: string) => {
    const u = (await ok((await import('@gre/contract/endpoints/user')).getUser, {}, who)) as { id: string };
    const r = (await t.database.db.execute(
      sql`select count(*)::int as n from crafts where user_id = ${Number(u.id)}`,
    )) as unknown as { rows: { n: number }[] };
    return r.rows[0]?.n ?? 0;
  };

  /** Opens a one-blank text-completion set; answers the first question wrong and the second right. */
  async function practiceOneWrong(who: string, mode: 'exam' | 'practice' = 'exam') {
    const { cards } = await ok(ep.listTemplates, { page: 'index' }, who);
    const card = cards.find((c) => c.template.kinds.length === 1 && c.template.kinds[0] === 'tc1' && c.accessable);
    if (!card) throw new Error('no tc1 set');
    const opened = await ok(ep.openBook, { template_id: card.template.id, restart: true, mode }, who);
    const view = await ok(ep.getExam, { exam_id: opened.exam_id }, who);
    const qs = view.exam.sections[0]?.questions ?? [];
    const [first, second] = [qs[0]?.id as string, qs[1]?.id as string];
    const at = (i: number) => ({ exam_id: opened.exam_id, section_index: 0, question_index: i });
    await ok(ep.saveAnswer, { ...at(0), answer: wrongOf(await keyOf(first)), used_time_seconds: 50 }, who);
    await ok(ep.saveAnswer, { ...at(1), answer: await keyOf(second), used_time_seconds: 30 }, who);
    await ok(ep.finishExam, { exam_id: opened.exam_id }, who);
    return { examId: opened.exam_id, wrongId: first, rightId: second, title: view.exam.name };
  }

  it('a finished practice set puts its wrong answer in the wrong book with its source and a review due tomorrow', async () => {
    const before = await summary('a');
    const done = await practiceOneWrong('a');
    const after = await summary('a');
    expect(after.wrongs).toBe(before.wrongs + 1);
    expect(after.due_today).toBe(before.due_today);
    const list = await ok(cep.listReview, { scope: 'wrongs' }, 'a');
    const item = list.items.find((i) => i.question.id === done.wrongId);
    expect(item?.craft.wrong).toBe(true);
    expect(item?.craft.issue.result.correct).toBe(false);
    expect(item?.craft.source?.name).toBe(done.title);
    expect(item?.craft.source?.exam_id).toBe(done.examId);
    expect(item?.craft.memory?.due).toBeGreaterThan(t.clock.now().getTime() / 1000);
    // The right answer is recorded but is not in the wrong book, and not scheduled.
    expect(list.items.some((i) => i.question.id === done.rightId)).toBe(false);
    // The finished exam's runtimes carry the crafts.
    const view = await ok(ep.getExam, { exam_id: done.examId }, 'a');
    const runtime = view.exam.sections[0]?.questions.find((q) => q.id === done.wrongId);
    expect(runtime?.craft?.wrong).toBe(true);
    // A day later the review is due today; a redo rated Good pushes it further out.
    t.clock.advance(day + 3_600_000);
    const due = await ok(cep.getDue, {}, 'a');
    expect(due.count).toBeGreaterThanOrEqual(1);
    expect(due.ids).toContain(done.wrongId);
    expect((await summary('a')).due_today).toBe(due.count);
    const redo = await ok(cep.createRedo, { ids: [done.wrongId], name: '今日复习' }, 'a');
    expect(redo.question_count).toBe(1);
    const view2 = await ok(ep.getExam, { exam_id: redo.exam_id }, 'a');
    expect(view2.exam.name).toBe('今日复习');
    expect(view2.exam.sections[0]?.action.practice_mode).toBe(true);
    await ok(
      ep.submitQuestion,
      {
        exam_id: redo.exam_id,
        section_index: 0,
        question_index: 0,
        answer: await keyOf(done.wrongId),
        used_time_seconds: 40,
      },
      'a',
    );
    await ok(ep.finishExam, { exam_id: redo.exam_id }, 'a');
    const [craft] = (await ok(cep.getCrafts, { ids: [done.wrongId] }, 'a')).crafts;
    expect(craft?.issue.result.correct).toBe(true);
    expect(craft?.memory?.reps).toBe(2);
    expect(craft?.memory?.due).toBeGreaterThan(t.clock.now().getTime() / 1000 + 2 * 86_400);
    expect((await ok(cep.getDue, {}, 'a')).ids).not.toContain(done.wrongId);
    // Without remove_corrects it stays in the wrong book; with it, a right answer takes it out.
    expect(craft?.wrong).toBe(true);
    await ok(cep.updateReviewSettings, { remove_corrects: true }, 'a');
    const answered = await ok(
      cep.recordAnswer,
      { id: done.wrongId, answer: await keyOf(done.wrongId), source: { name: '搜索' } },
      'a',
    );
    expect(answered.correct).toBe(true);
    expect(answered.craft.wrong).toBe(false);
    await ok(cep.updateReviewSettings, { remove_corrects: false, desired_retention: 0.85 }, 'a');
    expect((await summary('a')).desired_retention).toBeCloseTo(0.85, 5);
  });

  it('a search answer is graded by the server and a wrong one goes into the book', async () => {
    const { question_infos } = await ok(qep.searchQuestions, { category: 3, kinds: ['ps_single'] }, 'b');
    const id = question_infos.find((q) => q.accessable)?.id as string;
    const res = await ok(cep.recordAnswer, { id, answer: wrongOf(await keyOf(id)), used_time_seconds: 20 }, 'b');
    expect(res.correct).toBe(false);
    expect(res.craft.wrong).toBe(true);
    expect(res.craft.source?.name).toBe('搜索');
    expect(res.craft.memory?.state).not.toBe('new');
    // An essay prompt is not graded here; a question the caller may not open is refused.
    const locked = (await ok(qep.searchQuestions, { category: 1, page_size: 50 }, 'trial')).question_infos.find(
      (q) => !q.accessable,
    );
    if (locked) {
      const err = await refused(cep.recordAnswer, { id: locked.id, answer: blank }, 'trial');
      expect(['limit', 'public_only']).toContain(err.kind);
    }
  });

  it('notes, reasons, mastery, improvement, collect tags and the schedule; the books show them', async () => {
    const { question_infos } = await ok(qep.searchQuestions, { category: 1, kinds: ['tc2'] }, 'a');
    const [q1, q2] = question_infos.filter((q) => q.accessable).map((q) => q.id) as [string, string];
    const lib = await ok(cep.getReasonLib, {}, 'a');
    const filling = lib.question_categories.find((c) => c.category === 1);
    const reasonId = filling?.kinds[0]?.subs[0]?.id as string;
    expect(filling?.kinds.flatMap((k) => k.subs.map((s) => s.name))).toContain('单词不认识');
    const noted = await ok(
      cep.updateCraft,
      {
        update_kind: 'Note',
        craft_id: q1,
        craft: {
          note: {
            text_input: { note: '转折在远处', review: '', difficulty: '', new_way: '', puzzle: '' },
            review: { mastery: 2, reasons: '' },
            reasons: [{ reason_id: reasonId }],
          },
        },
        source: { name: '搜索' },
      },
      'a',
    );
    expect(noted.craft.note.text_input.note).toBe('转折在远处');
    expect(noted.craft.note.review.mastery).toBe(2);
    expect(noted.craft.note.reasons).toEqual([{ reason_id: reasonId, type: 'vocab', checked: true }]);
    const improved = await ok(
      cep.updateCraft,
      { update_kind: 'Improvement', craft_id: q1, craft: { note: { review: { improvement: '先找转折词' } } } },
      'a',
    );
    expect(improved.craft.note.review.improvement).toBe('先找转折词');
    expect(improved.craft.note.text_input.note).toBe('转折在远处');
    const scheduled = await ok(
      cep.updateCraft,
      { update_kind: 'Schedule', craft_id: q1, craft: { note: { review: { reviewed: true } } } },
      'a',
    );
    expect(scheduled.craft.memory?.state).toBe('new');
    expect((await ok(cep.getDue, {}, 'a')).ids).toContain(q1);

    const tag = (await ok(cep.addCollectTag, { name: '转折', desp: '' }, 'a')).collect;
    const dup = await refused(cep.addCollectTag, { name: '转折' }, 'a');
    expect(dup.show).toBe('已有同名标签');
    const collected = await ok(
      cep.updateCraft,
      { update_kind: 'Collect', craft_id: q2, craft: { collect: { collected: true, collect_ids: [tag.id] } } },
      'a',
    );
    expect(collected.craft.collect).toMatchObject({ collected: true, collect_ids: [tag.id] });
    const tags = await ok(cep.getCollectTags, {}, 'a');
    expect(tags.collects.find((c) => c.id === tag.id)?.count).toBe(1);

    const noteTree = await ok(cep.getReviewTree, { scope: 'note' }, 'a');
    expect(noteTree.total).toBeGreaterThanOrEqual(1);
    expect(noteTree.mastery[2]).toBeGreaterThanOrEqual(1);
    expect(noteTree.reasons.find((r) => r.reason_id === reasonId)?.count).toBeGreaterThanOrEqual(1);
    const kinds = noteTree.categories.find((c) => c.category === 1)?.kinds.map((k) => k.kind);
    expect(kinds).toContain('tc2');
    const collectTree = await ok(cep.getReviewTree, { scope: 'collect' }, 'a');
    expect(collectTree.collect_tags.find((c) => c.id === tag.id)?.count).toBe(1);
    const byTag = await ok(cep.listReview, { scope: 'collect', collect_id: tag.id }, 'a');
    expect(byTag.items.map((i) => i.question.id)).toEqual([q2]);
    const byReason = await ok(cep.listReview, { scope: 'note', reason_id: reasonId }, 'a');
    expect(byReason.items.map((i) => i.question.id)).toContain(q1);
    const byMastery = await ok(cep.listReview, { scope: 'note', mastery: 5 }, 'a');
    expect(byMastery.items.map((i) => i.question.id)).not.toContain(q1);

    // Unfavouriting clears the tags; deleting a tag takes it off every question.
    const un = await ok(
      cep.updateCraft,
      { update_kind: 'Collect', craft_id: q2, craft: { collect: { collected: false, collect_ids: [tag.id] } } },
      'a',
    );
    expect(un.craft.collect).toMatchObject({ collected: false, collect_ids: [] });
    await ok(cep.collectMany, { ids: [q1, q2], collect_ids: [tag.id] }, 'a');
    await ok(cep.deleteCollectTag, { id: tag.id }, 'a');
    const after = (await ok(cep.getCrafts, { ids: [q1, q2] }, 'a')).crafts;
    expect(after.every((c) => c.collect.collected && c.collect.collect_ids.length === 0)).toBe(true);

    const trends = await ok(cep.getReviewTrends, { weeks: 4 }, 'a');
    expect(trends.weeks).toHaveLength(4);
    expect(trends.mastery[2]).toBeGreaterThanOrEqual(1);
    expect(trends.by_kind.find((k) => k.kind === 'tc1')?.wrongs).toBeGreaterThanOrEqual(1);
  });

  it('nobody reads or writes another user’s crafts or tags', async () => {
    const { question_infos } = await ok(qep.searchQuestions, { category: 3 }, 'a');
    const id = question_infos.find((q) => q.accessable)?.id as string;
    const tag = (await ok(cep.addCollectTag, { name: '只属于 A' }, 'a')).collect;
    await ok(
      cep.updateCraft,
      { update_kind: 'Collect', craft_id: id, craft: { collect: { collected: true, collect_ids: [tag.id] } } },
      'a',
    );
    expect((await ok(cep.getCrafts, { ids: [id] }, 'b')).crafts.find((c) => c.collect.collected)).toBeUndefined();
    const rowsB = await craftRows('b');
    const err = await refused(
      cep.updateCraft,
      { update_kind: 'Collect', craft_id: id, craft: { collect: { collected: true, collect_ids: [tag.id] } } },
      'b',
    );
    expect(err.kind).toBe('not_found');
    expect(await craftRows('b')).toBe(rowsB);
    expect((await refused(cep.listReview, { scope: 'collect', collect_id: tag.id }, 'b')).kind).toBe('not_found');
    expect((await refused(cep.deleteCollectTag, { id: tag.id }, 'b')).kind).toBe('not_found');
    expect((await ok(cep.getCollectTags, {}, 'a')).collects.map((c) => c.id)).toContain(tag.id);
    expect((await ok(cep.getCollectTags, {}, 'b')).collects.map((c) => c.id)).not.toContain(tag.id);
  });

  it('bad input gets a clear Chinese error and writes nothing', async () => {
    const { question_infos } = await ok(qep.searchQuestions, { category: 1 }, 'b');
    const id = question_infos.find((q) => q.accessable)?.id as string;
    const rows = await craftRows('b');
    const note = (over: Record<string, unknown>) => ({
      update_kind: 'Note',
      craft_id: id,
      craft: {
        note: {
          text_input: { note: '', review: '', difficulty: '', new_way: '', puzzle: '', ...over },
          review: { mastery: 1, reasons: '' },
        },
      },
    });
    expect((await refused(cep.updateCraft, note({ note: 'x'.repeat(2001) }), 'b')).show).toBe('笔记最多 2000 个字');
    expect((await refused(cep.updateCraft, { ...note({}), craft_id: 'no-such-question' }, 'b')).kind).toBe('not_found');
    const mastery = { ...note({}), craft: { note: { text_input: {}, review: { mastery: 9, reasons: '' } } } };
    expect((await refused(cep.updateCraft, mastery, 'b')).show).toBe('掌握程度只能是 1–5');
    const reason = {
      ...note({}),
      craft: { note: { text_input: {}, review: { mastery: 1, reasons: '' }, reasons: [{ reason_id: 'mx-arith' }] } },
    };
    expect((await refused(cep.updateCraft, reason, 'b')).show).toBe('错因不在错因库中，请刷新后重试');
    expect((await refused(cep.updateCraft, { update_kind: 'Delete', craft_id: id }, 'b')).show).toContain('保存类型');
    expect((await refused(cep.addCollectTag, { name: '  ' }, 'b')).show).toBe('请填写标签名');
    expect((await refused(cep.createRedo, { ids: [] }, 'b')).show).toBe('请选择题目');
    expect((await refused(cep.createRedo, { ids: ['no-such-question'] }, 'b')).kind).toBe('not_found');
    expect((await refused(cep.updateReviewSettings, { desired_retention: 0.5 }, 'b')).show).toBe(
      '目标保持率应在 0.70–0.97 之间',
    );
    expect(await craftRows('b')).toBe(rows);
  });

  it('a trial account may collect 30 questions; the 31st is refused and not written', async () => {
    const { question_infos } = await ok(qep.searchQuestions, { category: 3, page_size: 50 }, 'trial');
    const ids = question_infos.map((q) => q.id);
    expect(ids.length).toBeGreaterThan(31);
    await ok(cep.collectMany, { ids: ids.slice(0, 30) }, 'trial');
    const err = await refused(
      cep.updateCraft,
      { update_kind: 'Collect', craft_id: ids[30], craft: { collect: { collected: true } } },
      'trial',
    );
    expect(err.kind).toBe('limit');
    expect(err.show).toContain('最多收藏 30 道题');
    expect((await summary('trial')).collects).toBe(30);
    // Taking one out makes room again.
    await ok(cep.collectMany, { ids: [ids[0]], collected: false }, 'trial');
    await ok(
      cep.updateCraft,
      { update_kind: 'Collect', craft_id: ids[30], craft: { collect: { collected: true } } },
      'trial',
    );
  });

  it('at its limit less one, concurrent collects and notes of a trial account pass once; its counts stay exact', async () => {
    tokens.race = (await registerUser(t)).token;
    const u = (await ok((await import('@gre/contract/endpoints/user')).getUser, {}, 'race')) as { id: string };
    const { question_infos } = await ok(qep.searchQuestions, { category: 3, page_size: 50 }, 'race');
    const ids = question_infos.map((q) => q.id);
    expect(ids.length).toBeGreaterThanOrEqual(45);
    const collect = (id: string | undefined, collected = true) =>
      call(cep.updateCraft, { update_kind: 'Collect', craft_id: id, craft: { collect: { collected } } }, 'race');
    const note = (id: string | undefined, text: string, mastery = 1) =>
      call(cep.updateCraft, noteUpdate(id, text, mastery), 'race');
    /** What the database counts for the user, and what it keeps in the user's row for the quota check. */
    const counted = async () => {
      const r = (await t.database.db.execute(
        sql`select (select count(*) filter (where collected) from crafts where user_id = ${Number(u.id)})::int as c,
                   (select count(*) filter (where noted) from crafts where user_id = ${Number(u.id)})::int as n,
                   craft_collects as kc, craft_notes as kn from users where id = ${Number(u.id)}`,
      )) as unknown as { rows: { c: number; n: number; kc: number; kn: number }[] };
      const row = r.rows[0] as { c: number; n: number; kc: number; kn: number };
      expect([row.kc, row.kn]).toEqual([row.c, row.n]);
      return { collects: row.c, notes: row.n };
    };

    /**
     * Starts `calls` together. On PostgreSQL the user's row is held locked by another transaction
     * until every call waits on a lock, so they truly meet (without it they mostly run one by one).
     */
    const atOnce = async <T>(calls: () => Promise<T>[]): Promise<T[]> => {
      if (kind !== 'postgres') return Promise.all(calls());
      let started: Promise<T>[] = [];
      await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from users where id = ${Number(u.id)} for update`);
        started = calls();
        for (let i = 0; i < 200; i++) {
          const r = (await t.database.db.execute(
            sql`select count(*)::int as n from pg_stat_activity
                where wait_event_type = 'Lock' and datname = current_database()`,
          )) as unknown as { rows: { n: number }[] };
          if ((r.rows[0]?.n ?? 0) >= started.length) break;
          await new Promise((res) => setTimeout(res, 25));
        }
      });
      return Promise.all(started);
    };

    await ok(cep.collectMany, { ids: ids.slice(0, 29) }, 'race');
    // Six new questions at once with one place left: one is collected, five refused, none written.
    const six = await atOnce(() => ids.slice(29, 35).map((id) => collect(id)));
    expect(six.filter((r) => r.ok)).toHaveLength(1);
    for (const r of six.filter((x) => !x.ok)) {
      expect(r.err_data).toMatchObject({ kind: 'limit', show: '试用用户最多收藏 30 道题，开通会员后不限' });
    }
    expect(await counted()).toEqual({ collects: 30, notes: 0 });
    expect((await summary('race')).collects).toBe(30);
    // Collecting a question already collected is no new collect: it passes at the limit.
    const kept = six.find((r) => r.ok)?.data?.craft.id;
    expect((await collect(kept)).ok).toBe(true);
    // One place again; the same new question three times at once (a double click): all pass, it counts once.
    expect((await collect(kept, false)).ok).toBe(true);
    const same = await atOnce(() => [ids[40], ids[40], ids[40]].map((id) => collect(id)));
    expect(same.map((r) => r.ok)).toEqual([true, true, true]);
    expect(await counted()).toEqual({ collects: 30, notes: 0 });

    // Notes: ten for a trial account. Nine, then five new ones at once: one passes.
    for (const id of ids.slice(0, 9)) expect((await note(id, `笔记 ${id}`)).ok).toBe(true);
    const five = await atOnce(() => ids.slice(9, 14).map((id) => note(id, '同时写的笔记')));
    expect(five.filter((r) => r.ok)).toHaveLength(1);
    for (const r of five.filter((x) => !x.ok)) {
      expect(r.err_data).toMatchObject({ kind: 'limit', show: '试用用户最多给 10 道题写笔记，开通会员后不限' });
    }
    expect(await counted()).toEqual({ collects: 30, notes: 10 });
    // At the limit: a note already there may change; an improvement plan on a new question is a new note.
    expect((await note(ids[0], '改过的笔记')).ok).toBe(true);
    const plan = await call(
      cep.updateCraft,
      { update_kind: 'Improvement', craft_id: ids[20], craft: { note: { review: { improvement: '先找转折词' } } } },
      'race',
    );
    expect(plan.err_data?.show).toBe('试用用户最多给 10 道题写笔记，开通会员后不限');
    // Emptying a note frees its place; the counts follow every kind of write.
    expect((await note(ids[0], '', 0)).ok).toBe(true);
    expect(await counted()).toEqual({ collects: 30, notes: 9 });
    await ok(cep.collectMany, { ids: ids.slice(0, 10), collected: false }, 'race');
    expect(await counted()).toEqual({ collects: 20, notes: 9 });
    expect((await summary('race')).notes).toBe(9);
  });

  it('the advanced bank’s books open only for users an admin unlocked', async () => {
    expect((await refused(cep.getReviewTree, { scope: 'wrongs', higher: true }, 'b')).kind).toBe('forbidden');
    const u = (await ok((await import('@gre/contract/endpoints/user')).getUser, {}, 'b')) as { id: string };
    await t.database.db
      .update(users)
      .set({ showHigherCollect: true })
      .where(eq(users.id, Number(u.id)));
    const tree = await ok(cep.getReviewTree, { scope: 'wrongs', higher: true }, 'b');
    expect(tree.total).toBe(0);
  });

  it('练习模式: 跳过 marks a question skipped until it is answered; exam mode refuses it', async () => {
    const { cards } = await ok(ep.listTemplates, { page: 'index' }, 'b');
    const [card, other] = cards.filter((c) => c.template.kinds[0] === 'tc1' && c.accessable);
    const opened = await ok(ep.openBook, { template_id: card?.template.id, restart: true, mode: 'practice' }, 'b');
    const at = { exam_id: opened.exam_id, section_index: 0, question_index: 0 };
    const skipped = await ok(ep.skipQuestion, { ...at, used_time_seconds: 5 }, 'b');
    expect(skipped.question?.skip).toBe(true);
    const view = await ok(ep.getExam, { exam_id: opened.exam_id }, 'b');
    expect(view.exam.sections[0]?.questions[0]?.skip).toBe(true);
    const id = view.exam.sections[0]?.questions[0]?.id as string;
    const answered = await ok(ep.saveAnswer, { ...at, answer: await keyOf(id) }, 'b');
    expect(answered.question?.skip).toBe(false);
    const examMode = await ok(ep.openBook, { template_id: other?.template.id }, 'b');
    const err = await refused(ep.skipQuestion, { exam_id: examMode.exam_id, section_index: 0, question_index: 0 }, 'b');
    expect(err.kind).toBe('invalid_param');
  });
});

describe('a fresh process on the embedded database', () => {
  it('answers a limited account’s first collects before anything loaded the quotas (one connection)', async () => {
    const t = await createTestApp('pglite', { content: true });
    try {
      const trial = (await registerUser(t)).token;
      const search = await t.call(qep.searchQuestions, { category: 3 }, { token: trial });
      const [a, b] = (search.body.data?.question_infos ?? []).map((q) => q.id);
      const many = await t.call(cep.collectMany, { ids: [a] }, { token: trial });
      expect(many.body.ok).toBe(true);
      const one = await t.call(
        cep.updateCraft,
        { update_kind: 'Collect', craft_id: b, craft: { collect: { collected: true } } },
        { token: trial },
      );
      expect(one.body.err_data ?? null).toBeNull();
      expect(one.body.ok).toBe(true);
    } finally {
      await t.close();
    }
  }, 120_000);
});

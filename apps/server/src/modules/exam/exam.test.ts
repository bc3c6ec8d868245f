import * as ep from '@gre/contract/endpoints/exam';
import * as qep from '@gre/contract/endpoints/question';
import { BookStatus, ExamStatus, QuestionState, RoleKind } from '@gre/contract/enums';
import type { Answer } from '@gre/contract/question';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exams as examsTable, roleQuotas } from '../../db/schema/exam.ts';
import { responses } from '../../db/schema/scoring.ts';
import { dailyActivity } from '../../db/schema/summary.ts';
import { users } from '../../db/schema/user.ts';
import { registerUser, roleTokens, staffUser, userWithRole } from '../../test/accounts.ts';
import { createTestApp, type TestApp, testDbKinds } from '../../test/harness.ts';
import { loadCatalogue } from '../question/catalogue.ts';
import { customPool } from './exam.custom.ts';
import { seedQuotas } from './exam.quota.ts';
import { accessTier, buildTemplates, mockOnlyIds } from './exam.templates.ts';

const blank: Answer = { selects: [], multi_selects: [], text: '', description: '', text2: '' };

describe.each(testDbKinds())('the exam engine on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(kind, { content: true });
    Object.assign(tokens, await roleTokens(t));
    tokens.admin = (await staffUser(t, { isAdmin: true })).token;
  }, 120_000);
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
  const keyOf = async (id: string): Promise<Answer> => {
    const q = await ok(qep.getQuestion, { id }, 'admin');
    return q.question.standard_answer ?? { ...blank, text: 'An essay of some length.' };
  };
  const cards = (page: string, who: string) => ok(ep.listTemplates, { page }, who).then((d) => d.cards);
  const open = (template_id: string, who: string, restart = false) => ok(ep.openBook, { template_id, restart }, who);
  const exam = (exam_id: string, who: string) => ok(ep.getExam, { exam_id }, who);

  describe('lists', () => {
    it('every page has sets from the bank; simulate has 4 full mocks, measure and section mocks', async () => {
      for (const page of ['index', 'pick', 'big', 'best', 'season', 'higher', 'math2']) {
        expect((await cards(page, 'svip')).length, page).toBeGreaterThan(0);
      }
      const sim = await cards('simulate', 'svip');
      const kinds = sim.map((c) => c.template.exam_kind);
      expect(kinds.filter((k) => k === 'mock_full')).toHaveLength(4);
      expect(kinds).toContain('mock_verbal');
      expect(kinds).toContain('mock_quant');
      expect(kinds).toContain('mock_section');
    });

    it('index sets hold about 10 questions of one kind and difficulty; reading sets keep whole passages', async () => {
      const idx = await cards('index', 'svip');
      const tc1 = idx.find((c) => c.template.param === 'index:tc1:2');
      expect(tc1?.template.kinds).toEqual(['tc1']);
      expect(tc1?.template.question_count).toBeGreaterThanOrEqual(5);
      expect(tc1?.template.question_count).toBeLessThanOrEqual(15);
      const rc = idx.find((c) => c.template.param === 'index:reading:long');
      const { exam_id } = await open(rc?.template.id as string, 'svip');
      const view = await exam(exam_id, 'svip');
      // A passage stays whole within its access tier (a passage whose questions differ in tier gives
      // its open questions to an open set and the rest to a member set; ADR 0021).
      const c = await loadCatalogue(t.database.db, t.clock.now());
      const tierOf = (id: string) => accessTier(c.byId.get(id)?.question.visibility ?? 'public');
      for (const g of view.groups) {
        const inExam = view.exam.sections[0]?.questions.filter((q) => q.data.group_id === g.id) ?? [];
        const tier = tierOf(inExam[0]?.data.id ?? '');
        expect(inExam.length).toBe(g.question_ids.filter((id) => tierOf(id) === tier).length);
      }
    });

    it('season sets follow their unlock date and limit; higher needs the admin flag', async () => {
      const season = await cards('season', 'svip');
      const statuses = new Set(season.map((c) => c.status));
      expect(statuses).toContain(BookStatus.NotOpen);
      expect(statuses).toContain(BookStatus.Expired);
      const future = season.find((c) => c.template.unlock_date_stamp * 1000 > t.clock.now().getTime());
      const refused = await call(ep.openBook, { template_id: future?.template.id }, 'svip');
      expect(refused.err_data?.kind).toBe('book_not_open');
      const hi = (await cards('higher', 'svip'))[0];
      expect(hi?.accessable).toBe(false);
      expect(hi?.refusal).toMatch(/管理员/);
      const r = await call(ep.openBook, { template_id: hi?.template.id }, 'svip');
      expect(r.err_data?.kind).toBe('forbidden');
      expect((await call(ep.openBook, { template_id: hi?.template.id }, 'admin')).ok).toBe(true);
    });
  });

  describe('full mocks', () => {
    it('follow the current GRE: Issue 30 min, Verbal 12/18 and 15/23, Quant 12/21 and 15/26', async () => {
      const full = (await cards('simulate', 'svip')).find((c) => c.template.exam_kind === 'mock_full');
      expect(full?.template.question_count).toBe(55);
      const { exam_id } = await open(full?.template.id as string, 'admin');
      const { exam: e } = await exam(exam_id, 'admin');
      // The second Verbal and Quant sections (15 each) are chosen when the first ones are committed
      // (modules/scoring/scoring.test.ts takes a whole mock).
      expect(e.sections.map((s) => [s.kind, s.questions.length, s.time_limit_seconds / 60])).toEqual([
        ['issue', 1, 30],
        ['verbal', 12, 18],
        ['quant', 12, 21],
        ['verbal', 0, 23],
        ['quant', 0, 26],
      ]);
      for (const s of e.sections.filter((x) => x.kind === 'verbal' && x.questions.length)) {
        const ks = s.questions.map((q) => q.data.kind);
        expect(ks.some((k) => k.startsWith('tc'))).toBe(true);
        expect(ks).toContain('se');
        expect(ks.some((k) => k.startsWith('rc_'))).toBe(true);
      }
      // While the exam runs nothing gives the answers away.
      const text = JSON.stringify(e);
      expect(
        e.sections.every((s) => s.questions.every((q) => q.data.standard_answer === null && q.data.analysis === null)),
      ).toBe(true);
      expect(text).not.toContain('"guide"');
    });

    it('the four full mocks share no question (their variants too: exam.adaptive.test.ts)', async () => {
      const full = (await cards('simulate', 'svip')).filter((c) => c.template.exam_kind === 'mock_full');
      const seen = new Map<string, string>();
      for (const c of full) {
        const { exam_id } = await open(c.template.id, 'admin');
        const { exam: e } = await exam(exam_id, 'admin');
        const ids = e.sections.flatMap((s) => s.questions.map((q) => q.id));
        expect(ids).toHaveLength(25);
        for (const id of ids) {
          expect(seen.get(id), `${id} in ${c.template.id} and ${seen.get(id)}`).toBeUndefined();
          seen.set(id, c.template.id);
        }
      }
    });
  });

  describe('the clock is the server’s', () => {
    let examId = '';
    beforeAll(async () => {
      const sec = (await cards('simulate', 'vip')).find((c) => c.template.id === 'mock-full-2');
      examId = (await open(sec?.template.id as string, 'vip')).exam_id;
    });

    it('a section starts when opened; states move NotEncountered → NotAnswered → Answered', async () => {
      let { exam: e } = await exam(examId, 'vip');
      expect(e.status).toBe(ExamStatus.NotStart);
      expect(e.sections[0]?.action.started_at).toBe(0);
      const p = await ok(ep.openQuestion, { exam_id: examId, section_index: 0, question_index: 0 }, 'vip');
      expect(p.status).toBe(ExamStatus.Start);
      expect(p.question?.action.state).toBe(QuestionState.NotAnswered);
      expect(p.sections[0]?.action.deadline).toBe(t.clock.now().getTime() + 30 * 60_000);
      t.clock.advance(60_000);
      const s = await ok(
        ep.saveAnswer,
        {
          exam_id: examId,
          section_index: 0,
          question_index: 0,
          answer: { ...blank, text: 'My essay.' },
          used_time_seconds: 60,
        },
        'vip',
      );
      expect(s.question?.action).toMatchObject({
        state: QuestionState.Answered,
        used_time_seconds: 60,
        answered_time: t.clock.now().getTime(),
      });
      // Sections run in order: the next one cannot be touched yet.
      const early = await call(ep.openQuestion, { exam_id: examId, section_index: 1, question_index: 0 }, 'vip');
      expect(early.err_data?.kind).toBe('section_closed');
      ({ exam: e } = await exam(examId, 'vip'));
      expect(e.sections[0]?.action.remaining_seconds).toBe(29 * 60);
    });

    it('finishing a section stores its used time and opens the next one only when the candidate enters it', async () => {
      t.clock.advance(4 * 60_000);
      const [row] = await t.database.db.select().from(examsTable).where(eq(examsTable.id, examId));
      const studied = async () =>
        (
          await t.database.db
            .select()
            .from(dailyActivity)
            .where(eq(dailyActivity.userId, row?.userId as number))
        ).reduce((n, r) => n + r.usedSeconds, 0);
      const before = await studied();
      const p = await ok(ep.finishSection, { exam_id: examId, section_index: 0 }, 'vip');
      expect(p.status).toBe(ExamStatus.PartCompleted);
      expect(p.sections[0]?.action).toMatchObject({ finished: true, used_seconds: 300, auto_committed: false });
      // The section's 300 s count as study time: 60 s were reported on a question, the commit adds 240 s.
      expect((await studied()) - before).toBe(240);
      expect(p.cursor).toEqual({ section_index: 1, question_index: 0 });
      expect(p.sections[1]?.action.started_at).toBe(0);
      t.clock.advance(10 * 60_000);
      const o = await ok(ep.openQuestion, { exam_id: examId, section_index: 1, question_index: 0 }, 'vip');
      expect(o.sections[1]?.action.remaining_seconds).toBe(18 * 60);
    });

    it('resume: the cursor and the true remaining time after the browser was away', async () => {
      await ok(ep.moveCursor, { exam_id: examId, section_index: 1, question_index: 5 }, 'vip');
      await ok(ep.flagQuestion, { exam_id: examId, section_index: 1, question_index: 5, flagged: true }, 'vip');
      t.clock.advance(7 * 60_000 + 30_000);
      const { exam: e } = await exam(examId, 'vip');
      expect(e.cursor).toEqual({ section_index: 1, question_index: 5 });
      expect(e.sections[1]?.action.remaining_seconds).toBe(18 * 60 - 450);
      expect(e.sections[1]?.questions[5]?.action.flagged).toBe(true);
    });

    it('an answer after the deadline is refused, and the section is committed at its deadline', async () => {
      t.clock.advance(11 * 60_000);
      const late = await call(
        ep.saveAnswer,
        { exam_id: examId, section_index: 1, question_index: 1, answer: { ...blank, selects: [0] } },
        'vip',
      );
      expect(late.err_data).toMatchObject({ kind: 'section_timeout' });
      expect(late.err_data?.show).toMatch(/时间已到/);
      const { exam: e } = await exam(examId, 'vip');
      expect(e.sections[1]?.action).toMatchObject({
        finished: true,
        auto_committed: true,
        used_seconds: 18 * 60,
        remaining_seconds: 0,
      });
      expect(e.is_auto_commit).toBe(true);
      expect(e.cursor).toEqual({ section_index: 2, question_index: 0 });
      expect(e.sections[2]?.action.started_at).toBe(0);
      expect(e.sections[2]?.action.remaining_seconds).toBe(21 * 60);
    });

    it('a section that ran out while the browser was closed is committed on the next read; the last one finishes the exam', async () => {
      for (const si of [2, 3, 4]) {
        await ok(ep.openQuestion, { exam_id: examId, section_index: si, question_index: 0 }, 'vip');
        t.clock.advance(2 * 3600_000); // closed the browser for two hours
        const { exam: e } = await exam(examId, 'vip');
        expect(e.sections[si]?.action.auto_committed).toBe(true);
      }
      const { exam: e } = await exam(examId, 'vip');
      expect(e.status).toBe(ExamStatus.Finished);
      expect(e.result?.interpret).toMatch(/原始成绩/);
      expect(e.result?.total).toBe(54);
      const write = await call(
        ep.flagQuestion,
        { exam_id: examId, section_index: 4, question_index: 0, flagged: true },
        'vip',
      );
      expect(write.err_data?.kind).toBe('exam_finished');
    });
  });

  describe('a practice set from start to report', () => {
    it('opens, answers, finishes and reports every question with the key, time and correctness', async () => {
      const idx = await cards('index', 'trial');
      const card = idx.find((c) => c.accessable && c.template.param.startsWith('index:ps_single'));
      expect(card).toBeTruthy();
      const { book, exam_id } = await open(card?.template.id as string, 'trial');
      expect(book.status).toBe(BookStatus.Start);
      const again = await open(card?.template.id as string, 'trial');
      expect(again.exam_id).toBe(exam_id);
      const { exam: e } = await exam(exam_id, 'trial');
      expect(e.sections).toHaveLength(1);
      expect(e.sections[0]?.time_limit_seconds).toBe(0);
      const qs = e.sections[0]?.questions ?? [];
      let right = 0;
      for (const [i, q] of qs.entries()) {
        await ok(ep.openQuestion, { exam_id, section_index: 0, question_index: i }, 'trial');
        t.clock.advance(30_000);
        const key = await keyOf(q.id);
        // Every other answer right; the rest wrong.
        const answer = i % 2 === 0 ? key : { ...key, selects: [((key.selects[0] ?? 0) + 1) % 5] };
        if (i % 2 === 0) right++;
        await ok(
          ep.saveAnswer,
          { exam_id, section_index: 0, question_index: i, answer, used_time_seconds: 30 },
          'trial',
        );
      }
      const before = await call(ep.getReport, { exam_id }, 'trial');
      expect(before.err_data?.kind).toBe('exam_finished');
      const fin = await ok(ep.finishExam, { exam_id }, 'trial');
      expect(fin.status).toBe(ExamStatus.Finished);
      const report = await ok(ep.getReport, { book_id: book.id }, 'trial');
      expect(report.book?.status).toBe(BookStatus.Finish);
      expect(report.exam.result).toMatchObject({
        correct: right,
        total: qs.length,
        answered: qs.length,
        avg_time_seconds: 30,
      });
      expect(report.exam.result?.quantitative).toEqual({ correct: right, total: qs.length });
      expect(report.exam.result?.knowledge.length).toBeGreaterThan(0);
      expect(report.exam.result?.difficulties.length).toBeGreaterThan(0);
      for (const [i, q] of report.exam.sections[0]?.questions.entries() ?? []) {
        expect(q.data.standard_answer).not.toBeNull();
        expect(q.data.analysis?.text).toMatch(/[\u4e00-\u9fff]/);
        expect(q.result.correct).toBe(i % 2 === 0);
        expect(q.action.used_time_seconds).toBe(30);
      }
      // The response log (statistics, calibration) holds every question once; today's practice counts.
      const log = await t.database.db.select().from(responses).where(eq(responses.examId, exam_id));
      expect(log).toHaveLength(qs.length);
      expect(log.filter((r) => r.correct)).toHaveLength(right);
      expect(log.every((r) => r.answered && r.usedSeconds === 30 && r.examKind === 'practice')).toBe(true);
      const trialId = log[0]?.userId as number;
      const [today] = await t.database.db.select().from(dailyActivity).where(eq(dailyActivity.userId, trialId));
      expect(today).toMatchObject({ usedQuestion: qs.length, usedWord: 0, usedSeconds: 30 * qs.length });
      await ok(ep.finishExam, { exam_id }, 'trial');
      expect(await t.database.db.select().from(responses).where(eq(responses.examId, exam_id))).toHaveLength(qs.length);
      const rec = await ok(ep.listRecords, {}, 'trial');
      expect(rec.records[0]).toMatchObject({ exam_id, status: ExamStatus.Finished, book_id: book.id });
      const redo = await open(card?.template.id as string, 'trial', true);
      expect(redo.exam_id).not.toBe(exam_id);
      expect((await exam(exam_id, 'trial')).exam.status).toBe(ExamStatus.Close);
    });

    it('a custom exam is built from the create option, from questions the caller may open', async () => {
      const { exam_id } = await ok(
        ep.createExam,
        {
          create_option: { kind: 'quant', count: 8, math_create_kind: 'geometry', question_kinds: ['qc'], minutes: 10 },
        },
        'member',
      );
      const { exam: e } = await exam(exam_id, 'member');
      expect(e.kind).toBe('custom');
      expect(e.create_option?.math_create_kind).toBe('geometry');
      expect(e.sections[0]?.time_limit_seconds).toBe(600);
      expect(e.sections[0]?.questions.every((q) => q.data.kind === 'qc' && q.data.visibility === 'public')).toBe(true);
    });
  });

  describe('练习模式 (ADR 0022)', () => {
    it('submits a question, shows its key and analysis at once, keeps the others hidden and the answer final', async () => {
      const who = (await registerUser(t)).token;
      const as = { token: who };
      const list = (await t.call(ep.listTemplates, { page: 'index' }, as)).body.data;
      expect(list?.practice_mode).toBe('exam');
      const card = list?.cards.find((c) => c.accessable && c.template.kinds.includes('tc1'));
      const opened = (await t.call(ep.openBook, { template_id: card?.template.id, mode: 'practice' }, as)).body.data;
      const examId = opened?.exam_id as string;
      let view = (await t.call(ep.getExam, { exam_id: examId }, as)).body.data;
      expect(view?.exam.sections[0]?.action.practice_mode).toBe(true);
      const first = view?.exam.sections[0]?.questions[0];
      expect(first?.data.standard_answer).toBeNull();
      const key = (await ok(qep.getQuestion, { id: first?.id as string }, 'admin')).question.standard_answer;
      const pos = { exam_id: examId, section_index: 0, question_index: 0 };
      // Nothing to submit yet.
      const empty = await t.call(ep.submitQuestion, { ...pos, answer: blank }, as);
      expect(empty.body.err_data?.show).toBe('请先作答再提交');
      expect((await t.call(ep.submitQuestion, { ...pos, answer: key, used_time_seconds: 25 }, as)).body.ok).toBe(true);
      view = (await t.call(ep.getExam, { exam_id: examId }, as)).body.data;
      const q0 = view?.exam.sections[0]?.questions[0];
      const q1 = view?.exam.sections[0]?.questions[1];
      expect(q0?.action.submitted).toBe(true);
      expect(q0?.result.correct).toBe(true);
      expect(q0?.data.standard_answer).toEqual(key);
      expect(q0?.data.analysis).not.toBeNull();
      // The next question is still a question.
      expect(q1?.data.standard_answer).toBeNull();
      expect(q1?.result.correct).toBeNull();
      // The answer is final.
      const change = await t.call(ep.saveAnswer, { ...pos, answer: { ...blank, selects: [0] } }, as);
      expect(change.body.err_data?.show).toBe('本题已提交，不能再修改答案');
      const again = await t.call(ep.submitQuestion, { ...pos, answer: key }, as);
      expect(again.body.err_data?.show).toBe('本题已提交，不能再修改答案');
      // The choice is remembered for this candidate.
      expect((await t.call(ep.listTemplates, { page: 'index' }, as)).body.data?.practice_mode).toBe('practice');
      // Garbage is refused in Chinese and changes nothing.
      const bad = await t.call(ep.submitQuestion, { exam_id: examId, section_index: 'x', answer: 7 }, as);
      expect(bad.body.ok).toBe(false);
      expect(bad.body.err_data?.show).toMatch(/[\u4e00-\u9fff]/);
    });

    it('is refused for mocks and for questions of an exam-mode set', async () => {
      const who = (await registerUser(t)).token;
      const sim = (await t.call(ep.listTemplates, { page: 'simulate' }, { token: who })).body.data?.cards ?? [];
      const mock = await t.call(ep.openBook, { template_id: sim[0]?.template.id, mode: 'practice' }, { token: who });
      expect(mock.body.err_data?.show).toBe('模考只能用考试模式作答');
      const idx = (await t.call(ep.listTemplates, { page: 'index' }, { token: who })).body.data?.cards ?? [];
      const opened = (
        await t.call(ep.openBook, { template_id: idx.find((c) => c.accessable)?.template.id }, { token: who })
      ).body.data;
      const r = await t.call(
        ep.submitQuestion,
        { exam_id: opened?.exam_id, section_index: 0, question_index: 0, answer: { ...blank, selects: [0] } },
        { token: who },
      );
      expect(r.body.err_data?.show).toBe('只有练习模式可以逐题提交');
    });

    it('does not reveal a question of a running mock, even when submitted in 练习模式 (ADR 0017)', async () => {
      const who = (await userWithRole(t, RoleKind.SVIP)).token;
      const c = await loadCatalogue(t.database.db, t.clock.now());
      const defs = buildTemplates(c);
      // A single-measure mock: its second section's variants may be in practice sets (its first
      // section is the mock-only pool, in none), and they are its questions from the start.
      const mock = defs.find((d) => d.template.exam_kind === 'mock_verbal');
      const mockIds = new Set(
        mock?.sections.flatMap((s) => [...s.questionIds, ...Object.values(s.variants ?? {}).flat()]) ?? [],
      );
      const practice = defs.find(
        (d) => d.template.page === 'index' && d.sections[0]?.questionIds.some((id) => mockIds.has(id)),
      );
      const shared = practice?.sections[0]?.questionIds.findIndex((id) => mockIds.has(id)) ?? -1;
      expect(shared).toBeGreaterThanOrEqual(0);
      const m = (await t.call(ep.openBook, { template_id: mock?.template.id }, { token: who })).body.data;
      await t.call(ep.openQuestion, { exam_id: m?.exam_id, section_index: 0, question_index: 0 }, { token: who });
      const p = (await t.call(ep.openBook, { template_id: practice?.template.id, mode: 'practice' }, { token: who }))
        .body.data;
      const sharedId = practice?.sections[0]?.questionIds[shared] as string;
      const key = (await ok(qep.getQuestion, { id: sharedId }, 'admin')).question.standard_answer;
      await t.call(
        ep.submitQuestion,
        { exam_id: p?.exam_id, section_index: 0, question_index: shared, answer: key },
        { token: who },
      );
      const view = (await t.call(ep.getExam, { exam_id: p?.exam_id }, { token: who })).body.data;
      const q = view?.exam.sections[0]?.questions[shared];
      expect(q?.action.submitted).toBe(true);
      expect(q?.data.standard_answer).toBeNull();
      expect(q?.data.analysis).toBeNull();
      await t.call(ep.finishExam, { exam_id: m?.exam_id }, { token: who });
    });
  });

  describe('questions met before a mock', () => {
    it('a finished mock names the questions the candidate had answered in an earlier exam (a retake)', async () => {
      const who = (await userWithRole(t, RoleKind.SVIP)).token;
      const c = await loadCatalogue(t.database.db, t.clock.now());
      const mock = buildTemplates(c).find((d) => d.template.exam_kind === 'mock_section');
      const first = (await t.call(ep.openBook, { template_id: mock?.template.id }, { token: who })).body.data;
      const sharedId = mock?.sections[0]?.questionIds[0] as string;
      const key = (await ok(qep.getQuestion, { id: sharedId }, 'admin')).question.standard_answer;
      await t.call(ep.openQuestion, { exam_id: first?.exam_id, section_index: 0, question_index: 0 }, { token: who });
      await t.call(
        ep.saveAnswer,
        { exam_id: first?.exam_id, section_index: 0, question_index: 0, answer: key, used_time_seconds: 20 },
        { token: who },
      );
      await t.call(ep.finishExam, { exam_id: first?.exam_id }, { token: who });
      t.clock.advance(60_000);
      const m = (await t.call(ep.openBook, { template_id: mock?.template.id, restart: true }, { token: who })).body
        .data;
      expect(m?.exam_id).not.toBe(first?.exam_id);
      const running = (await t.call(ep.getExam, { exam_id: m?.exam_id }, { token: who })).body.data;
      expect(running?.exam.seen_before).toEqual([]);
      await t.call(ep.finishExam, { exam_id: m?.exam_id }, { token: who });
      const done = (await t.call(ep.getExam, { exam_id: m?.exam_id }, { token: who })).body.data;
      expect(done?.exam.seen_before).toEqual([sharedId]);
    });

    it('no practice set and no custom exam offers an item of a mock’s first section (the mock-only pool)', async () => {
      const c = await loadCatalogue(t.database.db, t.clock.now());
      const defs = buildTemplates(c);
      const reserved = mockOnlyIds(c);
      expect(reserved.size).toBeGreaterThan(150);
      const practiceIds = defs
        .filter((d) => d.template.exam_kind === 'practice')
        .flatMap((d) => d.sections.flatMap((s) => s.questionIds));
      expect(practiceIds.length).toBeGreaterThan(300);
      expect(practiceIds.filter((id) => reserved.has(id))).toEqual([]);
      expect(customPool(c).filter((q) => reserved.has(q.id))).toEqual([]);
      for (const d of defs.filter((x) => x.template.exam_kind.startsWith('mock'))) {
        const first = d.sections.find((s) => s.kind === 'verbal' || s.kind === 'quant');
        expect(
          first?.questionIds.every((id) => reserved.has(id)),
          d.template.id,
        ).toBe(true);
      }
    });
  });

  describe('rights', () => {
    it('a trial may take one mock of any kind, a full mock included; the second is role_overflow (ADR 0021)', async () => {
      const trial = (await registerUser(t)).token;
      const sim = (await t.call(ep.listTemplates, { page: 'simulate' }, { token: trial })).body.data?.cards ?? [];
      const full = sim.find((c) => c.template.exam_kind === 'mock_full');
      expect(full?.accessable).toBe(true);
      expect((await t.call(ep.openBook, { template_id: full?.template.id }, { token: trial })).body.ok).toBe(true);
      t.clock.advance(86_400_000);
      const sec = sim.find((c) => c.template.exam_kind === 'mock_section');
      const again = (await t.call(ep.openBook, { template_id: sec?.template.id }, { token: trial })).body;
      expect(again.err_data).toMatchObject({ kind: 'role_overflow', overflow_subject: '模考', role_name: '试用用户' });
      expect(again.err_data?.show).toBe('您的试用用户模考额度已用完（试用期共 1 次），开通会员后继续');
    });

    it('an ordinary member is refused sets with non-public questions (public_only), a trial gets limit', async () => {
      const pick = (await cards('pick', 'member'))[0];
      expect(pick?.accessable).toBe(false);
      expect((await call(ep.openBook, { template_id: pick?.template.id }, 'member')).err_data?.kind).toBe(
        'public_only',
      );
      expect((await call(ep.openBook, { template_id: pick?.template.id }, 'trial')).err_data?.kind).toBe('limit');
      expect((await call(ep.openBook, { template_id: pick?.template.id }, 'vip')).ok).toBe(true);
    });

    it('nobody reads or writes somebody else’s exam', async () => {
      const { records } = await ok(ep.listRecords, {}, 'trial');
      const other = await call(ep.getExam, { exam_id: records[0]?.exam_id }, 'member');
      expect(other.err_data?.kind).toBe('not_found');
    });
  });
});

describe.each(testDbKinds())('quotas on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { content: true, start: '2026-11-21T15:50:00Z' });
    // Small quotas, set before the app first reads them.
    await seedQuotas(t.database.db, t.clock);
    await t.database.db
      .update(roleQuotas)
      .set({ questionsPerDay: 3, mocksPerDay: 1 })
      .where(eq(roleQuotas.roleKind, RoleKind.FreeVIP));
    await t.database.db
      .update(roleQuotas)
      .set({ questionsPerDay: 100, questionsTotal: 4 })
      .where(eq(roleQuotas.roleKind, RoleKind.Trail));
  }, 120_000);
  afterAll(async () => {
    await t.close();
  }, 30_000);

  async function practiceExam(token: string) {
    const list = await t.call(ep.listTemplates, { page: 'index' }, { token });
    const card = list.body.data?.cards.find(
      (c) => c.accessable && c.template.question_count >= 8 && c.template.param.startsWith('index:qc'),
    );
    const opened = await t.call(ep.openBook, { template_id: card?.template.id }, { token });
    return opened.body.data?.exam_id as string;
  }
  const answer = (token: string, exam_id: string, i: number) =>
    t.call(ep.saveAnswer, { exam_id, section_index: 0, question_index: i, answer: { selects: [0] } }, { token });

  it('parallel answers cannot take more than the daily quota; re-answering is free; the China day resets it', async () => {
    const member = await userWithRole(t, RoleKind.FreeVIP);
    const examId = await practiceExam(member.token);
    const results = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => answer(member.token, examId, i)));
    const oks = results.filter((r) => r.body.ok);
    expect(oks).toHaveLength(3);
    for (const r of results.filter((x) => !x.body.ok)) {
      expect(r.body.err_data).toMatchObject({ kind: 'day_overflow', overflow_subject: '做题', role_name: '普通会员' });
    }
    const answered = (
      await t.call(ep.getExam, { exam_id: examId }, { token: member.token })
    ).body.data?.exam.sections[0]?.questions.filter((q) => q.action.state === QuestionState.Answered);
    expect(answered).toHaveLength(3);
    const firstAnswered = results.findIndex((r) => r.body.ok);
    expect((await answer(member.token, examId, firstAnswered)).body.ok).toBe(true);
    // 15:50Z is 23:50 in China; at 16:00Z a new China day begins.
    t.clock.set('2026-11-21T15:59:59Z');
    expect((await answer(member.token, examId, 7)).body.err_data?.kind).toBe('day_overflow');
    t.clock.set('2026-11-21T16:00:01Z');
    expect((await answer(member.token, examId, 7)).body.ok).toBe(true);
  });

  it('two mocks started at once: only one gets the last mock of the day', async () => {
    t.clock.set('2026-11-22T03:00:00Z');
    const member = await userWithRole(t, RoleKind.FreeVIP);
    const results = await Promise.all(
      ['mock-vsec-1', 'mock-qsec-1', 'mock-full-1'].map((id) =>
        t.call(ep.openBook, { template_id: id }, { token: member.token }),
      ),
    );
    expect(results.filter((r) => r.body.ok)).toHaveLength(1);
    expect(results.filter((r) => r.body.err_data?.kind === 'day_overflow')).toHaveLength(2);
    expect(results.find((r) => !r.body.ok)?.body.err_data?.overflow_subject).toBe('模考');
  });

  it('a trial’s total runs out with role_overflow, even across days', async () => {
    const trial = await registerUser(t);
    const examId = await practiceExam(trial.token);
    const results = await Promise.all([0, 1, 2, 3, 4].map((i) => answer(trial.token, examId, i)));
    expect(results.filter((r) => r.body.ok)).toHaveLength(4);
    t.clock.advance(86_400_000);
    const next = await answer(trial.token, examId, 6);
    expect(next.body.err_data).toMatchObject({
      kind: 'role_overflow',
      overflow_subject: '做题',
      role_name: '试用用户',
    });
  });

  it('staff are not counted', async () => {
    const admin = await staffUser(t, { isAdmin: true });
    await t.database.db.update(users).set({ roleKind: RoleKind.FreeVIP }).where(eq(users.email, admin.email));
    const examId = await practiceExam(admin.token);
    const results = await Promise.all([0, 1, 2, 3, 4].map((i) => answer(admin.token, examId, i)));
    expect(results.every((r) => r.body.ok)).toBe(true);
  });
});

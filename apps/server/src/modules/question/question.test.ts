import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as ep from '@gre/contract/endpoints/question';
import * as wordEp from '@gre/contract/endpoints/word';
import { QuestionCategory, RoleKind } from '@gre/contract/enums';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config.ts';
import { questions } from '../../db/schema/question.ts';
import { roleTokens, userWithRole } from '../../test/accounts.ts';
import { createTestApp, type TestApp, testDbKinds } from '../../test/harness.ts';
import { mockOnlyIds } from '../exam/exam.templates.ts';
import { loadCatalogue } from './catalogue.ts';
import { importContent } from './content-import.ts';

describe.each(testDbKinds())('the question bank on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(kind, { content: true });
    Object.assign(tokens, await roleTokens(t));
    tokens.teacher = (await userWithRole(t, RoleKind.FreeVIP, { isTeacher: true })).token;
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const open = (id: string, who?: string) => t.call(ep.getQuestion, { id }, who ? { token: tokens[who] } : {});

  describe('visibility, enforced on the server', () => {
    it('opens a public question for every member, with its answer and analysis', async () => {
      for (const who of ['trial', 'member', 'vip', 'svip']) {
        const res = await open('f1-0001', who);
        expect(res.body.ok, who).toBe(true);
        expect(res.body.data?.question.standard_answer?.selects).toHaveLength(1);
        expect(res.body.data?.question.analysis?.text).toMatch(/[\u4e00-\u9fff]/);
      }
    });

    it('refuses an ordinary member a non-public question with the public-only message', async () => {
      const res = await open('r-0002', 'member');
      expect(res.body.ok).toBe(false);
      expect(res.body.err_data).toMatchObject({ kind: 'public_only', show: '普通会员只能访问公开题目' });
      expect(JSON.stringify(res.body)).not.toContain('standard_answer');
    });

    it('gives a trial user and an anonymous caller limit', async () => {
      expect((await open('r-0002', 'trial')).body.err_data?.kind).toBe('limit');
      expect((await open('f1-0001')).body.err_data?.kind).toBe('limit');
    });

    it('lets VIP open locked and pick items but not best; SVIP and staff open everything', async () => {
      const bank = await t.call(
        ep.searchQuestions,
        { page_size: 50, category: QuestionCategory.Filling },
        { token: tokens.teacher },
      );
      const all = [];
      for (let page = 1; page <= 4; page++) {
        const r = await t.call(
          ep.searchQuestions,
          { page, page_size: 50, category: QuestionCategory.Filling },
          { token: tokens.svip },
        );
        all.push(...(r.body.data?.question_infos ?? []));
      }
      expect(bank.body.data?.page_control.total).toBeGreaterThanOrEqual(180);
      const best = all.find((q) => q.visibility === 'best');
      const pick = all.find((q) => q.visibility === 'pick');
      const locked = all.find((q) => q.visibility === 'locked');
      expect(best && pick && locked).toBeTruthy();
      expect((await open(locked?.id as string, 'vip')).body.ok).toBe(true);
      expect((await open(pick?.id as string, 'vip')).body.ok).toBe(true);
      expect((await open(best?.id as string, 'vip')).body.err_data?.kind).toBe('limit');
      expect((await open(best?.id as string, 'svip')).body.ok).toBe(true);
      expect((await open(best?.id as string, 'teacher')).body.ok).toBe(true);
    });

    it('gives a batch summary without content for what the caller may not open', async () => {
      const res = await t.call(ep.getQuestions, { ids: ['f1-0001', 'r-0002', 'nope-1'] }, { token: tokens.member });
      const [pub, locked] = res.body.data?.questions ?? [];
      expect(res.body.data?.questions).toHaveLength(2);
      expect(pub?.accessable).toBe(true);
      expect(locked).toMatchObject({
        id: 'r-0002',
        accessable: false,
        inquiry: '',
        standard_answer: null,
        analysis: null,
      });
      expect(locked?.input_method.option_groups).toEqual([]);
      expect(res.body.data?.groups).toEqual([]);
    });

    it('says a missing question does not exist', async () => {
      expect((await open('f1-9999', 'svip')).body.err_data).toMatchObject({
        kind: 'not_found',
        show: '题目不存在或已下线',
      });
    });
  });

  describe('every kind as the web shows it', () => {
    it('text completion has one option group per blank and one key per blank', async () => {
      const q = (await open('f3-0001', 'svip')).body.data?.question;
      expect(q?.input_method.kind).toBe('blanks');
      expect(q?.input_method.option_groups).toHaveLength(3);
      expect(q?.standard_answer?.selects).toHaveLength(3);
    });

    it('sentence equivalence asks for exactly two of six', async () => {
      const q = (await open('se-0001', 'svip')).body.data?.question;
      expect(q?.input_method).toMatchObject({ kind: 'pair', group_size: 2, option_size: 6 });
      expect(q?.standard_answer?.selects).toHaveLength(2);
    });

    it('reading comes with its passage split into sentences and a translation; select-in-passage keys a sentence', async () => {
      const ids = (await t.call(ep.searchQuestions, { kinds: ['rc_select'], page_size: 1 }, { token: tokens.svip }))
        .body.data?.question_infos;
      const res = await open(ids?.[0]?.id as string, 'svip');
      const { question, group } = res.body.data ?? {};
      expect(question?.input_method.kind).toBe('sentence');
      expect(group?.paragraphs.flat().length).toBeGreaterThan(2);
      expect(group?.translation).toMatch(/[\u4e00-\u9fff]/);
      const i = question?.standard_answer?.selects[0] as number;
      expect(group?.paragraphs.flat()[i]).toBe(question?.standard_answer?.description.trim());
    });

    it('quantitative comparison has the two quantities and the four fixed choices', async () => {
      const q = (await open('qc-0002', 'svip')).body.data?.question;
      expect(q?.passage).toMatchObject({ kind: 'qc', core: '$x^2 = 9x$', quantity_a: '$x$', quantity_b: '$9$' });
      expect(q?.input_method.option_groups[0]).toHaveLength(4);
      expect(q?.standard_answer?.selects).toEqual([3]);
    });

    it('a geometry item carries its own figure, drawn from data; other items have none', async () => {
      const q = (await open('qc-0071', 'svip')).body.data?.question;
      expect(q?.group_id).toBeNull();
      expect(q?.figure).toMatchObject({ type: 'geometry', not_to_scale: true, axes: null });
      expect(q?.figure?.type === 'geometry' ? q.figure.segments.map((s) => s.label) : []).toEqual(['6', '10', '12']);
      expect((await open('qc-0002', 'svip')).body.data?.question.figure).toBeNull();
    });

    it('numeric entry carries units; fraction entry two boxes', async () => {
      const di = (await open('di-0002', 'svip')).body.data;
      expect(di?.question.input_method).toMatchObject({ kind: 'numeric', fillable: true, fill_suffix: '%' });
      expect(di?.group?.figure?.type).toBe('table');
      const frac = (
        await t.call(ep.searchQuestions, { kinds: ['numeric_fraction'], page_size: 1 }, { token: tokens.svip })
      ).body.data?.question_infos[0];
      const q = (await open(frac?.id as string, 'svip')).body.data?.question;
      expect(q?.input_method.kind).toBe('fraction');
      expect(q?.standard_answer?.text2).toMatch(/^\d+$/);
    });

    it('an Issue prompt has its instructions and a Chinese writing guide', async () => {
      const q = (await open('is-0001', 'svip')).body.data?.question;
      expect(q?.input_method.kind).toBe('essay');
      expect(q?.input_method.instructions.length).toBeGreaterThan(20);
      expect(q?.analysis?.guide?.outline.length).toBeGreaterThan(3);
    });

    it('word questions start with w and point at their word', async () => {
      const q = (await open('w-abate-m', 'trial')).body.data?.question;
      expect(q).toMatchObject({ category: QuestionCategory.Word, kind: 'word_meaning', word_info: { id: 'abate' } });
      expect(q?.passage.core).toBe('abate');
      const word = await t.call(wordEp.getWordDetails, { word: 'Abate' }, { token: tokens.trial });
      expect(word.body.data?.phonetic).toBeTruthy();
      expect(word.body.data?.forms.map((f) => f.form)).toContain('abated');
    });
  });

  describe('search', () => {
    it('finds English and Chinese text and marks the hit', async () => {
      // As staff: a candidate's search leaves the mock-only pool out (tested below), whatever it holds.
      const en = await t.call(ep.searchQuestions, { text: 'magnetic' }, { token: tokens.teacher });
      expect(en.body.data?.page_control.total).toBeGreaterThan(0);
      expect(en.body.data?.question_infos[0]?.highlight).toMatch(/【magnetic】/i);
      const zh = await t.call(ep.searchQuestions, { text: '等腰三角形' }, { token: tokens.teacher });
      expect(zh.body.data?.question_infos.some((q) => q.id === 'qc-0003')).toBe(true);
    });

    it('filters by category, kind, difficulty and tag, and pages', async () => {
      const tags = (await t.call(ep.getTags, { category: QuestionCategory.Math }, {})).body.data?.tags ?? [];
      const tag = tags.find((x) => x.name === '百分比');
      expect(tag?.count).toBeGreaterThan(2);
      const res = await t.call(
        ep.searchQuestions,
        { category: QuestionCategory.Math, difficulties: [1, 2], tag_ids: [tag?.id as string], page_size: 2, page: 1 },
        { token: tokens.vip },
      );
      const infos = res.body.data?.question_infos ?? [];
      expect(infos).toHaveLength(2);
      expect(
        infos.every((q) => q.category === QuestionCategory.Math && q.difficulty <= 2 && q.tag_names.includes('百分比')),
      ).toBe(true);
      const page2 = await t.call(
        ep.searchQuestions,
        { category: QuestionCategory.Math, difficulties: [1, 2], tag_ids: [tag?.id as string], page_size: 2, page: 2 },
        { token: tokens.vip },
      );
      expect(page2.body.data?.question_infos[0]?.id).not.toBe(infos[0]?.id);
    });

    it('marks what the caller may open and can hide the rest', async () => {
      const res = await t.call(
        ep.searchQuestions,
        { category: QuestionCategory.Reading, page_size: 50 },
        { token: tokens.member },
      );
      const infos = res.body.data?.question_infos ?? [];
      expect(infos.some((q) => !q.accessable)).toBe(true);
      const only = await t.call(
        ep.searchQuestions,
        { category: QuestionCategory.Reading, page_size: 50, only_accessible: true },
        { token: tokens.member },
      );
      expect(only.body.data?.question_infos.every((q) => q.accessable && q.visibility === 'public')).toBe(true);
    });

    it('matches inflected forms through one English stemmer (ADR 0023)', async () => {
      const ids = async (text: string) =>
        (
          (await t.call(ep.searchQuestions, { text, page_size: 50 }, { token: tokens.teacher })).body.data
            ?.question_infos ?? []
        ).map((q) => q.id);
      // "microscope" finds the stem "microscope's invention …", "argue" the choice "arguing that …".
      expect(await ids('microscope')).toContain('f2-0001');
      expect(await ids('microscopes')).toContain('f2-0001');
      expect((await ids('argue')).length).toBeGreaterThan(0);
      expect(await ids('argue')).toEqual(expect.arrayContaining(await ids('arguing')));
    });

    it('lists real questions by default; word questions only under 单词 or for a one-word query, and last', async () => {
      const list = (await t.call(ep.searchQuestions, { page_size: 50 }, { token: tokens.vip })).body.data;
      expect(list?.question_infos.length).toBe(50);
      expect(list?.question_infos.some((q) => q.category === QuestionCategory.Word)).toBe(false);
      const phrase = (
        await t.call(ep.searchQuestions, { text: 'the instrument emerged', page_size: 50 }, { token: tokens.vip })
      ).body.data;
      expect(phrase?.question_infos.some((q) => q.category === QuestionCategory.Word)).toBe(false);
      const word = (await t.call(ep.searchQuestions, { text: 'abandon', page_size: 50 }, { token: tokens.vip })).body
        .data;
      const cats = word?.question_infos.map((q) => q.category) ?? [];
      expect(cats).toContain(QuestionCategory.Word);
      // Every real question comes before the first word question.
      const firstWord = cats.indexOf(QuestionCategory.Word);
      expect(cats.slice(firstWord).every((c) => c === QuestionCategory.Word)).toBe(true);
    });

    it('never quotes the analysis in a snippet', async () => {
      // "conflicting" appears in f2-0001 as a choice and in its analysis (选 conflicting); words only
      // in the analysis ("史学家", "发明权": together on no other item's first page) find it, but the
      // snippet does not show them.
      const res = (await t.call(ep.searchQuestions, { text: '史学家 发明权' }, { token: tokens.teacher })).body.data;
      const hit = res?.question_infos.find((q) => q.id === 'f2-0001');
      expect(hit).toBeDefined();
      expect(hit?.highlight).not.toMatch(/史学家|发明权|选 conflicting/);
    });

    it('leaves the mock-only pool out of a candidate’s search, not out of staff’s (ADR 0021)', async () => {
      const reserved = mockOnlyIds(await loadCatalogue(t.database.db, t.clock.now()));
      expect(reserved.size).toBeGreaterThan(100);
      const idsOf = async (token: string | undefined) => {
        const ids: string[] = [];
        for (let page = 1; ; page++) {
          const r = await t.call(ep.searchQuestions, { page, page_size: 50 }, { token });
          ids.push(...(r.body.data?.question_infos ?? []).map((q) => q.id));
          if (page * 50 >= (r.body.data?.page_control.total ?? 0)) return ids;
        }
      };
      const candidate = await idsOf(tokens.svip);
      expect(candidate.length).toBeGreaterThan(300);
      expect(candidate.filter((id) => reserved.has(id))).toEqual([]);
      const staff = await idsOf(tokens.teacher);
      expect(staff.filter((id) => reserved.has(id)).length).toBe(reserved.size);
      // By text too: a reserved item's own words do not find it for a candidate.
      const one = [...reserved].find((id) => id.startsWith('f2-')) as string;
      const words = (await t.call(ep.getQuestion, { id: one }, { token: tokens.teacher })).body.data?.question.inquiry;
      const phrase = (words ?? '').split(/\s+/).slice(0, 6).join(' ');
      const hits = await t.call(ep.searchQuestions, { text: phrase, page_size: 50 }, { token: tokens.svip });
      expect(hits.body.data?.question_infos.map((q) => q.id)).not.toContain(one);
    });

    it('finds word questions by the word', async () => {
      const res = await t.call(
        ep.searchQuestions,
        { text: 'obdurate', category: QuestionCategory.Word },
        { token: tokens.trial },
      );
      expect(res.body.data?.question_infos.map((q) => q.id)).toContain('w-obdurate-m');
    });
  });
});

describe('re-importing content', () => {
  it('changes nothing when nothing changed, updates an edited item in place and retires a removed one', async () => {
    const t = await createTestApp('pglite');
    try {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gre-content-'));
      fs.cpSync(path.join(repoRoot, 'content'), dir, { recursive: true });
      const same = await importContent(t.database.db, { contentDir: dir, clock: t.clock });
      expect(same.unchanged).toBe(true);

      const file = path.join(dir, 'filling/tc1-01.yaml');
      const text = fs.readFileSync(file, 'utf8');
      fs.writeFileSync(file, text.replace(/difficulty: \d/, 'difficulty: 3'));
      const edited = await importContent(t.database.db, { contentDir: dir, clock: t.clock });
      expect(edited.questions).toEqual({ total: expect.any(Number), changed: 1, retired: 0 });

      fs.rmSync(path.join(dir, 'issue/issue-04.yaml'));
      const removed = await importContent(t.database.db, { contentDir: dir, clock: t.clock });
      expect(removed.questions.retired).toBe(10);
      const [row] = await t.database.db.select().from(questions).where(eq(questions.id, 'is-0031'));
      expect(row?.retired).toBe(true);
    } finally {
      await t.close();
    }
    // Three imports of the whole bank: seconds on a quiet machine, more on a loaded one.
  }, 90_000);

  it('refuses invalid content and names the file', async () => {
    const t = await createTestApp('pglite');
    try {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gre-content-'));
      fs.cpSync(path.join(repoRoot, 'content'), dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'math/qc-01.yaml'), 'set: qc-01\nquestions: []\n');
      await expect(importContent(t.database.db, { contentDir: dir, clock: t.clock })).rejects.toThrow(
        /math\/qc-01\.yaml/,
      );
    } finally {
      await t.close();
    }
  });
});

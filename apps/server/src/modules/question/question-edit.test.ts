// Edit mode (issue 17, ADR 0035): an admin's edit of a question's analysis, key words, tags,
// difficulty and visibility is what every caller then gets, in this process and (through the bus) in
// another; it survives imports; a file change to the edited item is a /sync conflict the admin
// resolves either way; every change is audited; nobody but an admin may read or edit.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as qep from '@gre/contract/endpoints/question';
import * as eep from '@gre/contract/endpoints/question-edit';
import * as sep from '@gre/contract/endpoints/sync';
import { RoleKind } from '@gre/contract/enums';
import { and, eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import type { buildApp } from '../../app.ts';
import { repoRoot } from '../../config.ts';
import { staffAudit } from '../../db/schema/pay.ts';
import { questionEdits, questions } from '../../db/schema/question.ts';
import { settings } from '../../db/schema/system.ts';
import { createInvalidationBus } from '../../platform/invalidation.ts';
import { staffUser, userWithRole } from '../../test/accounts.ts';
import { buildSecondApp, createTestApp, injectCaller, type TestApp, testDbKinds } from '../../test/harness.ts';
import { loadCatalogue } from './catalogue.ts';
import { importContent } from './content-import.ts';
import { createQuestionService } from './question.service.ts';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl && process.env.CI === 'true')
  throw new Error('CI=true but TEST_REDIS_URL is not set: Redis tests cannot be skipped.');

describe.each(testDbKinds())('question edits on %s', (kind) => {
  let t: TestApp;
  let b: Awaited<ReturnType<typeof buildApp>> | null = null;
  const clients: Redis[] = [];
  let dir = '';
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gre-edit-'));
    fs.cpSync(path.join(repoRoot, 'content'), dir, { recursive: true });
    const redis = () => {
      const r = new Redis(redisUrl as string);
      clients.push(r);
      return r;
    };
    t = await createTestApp(kind, { contentDir: dir, content: true, ...(redisUrl ? { redis: redis() } : {}) });
    if (redisUrl) b = await buildSecondApp(t, redis());
    tokens.admin = (await staffUser(t, { isAdmin: true })).token;
    tokens.op = (await staffUser(t, { isOperator: true })).token;
    tokens.teacher = (await staffUser(t, { isTeacher: true })).token;
    for (const [name, role] of Object.entries(RoleKind)) {
      if (role !== RoleKind.Stranger) tokens[name] = (await userWithRole(t, role)).token;
    }
  }, 400_000);
  afterAll(async () => {
    await b?.close();
    await t.close();
    for (const c of clients) c.disconnect();
    fs.rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  type Ep = Parameters<TestApp['call']>[0];
  // biome-ignore lint/suspicious/noExplicitAny: test helper returning each endpoint's data
  const ok = async (e: Ep, body: unknown, who = 'admin'): Promise<any> => {
    const res = (await t.call(e, body, { token: tokens[who] })).body;
    if (!res.ok) throw new Error(`${e.path}: ${JSON.stringify(res.err_data)}`);
    return res.data;
  };
  const refusal = async (e: Ep, body: unknown, who = 'admin') =>
    (await t.call(e, body, { token: tokens[who] })).body.err_data;
  const editFile = (rel: string, change: (doc: { questions: Record<string, unknown>[] }) => void) => {
    const file = path.join(dir, rel);
    const doc = parse(fs.readFileSync(file, 'utf8'));
    change(doc);
    fs.writeFileSync(file, stringify(doc));
  };
  const editRow = async (id: string) =>
    (await t.database.db.select().from(questionEdits).where(eq(questionEdits.questionId, id)))[0];
  const audits = (action: string, subject: string) =>
    t.database.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.action, action), eq(staffAudit.subject, subject)))
      .orderBy(staffAudit.id);

  const newAnalysis = '管理员修改：Although 引出让步，后文与 fanciful 相反，选 unassailable。';
  const newFields = {
    analysis: newAnalysis,
    key_words: [{ word: 'unassailable', meaning: '无可辩驳的', synonyms: ['irrefutable'], antonyms: [] }],
    tags: ['让步关系', '管理员标签'],
    difficulty: 3,
    visibility: 'public',
  };

  it('reads a question with its answer, the file’s values and no edit', async () => {
    const got = await ok(eep.adminGetQuestion, { id: 'f1-0001' });
    expect(got.question.standard_answer.selects).toEqual([3]);
    expect(got.edit).toBeNull();
    expect(got.file).toEqual(got.current);
    expect(got.file).toMatchObject({ difficulty: 1, visibility: 'public', tags: ['让步关系', '反义重复'] });
    expect(got.file.analysis).toContain('题眼是让步词 Although');
    expect(got.file.key_words[0]).toMatchObject({ word: 'unassailable', synonyms: ['irrefutable', 'incontestable'] });
  });

  it('an edit is what every caller gets, here and in another process, and is audited with before and after', async () => {
    const saved = await ok(eep.adminEditQuestion, { id: 'f1-0001', fields: newFields });
    expect(saved.current).toEqual(newFields);
    expect(saved.edit).toMatchObject({ fields: ['analysis', 'key_words', 'tags', 'difficulty'], conflict: false });
    // Only what differs from the file is stored.
    expect(Object.keys((await editRow('f1-0001'))?.fields as object).sort()).toEqual(
      ['analysis', 'difficulty', 'key_words', 'tags'].sort(),
    );
    // A member opening the question sees the new analysis, key words and difficulty.
    const seen = (await ok(qep.getQuestion, { id: 'f1-0001' }, 'FreeVIP')).question;
    expect(seen.analysis.text).toBe(newAnalysis);
    expect(seen.analysis.key_words).toEqual(newFields.key_words);
    expect(seen.difficulty).toBe(3);
    // The new tag is a tag of the bank, and search finds the question by it.
    const tagsNow = (await ok(qep.getTags, { category: 0 }, 'FreeVIP')).tags;
    const added = tagsNow.find((x: { name: string }) => x.name === '管理员标签');
    expect(added?.count).toBe(1);
    expect(seen.tag_ids).toContain(added?.id);
    const [audit] = await audits('question_edit', 'f1-0001');
    expect(audit?.before).toMatchObject({ difficulty: 1, tags: ['让步关系', '反义重复'] });
    expect(audit?.after).toMatchObject({ difficulty: 3, analysis: newAnalysis });
    if (b) {
      const onB = injectCaller(b);
      let text = '';
      for (let i = 0; i < 40 && text !== newAnalysis; i++) {
        text = (await onB(qep.getQuestion, { id: 'f1-0001' }, { token: tokens.FreeVIP })).body.data?.question.analysis
          ?.text as string;
        if (text !== newAnalysis) await new Promise((r) => setTimeout(r, 100));
      }
      expect(text).toBe(newAnalysis);
    }
  }, 60_000);

  it('hiding a question by visibility refuses members at once; the edit survives a full re-import', async () => {
    await ok(eep.adminEditQuestion, {
      id: 'f1-0002',
      fields: { ...(await ok(eep.adminGetQuestion, { id: 'f1-0002' })).current, visibility: 'hidden' },
    });
    expect(await refusal(qep.getQuestion, { id: 'f1-0002' }, 'VIP')).toMatchObject({
      kind: 'not_found',
      show: '题目不存在',
    });
    // A re-import of every file (the skip-when-unchanged hash cleared): the edits still stand.
    await t.database.db.delete(settings).where(eq(settings.key, 'content_hash'));
    await t.database.db.update(questions).set({ hash: 'stale' }).where(eq(questions.id, 'f1-0001'));
    const stats = await importContent(t.database.db, { contentDir: dir, clock: t.clock });
    expect(stats.unchanged).toBe(false);
    // What any process loads after that import: the file's rows with the edits over them.
    const loaded = await loadCatalogue(t.database.db, t.clock.now());
    expect(loaded.byId.get('f1-0001')?.question.analysis?.text).toBe(newAnalysis);
    expect(loaded.byId.get('f1-0002')?.question.visibility).toBe('hidden');
    const after = await ok(eep.adminGetQuestion, { id: 'f1-0001' });
    expect(after.question.analysis.text).toBe(newAnalysis);
    expect(after.current.visibility).toBe('public');
    expect((await ok(eep.adminGetQuestion, { id: 'f1-0002' })).question.visibility).toBe('hidden');
    expect((await refusal(qep.getQuestion, { id: 'f1-0002' }, 'VIP'))?.kind).toBe('not_found');
  }, 60_000);

  it('a file change to an edited item is a conflict sync_apply resolves both ways, audited', async () => {
    editFile('filling/tc1-01.yaml', (doc) => {
      for (const q of doc.questions.slice(0, 2)) (q as { analysis: string }).analysis += '文件补充。';
    });
    const plan = await ok(sep.syncPlan, {});
    expect(plan.conflicts.count).toBe(2);
    expect(plan.conflicts.items.map((c: { id: string }) => c.id).sort()).toEqual(['f1-0001', 'f1-0002']);
    expect(plan.conflicts.items[0]).toMatchObject({ file: 'filling/tc1-01.yaml' });
    expect((await ok(eep.adminGetQuestion, { id: 'f1-0001' })).edit.conflict).toBe(false); // not imported yet

    // Without a choice for each, nothing is imported.
    expect(await refusal(sep.syncApply, { plan_id: plan.plan_id, keep: { 'f1-0001': 'edit' } })).toMatchObject({
      kind: 'conflict',
      show: expect.stringContaining('f1-0002'),
    });
    const done = await ok(sep.syncApply, { plan_id: plan.plan_id, keep: { 'f1-0001': 'edit', 'f1-0002': 'file' } });
    expect(done).toMatchObject({ changed: 2, kept_edits: 1, dropped_edits: 1 });

    const kept = await ok(eep.adminGetQuestion, { id: 'f1-0001' });
    expect(kept.question.analysis.text).toBe(newAnalysis);
    expect(kept.edit.conflict).toBe(false);
    expect(kept.file.analysis).toContain('文件补充。');
    const taken = await ok(eep.adminGetQuestion, { id: 'f1-0002' });
    expect(taken.edit).toBeNull();
    expect(taken.question.visibility).toBe('public');
    expect(taken.question.analysis.text).toContain('文件补充。');
    expect((await ok(qep.getQuestion, { id: 'f1-0002' }, 'VIP')).question.analysis.text).toContain('文件补充。');
    expect(await audits('sync_keep_edit', 'f1-0001')).toHaveLength(1);
    expect(await audits('sync_take_file', 'f1-0002')).toHaveLength(1);
    expect((await ok(sep.syncPlan, {})).conflicts.count).toBe(0);
  }, 90_000);

  it('撤销修改 brings back the file’s values, audited; a question without an edit has nothing to revert', async () => {
    const back = await ok(eep.adminRevertQuestion, { id: 'f1-0001' });
    expect(back.edit).toBeNull();
    expect(back.current).toEqual(back.file);
    expect((await ok(qep.getQuestion, { id: 'f1-0001' }, 'FreeVIP')).question.analysis.text).toContain('文件补充。');
    expect(await audits('question_edit_revert', 'f1-0001')).toHaveLength(1);
    expect(await refusal(eep.adminRevertQuestion, { id: 'f1-0001' })).toMatchObject({
      kind: 'not_found',
      show: '这道题没有修改，无需撤销',
    });
    expect((await refusal(eep.adminEditQuestion, { id: 'no-such', fields: newFields }))?.kind).toBe('not_found');
  }, 60_000);

  it('saving the file’s own values stores no edit', async () => {
    const file = (await ok(eep.adminGetQuestion, { id: 'f1-0003' })).file;
    const saved = await ok(eep.adminEditQuestion, { id: 'f1-0003', fields: file });
    expect(saved.edit).toBeNull();
    expect(await editRow('f1-0003')).toBeUndefined();
  });

  it('an edit replaces the entry at once; the full load follows in the background (issue 17)', async () => {
    const bus = await createInvalidationBus();
    const service = createQuestionService({
      db: t.database.db,
      clock: t.clock,
      bus,
      rights: async () => {
        throw new Error('not used');
      },
      runningExams: { runningIds: async () => null, served: async () => {} },
    });
    const before = await service.catalogue();
    await t.database.db
      .insert(questionEdits)
      .values({ questionId: 'f1-0006', fields: { difficulty: 3 }, baseHash: 'x', editedBy: 1, editedAt: t.clock.now() })
      .onConflictDoUpdate({ target: questionEdits.questionId, set: { fields: { difficulty: 3 } } });
    service.questionChanged('f1-0006');
    const patched = await service.catalogue();
    // The same load (its time and search index), the one entry replaced, answered before any full load.
    expect(patched.loadedAt).toBe(before.loadedAt);
    expect(patched.index).toBe(before.index);
    expect(patched.byId.get('f1-0006')?.question.difficulty).toBe(3);
    expect(before.byId.get('f1-0006')?.question.difficulty).not.toBe(3);
    expect(patched.entries.indexOf(patched.byId.get('f1-0006') as never)).toBe(
      before.entries.indexOf(before.byId.get('f1-0006') as never),
    );
    // Then the background load swaps a fresh catalogue in (with a search index that knows the edit).
    let fresh = patched;
    for (let i = 0; i < 100 && fresh === patched; i++) {
      await new Promise((r) => setTimeout(r, 100));
      fresh = await service.catalogue();
    }
    expect(fresh).not.toBe(patched);
    expect(fresh.index).not.toBe(before.index);
    expect(fresh.byId.get('f1-0006')?.question.difficulty).toBe(3);
    await t.database.db.delete(questionEdits).where(eq(questionEdits.questionId, 'f1-0006'));
  }, 60_000);

  it('refuses every role but admins, and bad fields in Chinese, changing nothing', async () => {
    const before = await t.database.db.select().from(questionEdits);
    for (const who of ['op', 'teacher', 'Trail', 'FreeVIP', 'VIP', 'SVIP']) {
      for (const [e, body] of [
        [eep.adminGetQuestion, { id: 'f1-0004' }],
        [eep.adminEditQuestion, { id: 'f1-0004', fields: newFields }],
        [eep.adminRevertQuestion, { id: 'f1-0004' }],
      ] as const) {
        expect(await refusal(e, body, who), `${who} ${e.path}`).toMatchObject({
          kind: 'forbidden',
          show: '没有权限执行该操作',
        });
      }
    }
    const bad = async (fields: Record<string, unknown>) =>
      (await refusal(eep.adminEditQuestion, { id: 'f1-0004', fields: { ...newFields, ...fields } }))?.show;
    expect(await bad({ difficulty: 4 })).toContain('难度应为 1、2 或 3');
    expect(await bad({ visibility: 'secret' })).toContain('可见性应为 public、locked、pick、best 或 hidden');
    expect(await bad({ tags: [] })).toContain('至少要有 1 个标签');
    expect(await bad({ tags: ['a', 'b', 'c', 'd', 'e'] })).toContain('标签最多 4 个');
    expect(await bad({ key_words: [{ word: 'x' }] })).toMatch(/关键词的释义|同义词|反义词/);
    expect(await bad({ key_words: [{ word: '', meaning: '义', synonyms: [], antonyms: [] }] })).toContain(
      '关键词不能为空',
    );
    expect(await bad({ analysis: 'x'.repeat(20_001) })).toContain('解析最多 20000 个字');
    expect(await t.database.db.select().from(questionEdits)).toEqual(before);
  }, 60_000);
});

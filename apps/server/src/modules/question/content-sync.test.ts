// /sync (issue 17): the dry run lists what an import of content/ would add, change and retire (or the
// problems, by file) and writes nothing; apply imports exactly that plan, refuses a plan the files or
// the bank have moved past, reloads the catalogue and is audited; only admins may do either.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as qep from '@gre/contract/endpoints/question';
import * as sep from '@gre/contract/endpoints/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { repoRoot } from '../../config.ts';
import { staffAudit } from '../../db/schema/pay.ts';
import { questions } from '../../db/schema/question.ts';
import { staffUser, userWithRole } from '../../test/accounts.ts';
import { createTestApp, type TestApp, testDbKinds } from '../../test/harness.ts';

describe.each(testDbKinds())('content sync on %s', (kind) => {
  let t: TestApp;
  let dir = '';
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gre-sync-'));
    fs.cpSync(path.join(repoRoot, 'content'), dir, { recursive: true });
    t = await createTestApp(kind, { contentDir: dir, content: true });
    tokens.admin = (await staffUser(t, { isAdmin: true })).token;
    tokens.op = (await staffUser(t, { isOperator: true })).token;
    tokens.member = (await userWithRole(t, 2)).token;
  }, 120_000);
  afterAll(async () => {
    await t.close();
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
  const file = (rel: string) => path.join(dir, rel);
  const edit = (rel: string, change: (doc: { set: string; questions: Record<string, unknown>[] }) => void) => {
    const doc = parse(fs.readFileSync(file(rel), 'utf8'));
    change(doc);
    fs.writeFileSync(file(rel), stringify(doc));
  };
  const hashOf = async (id: string) =>
    (await t.database.db.select({ hash: questions.hash }).from(questions).where(eq(questions.id, id)))[0]?.hash;

  it('plans nothing for the files the bank was imported from', async () => {
    const plan = await ok(sep.syncPlan, {});
    expect(plan).toMatchObject({ problems: [], added: { count: 0 }, changed: { count: 0 }, retired: { count: 0 } });
    expect(plan.unchanged).toBe(plan.questions);
    expect(plan.questions).toBeGreaterThan(650);
    expect(plan.vocabulary_changed).toBe(false);
  });

  it('lists a changed, an added and a retired file’s questions by file, writing nothing; apply imports them', async () => {
    const before = await hashOf('f1-0001');
    edit('filling/tc1-01.yaml', (doc) => {
      (doc.questions[0] as { analysis: string }).analysis += '补充：注意 Although 引出的让步。';
    });
    const copy = parse(fs.readFileSync(file('filling/tc1-02.yaml'), 'utf8'));
    copy.set = 'tc1-sync';
    copy.questions = copy.questions.slice(0, 1).map((q: Record<string, unknown>) => ({ ...q, id: 'f1-9990' }));
    fs.writeFileSync(file('filling/tc1-sync.yaml'), stringify(copy));
    const gone = parse(fs.readFileSync(file('filling/tc1-05.yaml'), 'utf8')).questions.map((q: { id: string }) => q.id);
    fs.rmSync(file('filling/tc1-05.yaml'));

    const plan = await ok(sep.syncPlan, {});
    expect(plan.problems).toEqual([]);
    expect(plan.changed.items).toEqual([{ id: 'f1-0001', file: 'filling/tc1-01.yaml' }]);
    expect(plan.added.items).toEqual([{ id: 'f1-9990', file: 'filling/tc1-sync.yaml' }]);
    expect(plan.retired.count).toBe(gone.length);
    expect(plan.retired.items.map((i: { id: string }) => i.id).sort()).toEqual([...gone].sort());
    expect(new Set(plan.retired.items.map((i: { file: string }) => i.file))).toEqual(new Set(['filling/tc1-05.yaml']));
    // The dry run wrote nothing.
    expect(await hashOf('f1-0001')).toBe(before);
    expect(await hashOf('f1-9990')).toBeUndefined();

    // A plan the files moved past is refused; the current one imports.
    edit('filling/tc1-01.yaml', (doc) => {
      (doc.questions[0] as { analysis: string }).analysis += '再补充。';
    });
    expect(await refusal(sep.syncApply, { plan_id: plan.plan_id })).toMatchObject({
      kind: 'conflict',
      show: '题库文件或题库在预演后有变化，请重新预演',
    });
    const again = await ok(sep.syncPlan, {});
    const done = await ok(sep.syncApply, { plan_id: again.plan_id });
    expect(done).toMatchObject({ added: 1, changed: 1, retired: gone.length, word_questions: null });
    expect(await hashOf('f1-0001')).not.toBe(before);

    // The catalogue reloaded: the new question opens, a retired one is gone, the analysis is the new one.
    const opened = await ok(qep.getQuestion, { id: 'f1-9990' });
    expect(opened.question.id).toBe('f1-9990');
    expect((await refusal(qep.getQuestion, { id: gone[0] }))?.kind).toBe('not_found');
    expect((await ok(qep.getQuestion, { id: 'f1-0001' })).question.analysis.text).toContain('再补充。');
    const [audit] = await t.database.db.select().from(staffAudit).where(eq(staffAudit.action, 'sync_content'));
    expect(audit).toMatchObject({ subject: again.plan_id, after: { added: 1, changed: 1 } });
    expect((await ok(sep.syncPlan, {})).changed.count).toBe(0);
  }, 90_000);

  it('names a broken file’s problems and refuses to import them', async () => {
    fs.writeFileSync(file('math/zz-broken.yaml'), 'set: zz-broken\nquestions: [\n');
    try {
      const plan = await ok(sep.syncPlan, {});
      expect(plan.problems.length).toBeGreaterThan(0);
      expect(plan.problems[0]).toMatch(/^math\/zz-broken\.yaml: /);
      expect(await refusal(sep.syncApply, { plan_id: plan.plan_id })).toMatchObject({
        kind: 'conflict',
        show: '内容文件有错误，未导入：请先修正预演列出的问题',
      });
    } finally {
      fs.rmSync(file('math/zz-broken.yaml'));
    }
  });

  it('is for admins only; a garbage plan id is refused in Chinese', async () => {
    for (const who of ['op', 'member']) {
      expect((await refusal(sep.syncPlan, {}, who))?.kind).toBe('forbidden');
      expect((await refusal(sep.syncApply, { plan_id: 'a'.repeat(24) }, who))?.kind).toBe('forbidden');
    }
    expect((await refusal(sep.syncApply, { plan_id: 'x' }))?.show).toBe('预演编号不正确，请重新预演');
    expect((await refusal(sep.syncApply, {}))?.show).toBe('请先预演');
  });
});

// The demo candidate's history (seed/demo-history.ts): made through the app's own endpoints, so the
// candidate's books hold real wrong answers, notes and collections; never made twice.
import * as cep from '@gre/contract/endpoints/craft';
import * as ep from '@gre/contract/endpoints/exam';
import * as uep from '@gre/contract/endpoints/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDbKinds } from '../test/harness.ts';
import { demoPassword } from './demo-accounts.ts';
import { seedDemoHistory, studyAccount } from './demo-history.ts';
import { seed } from './seed.ts';

describe.each(testDbKinds())('the demo candidate with a history on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { content: true });
    const seeded = await seed(t.database.db, t.clock, { demoMode: true });
    expect(seeded.createdAccounts).toContain(studyAccount);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  }, 30_000);

  it('has three finished sets, the wrong answers in the book, two notes and two collected questions', async () => {
    const made = await seedDemoHistory(t.app);
    expect(made?.sets).toBe(3);
    expect(made?.wrongs).toBeGreaterThan(0);
    const login = await t.call(uep.login, { account: studyAccount, password: demoPassword });
    const token = login.body.data?.token as string;
    const summary = (await t.call(cep.getCraftSummary, {}, { token })).body.data;
    expect(summary).toMatchObject({ wrongs: made?.wrongs, notes: 2, collects: 2, scheduled: made?.wrongs });
    const records = (await t.call(ep.listRecords, {}, { token })).body.data;
    expect(records?.page_control.total).toBe(3);
    // Every set scored as answered: some right, some wrong.
    for (const r of records?.records ?? []) {
      expect(r.status).toBe(3);
      expect(r.result?.correct).toBeGreaterThan(0);
      expect(r.result?.correct).toBeLessThan(r.result?.total ?? 0);
    }
    const notes = (await t.call(cep.listReview, { scope: 'note' }, { token })).body.data;
    expect(notes?.items.map((i) => i.craft.note?.text_input.note)).toEqual(
      expect.arrayContaining([expect.stringMatching(/转折词 although/)]),
    );
    expect(notes?.items.some((i) => (i.craft.note?.reasons.length ?? 0) > 0)).toBe(true);
    const tags = (await t.call(cep.getCollectTags, {}, { token })).body.data;
    expect(tags?.collects).toEqual([expect.objectContaining({ name: '易错题' })]);
  }, 120_000);

  it('is not made twice (a restart, or a second call)', async () => {
    expect(await seedDemoHistory(t.app)).toBeUndefined();
  }, 60_000);
});

// One source for rights (issue 10, ADR 0021): /api/system/get_rights and the rights-table image say
// what the server enforces; migration 0006 gives existing databases the new trial; sets hold one tier.
import fs from 'node:fs';
import path from 'node:path';
import * as xep from '@gre/contract/endpoints/exam';
import * as ep from '@gre/contract/endpoints/system';
import { RoleKind } from '@gre/contract/enums';
import { rightsLines } from '@gre/contract/rights';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleQuotas } from '../../db/schema/exam.ts';
import { registerUser, roleTokens } from '../../test/accounts.ts';
import { buildSecondApp, createTestApp, injectCaller, type TestApp, testDbKinds } from '../../test/harness.ts';
import { defaultQuotas, seedQuotas } from '../exam/exam.quota.ts';
import { accessTier, buildTemplates } from '../exam/exam.templates.ts';
import { loadCatalogue } from '../question/catalogue.ts';

describe.each(testDbKinds())('rights on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { content: true });
    await seedQuotas(t.database.db, t.clock);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  }, 30_000);

  it('serves every role’s visibilities and quotas, as enforced, to anyone; refuses a body with extras', async () => {
    const res = await t.call(ep.getRights, {});
    expect(res.body.ok).toBe(true);
    const roles = res.body.data?.roles ?? [];
    expect(roles.map((r) => r.role_kind)).toEqual([RoleKind.Trail, RoleKind.FreeVIP, RoleKind.VIP, RoleKind.SVIP]);
    const trial = roles[0];
    expect(trial?.quota).toEqual({
      questions_per_day: defaultQuotas[RoleKind.Trail].questionsPerDay,
      questions_total: defaultQuotas[RoleKind.Trail].questionsTotal,
      mocks_per_day: 1,
      mocks_total: 1,
      full_mocks: true,
      essays_per_day: 2,
      essays_total: 2,
      collects_total: 30,
      notes_total: 10,
      flash_new_per_day: 20,
      tailors_per_day: -1,
      tailors_total: 3,
      lessons: false,
      materials: false,
    });
    expect(trial && rightsLines(trial)).toMatchObject({
      role: '试用用户',
      validity: '长期有效',
      questions: '每天 50 题，共 200 题',
      mocks: '全套、单科与分项模考，每天 1 次，共 1 次',
      essays: '每天 2 篇，共 2 篇',
      review: '收藏最多 30 题，笔记最多 10 题',
      flash: '每天 20 个新词，超出每张 1 闪卡币',
      tailor: '共 3 次',
      materials: '不可下载',
      visibility: '公开题',
    });
    expect(roles[3] && rightsLines(roles[3]).visibility).toBe('公开题 + 会员题 + 精选题 + 精华题');
    expect(roles.map((r) => r.quota.materials)).toEqual([false, false, true, true]);
    const bad = await t.call(ep.getRights, { role: 1 });
    expect(bad.body.ok).toBe(false);
    expect(bad.body.err_data?.show).toMatch(/[\u4e00-\u9fff]/);
  });

  it('changes when the data changes (an admin edit, invalidated), and the image says the same', async () => {
    await t.database.db.update(roleQuotas).set({ questionsPerDay: 60 }).where(eq(roleQuotas.roleKind, RoleKind.Trail));
    // A process that reads the data now (this one's cache would be dropped by the admin edit's message).
    const fresh = await buildSecondApp(t);
    try {
      const roles = (await injectCaller(fresh)(ep.getRights, {})).body.data?.roles ?? [];
      expect(roles[0]?.quota.questions_per_day).toBe(60);
      const svg = await fresh.inject({ method: 'GET', url: '/rights-table.svg' });
      expect(svg.statusCode).toBe(200);
      expect(svg.headers['content-type']).toContain('image/svg+xml');
      for (const r of roles) {
        const l = rightsLines(r);
        for (const text of [l.role, l.validity, l.visibility]) expect(svg.body).toContain(text);
      }
      expect(svg.body).toContain('>每天 60 题<');
      expect(svg.body).toContain('>共 200 题<');
    } finally {
      await fresh.close();
      await t.database.db
        .update(roleQuotas)
        .set({ questionsPerDay: 50 })
        .where(eq(roleQuotas.roleKind, RoleKind.Trail));
    }
  });

  it('migration 0006 gives a database seeded with the old trial the new one, and leaves an edited row alone', async () => {
    const file = path.join(import.meta.dirname, '../../../drizzle/0006_trial_rights.sql');
    const migration = fs.readFileSync(file, 'utf8');
    const trialRow = () =>
      t.database.db
        .select()
        .from(roleQuotas)
        .where(eq(roleQuotas.roleKind, RoleKind.Trail))
        .then((r) => r[0]);
    const old = { mocksTotal: 2, fullMocks: false, essaysPerDay: 1, essaysTotal: 2 };
    await t.database.db.update(roleQuotas).set(old).where(eq(roleQuotas.roleKind, RoleKind.Trail));
    await t.database.db.execute(sql.raw(migration));
    expect(await trialRow()).toMatchObject({ mocksTotal: 1, fullMocks: true, essaysPerDay: 2, essaysTotal: 2 });
    await t.database.db
      .update(roleQuotas)
      .set({ ...old, questionsPerDay: 80 })
      .where(eq(roleQuotas.roleKind, RoleKind.Trail));
    await t.database.db.execute(sql.raw(migration));
    expect(await trialRow()).toMatchObject({ ...old, questionsPerDay: 80 });
    await t.database.db
      .update(roleQuotas)
      .set({ questionsPerDay: 50, mocksTotal: 1, fullMocks: true, essaysPerDay: 2, essaysTotal: 2 })
      .where(eq(roleQuotas.roleKind, RoleKind.Trail));
  });

  it('a trial opens sets of every practice page but pick, best and higher; a VIP every set but best and higher', async () => {
    const tokens = await roleTokens(t);
    const open = async (page: string, who: 'trial' | 'vip') => {
      const cards = (await t.call(xep.listTemplates, { page }, { token: tokens[who] })).body.data?.cards ?? [];
      return { open: cards.filter((c) => c.accessable).length, all: cards.length };
    };
    for (const page of ['index', 'math2', 'big', 'simulate'] as const) {
      const r = await open(page, 'trial');
      expect(r.open, page).toBeGreaterThan(0);
    }
    // Every question kind has an open set for a trial.
    const idx = (await t.call(xep.listTemplates, { page: 'index' }, { token: tokens.trial })).body.data?.cards ?? [];
    const kinds = new Set(idx.flatMap((c) => c.template.kinds));
    const openKinds = new Set(idx.filter((c) => c.accessable).flatMap((c) => c.template.kinds));
    expect([...kinds].filter((k) => !openKinds.has(k))).toEqual([]);
    for (const page of ['index', 'math2', 'big', 'pick'] as const) {
      const r = await open(page, 'vip');
      const cards = (await t.call(xep.listTemplates, { page }, { token: tokens.vip })).body.data?.cards ?? [];
      const locked = cards.filter((c) => !c.accessable);
      // What a VIP cannot open is a 精华 set, never a basic set with one 精华 item inside.
      expect(
        locked.every((c) => c.refusal === '请开通更高级别的会员后查看'),
        page,
      ).toBe(true);
      expect(r.open, page).toBeGreaterThan(0);
    }
    const trial = await registerUser(t);
    expect(
      (await t.call(xep.listTemplates, { page: 'pick' }, { token: trial.token })).body.data?.cards[0]?.accessable,
    ).toBe(false);
  }, 120_000); // builds every practice page for two roles: ~20 s on a loaded 2-core machine

  it('every practice set holds items of one access tier, mock items last', async () => {
    const c = await loadCatalogue(t.database.db, t.clock.now());
    const defs = buildTemplates(c);
    const vis = new Map(c.entries.map((e) => [e.question.id, e.question.visibility]));
    for (const d of defs.filter((x) => x.template.exam_kind === 'practice')) {
      const tiers = new Set(d.sections.flatMap((s) => s.questionIds).map((id) => accessTier(vis.get(id) ?? 'public')));
      expect(tiers.size, d.template.title).toBeLessThanOrEqual(1);
    }
    // Within a by-type series and tier, no item that is not in a mock comes after one that is.
    const inMocks = new Set(
      defs
        .filter((d) => d.template.page === 'simulate')
        .flatMap((d) => d.sections.flatMap((s) => [...s.questionIds, ...Object.values(s.variants ?? {}).flat()])),
    );
    const series = new Map<string, string[]>();
    for (const d of defs.filter((x) => x.template.page === 'index')) {
      for (const id of d.sections.flatMap((s) => s.questionIds)) {
        const key = `${d.template.param}/${accessTier(vis.get(id) ?? 'public')}`;
        series.set(key, [...(series.get(key) ?? []), id]);
      }
    }
    let checked = 0;
    for (const [key, ids] of series) {
      const firstMock = ids.findIndex((id) => inMocks.has(id));
      if (firstMock < 0) continue;
      checked++;
      expect(
        ids.slice(firstMock).every((id) => inMocks.has(id)),
        key,
      ).toBe(true);
    }
    expect(checked).toBeGreaterThan(0);
  });
});

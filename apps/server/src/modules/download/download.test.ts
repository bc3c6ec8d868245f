// Study materials (/download, issue 19, ADR 0040): members without the right are refused in Chinese
// and get no address; VIPs, flagged members and staff download real PDFs (fonts embedded, page
// count as listed); the address refuses forgery, expiry and a user who lost the right; two requests
// at once make one file; downloads are counted and shown to staff only; a running timed exam
// withholds the materials that quote the bank. The contents' versions follow the content.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import * as dep from '@gre/contract/endpoints/download';
import { materialIds } from '@gre/contract/endpoints/download';
import { RoleKind } from '@gre/contract/enums';
import type { Question } from '@gre/contract/question';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materials } from '../../db/schema/download.ts';
import { questions } from '../../db/schema/question.ts';
import { users } from '../../db/schema/user.ts';
import { staffUser, userWithRole } from '../../test/accounts.ts';
import { buildWordTest } from '../../test/factories.ts';
import { createTestApp, type TestApp, testDbKinds } from '../../test/harness.ts';
import { glossOf, materialContent } from './download.materials.ts';

describe('material contents', () => {
  const rows = [
    { word: 'abjure', translation: 'v. 发誓放弃, 公开摒弃\nvt. 放弃', frequency: 20_000 },
    { word: 'abate', translation: 'v. 减轻, 减弱', frequency: 9_000 },
  ];
  const sources = (r = rows) => ({ words: async () => r, issues: async () => [] as Question[] });

  it('lists every word of a band with its GRE gloss, and the version follows the glosses', async () => {
    const all = await materialContent('words-all', sources());
    const words = all.pdf.blocks.filter((b) => b.kind === 'word');
    expect(words.map((b) => b.word)).toEqual(['abate', 'abjure']);
    expect(words[1]?.gloss).toBe('v. 发誓放弃；公开摒弃\nv. 放弃');
    const band3 = await materialContent('words-band-3', sources());
    expect(band3.pdf.blocks.filter((b) => b.kind === 'word').map((b) => b.word)).toEqual(['abjure']);
    const edited = await materialContent(
      'words-all',
      sources([rows[0] as (typeof rows)[0], { ...(rows[1] as (typeof rows)[0]), translation: 'v. 减少' }]),
    );
    expect(edited.version).not.toBe(all.version);
    expect((await materialContent('words-all', sources())).version).toBe(all.version);
  });

  it('writes a gloss of at most three meaning lines', () => {
    expect(glossOf('n. 一\nv. 二\nadj. 三\nadv. 四').split('\n')).toEqual(['n. 一', 'v. 二', 'adj. 三']);
  });
});

describe.each(testDbKinds())('study materials on %s', { timeout: 120_000 }, (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let memberId = 0;
  let vipId = 0;
  beforeAll(async () => {
    t = await createTestApp(kind, { content: true });
    const member = await userWithRole(t, RoleKind.FreeVIP);
    tokens.member = member.token;
    memberId = Number(member.user.id);
    const vip = await userWithRole(t, RoleKind.VIP);
    tokens.vip = vip.token;
    vipId = Number(vip.user.id);
    tokens.admin = (await staffUser(t, { isAdmin: true })).token;
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 120_000);

  type Ep = Parameters<TestApp['call']>[0];
  const call = async (e: Ep, body: unknown, who: string) => (await t.call(e, body, { token: tokens[who] })).body;
  const prepare = async (id: string, who: string) => {
    const res = await call(dep.prepareDownload, { material_id: id }, who);
    if (!res.ok || !res.data) throw new Error(JSON.stringify(res.err_data));
    return res.data as { url: string; file_name: string; expires_at: string };
  };
  const download = (url: string) => t.app.inject({ method: 'GET', url });
  const list = async (who: string) => {
    const res = await call(dep.listMaterials, {}, who);
    return res.data as { can_visit: boolean; materials: dep.Material[] };
  };
  const storedFiles = async () => readdir(path.join(t.mediaDir, 'materials')).catch(() => [] as string[]);

  it('refuses an unknown material and a garbage body in Chinese', async () => {
    for (const body of [{ material_id: 'secret-list' }, { material_id: 3 }, {}, { material_id: '../../etc' }]) {
      const res = await call(dep.prepareDownload, body, 'vip');
      expect(res.ok).toBe(false);
      expect(res.err_data?.kind).toBe('invalid_param');
      expect(res.err_data?.show).toContain('没有这份资料');
    }
    expect(await storedFiles()).toEqual([]);
  });

  it('refuses an ordinary member in Chinese, with no address, and says so in the list', async () => {
    const res = await call(dep.prepareDownload, { material_id: 'formulas' }, 'member');
    expect(res.ok).toBe(false);
    expect(res.err_data?.kind).toBe('forbidden');
    expect(res.err_data?.show).toContain('VIP');
    expect((await list('member')).can_visit).toBe(false);
  });

  it('serves a VIP the formula sheet as a PDF with its fonts, counted once per download', async () => {
    const p = await prepare('formulas', 'vip');
    expect(p.file_name).toBe('gre-formulas.pdf');
    expect(Date.parse(p.expires_at) - t.clock.now().getTime()).toBe(60_000);
    const res = await download(p.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('filename="gre-formulas.pdf"');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('/FontFile2');
    const [row] = await t.database.db.select().from(materials).where(eq(materials.id, 'formulas'));
    expect(row?.bytes).toBe(pdf.length);
    expect(row?.pages).toBeGreaterThanOrEqual(2);
    expect(row?.downloads).toBe(1);
    expect((await download((await prepare('formulas', 'vip')).url)).statusCode).toBe(200);
    const formulas = (await list('admin')).materials.find((m) => m.id === 'formulas');
    expect(formulas).toMatchObject({ ready: true, bytes: pdf.length, pages: row?.pages, downloads: 2 });
    const seen = (await list('vip')).materials.find((m) => m.id === 'formulas');
    expect(seen?.downloads).toBeNull();
  });

  it('makes one file when two ask for the same material at once, and lists every material', async () => {
    const [a, b] = await Promise.all([prepare('words-band-4', 'vip'), prepare('words-band-4', 'admin')]);
    expect((await download(a.url)).statusCode).toBe(200);
    expect((await download(b.url)).statusCode).toBe(200);
    expect((await storedFiles()).filter((f) => f.startsWith('words-band-4-'))).toHaveLength(1);
    const l = await list('vip');
    expect(l.can_visit).toBe(true);
    expect(l.materials.map((m) => m.id)).toEqual([...materialIds]);
    expect(l.materials.find((m) => m.id === 'words-band-4')?.ready).toBe(true);
  });

  it('lets a member with the flag download, and refuses the address once the right is gone', async () => {
    await t.database.db.update(users).set({ canVisitMaterial: true }).where(eq(users.id, memberId));
    expect((await list('member')).can_visit).toBe(true);
    const p = await prepare('formulas', 'member');
    expect((await download(p.url)).statusCode).toBe(200);
    await t.database.db.update(users).set({ canVisitMaterial: false }).where(eq(users.id, memberId));
    const refused = await download(p.url);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('VIP');
  });

  it('withholds the word lists and Issue guides while the caller’s timed exam runs, not the formula sheet', async () => {
    const runner = await userWithRole(t, RoleKind.VIP);
    tokens.runner = runner.token;
    const [q] = await t.database.db
      .select({ id: questions.id })
      .from(questions)
      .where(like(questions.id, 'w%'))
      .limit(1);
    await buildWordTest(t, Number(runner.user.id), q?.id ?? '', 3600);
    for (const id of ['words-band-4', 'issue-guides']) {
      const res = await call(dep.prepareDownload, { material_id: id }, 'runner');
      expect(res.ok).toBe(false);
      expect(res.err_data?.show).toBe('你有正在进行的计时考试，交卷后才能下载这份资料');
    }
    expect((await call(dep.prepareDownload, { material_id: 'formulas' }, 'runner')).ok).toBe(true);
  });

  it('refuses a forged, altered or expired address', async () => {
    const p = await prepare('formulas', 'vip');
    const forged = p.url.replace(`/file/${vipId}.`, `/file/${memberId}.`);
    expect((await download(forged)).statusCode).toBe(403);
    expect((await download(p.url.replace('.formulas.', '.words-all.'))).statusCode).toBe(403);
    expect((await download('/api/download/file/garbage')).body).toContain('下载地址无效');
    t.clock.advance(61_000);
    const expired = await download(p.url);
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('已过期');
  });
});

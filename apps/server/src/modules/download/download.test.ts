// Study materials (/download, issue 19, ADR 0040): members without the right are refused in Chinese
// and get no address; VIPs, flagged members and staff download real PDFs (fonts embedded, page
// count as listed); the address refuses forgery, expiry and a user who lost the right; two requests
// at once make one file; downloads are counted and shown to staff only; a running timed exam
// withholds the materials that quote the bank. The contents' versions follow the content. The right
// is the `materials` column of the per-role rights data: an admin's switch opens and closes it. The
// own 错题本: its PDF (read back with poppler's pdftotext) has the caller's wrong questions with the
// key, analysis and note, never another user's; it is made again after a new note; refused during a
// running exam, without the right, and for an empty book.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import * as cep from '@gre/contract/endpoints/craft';
import * as dep from '@gre/contract/endpoints/download';
import { materialIds } from '@gre/contract/endpoints/download';
import * as qep from '@gre/contract/endpoints/question';
import * as sep from '@gre/contract/endpoints/system';
import * as uep from '@gre/contract/endpoints/user';
import { RoleKind } from '@gre/contract/enums';
import type { Answer, Question } from '@gre/contract/question';
import { materialsRefusal, type RoleRights } from '@gre/contract/rights';
import type { User } from '@gre/contract/user';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materials, wrongBooks } from '../../db/schema/download.ts';
import { questions } from '../../db/schema/question.ts';
import { users } from '../../db/schema/user.ts';
import { staffUser, userWithRole } from '../../test/accounts.ts';
import { buildWordTest, noteUpdate } from '../../test/factories.ts';
import { createTestApp, type TestApp, testDbKinds } from '../../test/harness.ts';
import { loadCatalogue } from '../question/catalogue.ts';
import { glossOf, materialContent } from './download.materials.ts';
import { plainText, texToText } from './download.tex.ts';

const run = promisify(execFile);

describe('math in the 错题本 as text', () => {
  it('writes fractions, roots, powers and symbols readably, with no backslash left', () => {
    expect(plainText('If $x^2 + 3x = \\frac{1}{2}$, then $\\sqrt{x+1} \\le 3$.')).toBe(
      'If x² + 3x = 1/2, then √(x+1) ≤ 3.',
    );
    expect(texToText('\\dfrac{a+b}{c} \\times 10^{-4}')).toBe('(a+b)/c × 10^(-4)');
    expect(texToText('\\angle ABC = 90^\\circ')).toBe('∠ABC = 90°');
    expect(texToText('\\binom{5}{2} + a_{n+1} + x_1')).toBe('C(5, 2) + a_(n+1) + x1');
    expect(texToText('\\left(\\frac{3}{4}\\right)^{2}, n \\equiv 3 \\pmod{7}')).toBe('(3/4)², n ≡ 3 (mod 7)');
    expect(plainText('costs \\$5 and **bold**')).toBe('costs $5 and bold');
  });
});

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
  let otherId = 0;
  beforeAll(async () => {
    t = await createTestApp(kind, { content: true });
    const member = await userWithRole(t, RoleKind.FreeVIP);
    tokens.member = member.token;
    memberId = Number(member.user.id);
    const vip = await userWithRole(t, RoleKind.VIP);
    tokens.vip = vip.token;
    vipId = Number(vip.user.id);
    tokens.admin = (await staffUser(t, { isAdmin: true })).token;
    const other = await userWithRole(t, RoleKind.VIP);
    tokens.other = other.token;
    otherId = Number(other.user.id);
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
  // The 错题本 ------------------------------------------------------------------------------------------

  const blank: Answer = { selects: [], multi_selects: [], text: '', description: '', text2: '' };
  const pdfText = async (bytes: Buffer) => {
    const dir = await mkdtemp(path.join(tmpdir(), 'wrong-book-'));
    try {
      await writeFile(path.join(dir, 'book.pdf'), bytes);
      const out = (await run('pdftotext', [path.join(dir, 'book.pdf'), '-'], { maxBuffer: 64 * 1024 * 1024 })).stdout;
      return out.replace(/\s+/g, ' ');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
  const wrongAnswer = async (who: string, id: string) => {
    const key = ((await call(qep.getQuestion, { id }, 'admin')).data as { question: Question }).question
      .standard_answer as Answer;
    const answer = { ...blank, selects: [((key.selects[0] ?? 0) + 1) % 5] };
    const res = await call(cep.recordAnswer, { id, answer, used_time_seconds: 30, source: { name: '搜索' } }, who);
    expect(res.ok, JSON.stringify(res.err_data)).toBe(true);
    expect((res.data as { correct: boolean }).correct).toBe(false);
  };
  const note = (who: string, id: string, text: string, mastery: number) =>
    call(cep.updateCraft, noteUpdate(id, text, mastery, { reasons: [], source: { name: '搜索' } }), who);
  const bookRows = async () => t.database.db.select().from(wrongBooks);
  /** A one-answer math question with LaTeX in its text or analysis, and two one-blank verbal ones (no passage). */
  const picks = async () => {
    const c = await loadCatalogue(t.database.db, t.clock.now());
    const all = c.entries.map((e) => e.question);
    const open = (q: Question) =>
      ['public', 'free'].includes(q.visibility) &&
      (q.standard_answer?.selects.length ?? 0) === 1 &&
      (q.input_method.option_groups[0]?.length ?? 0) === 5;
    const math = all.find(
      (q) =>
        q.category === 3 &&
        open(q) &&
        q.input_method.kind === 'single' &&
        /\\(frac|sqrt|times)/.test(q.inquiry + (q.analysis?.text ?? '')),
    );
    const verbal = all.filter((q) => q.category === 1 && q.kind === 'tc1' && open(q) && !q.group_id);
    if (!math || verbal.length < 2) throw new Error('no questions to answer');
    return { math, mine: verbal[0] as Question, theirs: verbal[1] as Question };
  };

  it('serves a VIP their own wrong questions as a PDF: stem, options, answers, key, analysis, note; never another user’s', async () => {
    const { math, mine, theirs } = await picks();
    // Empty first: refused in Chinese, and the list says so.
    const empty = await call(dep.prepareDownload, { material_id: 'my-wrongs' }, 'vip');
    expect(empty.ok).toBe(false);
    expect(empty.err_data?.kind).toBe('not_found');
    expect(empty.err_data?.show).toContain('错题本还是空的');
    expect((await list('vip')).materials.find((m) => m.id === 'my-wrongs')).toMatchObject({ wrongs: 0, ready: false });

    await wrongAnswer('vip', math.id);
    await wrongAnswer('vip', mine.id);
    expect((await note('vip', mine.id, '转折词在句末，先圈出来', 3)).ok).toBe(true);
    await wrongAnswer('other', theirs.id);
    expect((await note('other', theirs.id, '别人的笔记不该出现', 1)).ok).toBe(true);

    const item = (await list('vip')).materials.find((m) => m.id === 'my-wrongs');
    expect(item).toMatchObject({ title: '我的错题本', wrongs: 2, ready: false, downloads: null });
    const p = await prepare('my-wrongs', 'vip');
    expect(p.file_name).toBe('gre-my-wrongs.pdf');
    const res = await download(p.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('我的错题本.pdf'));
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('我的错题本');
    expect(text).toContain('共 2 道错题');
    for (const q of [math, mine]) expect(text).toContain(q.id);
    expect(text).toContain('数学（1 题）');
    expect(text).toContain('填空（1 题）');
    // The verbal question: its stem, its options, both answers, the analysis and the note.
    const words = (s: string) => plainText(s).replace(/\s+/g, ' ').trim();
    expect(text).toContain(words(mine.inquiry).slice(0, 40));
    expect(text).toContain(`A. ${words(mine.input_method.option_groups[0]?.[0] ?? '')}`);
    const letter = 'ABCDE'[mine.standard_answer?.selects[0] ?? 0];
    expect(text).toContain(`正确答案：${letter}`);
    expect(text).toMatch(/我的答案：[A-E]/);
    expect(text).toContain(words(mine.analysis?.text ?? '').slice(0, 30));
    expect(text).toContain('笔记：转折词在句末，先圈出来');
    expect(text).toContain('掌握程度：●●●○○ 3/5');
    // The math question's fraction is written out, with no LaTeX left.
    expect(text).toContain(words(math.inquiry).slice(0, 30));
    expect(text).not.toMatch(/\\(frac|sqrt|times|le)\b/);
    // Another user's wrong question and note never appear.
    expect(text).not.toContain(theirs.id);
    expect(text).not.toContain('别人的笔记不该出现');
    // Their own book has theirs only; the address is for the VIP alone.
    const theirsText = await pdfText((await download((await prepare('my-wrongs', 'other')).url)).rawPayload);
    expect(theirsText).toContain(theirs.id);
    expect(theirsText).not.toContain(mine.id);
    expect((await download(p.url.replace(`/file/${vipId}.`, `/file/${otherId}.`))).statusCode).toBe(403);

    // Cached per user: listed as made with its size and pages; the same file while nothing changes.
    const rows = await bookRows();
    const row = rows.find((r) => r.userId === vipId);
    expect(row?.questions).toBe(2);
    expect((await list('vip')).materials.find((m) => m.id === 'my-wrongs')).toMatchObject({
      ready: true,
      bytes: res.rawPayload.length,
      pages: row?.pages,
    });
    await prepare('my-wrongs', 'vip');
    expect((await bookRows()).find((r) => r.userId === vipId)?.key).toBe(row?.key);
    // A new note makes it stale, and the next download has the new note (the old file is removed).
    t.clock.advance(1_000);
    expect((await note('vip', mine.id, '先看转折再看对比', 4)).ok).toBe(true);
    expect((await list('vip')).materials.find((m) => m.id === 'my-wrongs')?.ready).toBe(false);
    const again = await pdfText((await download((await prepare('my-wrongs', 'vip')).url)).rawPayload);
    expect(again).toContain('笔记：先看转折再看对比');
    expect(again).not.toContain('转折词在句末');
    const files = (await readdir(path.join(t.mediaDir, 'wrongbooks'))).filter((f) => f.startsWith(`${vipId}-`));
    expect(files).toHaveLength(1);
  });

  it('refuses the 错题本 during the caller’s running timed exam, at prepare and at the address', async () => {
    const runner = await userWithRole(t, RoleKind.VIP);
    tokens.runner2 = runner.token;
    const { mine } = await picks();
    await wrongAnswer('runner2', mine.id);
    expect((await prepare('my-wrongs', 'runner2')).url).toContain('.my-wrongs.');
    const [q] = await t.database.db
      .select({ id: questions.id })
      .from(questions)
      .where(like(questions.id, 'w%'))
      .limit(1);
    // The exam starts behind the app's back (a factory): the answer gate learns of it when its
    // per-user minute runs out, as another process would through the bus. An address signed before that.
    await buildWordTest(t, Number(runner.user.id), q?.id ?? '', 3600);
    t.clock.advance(30_000);
    const early = await prepare('my-wrongs', 'runner2');
    t.clock.advance(31_000);
    const res = await call(dep.prepareDownload, { material_id: 'my-wrongs' }, 'runner2');
    expect(res.ok).toBe(false);
    expect(res.err_data?.kind).toBe('forbidden');
    expect(res.err_data?.show).toBe('你有正在进行的计时考试，交卷后才能下载这份资料');
    const late = await download(early.url);
    expect(late.statusCode).toBe(403);
    expect(late.body).toContain('计时考试');
  });

  it('refuses garbage bodies for the 错题本 and makes nothing', async () => {
    const before = (await bookRows()).length;
    for (const body of [
      { material_id: ['my-wrongs'] },
      { material_id: 'my-wrongs ' },
      { material_id: 'MY-WRONGS' },
      { material_id: null },
      'my-wrongs',
    ]) {
      const res = await call(dep.prepareDownload, body, 'vip');
      expect(res.ok).toBe(false);
      expect(['invalid_param', 'bad_request']).toContain(res.err_data?.kind);
    }
    expect((await bookRows()).length).toBe(before);
  });

  it('follows the materials right of the rights data: an admin turns it on for 普通会员 and off again', async () => {
    const rights = ((await call(sep.getRights, {}, 'member')).data as { roles: RoleRights[] }).roles;
    const role = rights.find((r) => r.role_kind === RoleKind.FreeVIP) as RoleRights;
    expect(role.quota.materials).toBe(false);
    expect(rights.find((r) => r.role_kind === RoleKind.VIP)?.quota.materials).toBe(true);
    const set = (materials: boolean) =>
      call(
        sep.setRoleRights,
        { role_kind: RoleKind.FreeVIP, visibilities: role.visibilities, quota: { ...role.quota, materials } },
        'admin',
      );
    const refused = await call(dep.prepareDownload, { material_id: 'formulas' }, 'member');
    expect(refused.err_data?.show).toBe(materialsRefusal(rights));
    expect(refused.err_data?.show).toBe('资料下载是 VIP 会员、超级 VIP 的权益：开通后即可下载全部资料与我的错题本 PDF');

    const on = await set(true);
    expect(on.ok).toBe(true);
    expect((await list('member')).can_visit).toBe(true);
    const user = (await call(uep.getUser, {}, 'member')).data as User;
    expect(user.accessibility.can_visit_material).toBe(true);
    const served = ((await call(sep.getRights, {}, 'member')).data as { roles: RoleRights[] }).roles;
    expect(served.find((r) => r.role_kind === RoleKind.FreeVIP)?.quota.materials).toBe(true);
    const svg = await t.app.inject({ method: 'GET', url: '/rights-table.svg' });
    expect(svg.body).toContain('>资料下载<');
    const p = await prepare('formulas', 'member');
    expect((await download(p.url)).statusCode).toBe(200);

    expect((await set(false)).ok).toBe(true);
    const off = await call(dep.prepareDownload, { material_id: 'my-wrongs' }, 'member');
    expect(off.ok).toBe(false);
    expect(off.err_data?.kind).toBe('forbidden');
    expect(off.err_data?.show).toBe('资料下载是 VIP 会员、超级 VIP 的权益：开通后即可下载全部资料与我的错题本 PDF');
    const gone = await download(p.url);
    expect(gone.statusCode).toBe(403);
    expect(gone.body).toContain('资料下载是 VIP 会员');
    expect((await list('member')).can_visit).toBe(false);
  });
});

// Study materials (/download, issue 19, ADR 0040): a candidate without the right finds 资料下载 on the
// personal page, is told kindly that it is a VIP benefit and gets the VIP dialog; the server refuses
// the download in Chinese all the same. The demo VIP downloads the 常见词 word list: the PDF is
// converted with poppler (pdfinfo, pdftotext, pdftoppm) and must have its pages, known words with
// their Chinese glosses, and page images (kept in test-results/screens to look at). The demo VIP who
// has practised (study@, demo-history.ts) downloads 我的错题本: its text has one of their wrong
// questions with the key, and its pages are kept as images too. Desktop and phone.
// Without poppler the journey skips locally and fails under CI=true.
import { execFile } from 'node:child_process';
import { mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Download, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { apiLogin, newCandidate, post } from './support.ts';

const run = promisify(execFile);
const screens = path.join(import.meta.dirname, '../test-results/screens');

async function signIn(page: Page, token: string) {
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
}

async function hasPoppler(): Promise<boolean> {
  try {
    await run('pdftoppm', ['-v']);
    return true;
  } catch {
    return false;
  }
}

/** Poppler reads the PDFs: under CI=true it must be installed; locally the journey skips without it. */
async function needPoppler() {
  const poppler = await hasPoppler();
  if (process.env.CI === 'true') expect(poppler, 'poppler-utils (pdftoppm) must be installed in CI').toBe(true);
  test.skip(!poppler, 'poppler-utils (pdftoppm, pdftotext) not installed');
}

/** Saves a download as test-results/screens/<folder>/<name> and reads its page count and text. */
async function savePdf(download: Download, folder: string, name: string, pdftotextFlags: string[] = []) {
  const dir = path.join(screens, folder);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, name);
  await download.saveAs(file);
  const info = (await run('pdfinfo', [file])).stdout;
  const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
  const text = (await run('pdftotext', [...pdftotextFlags, file, '-'], { maxBuffer: 64 * 1024 * 1024 })).stdout;
  return { dir, file, pages, text };
}

test('a candidate without the right is refused kindly and offered membership @phone', async ({
  page,
  request,
}, testInfo) => {
  const candidate = await newCandidate(request, `download-${testInfo.project.name}`);
  // The server refuses the file itself, in Chinese, with no address.
  const refused = await request.post('/api/download/prepare', {
    data: { material_id: 'words-band-1' },
    headers: { authorization: `Bearer ${candidate}` },
  });
  const body = await refused.json();
  expect(body.ok).toBe(false);
  expect(body.err_data.show).toContain('VIP');

  await signIn(page, candidate);
  await page.goto('/personal');
  await page.getByRole('link', { name: '资料下载' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '资料下载' })).toBeVisible();
  // The notice names the roles with the right, from the rights data, in the server's words.
  const notice = '资料下载是 VIP 会员、超级 VIP 的权益：开通后即可下载全部资料与我的错题本 PDF';
  expect(body.err_data.show).toBe(notice);
  await expect(page.getByText(`${notice}。`, { exact: true })).toBeVisible();
  // A new candidate's 错题本 is empty, and the card says so.
  const mine = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: '我的错题本' }) });
  await expect(mine.getByText(/你的错题本还是空的/)).toBeVisible();
  const list = page.getByRole('list', { name: '学习资料' });
  await expect(list.getByRole('listitem')).toHaveCount(8);
  await expect(list.getByRole('button', { name: /^下载/ })).toHaveCount(0);
  await list
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'GRE 词表 · 常见词' }) })
    .getByRole('button', { name: '开通会员后下载' })
    .click();
  const dialog = page.getByRole('dialog', { name: '会员权益' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(`${notice}。`)).toBeVisible();
  await expect(dialog.getByText('资料下载：全部资料与我的错题本 PDF').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await mkdir(screens, { recursive: true });
  await page.screenshot({ path: path.join(screens, `download-refused-${testInfo.project.name}.png`), fullPage: true });
});

test('a VIP downloads the word list as a PDF with its words, glosses and pages @phone', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  await needPoppler();

  await signIn(page, await apiLogin(request, 'vip@demo.gre-prep.cn'));
  await page.goto('/download');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'GRE 词表 · 常见词' }) });
  await expect(card).toBeVisible({ timeout: 60_000 });
  // Keyboard: the button is reachable and starts the download.
  const button = card.getByRole('button', { name: '下载 PDF' });
  await button.focus();
  await expect(button).toBeFocused();
  const saved = page.waitForEvent('download', { timeout: 120_000 });
  await page.keyboard.press('Enter');
  const download = await saved;
  expect(download.suggestedFilename()).toBe('GRE 词表 · 常见词.pdf');
  const { dir, file, pages, text } = await savePdf(
    download,
    `download-pdf-${testInfo.project.name}`,
    'words-band-1.pdf',
    ['-layout'],
  );
  expect(pages).toBeGreaterThanOrEqual(20);
  expect(text).toContain('GRE 词表 · 常见词');
  expect(text).toMatch(/abandon\s+常见词\s+v\. 放弃/);
  expect(text).toContain('GRE 释义');
  expect(text).toContain(`第 1 页 / 共 ${pages} 页`);
  expect(text).toContain(`第 ${pages} 页 / 共 ${pages} 页`);
  // The first and last pages as images (to look at: CJK drawn, nothing cut off).
  await run('pdftoppm', ['-png', '-r', '70', '-f', '1', '-l', '2', file, path.join(dir, 'page')]);
  await run('pdftoppm', ['-png', '-r', '70', '-f', String(pages), '-l', String(pages), file, path.join(dir, 'last')]);
  const images = (await readdir(dir)).filter((f) => f.endsWith('.png'));
  expect(images).toHaveLength(3);
  for (const img of images) expect((await stat(path.join(dir, img))).size).toBeGreaterThan(20_000);

  // The list now shows the file's size and pages.
  await expect(card.getByText(new RegExp(`PDF · [\\d.]+ (KB|MB) · ${pages} 页`))).toBeVisible();
  await page.screenshot({ path: path.join(screens, `download-vip-${testInfo.project.name}.png`), fullPage: true });
});

test('the demo VIP who has practised downloads 我的错题本 with their wrong questions @phone', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  await needPoppler();

  const token = await apiLogin(request, 'study@demo.gre-prep.cn');
  // The demo history is written in the background on the server's first start; its last step
  // collects two questions, so a non-empty 收藏 book means the wrong book is complete.
  const bookOf = async (scope: 'wrongs' | 'collect') => {
    const res = await request.post('/api/review/list', {
      data: { scope, page: 1, page_size: 50 },
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await res.json()).data ?? { items: [] }) as { items: { question: { id: string } }[] };
  };
  await expect.poll(async () => (await bookOf('collect')).items.length, { timeout: 90_000 }).toBeGreaterThan(0);
  const book = await bookOf('wrongs');
  expect(book.items.length).toBeGreaterThan(0);
  const ids = book.items.map((i) => i.question.id);

  await signIn(page, token);
  await page.goto('/download');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: '我的错题本' }) });
  await expect(card).toBeVisible({ timeout: 60_000 });
  await expect(card.getByText(new RegExp(`PDF · ${ids.length} 道错题`))).toBeVisible();
  const saved = page.waitForEvent('download', { timeout: 120_000 });
  await card.getByRole('button', { name: '下载 PDF' }).click();
  const download = await saved;
  expect(download.suggestedFilename()).toBe('我的错题本.pdf');
  const pdf = await savePdf(download, `download-wrongs-${testInfo.project.name}`, 'my-wrongs.pdf');
  const { dir, file, pages } = pdf;
  expect(pages).toBeGreaterThanOrEqual(1);
  const text = pdf.text.replace(/\s+/g, ' ');
  expect(text).toContain('我的错题本');
  expect(text).toContain(`共 ${ids.length} 道错题`);
  // Every wrong question of theirs is in it, with both answers and the key.
  for (const id of ids) expect(text).toContain(id);
  expect(text).toContain('我的答案：');
  expect(text).toContain('正确答案：');
  expect(text).not.toMatch(/\\(frac|sqrt|times)\b/);
  await run('pdftoppm', [
    '-png',
    '-r',
    '80',
    '-f',
    '1',
    '-l',
    String(Math.min(pages, 3)),
    file,
    path.join(dir, 'page'),
  ]);
  const images = (await readdir(dir)).filter((f) => f.endsWith('.png'));
  expect(images.length).toBe(Math.min(pages, 3));

  // The card now shows the made file's size and pages.
  await expect(card.getByText(new RegExp(`PDF · ${ids.length} 道错题 · [\\d.]+ (KB|MB) · ${pages} 页`))).toBeVisible();
  await page.screenshot({ path: path.join(screens, `download-wrongs-${testInfo.project.name}.png`), fullPage: true });
});

test('an admin turns on 资料下载 for 普通会员 at /web_manage: the member downloads; off again, refused', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  type Roles = { roles: { role_kind: number; visibilities: string[]; quota: Record<string, number | boolean> }[] };
  const admin = await apiLogin(request, 'admin@demo.gre-prep.cn');
  const member = await apiLogin(request, 'member@demo.gre-prep.cn');
  const before = (await post<Roles>(request, '/api/system/get_manage', {}, admin)).roles.find((r) => r.role_kind === 2);
  if (!before) throw new Error('no ordinary member rights');
  expect(before.quota.materials).toBe(false);
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const adminPage = await adminContext.newPage();
  const setRight = async (on: boolean) => {
    await adminPage.goto('/web_manage');
    await adminPage.getByRole('tab', { name: '权限与额度' }).click();
    const box = adminPage.getByRole('checkbox', { name: '普通会员 可下载资料（PDF 资料与我的错题本）' });
    await box.setChecked(on);
    // The texts members will read follow the box: VIP and SVIP have it, and now 普通会员 too (or not).
    await expect(adminPage.getByText('资料下载：全部资料与我的错题本 PDF')).toHaveCount(on ? 3 : 2);
    await adminPage.getByRole('button', { name: '保存普通会员' }).click();
    await expect(adminPage.getByText('已保存「普通会员」的权益，立即生效')).toBeVisible();
  };
  try {
    await adminPage.goto('/login');
    await adminPage.evaluate((t) => localStorage.setItem('token', t), admin);
    await setRight(true);

    await signIn(page, member);
    await page.goto('/download');
    // The notice now names 普通会员 too, and the member has download buttons.
    await expect(page.getByText(/资料下载是/)).toHaveCount(0);
    const formulas = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'GRE 数学公式表' }) });
    const saved = page.waitForEvent('download', { timeout: 120_000 });
    await formulas.getByRole('button', { name: '下载 PDF' }).click();
    expect((await saved).suggestedFilename()).toBe('GRE 数学公式表.pdf');

    await setRight(false);
    const refused = await request.post('/api/download/prepare', {
      data: { material_id: 'formulas' },
      headers: { authorization: `Bearer ${member}` },
    });
    const body = await refused.json();
    expect(body.ok).toBe(false);
    expect(body.err_data.show).toBe('资料下载是 VIP 会员、超级 VIP 的权益：开通后即可下载全部资料与我的错题本 PDF');
    await page.reload();
    await expect(
      page.getByText('资料下载是 VIP 会员、超级 VIP 的权益：开通后即可下载全部资料与我的错题本 PDF。'),
    ).toBeVisible({
      timeout: 30_000,
    });
  } finally {
    await post(request, '/api/system/set_role_rights', before, admin);
    await adminContext.close();
  }
});

// The user's mark (ADR 0036): an operator finds a new candidate on /operate, writes the study group's
// text, tries a text file named .png in the upload dialog (refused in Chinese), uploads a QR code
// (preview, progress), saves; the audit lists it. The candidate sees the text and the QR image on
// /personal; another candidate sees nothing of it. Desktop and phone (@phone).
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { apiLogin, newCandidate, post } from './support.ts';

const qrFile = path.join(import.meta.dirname, 'files/qr-study-group.png');

async function shot(page: Page, name: string) {
  const project = test.info().project.name;
  await page.screenshot({
    path: path.join(import.meta.dirname, `../test-results/screens/mark-${project}-${name}.png`),
    fullPage: true,
  });
}

async function signIn(page: Page, token: string) {
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
}

test('an operator sets a mark with a QR code; the candidate sees it on /personal @phone', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const candidateToken = await newCandidate(request, 'mark');
  const candidateId = (await post<{ id: string }>(request, '/api/user/get', {}, candidateToken)).id;
  const otherToken = await newCandidate(request, 'mark-other');

  // The operator, on /operate.
  await signIn(page, await apiLogin(request, 'operator@demo.gre-prep.cn'));
  await page.goto('/operate');
  const search = page.getByRole('search');
  await search.getByRole('searchbox', { name: '用户 ID、手机号、邮箱或昵称' }).fill(candidateId);
  await search.getByRole('button', { name: '查找' }).click();
  const panel = page.getByRole('region', { name: /./ }).filter({ hasText: `用户 ID${candidateId}` });
  const form = panel.getByRole('form', { name: '用户标记' });
  await expect(form).toBeVisible();
  await form
    .getByRole('textbox', { name: '标记文字' })
    .fill('学习群：GRE 冲刺 3 群（扫码加入）\n老师微信：gre-teacher');

  // The upload dialog: a text file named .png is refused in Chinese, then the real QR code.
  await form.getByRole('button', { name: '上传二维码' }).click();
  const dialog = page.getByRole('dialog', { name: '上传二维码' });
  await expect(dialog).toContainText('不超过 5 MB');
  await expect(dialog.getByRole('button', { name: '上传', exact: true })).toBeDisabled();
  await dialog.getByLabel('选择图片文件').setInputFiles({
    name: 'not-really.png',
    mimeType: 'image/png',
    buffer: Buffer.from('this is text, not a picture'),
  });
  await dialog.getByRole('button', { name: '上传', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('只能上传 JPEG、PNG、WebP 或 GIF 图片');
  await dialog.getByLabel('选择图片文件').setInputFiles(qrFile);
  await expect(dialog.getByRole('alert')).toBeHidden();
  await expect(dialog.getByRole('img', { name: '预览：qr-study-group.png' })).toBeVisible();
  await shot(page, 'dialog');
  await dialog.getByRole('button', { name: '上传', exact: true }).click();
  await expect(dialog).toBeHidden();
  const thumb = form.getByRole('img', { name: '二维码 1' });
  await expect(thumb).toBeVisible();
  await expect
    .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await form.getByRole('button', { name: '保存标记' }).click();
  await expect(page.getByText('标记已保存')).toBeVisible();
  await expect(panel.getByRole('list', { name: '操作记录' }).getByRole('listitem').first()).toContainText(
    '用户标记 · 标记：学习群：GRE 冲刺 3 群（扫码加入）',
  );
  await shot(page, 'operate');

  // The candidate's personal page.
  const candidate = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
  await signIn(candidate, candidateToken);
  await candidate.goto('/personal');
  // A fresh browser loads the whole app first: slow on a busy machine.
  await expect(candidate.getByRole('heading', { level: 1, name: '个人中心' })).toBeVisible({ timeout: 30_000 });
  await shot(candidate, 'personal-before');
  const card = candidate.getByRole('region', { name: '我的专属信息' });
  await expect(card).toContainText('学习群：GRE 冲刺 3 群（扫码加入）');
  await expect(card).toContainText('老师微信：gre-teacher');
  const qr = card.getByRole('img', { name: /^二维码 1/ });
  await expect(qr).toBeVisible();
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await shot(candidate, 'personal');

  // Another candidate sees no mark.
  const other = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
  await signIn(other, otherToken);
  await other.goto('/personal');
  await expect(other.getByRole('heading', { level: 1, name: '个人中心' })).toBeVisible({ timeout: 30_000 });
  await expect(other.getByRole('region', { name: '我的专属信息' })).toHaveCount(0);
});

// The staff export (/export, issue 17): the demo operator goes from the personal page's 工作台 to
// 导出数据, exports the users who signed up today (a new candidate among them) and saves the CSV the
// browser downloads; a range the server refuses is shown in the contract's words; a candidate on
// /export is told no. Desktop and phone (the form must not break on a phone). An admin runs /sync's dry
// run (题库同步) and finds the bank as the files say (desktop).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { apiLogin, newCandidate, post } from './support.ts';

async function signIn(page: Page, token: string) {
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
}

test('an operator exports today’s new users as CSV from 导出数据 @phone', async ({ page, request }, testInfo) => {
  const candidate = await newCandidate(request, `export-${testInfo.project.name}`);
  const { id: candidateId } = await post<{ id: string }>(request, '/api/user/get', {}, candidate);

  // A candidate is told no.
  await signIn(page, candidate);
  await page.goto('/export');
  await expect(page.getByText('只有运营和管理员可以导出数据。')).toBeVisible();

  await signIn(page, await apiLogin(request, 'operator@demo.gre-prep.cn'));
  await page.goto('/personal');
  await page.getByRole('navigation', { name: '工作台' }).getByRole('link', { name: '导出数据' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '导出数据' })).toBeVisible();
  const form = page.getByRole('form', { name: '导出数据' });

  // A range the server refuses (end before start), in the contract's words.
  await form.getByLabel('开始日期（北京时间）').fill('2026-03-02');
  await form.getByLabel('结束日期（含当天）').fill('2026-03-01');
  await form.getByRole('button', { name: '导出' }).click();
  await expect(form.getByRole('alert')).toHaveText('结束日期不能早于开始日期');

  // Today's new users: the file holds the candidate.
  const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  await form.getByLabel('开始日期（北京时间）').fill(today);
  await form.getByLabel('结束日期（含当天）').fill(today);
  await form.getByRole('radio', { name: '注册用户' }).check();
  const saved = page.waitForEvent('download');
  await form.getByRole('button', { name: '导出' }).click();
  const download = await saved;
  expect(download.suggestedFilename()).toBe(`gre-users-${today}_${today}.csv`);
  const text = await readFile(await download.path(), 'utf8');
  expect(text.startsWith('\uFEFF"用户ID","昵称"')).toBe(true);
  expect(text).toContain(`\r\n"${candidateId}",`);
  await expect(form.getByRole('status')).toContainText(`已开始下载 gre-users-${today}_${today}.csv`);
  await page.screenshot({
    path: path.join(import.meta.dirname, `../test-results/screens/export-${testInfo.project.name}.png`),
    fullPage: true,
  });
});

test('an admin runs the content sync’s dry run from 题库同步: the bank matches the files', async ({
  page,
  request,
}) => {
  await signIn(page, await apiLogin(request, 'admin@demo.gre-prep.cn'));
  await page.goto('/personal');
  await page.getByRole('navigation', { name: '工作台' }).getByRole('link', { name: '题库同步' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '题库同步' })).toBeVisible();
  await page.getByRole('button', { name: '预演', exact: true }).click();
  const result = page.getByRole('region', { name: '预演结果' });
  await expect(result.getByText(/^预演结果：\d+ 个文件、\d+ 道题；未变化 \d+ 道$/)).toBeVisible();
  for (const title of ['新增（0）', '修改或重新上线（0）', '下线（0）'])
    await expect(result.getByRole('heading', { name: title })).toBeVisible();
  await expect(result.getByRole('button', { name: '没有需要导入的变化' })).toBeDisabled();
  await page.screenshot({ path: path.join(import.meta.dirname, '../test-results/screens/sync-desktop.png') });
});

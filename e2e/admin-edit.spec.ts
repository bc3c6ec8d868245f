// Admin mode (issue 17, ADR 0035): an admin logs in (admin mode is on), turns on edit and highlight
// modes, sees a locked item marked in search results, edits a question's analysis in place (an empty
// tag list refused in the contract's words first), and a candidate then gets the new analysis.
// Turning admin mode off turns both modes off. Desktop and phone (390x844).
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { demoPassword, newCandidate } from './support.ts';

async function shot(page: Page, name: string, fullPage = true) {
  const file = path.join(import.meta.dirname, `../test-results/screens/admin-edit-${name}.png`);
  await page.screenshot({ path: file, fullPage });
}

async function answerAndReveal(page: Page, id: string) {
  await page.goto(`/search/q/${id}`);
  await expect(page.getByRole('article', { name: '题目' })).toBeVisible();
  await page.getByRole('radiogroup', { name: 'Blank', exact: true }).getByRole('radio').first().check();
  await page.getByRole('button', { name: '查看答案与解析' }).click();
  await expect(page.getByRole('heading', { name: '解析' })).toBeVisible();
}

test('an admin edits an analysis in edit mode, a candidate sees it; highlight marks a locked item @phone', async ({
  page,
  request,
  browser,
}, info) => {
  test.setTimeout(180_000);
  const phone = info.project.name === 'phone';
  // The phone the issue names (390x844), the size of most phones in use.
  if (phone) await page.setViewportSize({ width: 390, height: 844 });
  const id = phone ? 'f1-0003' : 'f1-0002';
  const newAnalysis = `管理员修改的解析（${info.project.name}）：题眼在空格前后的对照，选与上下文一致的词。`;

  await page.goto('/login');
  await page.getByLabel('手机号或邮箱').fill('admin@demo.gre-prep.cn');
  await page.getByLabel('密码', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });

  // Admin mode is on after login; edit and highlight are turned on inside it.
  const menuButton = page.getByRole('button', { name: /^管理·开/ });
  await expect(menuButton).toBeVisible();
  await menuButton.click();
  const menu = page.getByRole('dialog', { name: '管理员模式设置' });
  await expect(menu.getByRole('switch', { name: '管理员模式' })).toBeChecked();
  await menu.getByRole('switch', { name: '编辑模式' }).check();
  await menu.getByRole('switch', { name: '高亮模式' }).check();
  await shot(page, `menu-${info.project.name}`);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  // Highlight mode: a locked item (f1-0005, 会员题) is marked in the search results.
  await page.goto('/search?q=orchid');
  const results = page.getByRole('region', { name: '搜索结果' });
  const locked = results.getByRole('listitem').filter({ hasText: 'f1-0005' });
  await expect(locked.getByText('锁定：会员题')).toBeVisible();
  await shot(page, `highlight-${info.project.name}`);

  // Edit mode: 编辑 on the analysis opens the form in place.
  await answerAndReveal(page, id);
  await page.getByRole('button', { name: '编辑', exact: true }).click();
  const form = page.getByRole('form', { name: '编辑题目' });
  const tags = form.getByRole('textbox', { name: /^标签/ });
  const oldTags = await tags.inputValue();
  await tags.fill('');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form.getByRole('alert')).toContainText('至少要有 1 个标签');
  await tags.fill(oldTags);
  await form.getByRole('textbox', { name: '解析' }).fill(newAnalysis);
  await shot(page, `form-${info.project.name}`);
  // The form's last row in view: on a phone above the fixed bottom navigation, which must not take the tap.
  await form.getByRole('button', { name: '保存' }).scrollIntoViewIfNeeded();
  await shot(page, `form-bottom-${info.project.name}`, false);
  if (phone) {
    // 保存 sits above the fixed bottom navigation, not under it.
    const nav = page.getByRole('navigation', { name: '底部导航' });
    await expect(nav).toBeInViewport();
    const save = await form.getByRole('button', { name: '保存' }).boundingBox();
    const bar = await nav.boundingBox();
    expect((save?.y ?? 0) + (save?.height ?? 0)).toBeLessThanOrEqual(bar?.y ?? 0);
  }
  // Nothing is wider than the screen (a wider header once scrolled the form sideways on a phone).
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await form.getByRole('button', { name: '保存' }).click();
  // The server answers from its catalogue with this entry replaced (ms), not after a full reload (ADR 0035).
  await expect(form).toBeHidden({ timeout: 30_000 });
  await expect(page.getByText(newAnalysis)).toBeVisible();

  // A candidate opening the question gets the new analysis, and no 编辑.
  const candidate = await browser.newPage(phone ? { viewport: { width: 390, height: 844 } } : {});
  await candidate.goto('/login');
  await candidate.evaluate((t) => localStorage.setItem('token', t), await newCandidate(request, 'edit'));
  await answerAndReveal(candidate, id);
  await expect(candidate.getByText(newAnalysis)).toBeVisible();
  await expect(candidate.getByRole('button', { name: '编辑', exact: true })).toHaveCount(0);
  await candidate.close();

  // 撤销修改 brings the file's analysis back.
  await page.getByRole('button', { name: '编辑', exact: true }).click();
  await form.getByRole('button', { name: '撤销修改' }).click();
  await expect(form).toBeHidden({ timeout: 30_000 });
  await expect(page.getByText(newAnalysis)).toHaveCount(0);

  // Admin mode off turns edit and highlight off.
  await menuButton.click();
  await menu.getByRole('switch', { name: '管理员模式' }).uncheck();
  await expect(menu.getByRole('switch', { name: '编辑模式' })).not.toBeChecked();
  await expect(menu.getByRole('switch', { name: '高亮模式' })).toBeDisabled();
  // The open menu is modal (the page behind it is hidden from assistive tech): the header reads 关 once closed.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: /^管理·关/ })).toBeVisible();
  await expect(page.getByRole('button', { name: '编辑', exact: true })).toHaveCount(0);
});

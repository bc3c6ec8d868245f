// Issue 10's journey: a new trial user registers, reads their rights (as the server enforces them),
// practises a set open to a trial, takes the mock a trial is allowed, reads the result, searches,
// meets a locked set and the upgrade dialog — on desktop and phone, with screenshots.
import path from 'node:path';
import { type RoleRights, rightsLines } from '@gre/contract/rights';
import type { Page } from '@playwright/test';
import { expect, registerInBrowser, test } from './fixtures.ts';
import { uniqueEmail } from './support.ts';

async function shot(page: Page, name: string) {
  const project = test.info().project.name;
  const file = path.join(import.meta.dirname, `../test-results/screens/new-user-${project}-${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
}

/** Opens a page of the app through its navigation where it is visible, else by address. */
async function go(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
}

test('a new trial user registers, practises, takes a mock, reads the result, searches and meets the upgrade dialog @phone', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const rights = (await (await request.post('/api/system/get_rights', { data: {} })).json()).data.roles as RoleRights[];
  const trial = rightsLines(rights.find((r) => r.role_kind === 1) as RoleRights);
  const vip = rightsLines(rights.find((r) => r.role_kind === 3) as RoleRights);

  await registerInBrowser(page, uniqueEmail('newuser'), 'Kettle-moon-47', '新同学');
  await expect(page).toHaveURL(/\/(home)?$/);
  await expect(page.getByText('试用用户').filter({ visible: true }).first()).toBeVisible();
  await shot(page, '1-home');

  // The membership card says what the server allows a trial, from the same data.
  await go(page, '/personal');
  await expect(page.getByText('试用用户 · 长期有效')).toBeVisible();
  for (const line of [trial.questions, trial.mocks, trial.essays, trial.visibility]) {
    await expect(page.getByText(line, { exact: true })).toBeVisible();
  }
  await shot(page, '2-personal');

  // Practice: a set open to a trial starts; a member set is locked and says how to open it.
  await go(page, '/exercise_list');
  const open = page.getByRole('button', { name: /^开始：/ }).first();
  const locked = page.getByRole('button', { name: /^开通会员后可练习：/ }).first();
  await expect(open).toBeVisible();
  await expect(locked).toBeVisible();
  await shot(page, '3-practice-list');
  await locked.click();
  const vipDialog = page.getByRole('dialog', { name: '会员权益' });
  await expect(vipDialog).toBeVisible();
  await expect(vipDialog.getByText(`模考：${vip.mocks}`, { exact: true }).first()).toBeVisible();
  await expect(vipDialog.getByText(`可见题目：${vip.visibility}`, { exact: true })).toBeVisible();
  await shot(page, '4-upgrade-dialog');
  await vipDialog.getByRole('button', { name: '知道了' }).click();

  // 练习模式: each question is submitted and explained at once.
  await page.getByRole('button', { name: '练习模式' }).click();
  await expect(page.getByText(/^练习模式：每题提交后立即显示/)).toBeVisible();
  await open.click();
  await expect(page).toHaveURL(/\/exam\/[0-9a-f-]+$/);
  await page.getByRole('button', { name: '开始本部分' }).click();
  await expect(page.getByText(/^第 1 题 \/ 共 \d+ 题$/)).toBeVisible();
  await expect(page.getByRole('button', { name: '提交本题' })).toBeDisabled();
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: '提交本题' }).click();
  const explained = page.getByRole('region', { name: '本题解析' });
  await expect(explained.getByRole('status')).toHaveText(/^回答(正确|错误)$/);
  await expect(explained.getByText('正确答案').first()).toBeVisible();
  await shot(page, '5-practice-question');
  await explained.getByRole('button', { name: /^(下一题|完成本套)$/ }).click();
  await page.getByRole('button', { name: '结束本节' }).click();
  await page.getByRole('dialog', { name: '结束本节？' }).getByRole('button', { name: '结束本节' }).click();
  await expect(page.getByLabel('原始成绩')).toBeVisible();

  // The mock a trial may take (one in all): a single section, handed in at once; the result.
  await go(page, '/simulate');
  await page.getByRole('button', { name: '开始：语文单部分模考 1' }).click();
  await expect(page).toHaveURL(/\/exam\/[0-9a-f-]+$/);
  await page.getByRole('button', { name: '开始本部分' }).click();
  await expect(page.getByText('第 1 题 / 共 12 题')).toBeVisible();
  await page.getByRole('button', { name: '结束本节' }).click();
  await page.getByRole('dialog', { name: '结束本节？' }).getByRole('button', { name: '结束本节' }).click();
  await expect(page.getByLabel('原始成绩')).toBeVisible();
  // The result sits in the site's navigation and leads back to the mocks.
  await expect(page.getByRole('link', { name: '返回模考' })).toBeVisible();
  await expect(page.getByRole('link', { name: '模考' }).filter({ visible: true }).first()).toBeVisible();
  await shot(page, '6-mock-result');

  // A second mock: the trial's one mock is used, and the upgrade dialog says so.
  await go(page, '/simulate');
  await page.getByRole('button', { name: '开始：数学单部分模考 1' }).click();
  await expect(page.getByRole('dialog', { name: '会员权益' }).getByText('试用额度已用完')).toBeVisible();
  await page.getByRole('dialog', { name: '会员权益' }).getByRole('button', { name: '知道了' }).click();

  // 精选: what it is, who may open it (from the server's rights) and the way there.
  await go(page, '/exercise_list?tab=pick');
  await page.getByRole('button', { name: '什么是精选？' }).click();
  const pick = page.getByRole('dialog', { name: '什么是精选？' });
  const pickRoles = rights.filter((r) => r.visibilities.includes('pick')).map((r) => r.role_name);
  await expect(pick.getByText(`可以练习的会员：${pickRoles.join('、')}。`, { exact: false })).toBeVisible();
  await pick.getByRole('button', { name: '开通会员' }).click();
  await expect(page.getByRole('dialog', { name: '会员权益' })).toBeVisible();
  await page.getByRole('dialog', { name: '会员权益' }).getByRole('button', { name: '知道了' }).click();

  // The mode is remembered for this candidate (by the server: a reload forgets the page's choice).
  await go(page, '/exercise_list');
  await page.reload();
  await expect(page.getByRole('button', { name: '练习模式', pressed: true })).toBeVisible();

  // Search finds questions for a trial.
  await go(page, '/search?q=species');
  await expect(page.getByRole('list').getByRole('link').first()).toBeVisible();
  await shot(page, '7-search');
});

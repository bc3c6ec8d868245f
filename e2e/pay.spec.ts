// Payments (issue 16, ADR 0029) on the sandbox provider: a new candidate opens 开通 VIP (desktop: from
// the 会员权益 dialog of a locked practice set; phone: on the personal page), picks 1 个月, uses the demo discount code GRE2026, opens 在沙箱中支付 (the page the QR code
// encodes) and confirms; the dialog shows the payment received, then success and the page reloads as VIP with the
// new expiry and the order in 我的订单. Then a flash-coin pack the same way: the dialog closes and the
// balance shows the coins. Desktop and phone, each with its own account; screenshots of the dialog.
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { newCandidate } from './support.ts';

async function shot(page: Page, project: string, name: string) {
  const file = path.join(import.meta.dirname, `../test-results/screens/pay-${project}-${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
}

/** The statuses /api/trade/get answered while the dialog polled. */
function watchStatuses(page: Page): number[] {
  const seen: number[] = [];
  page.on('response', async (res) => {
    if (!res.url().endsWith('/api/trade/get')) return;
    const body = (await res.json().catch(() => null)) as { data?: { trade?: { status?: number } } } | null;
    const status = body?.data?.trade?.status;
    if (typeof status === 'number') seen.push(status);
  });
  return seen;
}

/** Pays the dialog's order on the sandbox page, in a tab of its own as a phone's payment app would. */
async function payOnSandbox(page: Page, project: string) {
  const dialog = page.getByRole('dialog');
  const link = dialog.getByRole('link', { name: '在沙箱中支付' });
  const href = await link.getAttribute('href');
  expect(href).toMatch(/\/pay\/sandbox\/T\d{14}[0-9A-F]{8}$/);
  const sandbox = await page.context().newPage();
  await sandbox.goto(href as string);
  await expect(sandbox.getByRole('heading', { name: '沙箱支付' })).toBeVisible();
  await shot(sandbox, project, 'sandbox-page');
  await sandbox.getByRole('button', { name: '确认支付' }).click();
  await expect(sandbox.getByRole('status')).toHaveText('支付成功');
  await sandbox.close();
}

test('a candidate buys VIP for a month with a discount code, then a flash-coin pack, on the sandbox @phone', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const project = testInfo.project.name;
  const token = await newCandidate(request, `pay-${project}`);
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  // 开通 VIP → the QR payment dialog, with the server's prices: on desktop from the 会员权益 dialog a
  // locked practice set opens, on the phone from the personal page.
  let lockedSet = '';
  if (project === 'desktop') {
    await page.goto('/exercise_list');
    const locked = page.getByRole('button', { name: /^开通会员后可练习：/ }).first();
    lockedSet = ((await locked.getAttribute('aria-label')) ?? '').replace(/^开通会员后可练习：/, '');
    await locked.click();
    const benefits = page.getByRole('dialog', { name: '会员权益' });
    await expect(benefits.getByText('会员可选 7 天、1 个月、2 个月、3 个月')).toBeVisible();
    await benefits.getByRole('button', { name: '开通 VIP' }).click();
    await expect(benefits).toBeHidden();
  } else {
    await page.goto('/personal');
    await expect(page.getByText('试用用户').first()).toBeVisible();
    await page.getByRole('button', { name: '开通 VIP' }).click();
  }
  const dialog = page.getByRole('dialog', { name: '开通会员' });
  await dialog.getByRole('button', { name: /1 个月/ }).click();
  await expect(dialog.getByRole('img', { name: '支付二维码' })).toBeVisible();
  await expect(dialog.getByText('¥49.00', { exact: true }).first()).toBeVisible();
  await shot(page, project, 'dialog');

  // An empty code, a wrong one (cleared), then the demo code.
  await dialog.getByRole('button', { name: '使用' }).click();
  await expect(dialog.getByText('请输入折扣码')).toBeVisible();
  const code = dialog.getByRole('textbox', { name: '折扣码' });
  await code.fill('NOSUCHCODE');
  await dialog.getByRole('button', { name: '使用' }).click();
  await expect(dialog.getByText('折扣码不可用')).toBeVisible();
  await expect(code).toHaveValue('');
  await code.fill('GRE2026');
  await dialog.getByRole('button', { name: '使用' }).click();
  await expect(dialog.getByText('使用演示折扣 演示环境专用：立减 20%')).toBeVisible();
  await expect(dialog.getByText('¥39.20')).toBeVisible();
  await expect(dialog.getByRole('status')).toHaveText('请使用微信或支付宝扫码支付');
  await shot(page, project, 'dialog-code');

  const seen = watchStatuses(page);
  await payOnSandbox(page, project);
  // The dialog's next poll finds the order paid and applied: it shows the payment arriving, then the
  // result, and the page reloads.
  const reloaded = page.waitForEvent('load', { timeout: 15_000 });
  await expect(dialog.getByRole('status')).toHaveText('已收到支付，处理中请稍候...');
  await shot(page, project, 'received');
  await expect(dialog.getByRole('status')).toHaveText('开通成功，页面即将刷新');
  expect(seen.at(-1)).toBe(3);
  await reloaded;
  await expect(page.getByText('VIP 会员').first()).toBeVisible();
  if (project === 'desktop') {
    // The practice set the trial could not open is open now.
    await expect(page.getByRole('button', { name: `开始：${lockedSet}`, exact: true })).toBeVisible();
    await page.goto('/personal');
  }
  const expiry = new Date(Date.now() + 30 * 86_400_000).toLocaleDateString('zh-CN', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
  await expect(page.getByText(`有效期至 ${expiry}`)).toBeVisible();
  // My orders: the order with the code applied; the one opened before the code was closed by it.
  const orders = page.getByRole('table', { name: '我的订单' });
  await expect(orders.getByRole('row').filter({ hasText: '已开通' })).toContainText('VIP 会员 1 个月¥39.20');
  await expect(orders.getByRole('row').filter({ hasText: '已关闭' })).toContainText('VIP 会员 1 个月¥49.00');
  await expect(page.getByRole('region', { name: '会员记录' })).toContainText(
    `VIP 会员（至 ${expiry}） · 购买VIP 会员 1 个月`,
  );

  // A flash-coin pack: the dialog closes after success and the balance shows the coins.
  await page.getByRole('button', { name: '购买闪卡币' }).click();
  const coins = page.getByRole('dialog', { name: '购买闪卡币' });
  await coins.getByRole('button', { name: /100 个/ }).click();
  await expect(coins.getByText('¥10.00', { exact: true }).first()).toBeVisible();
  await expect(coins.getByRole('img', { name: '支付二维码' })).toBeVisible();
  await payOnSandbox(page, project);
  await expect(coins.getByRole('status')).toHaveText('已收到支付，处理中请稍候...');
  await expect(coins.getByRole('status')).toHaveText('购买成功，闪卡币已到账');
  await expect(coins).toBeHidden({ timeout: 10_000 });
  await expect(page.getByText('100', { exact: true })).toBeVisible();
  await shot(page, project, 'after');
});

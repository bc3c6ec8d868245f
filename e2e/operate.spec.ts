// The operator console (issue 17, ADR 0031): an operator finds a new trial candidate by user id on
// /operate, grants VIP for 30 days and opens the advanced bank, each with a reason, and sees both in the
// user's 操作记录; a wrong input is refused in the contract's words. The candidate then finds 高阶题库
// open and is VIP. A member who opens /operate is told no. An admin refunds the candidate's paid coin
// pack from the orders table, with a reason. Every change is confirmed with the operator check code
// (the dialog; the code from the dev outbox). The 折扣码 and 兑换码 tabs create, list, edit and void/delete;
// 新人礼包 lists this week's new users; 报表 shows the last 30 days. Desktop (the consoles are desktop-first);
// the phone layout is looked at in the screenshots.
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { apiLogin, codeFromOutbox, newCandidate, post } from './support.ts';

async function shot(page: Page, name: string) {
  const file = path.join(import.meta.dirname, `../test-results/screens/operate-${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
}

/**
 * The confirmation dialog of a sensitive action: 发送验证码, the code from the dev outbox of the staff
 * member's e-mail (`account`), 确认. With `tryWrong`, a wrong code first is refused in the dialog.
 */
async function confirmWithCode(
  page: Page,
  account: string,
  opts: { tryWrong?: boolean; shot?: string; phoneShot?: string } = {},
) {
  const dialog = page.getByRole('dialog', { name: /^确认操作：/ });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '发送验证码' }).click();
  const masked = `${account[0]}****@${account.split('@')[1]}`;
  await expect(dialog.getByRole('status')).toHaveText(`已发送至 ${masked}，10 分钟内有效`);
  const code = await codeFromOutbox(account);
  const box = dialog.getByRole('textbox', { name: '验证码' });
  if (opts.tryWrong) {
    await box.fill(code === '000000' ? '111111' : '000000');
    await dialog.getByRole('button', { name: '确认', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText('操作验证码错误，请核对后重新输入');
  }
  await box.fill(code);
  if (opts.shot) await shot(page, opts.shot);
  if (opts.phoneShot) {
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, opts.phoneShot);
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  await dialog.getByRole('button', { name: '确认', exact: true }).click();
  await expect(dialog).toBeHidden();
}

async function signIn(page: Page, token: string) {
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
}

test('an operator grants VIP and opens the advanced bank for a candidate, who then has both', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const candidateToken = await newCandidate(request, 'operate');
  const me = await (
    await request.post('/api/user/get', { data: {}, headers: { authorization: `Bearer ${candidateToken}` } })
  ).json();
  const candidateId = me.data.id as string;

  // The candidate's /higher is locked before.
  await signIn(page, candidateToken);
  await page.goto('/higher');
  await expect(page.getByText(/高阶题库需由管理员为你开通/).first()).toBeVisible();

  // The operator, from the personal page's 工作台.
  const operator = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signIn(operator, await apiLogin(request, 'operator@demo.gre-prep.cn'));
  await operator.goto('/personal');
  await operator.getByRole('navigation', { name: '工作台' }).getByRole('link', { name: '运营后台' }).click();
  await expect(operator.getByRole('heading', { level: 1, name: '运营后台' })).toBeVisible();
  const search = operator.getByRole('search');
  await search.getByRole('button', { name: '查找' }).click();
  await expect(search.getByText('请输入用户 ID、手机号、邮箱或昵称')).toBeVisible();
  await search.getByRole('searchbox', { name: '用户 ID、手机号、邮箱或昵称' }).fill(candidateId);
  await search.getByRole('button', { name: '查找' }).click();
  const panel = operator.getByRole('region', { name: /./ }).filter({ hasText: `用户 ID${candidateId}` });
  await expect(panel.getByText('试用用户').first()).toBeVisible();
  await expect(panel.getByText('未开通').first()).toBeVisible();

  // Grant VIP: a missing reason is refused in the contract's words, then 30 days.
  const grant = panel.getByRole('form', { name: '开通会员' });
  await grant.getByRole('button', { name: '确认开通' }).click();
  await expect(grant.getByRole('alert')).toHaveText('请填写原因');
  await grant.getByRole('textbox', { name: '天数（累加到当前有效期）' }).fill('0');
  await grant.getByRole('textbox', { name: '原因' }).fill('线下课程赠送');
  await grant.getByRole('button', { name: '确认开通' }).click();
  await expect(grant.getByRole('alert')).toHaveText('天数至少为 1');
  await grant.getByRole('textbox', { name: '天数（累加到当前有效期）' }).fill('30');
  await grant.getByRole('button', { name: '确认开通' }).click();
  // The operator check code: asked for in a dialog, sent to the operator's own e-mail (dev outbox).
  await expect(operator.getByRole('dialog', { name: '确认操作：开通会员' })).toContainText(
    `（ID ${candidateId}）开通 VIP 会员 30 天（原因：线下课程赠送）`,
  );
  await confirmWithCode(operator, 'operator@demo.gre-prep.cn', { tryWrong: true, shot: 'desktop-confirm' });
  await expect(panel.getByRole('definition').filter({ hasText: 'VIP 会员' })).toBeVisible();

  // Open the advanced bank.
  const higher = panel.getByRole('form', { name: '高阶题库（未开通）' });
  await higher.getByRole('textbox', { name: '原因' }).fill('报名高阶班');
  await higher.getByRole('button', { name: '开通高阶题库' }).click();
  await confirmWithCode(operator, 'operator@demo.gre-prep.cn', { phoneShot: 'phone-confirm' });
  await expect(panel.getByRole('form', { name: '高阶题库（已开通）' })).toBeVisible();
  const log = panel.getByRole('list', { name: '操作记录' });
  await expect(log.getByRole('listitem')).toHaveCount(2);
  await expect(log.getByRole('listitem').first()).toContainText('高阶题库 · 开通 · 报名高阶班');
  await expect(log.getByRole('listitem').nth(1)).toContainText(
    /开通会员 · 试用用户 → VIP 会员（至 \d{4}-\d{2}-\d{2}）/,
  );
  await shot(operator, 'desktop-user');
  await operator.setViewportSize({ width: 412, height: 915 });
  await shot(operator, 'phone-user');
  await operator.setViewportSize({ width: 1280, height: 900 });

  // 折扣码: a wrong value is refused in the contract's words; a code is created, listed and voided.
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  await operator.getByRole('tab', { name: '折扣码' }).click();
  const codeForm = operator.getByRole('form', { name: '新建折扣码' });
  await codeForm.getByRole('textbox', { name: '折扣码' }).fill(code);
  await codeForm.getByRole('textbox', { name: /^名称/ }).fill('双十二');
  await codeForm.getByRole('textbox', { name: '立减百分比（1–99）' }).fill('120');
  await codeForm.getByRole('button', { name: '创建折扣码' }).click();
  await expect(codeForm.getByRole('alert')).toHaveText('折扣比例为 1–99');
  await codeForm.getByRole('textbox', { name: '立减百分比（1–99）' }).fill('15');
  await codeForm.getByRole('button', { name: '创建折扣码' }).click();
  const codeRow = operator.getByRole('table', { name: '折扣码' }).getByRole('row').filter({ hasText: code });
  await expect(codeRow).toContainText('立减 15%');
  await shot(operator, 'desktop-codes');
  await codeRow.getByRole('button', { name: `作废折扣码 ${code}` }).click();
  await expect(codeRow).toContainText('已作废');

  // 兑换码: 100 闪卡币 for 5 people, listed, then deleted.
  await operator.getByRole('tab', { name: '兑换码' }).click();
  const voucherForm = operator.getByRole('form', { name: '新建兑换码' });
  await voucherForm.getByRole('textbox', { name: '兑换码' }).fill(`V${code}`);
  await voucherForm.getByRole('button', { name: '闪卡币' }).click();
  await voucherForm.getByRole('textbox', { name: '闪卡币数' }).fill('100');
  await voucherForm.getByRole('textbox', { name: '可兑换人数' }).fill('5');
  await voucherForm.getByRole('button', { name: '添加兑换码' }).click();
  const voucherRow = operator
    .getByRole('table', { name: '兑换码' })
    .getByRole('row')
    .filter({ hasText: `V${code}` });
  await expect(voucherRow).toContainText('100 闪卡币');
  await expect(voucherRow).toContainText('0 / 5');
  // 修改: a refusal in the contract's words, then 10 people and a note.
  await voucherRow.getByRole('button', { name: `修改兑换码 V${code}` }).click();
  const edit = operator.getByRole('dialog', { name: `修改兑换码 V${code}` });
  await edit.getByRole('textbox', { name: '闪卡币数' }).fill('0');
  await edit.getByRole('button', { name: '保存修改' }).click();
  await expect(edit.getByRole('alert')).toHaveText('VIP / 超级 VIP 需填写天数，闪卡币需填写数量');
  await edit.getByRole('textbox', { name: '闪卡币数' }).fill('120');
  await edit.getByRole('textbox', { name: '可兑换人数' }).fill('10');
  await edit.getByRole('textbox', { name: '备注' }).fill('直播间');
  await shot(operator, 'desktop-voucher-edit');
  await operator.setViewportSize({ width: 390, height: 844 });
  await shot(operator, 'phone-voucher-edit');
  await operator.setViewportSize({ width: 1280, height: 900 });
  await edit.getByRole('button', { name: '保存修改' }).click();
  await expect(edit).toBeHidden();
  await expect(voucherRow).toContainText('120 闪卡币');
  await expect(voucherRow).toContainText('0 / 10');
  await expect(voucherRow).toContainText('直播间');
  await voucherRow.getByRole('button', { name: `删除兑换码 V${code}` }).click();
  await expect(voucherRow).toHaveCount(0);

  // 新人礼包: this week's new users include the candidate. (The gift itself goes to a period nobody
  // signed up in: the other journeys' candidates keep their coins; the server test covers real gifts.)
  await operator.getByRole('tab', { name: '新人礼包' }).click();
  await operator.getByRole('button', { name: '查询新用户' }).click();
  await expect(operator.getByRole('status')).toContainText(/共 \d+ 位新用户（不含工作人员）/);
  const giftForm = operator.getByRole('form', { name: '赠送新人礼包' });
  await giftForm.getByRole('button', { name: '确认赠送' }).click();
  await expect(giftForm.getByRole('alert')).toHaveText('请填写闪卡币数');
  await operator.getByRole('textbox', { name: '从' }).fill('2025-01-01');
  await operator.getByRole('textbox', { name: '到（含当天）' }).fill('2025-01-02');
  await giftForm.getByRole('textbox', { name: '每人闪卡币数' }).fill('20');
  await giftForm.getByRole('textbox', { name: '原因' }).fill('新人礼包');
  await giftForm.getByRole('button', { name: '确认赠送' }).click();
  await confirmWithCode(operator, 'operator@demo.gre-prep.cn');
  await expect(giftForm.getByText('已赠送 0 人')).toBeVisible();
  await shot(operator, 'desktop-gifts');

  // 报表: the last 30 days include today's sign-ups and the VIP the operator granted is no order.
  await operator.getByRole('tab', { name: '报表' }).click();
  await operator.getByRole('button', { name: '生成报表' }).click();
  const totals = operator.getByRole('definition');
  await expect(totals.first()).toHaveText(/^[1-9]\d*$/);
  const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  await expect(operator.getByRole('table', { name: '逐日' }).getByRole('row').nth(1)).toContainText(today);
  await shot(operator, 'desktop-report');
  await operator.close();

  // The candidate: VIP, and the advanced bank opens.
  await page.goto('/higher');
  await expect(page.getByText('VIP 会员').first()).toBeVisible();
  await expect(page.getByText(/高阶题库需由管理员为你开通/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^开始：/ }).first()).toBeVisible();

  // A member on /operate is told no.
  await page.goto('/operate');
  await expect(page.getByText('只有运营和管理员可以使用运营后台。')).toBeVisible();

  // An admin refunds the candidate's paid coin pack (an exceptional refund) with a reason.
  const order = await post<{ trade: { id: string } }>(
    request,
    '/api/pay/init',
    { user_id: candidateId, kind: 3, param: 1, device_id: 'e2e-operate' },
    candidateToken,
  );
  await post(request, '/api/pay/sandbox_pay', { trade_id: order.trade.id }, candidateToken);
  const adminPage = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signIn(adminPage, await apiLogin(request, 'admin@demo.gre-prep.cn'));
  await adminPage.goto('/operate');
  await adminPage.getByRole('searchbox', { name: '用户 ID、手机号、邮箱或昵称' }).fill(candidateId);
  await adminPage.getByRole('button', { name: '查找' }).click();
  const row = adminPage.getByRole('table', { name: '最近订单' }).getByRole('row').filter({ hasText: order.trade.id });
  await expect(row).toContainText('已开通');
  await row.getByRole('button', { name: '退款' }).click();
  const dialog = adminPage.getByRole('dialog', { name: `退款订单 ${order.trade.id}` });
  await dialog.getByRole('button', { name: '确认退款' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('请填写原因');
  await dialog.getByRole('textbox', { name: '原因' }).fill('重复支付');
  await dialog.getByRole('button', { name: '确认退款' }).click();
  await confirmWithCode(adminPage, 'admin@demo.gre-prep.cn');
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('已退款');
  await expect(row.getByRole('button', { name: '退款' })).toHaveCount(0);
  await expect(adminPage.getByRole('list', { name: '操作记录' }).getByRole('listitem').first()).toContainText('退款');
  await adminPage.close();
});

test('an operator gives a trial candidate the crown and the custom-exam shelf; the candidate opens 精华 and finds their own exam there', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const candidateToken = await newCandidate(request, 'crown');
  const me = await (
    await request.post('/api/user/get', { data: {}, headers: { authorization: `Bearer ${candidateToken}` } })
  ).json();
  const candidateId = me.data.id as string;

  // Before: the 精华 sets are for SVIP only, and there is no 我的组卷 shelf.
  await signIn(page, candidateToken);
  await page.goto('/exercise_list?tab=best');
  const firstBest = page.getByRole('article').first();
  await expect(firstBest.getByRole('button', { name: /后可练习：/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: '我的组卷' })).toHaveCount(0);

  // The operator grants the crown and turns the shelf on, each confirmed with a check code.
  const operator = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signIn(operator, await apiLogin(request, 'operator@demo.gre-prep.cn'));
  await operator.goto('/operate');
  const search = operator.getByRole('search');
  await search.getByRole('searchbox', { name: '用户 ID、手机号、邮箱或昵称' }).fill(candidateId);
  await search.getByRole('button', { name: '查找' }).click();
  const panel = operator.getByRole('region', { name: /./ }).filter({ hasText: `用户 ID${candidateId}` });
  const crown = panel.getByRole('form', { name: '皇冠（未授予）' });
  await crown.getByRole('textbox', { name: '原因' }).fill('竞赛奖励');
  await crown.getByRole('button', { name: '授予皇冠' }).click();
  await expect(operator.getByRole('dialog', { name: '确认操作：授予或收回皇冠' })).toContainText(
    '的皇冠（原因：竞赛奖励）',
  );
  await confirmWithCode(operator, 'operator@demo.gre-prep.cn');
  await expect(panel.getByRole('form', { name: '皇冠（已授予）' })).toBeVisible();
  const tailor = panel.getByRole('form', { name: '自选组卷（角色额度之外）' });
  await tailor.getByRole('textbox', { name: /^额外次数/ }).fill('2');
  await tailor.getByRole('checkbox', { name: '在练习页显示“我的组卷”' }).check();
  await tailor.getByRole('textbox', { name: '原因' }).fill('线下班学员');
  await tailor.getByRole('button', { name: '确认设定' }).click();
  await confirmWithCode(operator, 'operator@demo.gre-prep.cn');
  const log = panel.getByRole('list', { name: '操作记录' });
  await expect(log.getByRole('listitem').first()).toContainText('自选组卷 · 额外自选组卷 0 → 2 次，显示我的组卷');
  await expect(log.getByRole('listitem').nth(1)).toContainText('皇冠 · 授予皇冠 · 竞赛奖励');
  await operator.close();

  // After: the first 精华 set opens for the trial candidate, and the shelf is on the practice page.
  await page.goto('/exercise_list?tab=best');
  const title = (await firstBest.getByRole('heading').textContent()) ?? '';
  await firstBest.getByRole('button', { name: `开始：${title}` }).click();
  await expect(page).toHaveURL(/\/exam\/[0-9a-f-]+$/);
  await page.goto('/exercise_list');
  await expect(page.getByRole('heading', { name: '我的组卷' })).toBeVisible();
  await expect(page.getByText('还没有自选组卷。')).toBeVisible();
  // A custom exam built on /simulate lands on the shelf.
  await page.getByRole('link', { name: '新建组卷' }).click();
  await page.getByRole('form', { name: '自选组卷' }).getByRole('button', { name: '开始组卷' }).click();
  await expect(page).toHaveURL(/\/exam\/[0-9a-f-]+$/);
  await page.goto('/exercise_list');
  const shelf = page.getByRole('region', { name: '我的组卷' });
  await expect(shelf.getByRole('listitem')).toHaveCount(1);
  await shot(page, 'desktop-tailor-shelf');
});

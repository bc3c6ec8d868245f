// Mail and notices (issue 18, ADR 0030): an admin writes a notice on /web_manage/notices to one
// candidate, with an e-mail copy; the job queue delivers it; the candidate sees the unread badge in
// the navigation and the notice on home, opens it on /mail (it is read: the badge goes, it moves to
// 已读); the link in the e-mail (dev outbox) opens the notice without logging in, and a tampered one
// says the link is invalid; its unsubscribe link unsubscribes once confirmed. Desktop and phone, each
// with its own candidate and notice.
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { apiLogin, newCandidate, post } from './support.ts';

async function shot(page: Page, project: string, name: string) {
  const file = path.join(import.meta.dirname, `../test-results/screens/mail-${project}-${name}.png`);
  await page.screenshot({ path: file, fullPage: project === 'phone' });
}

/** The path of a link (`notice` or `unsubscribe`) e-mailed to `userId` with the notice titled `subject` (dev outbox). */
async function emailedLink(
  userId: string,
  subject: string,
  kind: 'notice' | 'unsubscribe' = 'notice',
  timeoutMs = 20_000,
): Promise<string> {
  const file = path.join(process.env.GRE_E2E_DATA_DIR as string, 'outbox.jsonl');
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (fs.existsSync(file)) {
      for (const line of fs.readFileSync(file, 'utf8').trim().split('\n')) {
        const m = JSON.parse(line) as { subject: string; text: string };
        const link =
          m.subject === `【GRE 备考】${subject}` ? new RegExp(`(/${kind}/${userId}/\\S+)`).exec(m.text) : null;
        if (link?.[1]) return link[1];
      }
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no notice e-mail "${subject}" for user ${userId}`);
}

async function unreadNotices(request: APIRequestContext, token: string): Promise<number> {
  const data = await post<{ unread: { notice: number } }>(
    request,
    '/api/mail/inbox/get',
    { category: 'notice' },
    token,
  );
  return data.unread.notice;
}

test('staff send a notice; the candidate sees the badge, opens it, and the e-mailed link opens it without login @phone', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const project = testInfo.project.name;
  const subject = `模考开放通知 ${project} ${Date.now().toString(36)}`;
  const candidate = await newCandidate(request, `mail-${project}`);
  const me = await post<{ id: string }>(request, '/api/user/get', {}, candidate);

  // The admin writes the notice on the staff page.
  const admin = await apiLogin(request, 'admin@demo.gre-prep.cn');
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('token', t), admin);
  await page.goto('/web_manage/notices');
  const form = page.getByRole('form', { name: '发送通知' });
  await form.getByRole('textbox', { name: '标题' }).fill(subject);
  await form
    .getByRole('textbox', { name: '内容' })
    .fill('第二套全真模考已开放，本周内完成可获得详细报告。\n祝备考顺利！');
  await form.getByRole('textbox', { name: '链接（可选）' }).fill('/simulate');
  await form.getByRole('radio', { name: '指定用户' }).check();
  // The contract's rule, before anything is sent.
  await form.getByRole('button', { name: '发送通知' }).click();
  await expect(form.getByText('请至少填写一个用户 ID')).toBeVisible();
  await form.getByRole('textbox', { name: '用户 ID' }).fill(me.id);
  await form.getByRole('checkbox', { name: /同时发送邮件/ }).check();
  await form.getByRole('button', { name: '发送通知' }).click();
  await expect(page.getByText('通知已发出')).toBeVisible();
  await expect(page.getByRole('list', { name: '已发送的通知' }).getByText(subject)).toBeVisible();

  // The queue delivers it.
  await expect.poll(() => unreadNotices(request, candidate), { timeout: 20_000 }).toBe(1);

  // The candidate: the badge and home's card.
  await page.evaluate((t) => localStorage.setItem('token', t), candidate);
  await page.goto('/home');
  await expect(page.getByRole('link', { name: '邮件，1 封未读' })).toBeVisible();
  const card = page.getByRole('region', { name: '最新通知' });
  await expect(card.getByText(subject)).toBeVisible();
  await shot(page, project, 'home');

  // /mail: the inbox lists it unread; opening it reads it.
  await page.getByRole('link', { name: '邮件，1 封未读' }).click();
  await expect(page).toHaveURL(/\/mail$/);
  await expect(page.getByRole('tab', { name: '收件箱 1 封未读' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: '通知 1 封未读' })).toBeVisible();
  await shot(page, project, 'inbox');
  await page
    .getByRole('list', { name: '收件箱邮件' })
    .getByRole('button', { name: new RegExp(subject) })
    .click();
  const dialog = page.getByRole('dialog', { name: subject });
  await expect(dialog.getByText('第二套全真模考已开放')).toBeVisible();
  await shot(page, project, 'open');
  // Its link goes where the notice says; the badge is gone (the mail was read when it opened).
  await dialog.getByRole('button', { name: '前往查看' }).click();
  await expect(page).toHaveURL(/\/simulate$/);
  await expect(page.getByRole('link', { name: '邮件', exact: true })).toBeVisible();
  await page.goto('/mail?tab=read');
  await expect(page.getByRole('list', { name: '已读邮件' }).getByText(subject)).toBeVisible();
  await page.goto('/home');
  await expect(page.getByRole('region', { name: '最新通知' })).toHaveCount(0);

  // The e-mailed link, logged out: the notice opens without logging in.
  const link = await emailedLink(me.id, subject);
  await page.evaluate(() => localStorage.clear());
  await page.goto(link);
  await expect(page).toHaveURL(new RegExp(link.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(page.getByText('本周内完成可获得详细报告')).toBeVisible();
  await expect(page.getByRole('link', { name: '前往查看' })).toBeVisible();
  await shot(page, project, 'public');
  // Tampered: a clear message, still no login page.
  await page.goto(`${link.slice(0, -2)}xx`);
  await expect(page.getByRole('heading', { level: 1, name: '无法打开这条通知' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: '链接无效' }).first()).toBeVisible();
  await shot(page, project, 'public-invalid');

  // The e-mail's unsubscribe link, logged out: nothing happens until it is confirmed.
  await page.goto(await emailedLink(me.id, subject, 'unsubscribe'));
  await expect(page.getByRole('heading', { level: 1, name: '退订通知邮件' })).toBeVisible();
  await page.getByRole('button', { name: '确认退订' }).click();
  await expect(page.getByText(/已退订：今后不再给你发送通知邮件/)).toBeVisible();

  // Back on the personal page: 通知邮件 is off; the switch subscribes again.
  await page.evaluate((t) => localStorage.setItem('token', t), candidate);
  await page.goto('/personal');
  const notices = page.getByRole('region', { name: '通知邮件' });
  const toggle = notices.getByRole('switch', { name: '把站内通知同时发到我的邮箱' });
  await expect(toggle).not.toBeChecked();
  await expect(notices.getByText(/你已退订通知邮件/)).toBeVisible();
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(toggle).toBeChecked();
  await expect(page.getByText('已重新订阅：站内通知会同时发到你的邮箱')).toBeVisible();
  await shot(page, project, 'resubscribed');
  await page.reload();
  await expect(page.getByRole('region', { name: '通知邮件' }).getByRole('switch')).toBeChecked();
});

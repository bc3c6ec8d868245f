// Journey of the chat dialog (issue 18, ADR 0038): a new candidate opens 在线咨询 from the personal
// page and asks about the site; the demo teacher, in a second browser context, opens 咨询队列 from
// 工作台, finds the question and answers; the candidate sees the answer appear live, without a reload,
// and then finds it in 邮件 · 聊天. Screenshots of both sides at the project's size.
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { apiLogin, newCandidate } from './support.ts';

async function signIn(page: Page, token: string) {
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
}

async function shot(page: Page, name: string, project: string) {
  await page.screenshot({
    path: path.join(import.meta.dirname, `../test-results/screens/chat-${project}-${name}.png`),
  });
}

test('a candidate chats with a teacher live @phone', async ({ page, browser, request }, info) => {
  test.setTimeout(120_000);
  const project = info.project.name;
  const question = `E2E-CHAT ${Date.now()} 会员到期后错题本还在吗？`;

  // The candidate asks from 在线咨询 (the personal page).
  await signIn(page, await newCandidate(request, 'chat'));
  await page.goto('/personal');
  await page.getByRole('link', { name: '在线咨询' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '在线咨询' })).toBeVisible();
  await page.getByRole('button', { name: '咨询网站使用' }).click();
  const log = page.getByRole('log', { name: '聊天记录' });
  await expect(page.getByText('在线', { exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: '消息' }).fill(question);
  await page.getByRole('textbox', { name: '消息' }).press('Enter');
  await expect(log.getByText(question)).toBeVisible();
  await expect(page.getByRole('navigation', { name: '我的咨询' }).getByText('等待老师回复')).toBeVisible();

  // The teacher, in another browser, from 工作台 → 咨询队列.
  const teacherContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const teacher = await teacherContext.newPage();
  await signIn(teacher, await apiLogin(request, 'teacher@demo.gre-prep.cn'));
  await teacher.goto('/personal');
  await teacher.getByRole('navigation', { name: '工作台' }).getByRole('link', { name: '咨询队列' }).click();
  await expect(teacher.getByRole('heading', { level: 1, name: '咨询队列' })).toBeVisible();
  // Earlier runs may have left conversations waiting: open the newest candidate's (the last, oldest first).
  const queue = teacher.getByRole('navigation', { name: '会话' });
  await queue.getByRole('button').last().click();
  const teacherLog = teacher.getByRole('log', { name: '聊天记录' });
  await expect(teacherLog.getByText(question)).toBeVisible();
  await shot(teacher, 'teacher', project);
  const answer = '在的，错题本和笔记都会保留，续费后继续使用。';
  await teacher.getByRole('textbox', { name: '回复' }).fill(answer);
  await teacher.getByRole('button', { name: '发送' }).click();
  await expect(teacherLog.getByText(answer)).toBeVisible();

  // Live on the candidate's page, no reload.
  await expect(log.getByText(answer)).toBeVisible({ timeout: 10_000 });
  await expect(log.getByText(/老师 /)).toBeVisible();
  await shot(page, 'candidate', project);
  await teacherContext.close();

  // And in 邮件 · 聊天, linking back.
  await page.goto('/mail?tab=chat');
  await expect(page.getByText('老师回复了你的在线咨询').first()).toBeVisible();
});

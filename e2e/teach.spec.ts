// Journey of the teacher grading queue (issue 17, ADR 0032): a new candidate submits an Issue essay
// (idea page's call), the demo teacher opens /teach from the personal page's 工作台, finds it under its
// prompt, reads it beside the machine grade and grades 4.5 with comments; the candidate then sees
// 老师批改 with 4.5 on the prompt's page. Desktop only; screenshots at 1280 and 412 wide.
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { apiLogin, newCandidate, post } from './support.ts';

async function signIn(page: Page, token: string) {
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: path.join(import.meta.dirname, `../test-results/screens/teach-${name}.png`) });
}

const prompt = 'is-0001';

test('a teacher grades an essay and the candidate sees it', async ({ page, request }) => {
  test.setTimeout(120_000);
  const candidate = await newCandidate(request, 'teach');
  const text = `E2E-TEACH ${Date.now()} Grading students mainly on improvement rewards effort, which students can control, but a fixed standard remains necessary when others rely on grades.\n\nFor example, a student who starts far behind may work harder than anyone and still fall short of the standard. Therefore schools should report both achievement and progress.`;
  const essay = await post<{ id: string }>(request, '/api/essay/submit', { question_id: prompt, text }, candidate);

  // The teacher, from the personal page's 工作台.
  await signIn(page, await apiLogin(request, 'teacher@demo.gre-prep.cn'));
  await page.goto('/personal');
  await page.getByRole('navigation', { name: '工作台' }).getByRole('link', { name: '批改作文' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '批改作文' })).toBeVisible();
  await expect(page.getByRole('region', { name: '批改队列' }).getByText(/待批改 \d+ 篇/)).toBeVisible();
  await page.getByRole('combobox', { name: '题目' }).click();
  await page.getByRole('option', { name: new RegExp(`^${prompt} ·`) }).click();
  await expect(page.getByRole('list', { name: '作文列表' }).getByRole('button').first()).toBeVisible();
  await shot(page, 'desktop-queue');

  // The new essay (the queue holds earlier runs' essays too: open it by its link).
  await page.goto(`/teach?essay=${essay.id}`);
  const panel = page.getByRole('region', { name: '作文' });
  await expect(panel.getByText('E2E-TEACH')).toBeVisible();
  await expect(panel.getByRole('region', { name: '机器评分' })).toBeVisible();
  const form = page.getByRole('form', { name: '老师批改' });
  await form.getByRole('button', { name: '提交批改' }).click();
  await expect(form.getByRole('alert')).toHaveText('请给出 0–6 分的评分');
  await form.getByRole('combobox', { name: '评分（0–6）' }).click();
  await page.getByRole('option', { name: '4.5 分' }).click();
  await form.getByRole('button', { name: '提交批改' }).click();
  await expect(form.getByRole('alert')).toHaveText('请填写总评');
  await form.getByRole('textbox', { name: '总评' }).fill('立场清楚，例子具体；再补一段对反方观点的回应。');
  await form.getByRole('textbox', { name: '论证与例证' }).fill('例子具体，但缺少让步与反驳。');
  await shot(page, 'desktop-essay');
  await page.setViewportSize({ width: 412, height: 915 });
  await shot(page, 'phone-essay');
  await page.setViewportSize({ width: 1280, height: 800 });
  await form.getByRole('button', { name: '提交批改' }).click();
  await expect(page.getByText('批改已保存')).toBeVisible();

  // The candidate reads it where they read their essay's result.
  await signIn(page, candidate);
  await page.goto(`/idea/${prompt}`);
  await page.getByRole('region', { name: '我的作文' }).getByRole('button').first().click();
  const teacher = page.getByLabel('老师批改').first();
  await expect(teacher).toBeVisible({ timeout: 15_000 });
  await expect(teacher.getByLabel('老师评分 4.5 / 6')).toBeVisible();
  await expect(teacher.getByText('例子具体，但缺少让步与反驳。')).toBeVisible();
});

// Journeys of the essay grading issue: a candidate writes an essay on the idea page and watches it go
// from 批改中 to a score with feedback; finishes a mock with an Issue essay and watches its card on the
// result screen move from Judging to Finished. Grading runs through the job queue against a fake
// OpenAI-compatible model served here (playwright.config.ts points ESSAY_MODEL_URL at it).
import http from 'node:http';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { apiLogin } from './support.ts';

const modelPort = Number(process.env.GRE_E2E_PORT ?? 3210) + 1;
let model: http.Server;

const answer = JSON.stringify({
  score: 4.5,
  overall: '立场清楚，论证较充分；建议补一段让步与反驳。',
  traits: [
    { key: 'position', score: 4.5, feedback: '开头亮明立场，主体段展开较充分。' },
    { key: 'organization', score: 4.5, feedback: '段落清楚，过渡自然。' },
    { key: 'reasoning', score: 4, feedback: '例子具体，但缺少对反方观点的回应。' },
    { key: 'language', score: 5, feedback: '用词准确，句式有变化。' },
  ],
});

test.beforeAll(async () => {
  model = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      // A mock essay is graded while the candidate finishes the other sections: slower.
      const delay = body.includes('E2E-MOCK') ? 12_000 : 3_000;
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: answer } }] }));
      }, delay);
    });
  });
  await new Promise<void>((resolve) => model.listen(modelPort, '127.0.0.1', resolve));
});
test.afterAll(async () => {
  model.closeAllConnections();
  await new Promise((r) => model.close(r));
});

async function signIn(page: Page, request: APIRequestContext, account: string): Promise<string> {
  const token = await apiLogin(request, account);
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  return token;
}

const essay = (marker: string) =>
  `${marker} I agree with the recommendation only in part. Grading students mainly on improvement rewards effort, which students can control, but a fixed standard remains necessary when others rely on grades.\n\nFor example, a student who starts far behind may work harder than anyone and still fall short of the standard. Therefore schools should report both achievement and progress.`;

test('a candidate writes an essay on the idea page and watches it being graded', async ({ page, request }) => {
  await signIn(page, request, 'vip@demo.gre-prep.cn');
  await page.goto('/home');
  await page.getByRole('link', { name: '作文' }).first().click();
  await expect(page).toHaveURL(/\/idea$/);
  await page.getByRole('link', { name: /Schools should grade students mainly/ }).click();
  await expect(page).toHaveURL(/\/idea\/is-0001$/);

  // The guide opens and closes.
  await page.getByRole('button', { name: '展开写作指导（中文）' }).click();
  await expect(page.getByRole('heading', { name: '可选立场' })).toBeVisible();
  await page.getByRole('button', { name: '收起写作指导' }).click();

  await page.getByRole('button', { name: /开始计时/ }).click();
  await expect(page.getByLabel(/^剩余 (30:00|29:5\d)$/)).toBeVisible();
  await page.getByRole('textbox', { name: '你的作文（英文）' }).fill(essay('E2E-IDEA'));
  await page.getByRole('button', { name: '提交批改' }).click();

  const card = page.getByLabel('作文批改').first();
  await expect(card.getByText('批改中')).toBeVisible();
  await expect(card.getByText(/正在批改/)).toBeVisible();
  await expect(card).toHaveAttribute('data-essay-status', '2', { timeout: 20_000 });
  await expect(card.getByLabel('得分 4.5 / 6')).toBeVisible();
  // A few essays on the prompt: no rank yet (it needs 20 finished essays).
  await expect(card.getByText('同题作文满 20 篇后显示排名')).toBeVisible();
  await expect(card.getByText('模型评分（e2e-rater）')).toBeVisible();
  await expect(card.getByText('例子具体，但缺少对反方观点的回应。')).toBeVisible();
  // The editor is empty again, and the essay is listed under this prompt after a reload.
  await expect(page.getByRole('textbox', { name: '你的作文（英文）' })).toHaveValue('');
  await page.reload();
  await expect(page.getByRole('region', { name: '我的作文' }).getByRole('button', { name: /4\.5 \/ 6/ })).toBeVisible();
});

// A journey that stops half-way (a failure or a timeout) hands its mock in here, with a request
// context of its own: a running mock hides the SVIP's answers from later journeys (ADR 0017).
let runningMock: { examId: string; token: string } | null = null;
test.afterEach(async ({ playwright, baseURL }) => {
  if (!runningMock) return;
  const api = await playwright.request.newContext({ baseURL });
  await api.post('/api/exam/finish', {
    data: { exam_id: runningMock.examId },
    headers: { authorization: `Bearer ${runningMock.token}` },
  });
  await api.dispose();
  runningMock = null;
});

test('a candidate finishes a mock with an essay and sees it move from Judging to Finished', async ({
  page,
  request,
}) => {
  // The longest journey (five sections and a graded essay): three times the usual time on a busy machine.
  test.slow();
  const token = await signIn(page, request, 'svip@demo.gre-prep.cn');
  const created = await request.post('/api/exam/create', {
    data: { create_option: { kind: 'full', with_issue: true } },
    headers: { authorization: `Bearer ${token}` },
  });
  const examId = ((await created.json()) as { data: { exam_id: string } }).data.exam_id;
  runningMock = { examId, token };
  await page.goto(`/exam/${examId}`);

  await page.getByRole('button', { name: '开始本部分' }).click();
  await page.getByRole('textbox', { name: '你的作文（英文）' }).fill(essay('E2E-MOCK'));
  await expect(page.getByText(/\d+ words/)).toBeVisible();
  // End every section: the Issue essay first, then the four measures unanswered.
  for (let s = 0; s < 5; s++) {
    await page.getByRole('button', { name: '结束本节' }).click();
    await page.getByRole('dialog', { name: '结束本节？' }).getByRole('button', { name: '结束本节' }).click();
    if (s < 4) {
      // Exact: while 结束本节's dialog fades out its 继续作答 also matches "继续" (a click on it was the
      // old "stuck on 已结束" flake).
      await page.getByRole('button', { name: '继续', exact: true }).click();
      await page.getByRole('button', { name: '开始本部分' }).click();
    }
  }
  // The result screen: the essay was committed with the Issue section and is still being graded.
  await expect(page.getByRole('heading', { name: /已完成/ })).toBeVisible();
  const card = page.getByLabel('作文批改');
  await expect(card.getByText('批改中')).toBeVisible();
  await expect(card).toHaveAttribute('data-essay-status', '2', { timeout: 30_000 });
  // The mock's prompt is drawn at random, so this essay may be off its topic: the built-in check
  // then caps the model's 4.5. Either way the model graded it, with feedback per trait.
  await expect(card.getByLabel(/^得分 \d(\.5)? \/ 6$/)).toBeVisible();
  await expect(card.getByText('模型评分（e2e-rater）')).toBeVisible();
  await expect(card.getByText('立场与展开')).toBeVisible();
  runningMock = null;
});

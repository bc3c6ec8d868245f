// Journeys of issue 4: a candidate takes a short practice set from the exercise list to its result
// and report; takes a single-section Quant mock with marking, the review screen and the on-screen
// calculator; closes the tab mid-section and finds the same question with the server's remaining time.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { apiLogin } from './support.ts';

async function signIn(page: Page, request: APIRequestContext, account: string): Promise<string> {
  const token = await apiLogin(request, account);
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  return token;
}

/** Seconds shown by the section timer ("剩余时间 20:58"). */
async function timerSeconds(page: Page): Promise<number> {
  const label = (await page.getByRole('timer').getAttribute('aria-label')) ?? '';
  const m = /(\d+):(\d{2})$/.exec(label);
  if (!m) throw new Error(`no time in "${label}"`);
  return Number(m[1]) * 60 + Number(m[2]);
}

const next = (page: Page) => page.getByRole('button', { name: '下一题', exact: true }).click();

test('a candidate takes a short practice set from the exercise list to its result and report', async ({
  page,
  request,
}) => {
  const token = await signIn(page, request, 'svip@demo.gre-prep.cn');
  await page.goto('/home');
  await page.getByRole('link', { name: '练习' }).first().click();
  await expect(page).toHaveURL(/\/exercise_list$/);
  await expect(page.getByRole('tab', { name: '按题型', selected: true })).toBeVisible();

  // A short set of one-blank completions of medium difficulty (which one, and its size, follow the
  // bank: the server lists it).
  const listed = await request.post('/api/book/list_templates', {
    data: { page: 'index' },
    headers: { authorization: `Bearer ${token}` },
  });
  const cards = ((await listed.json()).data?.cards ?? []) as {
    template: { title: string; kinds: string[]; question_count: number };
    accessable: boolean;
  }[];
  const chosen = cards.find(
    (c) =>
      c.accessable &&
      c.template.kinds.join() === 'tc1' &&
      c.template.title.includes('难度 2') &&
      c.template.question_count >= 4 &&
      c.template.question_count <= 9,
  );
  expect(chosen, 'a short medium one-blank set').toBeDefined();
  const title = chosen?.template.title as string;
  const n = chosen?.template.question_count as number;
  const card = page.getByRole('article', { name: title });
  await expect(card.getByText('未开始')).toBeVisible();
  await card.getByRole('button', { name: `开始：${title}` }).click();
  await expect(page).toHaveURL(/\/exam\/[0-9a-f-]+$/);

  await page.getByRole('button', { name: '开始本部分' }).click();
  await expect(page.getByText(`第 1 题 / 共 ${n} 题`)).toBeVisible();
  // Practice sets are untimed: the clock counts up.
  await expect(page.getByRole('timer')).toHaveAttribute('aria-label', /^已用时间 /);

  for (let i = 1; i <= n; i++) {
    await expect(page.getByText(`第 ${i} 题 / 共 ${n} 题`)).toBeVisible();
    await page
      .getByRole('radio')
      .nth(i % 2)
      .check();
    await next(page);
  }
  // Next after the last question opens the review screen: every question answered.
  const review = page.getByRole('table', { name: '本部分题目状态' });
  await expect(review.getByText('已作答')).toHaveCount(n);

  await page.getByRole('button', { name: '结束本节' }).click();
  await page.getByRole('dialog', { name: '结束本节？' }).getByRole('button', { name: '结束本节' }).click();

  // Result: raw results, labelled as such.
  await expect(page.getByText('已完成')).toBeVisible();
  const result = page.getByLabel('原始成绩');
  await expect(result.getByRole('heading', { name: '原始成绩' })).toBeVisible();
  await expect(result.getByText(new RegExp(`^\\d \\/ ${n}$`)).first()).toBeVisible();

  await page.getByRole('link', { name: '查看报告与解析' }).click();
  await expect(page).toHaveURL(/\/report\//);
  const list = page.getByRole('list', { name: '题目列表' });
  await expect(list.getByRole('listitem')).toHaveCount(n);
  await page.getByRole('button', { name: new RegExp(`^全部 ${n}$`) }).click();
  await list.getByRole('button', { name: '查看解析（第 1 题）' }).click();
  const dialog = page.getByRole('dialog', { name: '第 1 题解析' });
  await expect(dialog.getByText(/回答正确|回答错误/)).toBeVisible();
  await dialog.getByRole('button', { name: '关闭' }).click();

  // The list shows the set as finished, with its report.
  await page.goto('/exercise_list');
  await expect(page.getByRole('article', { name: title }).getByText('已完成')).toBeVisible();
});

test('a candidate takes a single-section quant mock: marks, reviews, uses the calculator, closes the tab and resumes @phone', async ({
  page: firstTab,
  context,
  request,
}) => {
  let page = firstTab;
  await signIn(page, request, 'svip@demo.gre-prep.cn');
  await page.goto('/simulate');
  await expect(page.getByRole('heading', { name: '单部分模考', exact: true })).toBeVisible();
  // Each project takes its own mock (one server and one account serve both).
  const mock = `数学单部分模考 ${test.info().project.name === 'phone' ? 2 : 1}`;
  await page.getByRole('button', { name: `开始：${mock}` }).click();
  await expect(page).toHaveURL(/\/exam\/[0-9a-f-]+$/);
  await expect(page.getByText('限时 21 分钟')).toBeVisible();
  await page.getByRole('button', { name: '开始本部分' }).click();

  await expect(page.getByText('第 1 题 / 共 12 题')).toBeVisible();
  const start = await timerSeconds(page);
  expect(start).toBeGreaterThan(1250);
  expect(start).toBeLessThanOrEqual(1260);

  // Answer and mark question 1, move on to question 2.
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: '标记', exact: true }).click();
  await expect(page.getByRole('button', { name: '已标记' })).toHaveAttribute('aria-pressed', 'true');
  await next(page);
  await expect(page.getByText('第 2 题 / 共 12 题')).toBeVisible();

  // The review screen: 1 answered and marked, 2 seen, 3 not seen; go to question 3 from it.
  await page.getByRole('button', { name: '检查', exact: true }).click();
  const review = page.getByRole('table', { name: '本部分题目状态' });
  await expect(review.getByRole('button', { name: '前往第 1 题（已作答，已标记）' })).toBeVisible();
  await expect(review.getByRole('button', { name: '前往第 2 题（未作答）' })).toBeVisible();
  await expect(review.getByRole('button', { name: '前往第 3 题（未看过）' })).toBeVisible();
  await review.getByRole('button', { name: /^前往第 12 题/ }).click();
  await expect(page.getByText('第 12 题 / 共 12 题')).toBeVisible();

  // The calculator: order of operations, then Transfer Display into the numeric box.
  await page.getByRole('button', { name: '计算器', exact: true }).click();
  const calc = page.getByRole('dialog', { name: '计算器' });
  for (const key of ['2', '加', '3', '乘', '4', '等于']) {
    await calc.getByRole('button', { name: key, exact: true }).click();
  }
  await expect(calc.getByRole('status', { name: '计算器显示' })).toHaveText('14');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/exam/save_answer'));
  await calc.getByRole('button', { name: /Transfer Display/ }).click();
  await expect(page.getByRole('textbox', { name: /^答案/ })).toHaveValue('14');
  await calc.getByRole('button', { name: '关闭计算器' }).click();

  // Let the debounced save reach the server, then close the tab and open the exam again in a new
  // one: same question, same answer, the server's remaining time.
  await saved;
  const readAt = Date.now();
  const before = await timerSeconds(page);
  const url = page.url();
  await page.close();
  page = await context.newPage();
  await page.goto(url);
  await expect(page.getByText('第 12 题 / 共 12 题')).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^答案/ })).toHaveValue('14');
  const after = await timerSeconds(page);
  // The server kept the clock while the tab was closed: not reset, and no more gone than the reopening took.
  const elapsed = (Date.now() - readAt) / 1000;
  expect(after).toBeLessThanOrEqual(before + 1);
  expect(before - after).toBeLessThanOrEqual(elapsed + 2);
  expect(after).toBeLessThan(start);

  // An answer typed just before the tab closes (inside the save delay) is not lost: it leaves
  // with the page as a keepalive request.
  await page.getByRole('textbox', { name: /^答案/ }).fill('15');
  await page.close({ runBeforeUnload: true });
  page = await context.newPage();
  await expect
    .poll(async () => {
      await page.goto(url);
      await expect(page.getByText('第 12 题 / 共 12 题')).toBeVisible();
      return page.getByRole('textbox', { name: /^答案/ }).inputValue();
    })
    .toBe('15');

  // Keyboard shortcut: Alt+B goes back one question.
  await page.keyboard.press('Alt+KeyB');
  await expect(page.getByText('第 11 题 / 共 12 题')).toBeVisible();
});

test('a section whose time runs out is committed by the server and the player moves on', async ({ page, request }) => {
  test.setTimeout(150_000);
  const token = await signIn(page, request, 'svip@demo.gre-prep.cn');
  // A one-minute custom quant practice of two questions.
  const res = await request.post('/api/exam/create', {
    data: { create_option: { kind: 'quant', count: 2, minutes: 1, question_kinds: ['qc'] } },
    headers: { authorization: `Bearer ${token}` },
  });
  const body = await res.json();
  expect(body.ok).toBe(true);
  await page.goto(`/exam/${body.data.exam_id}`);
  await expect(page.getByText('限时 1 分钟')).toBeVisible();
  await page.getByRole('button', { name: '开始本部分' }).click();
  await expect(page.getByText('第 1 题 / 共 2 题')).toBeVisible();
  await page.getByRole('radio').first().check();

  // No client-side action: the server's deadline passes, the section is committed, the result opens.
  await expect(page.getByText('本部分时间已到，答案已自动提交')).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText('有部分因时间到由系统自动提交')).toBeVisible();
  await expect(
    page
      .getByLabel('原始成绩')
      .getByText(/^\d \/ 2$/)
      .first(),
  ).toBeVisible();
});

test('season, math2 and higher list their sets; higher says why it is closed to a member', async ({
  page,
  request,
}) => {
  const res = await request.post('/api/user/login', {
    data: { account: 'member@demo.gre-prep.cn', password: 'Demo1234' },
  });
  const token = (await res.json()).data.token as string;
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await page.goto('/exercise_list');
  await page.getByRole('link', { name: '每周一练' }).click();
  await expect(page).toHaveURL(/\/season$/);
  await expect(page.getByRole('heading', { name: '每周一练', exact: true, level: 1 })).toBeVisible();
  await expect(page.getByText(/第 1 周/).first()).toBeVisible();
  await page.goto('/math2');
  await expect(page.getByRole('region', { name: /知识领域 · 代数/ })).toBeVisible();
  await expect(page.getByRole('region', { name: /题型 · 数量比较/ })).toBeVisible();
  await page.goto('/higher');
  await expect(page.getByRole('heading', { name: '高阶题库', exact: true, level: 1 })).toBeVisible();
  await expect(page.getByText(/高阶/).nth(1)).toBeVisible();
  // A closed set looks closed: no 开始, the lock and why, and the one way in.
  const closed = page.getByRole('article').first();
  await expect(closed.getByText('高阶题库需由管理员为你开通，请联系客服')).toBeVisible();
  await expect(closed.getByRole('button', { name: /^开始/ })).toHaveCount(0);
  await closed.getByRole('button', { name: /^联系客服后可练习/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

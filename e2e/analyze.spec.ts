// Journeys of the statistics (issue 5): a candidate who finished a practice set and a section mock
// opens analyze from home, switches ranges and reads the figures; a new candidate sees the empty
// state and the way to a first mock. Each project registers its own candidate.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { apiLogin, newCandidate, post } from './support.ts';

type Answer = { selects: number[]; multi_selects: number[]; text: string; description: string; text2: string };

interface ExamView {
  exam: {
    sections: {
      index: number;
      questions: { id: string; data: { input_method: { option_groups: string[][] } } }[];
    }[];
  };
}

/**
 * Works through a set or mock by the API: the first `right` questions with the key, the rest wrong
 * (or left unanswered when `skipRest`), then finishes it. Returns the counts a candidate would see.
 */
async function takeByApi(
  request: APIRequestContext,
  token: string,
  admin: string,
  templateId: string,
  right: number,
  skipRest: boolean,
) {
  const { exam_id } = await post<{ exam_id: string }>(request, '/api/book/open', { template_id: templateId }, token);
  const view = await post<ExamView>(request, '/api/exam/get', { exam_id }, token);
  const section = view.exam.sections[0];
  if (!section) throw new Error('no section');
  let answered = 0;
  for (const [i, q] of section.questions.entries()) {
    await post(request, '/api/exam/open_question', { exam_id, section_index: 0, question_index: i }, token);
    if (i >= right && skipRest) continue;
    const key = (
      await post<{ question: { standard_answer: Answer } }>(request, '/api/question/get', { id: q.id }, admin)
    ).question.standard_answer;
    const options = q.data.input_method.option_groups[0]?.length ?? 5;
    const answer = i < right ? key : { ...key, selects: [((key.selects[0] ?? 0) + 1) % options] };
    await post(request, '/api/exam/save_answer', { exam_id, section_index: 0, question_index: i, answer }, token);
    answered++;
  }
  await post(request, '/api/exam/finish', { exam_id }, token);
  return { total: section.questions.length, answered, right: Math.min(right, section.questions.length) };
}

async function openAs(page: Page, token: string, path: string) {
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await page.goto(path);
}

async function snapshot(page: Page, name: string) {
  await test.info().attach(`${name}-${test.info().project.name}`, {
    body: await page.screenshot({ fullPage: true }),
    contentType: 'image/png',
  });
}

test('a candidate with finished practice opens analyze from home, switches ranges and reads the figures @phone', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await apiLogin(request, 'admin@demo.gre-prep.cn');
  const token = await newCandidate(request);
  const cards = await post<{ cards: { accessable: boolean; template: { id: string; param: string } }[] }>(
    request,
    '/api/book/list_templates',
    { page: 'index' },
    token,
  );
  // Two-blank completions: a kind the Quant mock below does not hold, so its row is the set's alone.
  const tc2 = cards.cards.find((c) => c.accessable && c.template.param.startsWith('index:tc2'));
  expect(tc2).toBeTruthy();
  const set = await takeByApi(request, token, admin, tc2?.template.id as string, 3, false);
  const mock = await takeByApi(request, token, admin, 'mock-qsec-1', 6, true);

  // Home: the summary card counts what was done and leads to analyze.
  await openAs(page, token, '/home');
  const overview = page.getByRole('region', { name: '学习概览' });
  await expect(overview.getByText(String(set.answered + mock.answered), { exact: true })).toBeVisible();
  await expect(overview.getByRole('region', { name: '最近一次模考' })).toContainText('数学单部分模考 1');
  await overview.getByRole('link', { name: '查看学习分析' }).click();
  await expect(page).toHaveURL(/\/analyze$/);
  await expect(page.getByRole('heading', { name: '学习分析', level: 1 })).toBeVisible();

  // 全部: the overview, the mock's scores and the practice broken down by kind.
  await expect(page.getByRole('group', { name: '累计概览' })).toContainText(`${set.answered + mock.answered} 题`);
  const scores = page.getByRole('region', { name: '模考成绩' });
  await expect(scores.getByRole('group', { name: '平均分' })).toContainText('基于 1 次模考');
  await expect(scores.getByRole('figure', { name: '成绩走势图' })).toBeVisible();
  const accuracy = page.getByRole('region', { name: '正确率与用时' });
  await expect(accuracy).toContainText('基于 2 次完成的练习与模考（共 2 次）');
  const row = accuracy.getByRole('row', { name: /双空填空/ });
  await expect(row).toContainText(`${set.right}/${set.answered}`);
  await accuracy.getByRole('tab', { name: '难度' }).click();
  await expect(accuracy.getByRole('table')).toContainText('简单');
  await expect(accuracy.getByRole('region', { name: '错得最多的题型' })).toContainText('双空填空');
  const daily = page.getByRole('region', { name: '每日学习（最近 30 天）' });
  await expect(daily).toContainText(`做题 ${set.answered + mock.answered} 道`);
  await expect(daily.getByRole('figure', { name: '每日做题与正确率' })).toBeVisible();
  await snapshot(page, 'analyze-all');

  // 最近3次: both sets are among the last three.
  const ranges = page.getByRole('radiogroup', { name: '统计范围' });
  await ranges.getByRole('radio', { name: '最近3次' }).click();
  await expect(page).toHaveURL(/\?range=last_3$/);
  await expect(ranges.getByRole('radio', { name: '最近3次' })).toHaveAttribute('aria-checked', 'true');
  await expect(accuracy).toContainText('基于 2 次完成的练习与模考（共 2 次）');

  // 去掉最低3次: too few to drop three, and the page says so.
  await ranges.getByRole('radio', { name: '去掉最低3次' }).click();
  await expect(page).toHaveURL(/\?range=all_but_lowest_3$/);
  await expect(accuracy.getByText('完成的练习不足 4 次（目前 2 次），无法去掉最低 3 次')).toBeVisible();
  await expect(scores.getByText('模考不足 4 次（目前 1 次），无法去掉最低 3 次')).toBeVisible();
  await snapshot(page, 'analyze-lowest');

  // 本月 and back to 全部 by the address.
  await ranges.getByRole('radio', { name: '本月' }).click();
  await expect(page).toHaveURL(/\?range=this_month$/);
  await expect(accuracy).toContainText('共 2 次');
  await page.goto('/analyze?range=forever');
  await expect(page.getByRole('radio', { name: '全部' })).toHaveAttribute('aria-checked', 'true');
});

test('a new candidate sees the empty state and the way to a first mock @phone', async ({ page, request }) => {
  const token = await newCandidate(request);
  await openAs(page, token, '/home');
  await expect(page.getByRole('region', { name: '学习概览' }).getByText('还没有模考记录')).toBeVisible();
  // The navigation has the page (the bottom bar on a phone, the top bar on a desktop).
  await page.getByRole('link', { name: '分析' }).filter({ visible: true }).first().click();
  await expect(page).toHaveURL(/\/analyze$/);
  const scores = page.getByRole('region', { name: '模考成绩' });
  await expect(scores.getByText(/还没有模考记录/)).toBeVisible();
  await expect(page.getByRole('region', { name: '正确率与用时' }).getByText(/还没有完成的练习/)).toBeVisible();
  await expect(page.getByText('最近 30 天还没有学习记录。')).toBeVisible();
  await snapshot(page, 'analyze-empty');
  await scores.getByRole('link', { name: '去模考' }).click();
  await expect(page).toHaveURL(/\/simulate$/);
});

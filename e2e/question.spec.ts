// Journeys of issue 3: a candidate searches the bank for a word from a reading passage, answers the
// question and reveals the answer and analysis; every question kind shows its own controls; an
// ordinary member opening a VIP question is told so.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { apiLogin } from './support.ts';

async function signIn(page: Page, request: APIRequestContext, account: string): Promise<string> {
  const token = await apiLogin(request, account);
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  return token;
}

interface ApiQuestion {
  id: string;
  kind: string;
  input_method: { kind: string };
  standard_answer: { selects: number[]; text: string; text2: string } | null;
  word_info: { id: string } | null;
}

async function apiPost<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const res = await request.post(path, { data, headers: { authorization: `Bearer ${token}` } });
  const body = await res.json();
  if (!body.ok) throw new Error(`${path} failed: ${JSON.stringify(body.err_data)}`);
  return body.data as T;
}

const getQuestion = (request: APIRequestContext, token: string, id: string) =>
  apiPost<{ question: ApiQuestion }>(request, token, '/api/question/get', { id }).then((d) => d.question);

/**
 * A word from the passage of a reading question the caller can find by search (the mock-only pool is
 * left out of a candidate's search and follows the bank, ADR 0021): the passage's longest word.
 */
async function searchableReadingWord(request: APIRequestContext, token: string): Promise<string> {
  const found = await apiPost<{ question_infos: { id: string }[] }>(request, token, '/api/question/search', {
    category: 2,
    kinds: ['rc_single'],
    only_accessible: true,
    page_size: 1,
  });
  const id = found.question_infos[0]?.id as string;
  const { group } = await apiPost<{ group: { paragraphs: string[][] } | null }>(request, token, '/api/question/get', {
    id,
  });
  const words = (group?.paragraphs.flat().join(' ') ?? '').match(/\b[a-z]{8,}\b/g) ?? [];
  return words.sort((a, b) => b.length - a.length || a.localeCompare(b))[0] as string;
}

const reveal = (page: Page) => page.getByRole('button', { name: '查看答案与解析' }).click();

test('a VIP searches a word from a reading passage, answers, and reveals the answer and analysis', async ({
  page,
  request,
}) => {
  const token = await signIn(page, request, 'vip@demo.gre-prep.cn');
  await page.goto('/home');
  await page.getByRole('link', { name: '搜索' }).first().click();
  await expect(page).toHaveURL(/\/search$/);

  const word = await searchableReadingWord(request, token);
  await page.getByLabel('搜索关键词').fill(word);
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}$`));
  const results = page.getByRole('region', { name: '搜索结果' });
  await expect(results.getByText(/^共 \d+ 道题/)).toBeVisible();
  await expect(results.locator('mark').first()).toHaveText(new RegExp(word.slice(0, -2), 'i'));

  // The query is in the URL: a reload shows the same results.
  await page.reload();
  await expect(page.getByLabel('搜索关键词')).toHaveValue(word);
  await expect(results.locator('mark').first()).toHaveText(new RegExp(word.slice(0, -2), 'i'));

  // Only reading single-answer questions, then open the first result.
  await page.getByRole('button', { name: '阅读', exact: true }).click();
  await page.getByRole('button', { name: '阅读单选' }).click();
  await expect(page).toHaveURL(/category=2/);
  await expect(page).toHaveURL(/kind=rc_single/);
  await results.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/search\/q\/r-\d{4}$/);
  const id = new URL(page.url()).pathname.split('/').pop() as string;

  // The passage (with the word) sits beside the question; its translation can be shown.
  const passage = page.getByRole('region', { name: '文章' });
  await expect(passage).toContainText(new RegExp(word.slice(0, -2), 'i'));
  await page.getByRole('button', { name: '显示译文' }).click();
  await expect(passage.getByText('参考译文')).toBeVisible();

  // Answer with the key, then reveal: right, with the analysis.
  const q = await getQuestion(request, token, id);
  const key = q.standard_answer?.selects[0] ?? 0;
  await page.getByRole('radiogroup', { name: '请选择一项' }).getByRole('radio').nth(key).check();
  await reveal(page);
  await expect(page.getByText('回答正确')).toBeVisible();
  await expect(page.getByRole('heading', { name: '解析' })).toBeVisible();

  // Choose another option: the view now says wrong and marks the correct option.
  await page
    .getByRole('radiogroup', { name: '请选择一项' })
    .getByRole('radio')
    .nth(key === 0 ? 1 : 0)
    .check();
  await expect(page.getByText('回答错误')).toBeVisible();

  // Back returns to the filtered results.
  await page.getByRole('button', { name: '返回搜索结果' }).click();
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}&category=2&kind=rc_single$`));
  await expect(results.getByRole('link').first()).toBeVisible();
});

test('every question kind opens by id with its own controls', async ({ page, request }) => {
  const token = await signIn(page, request, 'svip@demo.gre-prep.cn');
  const open = async (id: string) => {
    await page.goto(`/search/q/${id}`);
    await expect(page.getByRole('article', { name: '题目' })).toBeVisible();
  };

  await test.step('tc1: one column of five', async () => {
    await open('f1-0001');
    await expect(page.getByRole('radiogroup', { name: 'Blank', exact: true }).getByRole('radio')).toHaveCount(5);
  });
  await test.step('tc2: a column per blank', async () => {
    await open('f2-0001');
    await expect(page.getByRole('radiogroup', { name: /^Blank \(/ })).toHaveCount(2);
  });
  await test.step('tc3: three columns; choosing fills the blank', async () => {
    await open('f3-0001');
    await expect(page.getByRole('radiogroup', { name: /^Blank \(/ })).toHaveCount(3);
    const third = page.getByRole('radiogroup', { name: 'Blank (iii)' });
    await third.getByRole('radio').first().check();
    await expect(third.getByRole('radio').first()).toBeChecked();
  });
  await test.step('se: six checkboxes, exactly two', async () => {
    await open('se-0001');
    const boxes = page.getByRole('checkbox');
    await expect(boxes).toHaveCount(6);
    await boxes.nth(1).check();
    await boxes.nth(4).check();
    await boxes.nth(0).click();
    await expect(page.getByText('只能选择两项')).toBeVisible();
    await expect(boxes.nth(0)).not.toBeChecked();
    await reveal(page);
    await expect(page.getByText('回答正确')).toBeVisible();
  });
  await test.step('rc_single: passage beside five options', async () => {
    await open('r-0001');
    await expect(page.getByRole('region', { name: '文章' })).toBeVisible();
    await expect(page.getByRole('radio')).toHaveCount(5);
  });
  await test.step('rc_multi: select all that apply', async () => {
    await open('r-0002');
    // The instruction is printed once (the directions); the choices' heading only counts.
    await expect(page.getByText('Select all that apply', { exact: true })).toHaveCount(0);
    await expect(page.getByText('可选多项（已选 0）')).toBeVisible();
    await expect(page.getByRole('checkbox')).toHaveCount(3);
  });
  await test.step('rc_select: sentences of the passage are the choices', async () => {
    await open('r-0005');
    await expect(
      page
        .getByRole('radiogroup', { name: /文章句子/ })
        .getByRole('radio')
        .first(),
    ).toBeVisible();
  });
  await test.step('qc: Quantity A and B with the four fixed choices', async () => {
    await open('qc-0001');
    await expect(page.getByText('Quantity A', { exact: true })).toBeVisible();
    await expect(page.getByText('Quantity B', { exact: true })).toBeVisible();
    await expect(page.getByRole('radio')).toHaveCount(4);
    await expect(
      page.getByRole('radio', { name: /The relationship cannot be determined from the information given\./ }),
    ).toBeVisible();
  });
  await test.step('ps_single and ps_multi', async () => {
    await open('ps-0001');
    await expect(page.getByRole('radio')).toHaveCount(5);
    await open('pm-0001');
    await expect(page.getByText('可选多项（已选 0）')).toBeVisible();
    await expect(page.getByRole('checkbox')).toHaveCount(8);
  });
  await test.step('numeric: one box with its unit', async () => {
    await open('ne-0001');
    const box = page.getByRole('textbox', { name: /答案/ });
    await box.fill('24abc');
    await expect(box).toHaveValue('24');
    await expect(page.getByText('%', { exact: true })).toBeVisible();
    await reveal(page);
    await expect(page.getByText('回答正确')).toBeVisible();
  });
  await test.step('numeric_fraction: two boxes; an equivalent fraction is right', async () => {
    await open('ne-0002');
    await page.getByRole('textbox', { name: '分子' }).fill('6');
    await page.getByRole('textbox', { name: '分母' }).fill('10');
    await reveal(page);
    await expect(page.getByText('回答正确')).toBeVisible();
  });
  await test.step('data interpretation: a table and a chart drawn from data', async () => {
    await open('di-0001');
    await expect(page.getByRole('region', { name: '图表' }).getByRole('table')).toBeVisible();
    await open('di-0004');
    await expect(page.getByRole('img', { name: /Monthly rainfall/ })).toBeVisible();
  });
  await test.step('issue: prompt, instructions, a text box and the guide', async () => {
    await open('is-0001');
    const essay = page.getByLabel('你的作文（英文）');
    await essay.fill('I agree with the recommendation.');
    await expect(page.getByText(/^5 words/)).toBeVisible();
    await reveal(page);
    await expect(page.getByRole('heading', { name: '可选立场' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '写作提纲' })).toBeVisible();
  });
  await test.step('word: the word and its Chinese meanings, then its details', async () => {
    const found = await apiPost<{ question_infos: { id: string; kind: string }[] }>(
      request,
      token,
      '/api/question/search',
      { category: 5, kinds: ['word_meaning'], page_size: 1 },
    );
    const wordId = found.question_infos[0]?.id as string;
    expect(wordId).toMatch(/^w/);
    const q = await getQuestion(request, token, wordId);
    await open(wordId);
    await expect(page.getByText(q.word_info?.id as string, { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('radio')).toHaveCount(5);
    await reveal(page);
    await expect(page.getByRole('heading', { name: '单词详情' })).toBeVisible();
  });
});

test('select-in-passage works by tap and by keyboard @phone', async ({ page, request }) => {
  await signIn(page, request, 'vip@demo.gre-prep.cn');
  await page.goto('/search/q/r-0005');
  const sentences = page.getByRole('radiogroup', { name: /文章句子/ }).getByRole('radio');
  await sentences.nth(0).click();
  await expect(sentences.nth(0)).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText('你选择了第 1 句')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(sentences.nth(1)).toHaveAttribute('aria-checked', 'true');
  await expect(sentences.nth(1)).toBeFocused();
  await reveal(page);
  await expect(page.getByText('回答正确')).toBeVisible();
  await sentences.nth(1).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByText('回答错误')).toBeVisible();
});

test('select-in-passage that names a paragraph marks it and lets only its sentences be chosen', async ({
  page,
  request,
}) => {
  await signIn(page, request, 'vip@demo.gre-prep.cn');
  // r-0034: "Select the sentence in the third paragraph that …".
  await page.goto('/search/q/r-0034');
  await expect(page.getByText('第 3 段 · 在本段中选句')).toBeVisible();
  const named = page.locator('[data-named-paragraph="true"]');
  const radios = page.getByRole('radiogroup', { name: /文章句子/ }).getByRole('radio');
  // Every choosable sentence is in the named paragraph.
  const inNamed = await named.getByRole('radio').count();
  expect(inNamed).toBeGreaterThan(0);
  await expect(radios).toHaveCount(inNamed);
  await radios.last().click();
  await page.keyboard.press('ArrowRight');
  await expect(radios.first()).toBeFocused();
});

test('an ordinary member sees locked results and cannot open them @phone', async ({ page, request }) => {
  const token = await signIn(page, request, 'member@demo.gre-prep.cn');
  // A page of reading results that holds a locked question (which one follows the bank).
  const listed = await apiPost<{ question_infos: { accessable: boolean }[] }>(request, token, '/api/question/search', {
    category: 2,
    page_size: 50,
  });
  const locked = listed.question_infos.findIndex((q) => !q.accessable);
  expect(locked).toBeGreaterThanOrEqual(0);
  await page.goto(`/search?category=2&page=${Math.floor(locked / 20) + 1}`);
  await expect(page.getByRole('img', { name: '需开通会员' }).first()).toBeVisible();
  await page.goto('/search/q/r-0002');
  await expect(page.getByRole('dialog', { name: '普通会员只能访问公开题目' })).toBeVisible();
  await expect(page.getByText('这道题需要开通会员')).toBeVisible();
});

test('search filters and pages live in the URL', async ({ page, request }) => {
  const token = await signIn(page, request, 'vip@demo.gre-prep.cn');
  await page.goto('/search');
  const results = page.getByRole('region', { name: '搜索结果' });
  await expect(results.getByText(/^共 \d+ 道题/)).toBeVisible();

  await page.getByRole('button', { name: '第 2 页' }).click();
  await expect(page).toHaveURL(/\/search\?page=2$/);

  // A filter goes back to page 1.
  await page.getByRole('button', { name: '困难' }).click();
  await expect(page).toHaveURL(/\/search\?difficulty=3$/);
  await expect(results.getByText('困难').first()).toBeVisible();

  // A knowledge point from /api/question/get_tags.
  await page.getByRole('button', { name: '数学', exact: true }).click();
  await expect(page).toHaveURL(/category=3/);
  await page.getByRole('combobox', { name: '知识点' }).click();
  // The list of the chosen category (math's most used point first, as get_tags orders it), not the
  // 全部 list it replaces: read an option only once the category's own list is there.
  const mathTags = await apiPost<{ tags: { name: string }[] }>(request, token, '/api/question/get_tags', {
    category: 3,
  });
  const option = page.getByRole('option').first();
  await expect(option).toHaveText(new RegExp(`^${mathTags.tags[0]?.name}\\d`));
  const tagName = ((await option.textContent()) ?? '').replace(/\d+$/, '').trim();
  await option.click();
  await expect(page).toHaveURL(/category=3&difficulty=3&tag=t-/);
  await expect(results.getByRole('link').first()).toContainText(tagName);

  await page.getByLabel('只看可做的题').click();
  await expect(page).toHaveURL(/only=1/);
  await expect(page.getByLabel('只看可做的题')).toBeChecked();
  await page.reload();
  await expect(page.getByLabel('只看可做的题')).toBeChecked();
  await expect(page.getByRole('button', { name: '困难' })).toHaveAttribute('aria-pressed', 'true');
});

test('a Chinese search (two characters and one) finds questions and opens one with its analysis', async ({
  page,
  request,
}) => {
  await signIn(page, request, 'svip@demo.gre-prep.cn');
  await page.goto('/search');
  await page.getByLabel('搜索关键词').fill('等腰');
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  const results = page.getByRole('region', { name: '搜索结果' });
  await expect(results.locator('mark').first()).toHaveText('等腰');
  await page.getByLabel('搜索关键词').fill('圆');
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(results.getByText(/^共 \d+ 道题/)).toBeVisible();
  await expect(results.locator('mark').first()).toHaveText('圆');
  await results.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/search\/q\//);
  await reveal(page);
  await expect(page.getByRole('heading', { name: '解析' })).toBeVisible();
});

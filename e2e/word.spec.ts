// The vocabulary (issue 15): a candidate searches the GRE list, opens a word (GRE sense first,
// 发音), adds it to 生词本, marks another as 熟词, opens a frequency book, merges it into 生词本 and
// sees the book's progress change. Desktop and phone, each with its own account and book.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { newCandidate } from './support.ts';

/** A candidate of its own (other journeys add words to the demo accounts' lists). */
async function signIn(page: Page, request: APIRequestContext): Promise<void> {
  const token = await newCandidate(request, 'words');
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
}

test('a candidate finds a word, adds it to 生词本, marks a 熟词 and merges a word book @phone', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const phone = testInfo.project.name === 'phone';
  await signIn(page, request);
  const [word, simple, unit] = phone ? ['prodigal', 'laconic', 3] : ['mercurial', 'obdurate', 2];

  // The nav lists the word page; the list loads with its filters.
  await page.goto('/home');
  await page
    .getByRole('navigation', { name: phone ? '底部导航' : '主导航' })
    .getByRole('link', { name: '单词' })
    .click();
  await expect(page).toHaveURL(/\/word$/);
  await expect(page.getByRole('heading', { name: '单词', level: 1 })).toBeVisible();
  await expect(page.getByText(/^GRE 词表共 \d+ 词/)).toBeVisible();

  // Search, open the word: the GRE sense first, the phonetic, pronunciation.
  await page.getByRole('searchbox', { name: '查找单词' }).fill(word);
  await page.getByRole('button', { name: '查找' }).click();
  const list = page.getByRole('region', { name: '单词列表' });
  await list.getByRole('button', { name: new RegExp(`^${word}`) }).click();
  const details = phone
    ? page.getByRole('dialog', { name: '单词详情' })
    : page.getByRole('complementary', { name: '单词详情' });
  await expect(details.getByRole('heading', { name: word })).toBeVisible();
  const meanings = details.getByRole('region', { name: '释义（GRE 常考义在前）' });
  await expect(meanings).toContainText(/[\u4e00-\u9fff]/);
  await expect(details.getByRole('button', { name: `发音：${word}` })).toBeEnabled();
  await details.getByRole('button', { name: `发音：${word}` }).click();

  // Into 生词本.
  await details.getByRole('button', { name: '加入生词本' }).click();
  await expect(details.getByRole('button', { name: '移出生词本' })).toBeVisible();
  if (phone) await details.getByRole('button', { name: '关闭' }).click();
  await expect(list.getByRole('button', { name: new RegExp(`^${word}`) })).toContainText('生词本');

  // Another word as 熟词.
  await page.getByRole('searchbox', { name: '查找单词' }).fill(simple);
  await page.getByRole('button', { name: '查找' }).click();
  await list.getByRole('button', { name: new RegExp(`^${simple}`) }).click();
  await expect(details.getByRole('heading', { name: simple })).toBeVisible();
  await details.getByRole('button', { name: '标为熟词' }).click();
  await expect(details.getByRole('button', { name: '取消熟词' })).toBeVisible();
  if (phone) await details.getByRole('button', { name: '关闭' }).click();

  // The 熟词 filter finds it (on a phone the filters are folded away first).
  if (phone) await page.getByRole('button', { name: /^筛选/ }).click();
  await page.getByRole('group', { name: '我的' }).getByRole('button', { name: '熟词' }).click();
  await expect(list.getByRole('button', { name: new RegExp(`^${simple}`) })).toBeVisible();

  // Word books: a frequency unit, merged into 生词本, its progress from 0 to all.
  await page.getByRole('tab', { name: '词书' }).click();
  await expect(page.getByRole('region', { name: '我的词书' })).toBeVisible();
  await page.getByRole('link', { name: new RegExp(`^常见词 第 ${unit} 单元`) }).click();
  await expect(page).toHaveURL(new RegExp(`/wordbook/band-1-${unit}$`));
  await expect(page.getByRole('heading', { name: `常见词 第 ${unit} 单元`, level: 1 })).toBeVisible();
  const progress = page.getByText(/^已学 \d+ \/ \d+ 词（\d+%）/);
  await expect(progress).toHaveText(/^已学 0 \/ \d+ 词（0%）/);
  const size = Number(/\/ (\d+) 词/.exec((await progress.textContent()) ?? '')?.[1]);
  expect(size).toBeGreaterThanOrEqual(50);
  await page.getByRole('button', { name: '全部并入生词本' }).click();
  await expect(progress).toHaveText(new RegExp(`^已学 ${size} / ${size} 词（100%）`));
  await expect(page.getByRole('listitem').first()).toContainText('生词本');

  // 我的生词本 holds the word and the book.
  await page.getByRole('link', { name: '全部词书' }).click();
  await expect(page.getByRole('link', { name: /^我的生词本/ })).toContainText(`已学 ${size + 1} / ${size + 1} 词`);
});

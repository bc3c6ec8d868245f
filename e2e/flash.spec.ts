// Flash cards (issue 15, ADR 0028): a candidate adds a word to 生词本 on /word, opens a word book,
// creates a flash set from it (the dialog shows what it costs against today's free new words), plays
// a round of learn cards and a round of quiz cards (keyboard and taps), sees each round's summary
// with the five levels and the missed words, collects a card, ends the set (Result) and finds the
// collected card in 我的闪卡 (personal/card), and comes back tomorrow (the server's clock moved a day
// through CLOCK_OFFSET_FILE) to find the missed words due in 今日到期复习. Desktop and phone, each with a
// new account of its own and its own book.
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { moveServerClock, newCandidate } from './support.ts';

/** A new trial candidate per attempt (20 free new words a day): a retry starts from an empty 生词本 and unseen books. */
async function signIn(page: Page, request: APIRequestContext, prefix: string): Promise<void> {
  const token = await newCandidate(request, prefix);
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
}

/** A screenshot in test-results/screens, looked at by hand. */
async function shot(page: Page, project: string, name: string) {
  const file = path.join(import.meta.dirname, `../test-results/screens/flash-${project}-${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
}

test('a candidate creates a flash set from a word book and plays it through every stage @phone', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const phone = testInfo.project.name === 'phone';
  await signIn(page, request, `flash-${testInfo.project.name}`);
  const [word, book] = phone ? ['garrulous', 'band-1-6'] : ['laconic', 'band-1-5'];

  // /word: add a word to 生词本.
  await page.goto('/word');
  await page.getByRole('searchbox', { name: '查找单词' }).fill(word);
  await page.getByRole('button', { name: '查找' }).click();
  await page
    .getByRole('region', { name: '单词列表' })
    .getByRole('button', { name: new RegExp(`^${word}`) })
    .click();
  const details = phone
    ? page.getByRole('dialog', { name: '单词详情' })
    : page.getByRole('complementary', { name: '单词详情' });
  await details.getByRole('button', { name: '加入生词本' }).click();
  await expect(details.getByRole('button', { name: '移出生词本' })).toBeVisible();
  if (phone) await details.getByRole('button', { name: '关闭' }).click();
  await expect(page.getByRole('button', { name: '生词本闪卡学习' })).toBeEnabled();

  // A word book: 闪卡学习 → the create dialog with the cost against today's quota.
  await page.goto(`/wordbook/${book}`);
  await page.getByRole('button', { name: '闪卡学习' }).click();
  const create = page.getByRole('dialog', { name: /闪卡学习/ });
  await create.getByRole('combobox', { name: '每组卡片数' }).click();
  await page.getByRole('option', { name: '10 张' }).click();
  await shot(page, testInfo.project.name, 'create');
  await expect(create.getByText(/本组 10 张卡片，其中新词 10 个。今日免费新词还剩 \d+ 个/)).toBeVisible();
  await create.getByRole('button', { name: '开始学习' }).click();

  // StartIntro.
  await expect(page).toHaveURL(/\/flash\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: /^闪卡：/ })).toBeVisible();
  await expect(page.getByText('本组 10 张卡片')).toBeVisible();
  await shot(page, testInfo.project.name, 'intro');
  await page.getByRole('button', { name: '开始学习' }).click();

  // Round 1: learn cards (desktop by keyboard, phone by taps); one collected.
  let collectedWord = '';
  for (let i = 0; i < 10; i++) {
    await expect(page.getByText(`第 1 轮 · 第 ${i + 1} / 10 张`)).toBeVisible();
    if (i === 0) {
      await shot(page, testInfo.project.name, 'learn');
      collectedWord = ((await page.getByRole('heading', { level: 2 }).first().textContent()) ?? '').trim();
      await page.getByRole('button', { name: '收藏', exact: true }).click();
      await expect(page.getByRole('status').filter({ hasText: '收藏成功, 可在【我的闪卡-收藏】处查看' })).toBeVisible();
      await expect(page.getByRole('button', { name: '已收藏' })).toBeVisible();
    }
    if (phone) await page.getByRole('button', { name: '认识（1）' }).click();
    else await page.keyboard.press('1');
    const next = page.getByRole('button', { name: '下一张（Enter）' });
    await expect(next).toBeFocused();
    if (phone) await next.click();
    else await page.keyboard.press('Enter');
  }
  await page.getByRole('button', { name: '查看本轮小结' }).click();

  // RoundSummary: the five levels, nothing missed.
  await expect(page.getByRole('heading', { name: '第 1 轮小结' })).toBeVisible();
  await expect(page.getByText('本轮全部答对')).toBeVisible();
  await page.getByRole('button', { name: '继续下一轮' }).click();

  // Round 2: quiz cards, always the first option: the wrong ones are shown with the key and listed after.
  let wrong = 0;
  for (let i = 0; i < 10; i++) {
    await expect(page.getByText(`第 2 轮 · 第 ${i + 1} / 10 张`)).toBeVisible();
    await expect(page.getByRole('group', { name: '选择释义' })).toBeVisible();
    if (phone) await page.getByRole('group', { name: '选择释义' }).getByRole('button').first().click();
    else await page.keyboard.press('1');
    const verdict = page.getByText(/^回答(正确|错误)/);
    await expect(verdict).toBeVisible();
    if (/错误/.test((await verdict.textContent()) ?? '')) wrong++;
    if (i === 0) await shot(page, testInfo.project.name, 'quiz-answered');
    await page.getByRole('button', { name: '下一张（Enter）' }).click();
  }
  await page.getByRole('button', { name: '查看本轮小结' }).click();
  await expect(page.getByRole('heading', { name: '第 2 轮小结' })).toBeVisible();
  if (wrong) await expect(page.getByText(`答错的单词（${wrong}）`)).toBeVisible();
  else await expect(page.getByText('本轮全部答对')).toBeVisible();
  await expect(page.getByRole('term').filter({ hasText: '掌握' })).toBeVisible();
  await shot(page, testInfo.project.name, 'summary');
  await page.getByRole('button', { name: '继续下一轮' }).click();

  // Round 3 begins (exam cards for the right ones); give the set up: Result.
  await expect(page.getByText('第 3 轮 · 第 1 / 10 张')).toBeVisible();
  await shot(page, testInfo.project.name, 'exam');
  await page.getByRole('button', { name: '放弃本组' }).click();
  await expect(page.getByRole('heading', { name: '本组已结束' })).toBeVisible();
  await expect(page.getByText(/共 2 轮、20 次作答/)).toBeVisible();
  await shot(page, testInfo.project.name, 'result');

  // Home's 背单词 counts today's words.
  await page.goto('/home');
  const aim = page.getByRole('link', { name: '背单词' }).locator('xpath=../..');
  await expect(aim).toContainText(/\d+ \/ \d+ 个|已完成 \d+ 个/);
  const studied = Number(((await aim.textContent()) ?? '').match(/(\d+)(?: \/|\s*个)/)?.[1]);
  expect(studied).toBeGreaterThanOrEqual(10);

  // 我的闪卡 (personal/card): from the personal page, the collected card is listed; the 已掌握 tab is empty.
  await page.goto('/personal');
  await page.getByRole('link', { name: '收藏的卡片' }).click();
  await expect(page.getByRole('heading', { name: /我的闪卡/ })).toBeVisible();
  await expect(page.getByRole('link', { name: collectedWord, exact: true })).toBeVisible();
  await shot(page, testInfo.project.name, 'cards');
  await page.getByRole('button', { name: '已掌握' }).click();
  await expect(page.getByRole('button', { name: '已掌握' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(/还没有掌握的卡片/)).toBeVisible();

  // Tomorrow: today nothing is due yet; a day later the words missed in round 2 are (with any others
  // the memory model schedules for that day), and 今日到期复习 makes a set of them with no new words.
  await page.goto('/word');
  await page.getByRole('button', { name: '今日到期复习' }).click();
  const due = page.getByRole('dialog', { name: /闪卡学习/ });
  await expect(due.getByText(/^今天没有到期需要复习的单词/)).toBeVisible();
  await due.getByRole('button', { name: '取消' }).click();
  await moveServerClock(24 * 3600 * 1000);
  try {
    await page.reload();
    await page.getByRole('button', { name: '今日到期复习' }).click();
    const offer = due.getByText(/本组 \d+ 张卡片，其中新词 0 个/);
    await expect(offer).toBeVisible();
    const cards = Number(/本组 (\d+) 张/.exec((await offer.textContent()) ?? '')?.[1]);
    expect(cards).toBeGreaterThanOrEqual(Math.max(1, wrong));
    expect(cards).toBeLessThanOrEqual(10);
    await shot(page, testInfo.project.name, 'due-tomorrow');
    await due.getByRole('button', { name: '开始学习' }).click();
    await expect(page.getByText(`本组 ${cards} 张卡片`)).toBeVisible();
    await page.getByRole('button', { name: '开始学习' }).click();
    await expect(page.getByText(`第 1 轮 · 第 1 / ${cards} 张`)).toBeVisible();
  } finally {
    await moveServerClock(0);
  }
});

// Archives (issue 19, ADR 0041): a VIP member opens a 精选 set (and finishes it) and the six-two word
// book; an admin retires both from /web_manage's 下架 tab; the member no longer finds them in the lists,
// opens the archived set from /archived_pick (reached from 个人中心's 我的存档) and sees the attempt with
// its report, then the archived six-two book read-only; /wordbook/sixtwo says it was retired. The admin
// restores both at the end (so the journey can run again on the phone). Desktop and phone (@phone).
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { apiLogin, post } from './support.ts';

async function shot(page: Page, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  const file = path.join(
    import.meta.dirname,
    `../test-results/screens/archives-${width < 600 ? 'phone' : 'desktop'}-${name}.png`,
  );
  await page.screenshot({ path: file, fullPage: true });
}

async function signIn(page: Page, token: string) {
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
}

interface Card {
  template: { id: string; title: string };
}

test('an admin retires a 精选 set and the six-two book; the member finds both read-only in the archives @phone', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const member = await apiLogin(request, 'vip@demo.gre-prep.cn');
  const admin = await apiLogin(request, 'admin@demo.gre-prep.cn');

  // The member opens a 精选 set and hands it in, and reads the six-two book.
  const { cards } = await post<{ cards: Card[] }>(request, '/api/book/list_templates', { page: 'pick' }, member);
  const set = cards[0] as Card;
  const opened = await post<{ exam_id: string }>(
    request,
    '/api/book/open',
    { template_id: set.template.id, restart: true },
    member,
  );
  await post(request, '/api/exam/finish', { exam_id: opened.exam_id }, member);
  await post(request, '/api/word/get_details_by_book', { book_id: 'sixtwo', page_size: 5 }, member);

  // The admin retires both from /web_manage → 下架.
  const desk = page.viewportSize()?.width ?? 1280;
  const adminPage = await browser.newPage({ viewport: { width: desk < 600 ? 412 : 1280, height: 900 } });
  await signIn(adminPage, admin);
  await adminPage.goto('/web_manage?tab=retire');
  const table = adminPage.getByRole('table', { name: '可下架的练习册与词书' });
  const setRow = table.getByRole('row').filter({ hasText: set.template.title });
  await expect(setRow).toContainText('在列表中');
  await setRow.getByRole('button', { name: `下架 ${set.template.title}` }).click();
  await expect(setRow).toContainText('已下架');
  await expect(setRow).toContainText('1 人');
  const bookRow = table.getByRole('row').filter({ hasText: '六选二词对' });
  await bookRow.getByRole('button', { name: '下架 六选二词对' }).click();
  await expect(bookRow).toContainText('已下架');
  await shot(adminPage, 'admin-retire');
  // A second retirement of the same set is refused in Chinese (the API; the page offers 恢复 instead).
  const again = await (
    await request.post('/api/archive/set_retired', {
      data: { kind: 'pick', id: set.template.id, retired: true },
      headers: { authorization: `Bearer ${admin}` },
    })
  ).json();
  expect(again.err_data.show).toBe('这套精选练习已经下架了');

  try {
    // The member: gone from the list; 我的存档 on 个人中心 leads to the archived set and its report.
    await signIn(page, member);
    await page.goto('/personal');
    const archive = page.getByRole('navigation', { name: '我的存档' });
    await expect(archive).toBeVisible();
    await shot(page, 'personal');
    await archive.getByRole('link', { name: '已下架的精选' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '已下架的精选' })).toBeVisible();
    await shot(page, 'pick-list');
    await page.getByRole('link', { name: `查看 ${set.template.title}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: set.template.title })).toBeVisible();
    await expect(page.getByText('只读存档')).toBeVisible();
    const record = page.getByRole('listitem').filter({ hasText: set.template.title }).first();
    await expect(record).toContainText('已完成');
    await expect(record.getByRole('link', { name: '继续' })).toHaveCount(0);
    await shot(page, 'pick-set');
    await record.getByRole('link', { name: '查看报告' }).click();
    await expect(page).toHaveURL(/\/report\//);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // The six-two book: read-only in the archive, refused at /wordbook/sixtwo.
    await page.goto('/archived_six_two');
    await expect(page.getByRole('heading', { level: 1, name: '已下架的六选二词书' })).toBeVisible();
    await page.getByRole('link', { name: '查看 六选二词对' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '六选二词对' })).toBeVisible();
    await expect(page.getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('button', { name: /加入生词本|全部并入生词本/ })).toHaveCount(0);
    await shot(page, 'sixtwo-book');
    await page.goto('/wordbook/sixtwo');
    await expect(page.getByRole('main').getByText(/这本词书已下架/)).toBeVisible();

    // A set the member never opened has no archive: a Chinese refusal.
    const other = cards[1] as Card;
    await page.goto(`/archived_pick/${other.template.id}`);
    await expect(page.getByRole('main').getByText(/存档里没有这套精选练习/)).toBeVisible();
    await shot(page, 'pick-refused');
  } finally {
    // Restore both, so the next run (the phone) finds them in the lists again.
    for (const [kind, id] of [
      ['pick', set.template.id],
      ['sixtwo', 'sixtwo'],
    ])
      await post(request, '/api/archive/set_retired', { kind, id, retired: false }, admin);
    await adminPage.close();
  }
});

// Lessons (issue 19, ADR 0039): a VIP opens the catalogue, plays a lesson (hls.js over Media Source
// Extensions in Debian's Chromium: H.264 main + AAC from our own packaging), seeks, pauses, leaves,
// and comes back at the same position — read from the server, not the browser; a trial user is
// refused the member lesson with the Chinese refusal, and the signed media addresses they did not get
// answer 403. Desktop and phone, each on its own lesson. Screenshots in test-results/screens.
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { apiLogin, newCandidate, post } from './support.ts';

async function shot(page: Page, project: string, name: string) {
  const file = path.join(import.meta.dirname, `../test-results/screens/lessons-${project}-${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
}

const currentTime = (page: Page) => page.getByTestId('lesson-video').evaluate((v: HTMLVideoElement) => v.currentTime);

test('a member watches a lesson, leaves and comes back at the same position; a trial user is refused @phone', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const project = testInfo.project.name;
  const phone = project === 'phone';
  // Each project its own member lesson, so their positions never meet.
  const [lessonId, title, topic] = phone
    ? ['se-pairs', '句子等价：找意思相同的一对', '语文']
    : ['qc-strategies', '数量比较：代入特殊值', '数学'];
  const token = await apiLogin(request, 'vip@demo.gre-prep.cn');
  await post(request, '/api/lesson/save_progress', { id: lessonId, position_s: 0 }, token);
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('token', t), token);

  // The catalogue, by topic: from the navigation (on a phone under the bottom bar's 更多).
  await page.goto('/home');
  if (phone) {
    const bar = page.getByRole('navigation', { name: '底部导航' });
    await bar.getByRole('button', { name: '更多' }).click();
    await page.getByRole('menuitem', { name: '课程' }).click();
  } else {
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '课程' }).click();
  }
  await expect(page).toHaveURL(/\/video$/);
  // The first page of a fresh server can be slow on a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: '课程' })).toBeVisible({ timeout: 30_000 });
  const section = page.getByRole('region', { name: topic });
  await expect(section.getByRole('heading', { name: title })).toBeVisible();
  await shot(page, project, 'catalogue');
  await section.getByRole('link', { name: new RegExp(title) }).click();
  await expect(page).toHaveURL(new RegExp(`/video/${lessonId}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // It plays: the clock moves (hls.js fed the H.264/AAC segments through MSE).
  const video = page.getByTestId('lesson-video');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(1);
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(1.5);
  expect(await video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
  // Seek to 20 s, let it play on a moment, pause: the pause saves the position on the server.
  await video.evaluate((v: HTMLVideoElement) => {
    v.currentTime = 20;
  });
  await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(20.5);
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/lesson/save_progress') && r.request().method() === 'POST',
  );
  await video.evaluate((v: HTMLVideoElement) => v.pause());
  await saved;
  const pausedAt = await currentTime(page);
  await shot(page, project, 'playing');
  const onServer = await post<{ position_s: number }>(request, '/api/lesson/get', { id: lessonId }, token);
  expect(Math.abs(onServer.position_s - pausedAt)).toBeLessThan(0.6);

  // The practice link goes to the kind's practice list.
  await expect(page.getByRole('link', { name: /^去练习「/ })).toHaveAttribute('href', /\/exercise_list#kind-/);

  // Leave (a fresh page: nothing of the browser's memory) and come back: the same position.
  await page.getByRole('link', { name: '课程目录' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '课程' })).toBeVisible();
  await page.reload();
  await page
    .getByRole('region', { name: topic })
    .getByRole('link', { name: new RegExp(title) })
    .click();
  await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(pausedAt - 1);
  expect(Math.abs((await currentTime(page)) - pausedAt)).toBeLessThan(1.5);
  await shot(page, project, 'back');

  // A trial user: the member lesson is refused in Chinese; the catalogue marks it 会员.
  const trial = await newCandidate(request, `lessons-${project}`);
  await page.evaluate((t) => localStorage.setItem('token', t), trial);
  await page.goto(`/video/${lessonId}`);
  await expect(page.getByText('这是会员课程，开通 VIP 会员后即可观看').first()).toBeVisible();
  await shot(page, project, 'refused');
  const refused = await request.post('/api/lesson/get', {
    data: { id: lessonId },
    headers: { authorization: `Bearer ${trial}` },
  });
  expect((await refused.json()).err_data.kind).toBe('limit');
  // An address signed for the VIP but tampered with for someone else: 403 in Chinese.
  const play = await post<{ master_url: string }>(request, '/api/lesson/get', { id: lessonId }, token);
  const forged = await request.get(play.master_url.replace(/u=\d+/, 'u=1'));
  expect(forged.status()).toBe(403);
  expect(await forged.text()).toContain('视频地址无效');
});

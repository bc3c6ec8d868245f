// Discussions under questions (issue 18, ADR 0037): two candidates discuss a question on its search
// view. The first comments and subscribes; the second sees it, likes it and replies; the first finds
// the reply in 提醒 on /mail, and its link opens the question with the discussion. A comment with a
// picture (添加图片 → the upload-image dialog, a description as its alt text) waits as 审核中 until the
// demo teacher approves it on /review_comments; then the second candidate sees the picture. Desktop
// and phone, each with its own two candidates.
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { apiLogin, newCandidate, post } from './support.ts';

const figure = path.join(import.meta.dirname, 'files/qr-study-group.png');

async function shot(page: Page, project: string, name: string) {
  const file = path.join(import.meta.dirname, `../test-results/screens/discuss-${project}-${name}.png`);
  await page.screenshot({ path: file, fullPage: project === 'phone' });
}

/** A question a new candidate may open and discuss. */
async function openQuestion(request: APIRequestContext, token: string): Promise<string> {
  const found = await post<{ question_infos: { id: string }[] }>(
    request,
    '/api/question/search',
    { category: 1, page_size: 20 },
    token,
  );
  for (const q of found.question_infos) {
    const res = await request.post('/api/post/get', {
      data: { topic_id: q.id },
      headers: { authorization: `Bearer ${token}` },
    });
    if ((await res.json()).ok) return q.id;
  }
  throw new Error('no question a candidate may discuss');
}

test('two candidates discuss a question: comment, subscribe, like, reply, the reply in mail @phone', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const project = testInfo.project.name;
  const tag = `${project}-${Date.now().toString(36)}`;
  const first = await newCandidate(request, `discuss-a-${project}`);
  const second = await newCandidate(request, `discuss-b-${project}`);
  const topic = await openQuestion(request, first);
  const comment = `这题的关键是 whereas 表示对比 ${tag}`;
  const reply = `同意，前后两句的态度正好相反 ${tag}`;

  // The first candidate: 讨论 on the question, a comment, 订阅.
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('token', t), first);
  await page.goto(`/search/q/${topic}`);
  await page.getByRole('button', { name: '讨论' }).click();
  const discussion = page.getByRole('region', { name: '讨论' });
  // Empty on a fresh site; another project's run may have discussed it already.
  await expect(discussion.getByText(/还没有人讨论这道题|条讨论/).first()).toBeVisible();
  await discussion.getByRole('textbox', { name: '发表评论' }).fill(comment);
  await discussion.getByRole('button', { name: '发表' }).click();
  await expect(discussion.getByText(comment)).toBeVisible();
  const subscribe = discussion.getByRole('button', { name: '订阅' });
  await subscribe.click();
  await expect(discussion.getByRole('button', { name: '已订阅' })).toHaveAttribute('aria-pressed', 'true');

  // A comment with a picture: 添加图片 opens the upload-image dialog; it is held for a teacher.
  const pictured = `见图：两句的态度对比 ${tag}`;
  const alt = `两句态度对比图 ${tag}`;
  await discussion.getByRole('textbox', { name: '发表评论' }).fill(pictured);
  await discussion.getByRole('button', { name: '添加图片' }).click();
  const dialog = page.getByRole('dialog', { name: /添加图片/ });
  await dialog.getByLabel('选择图片文件').setInputFiles(figure);
  await dialog.getByRole('button', { name: '上传', exact: true }).click();
  await expect(dialog).toBeHidden();
  await discussion.getByRole('textbox', { name: '图片 1 说明（选填）' }).fill(alt);
  await expect(discussion.getByText('带图片的评论需老师审核后才会公开')).toBeVisible();
  await shot(page, project, 'picture');
  await discussion.getByRole('button', { name: '发表' }).click();
  const held = discussion.getByRole('listitem').filter({ hasText: pictured });
  await expect(held.getByText('审核中')).toBeVisible();
  const heldImage = held.getByRole('img', { name: alt });
  await expect(heldImage).toBeVisible();
  await expect.poll(() => heldImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(discussion.getByRole('textbox', { name: '图片 1 说明（选填）' })).toBeHidden();
  await shot(page, project, 'first');

  // The demo teacher sees the picture in the review queue and approves it.
  const teacher = await apiLogin(request, 'teacher@demo.gre-prep.cn');
  await page.evaluate((t) => localStorage.setItem('token', t), teacher);
  await page.goto('/review_comments');
  const queued = page.getByRole('listitem').filter({ hasText: pictured });
  await expect(queued.getByRole('img', { name: alt })).toBeVisible();
  await expect(queued.getByText('含 1 张图片')).toBeVisible();
  await shot(page, project, 'review');
  await queued.getByRole('button', { name: '通过', exact: true }).click();
  await expect(queued).toBeHidden();

  // The second candidate: sees it, likes it, replies.
  await page.evaluate((t) => localStorage.setItem('token', t), second);
  await page.goto(`/search/q/${topic}#discuss`);
  const item = page.getByRole('region', { name: '讨论' }).getByRole('listitem').filter({ hasText: comment });
  await expect(item).toBeVisible();
  const shown = page.getByRole('region', { name: '讨论' }).getByRole('listitem').filter({ hasText: pictured });
  await expect(shown.getByRole('img', { name: alt })).toBeVisible();
  await expect(shown.getByText('审核中')).toBeHidden();
  const like = item.getByRole('button', { name: /^点赞/ });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await like.click();
  await expect(item.getByRole('button', { name: '点赞，1 人赞过' })).toHaveAttribute('aria-pressed', 'true');
  await item.getByRole('button', { name: '回复' }).first().click();
  await item.getByRole('textbox', { name: /^回复/ }).fill(reply);
  await item.getByRole('button', { name: '回复', exact: true }).last().click();
  await expect(page.getByText(reply)).toBeVisible();
  await shot(page, project, 'second');

  // The first candidate: the reply arrived as a remind mail; its link opens the discussion.
  await page.evaluate((t) => localStorage.setItem('token', t), first);
  await page.goto('/mail?tab=remind');
  const mail = page.getByRole('button', { name: /回复了你的评论/ }).first();
  await expect(mail).toBeVisible();
  await shot(page, project, 'mail');
  await mail.click();
  const letter = page.getByRole('dialog');
  await expect(letter.getByText(reply)).toBeVisible();
  await letter.getByRole('button', { name: '前往查看' }).click();
  await expect(page).toHaveURL(new RegExp(`/search/q/${topic}`));
  await expect(page.getByRole('region', { name: '讨论' }).getByText(reply)).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: '讨论' })
      .getByRole('listitem')
      .filter({ hasText: comment })
      .getByRole('button', { name: '点赞，1 人赞过' }),
  ).toBeVisible();
  await shot(page, project, 'back');
});

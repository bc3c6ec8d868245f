// Journeys of issue 2: a new candidate registers with an email code, signs in on home, changes the
// signature and logs out; an expired login goes back to /login; an admin's maintenance switch at
// /web_manage shows the overlay to members, and a quota changed there is what a member's card says.
import path from 'node:path';
import { expect, registerInBrowser, scanA11y, test } from './fixtures.ts';
import { apiLogin, expiredToken, post, setMaintenance, uniqueEmail } from './support.ts';

test('a new candidate registers, signs in, changes the signature and logs out @phone', async ({ page }) => {
  const email = uniqueEmail('journey');
  await registerInBrowser(page, email, 'Kettle-moon-47');

  // Home: the new user, a trial, and today's aim.
  await expect(page).toHaveURL(/\/(home)?$/);
  await expect(page.getByText(/小明/).filter({ visible: true }).first()).toBeVisible();
  await expect(page.getByText('试用用户').filter({ visible: true }).first()).toBeVisible();

  // Sign in once; the button turns into "signed" and the streak is 1.
  await page.getByRole('button', { name: '签到', exact: true }).click();
  await expect(page.getByRole('button', { name: '今日已签到' })).toBeDisabled();
  await expect(page.getByText(/已连续签到 1 天/)).toBeVisible();

  // Personal: change the signature; it survives a reload.
  await page.getByRole('link', { name: '个人中心' }).first().click();
  await expect(page).toHaveURL(/\/personal$/);
  const signature = page.getByLabel('个性签名');
  await signature.fill('目标 Verbal 160+');
  await page.getByRole('button', { name: '保存签名' }).click();
  await expect(page.getByText('签名已更新')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('个性签名')).toHaveValue('目标 Verbal 160+');

  // Log out: back to /login, and home is no longer reachable.
  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/personal');
  await expect(page).toHaveURL(/\/login\?next=%2Fpersonal$/);

  // Log in again with the password.
  await page.getByLabel('手机号或邮箱').fill(email);
  await page.getByLabel('密码', { exact: true }).fill('Kettle-moon-47');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  // Back on the page that sent the visitor to /login.
  await expect(page).toHaveURL(/\/personal$/);
  await page.getByRole('link', { name: '首页' }).first().click();
  await expect(page.getByRole('button', { name: '今日已签到' })).toBeDisabled();
});

test('sets today’s aim on the personal page and sees it on home', async ({ page, request }) => {
  const token = await apiLogin(request, 'member@demo.gre-prep.cn');
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await page.goto('/personal');
  await page.getByLabel('每日题数').fill('45');
  await page.getByRole('button', { name: '保存目标' }).click();
  await expect(page.getByText('每日目标已保存')).toBeVisible();
  await page.getByRole('link', { name: '首页' }).first().click();
  await expect(page.getByText(/\/\s*45/).first()).toBeVisible();
});

test('a wrong password is refused in Chinese and nothing else happens', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('手机号或邮箱').fill('vip@demo.gre-prep.cn');
  await page.getByLabel('密码', { exact: true }).fill('Wrong1234');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByText('账号或密码错误')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a deep link opened while logged out comes back after login, query kept @phone', async ({ page }) => {
  await page.goto('/search?q=argue');
  await expect(page).toHaveURL(/\/login\?next=%2Fsearch%3Fq%3Dargue$/);
  await page.getByLabel('手机号或邮箱').fill('member@demo.gre-prep.cn');
  await page.getByLabel('密码', { exact: true }).fill('Demo1234');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/search\?q=argue$/);
  // Another origin in the parameter is not followed.
  await page.evaluate(() => localStorage.removeItem('token'));
  await page.goto('/login?next=%2F%2Fevil.example%2F');
  await page.getByLabel('手机号或邮箱').fill('member@demo.gre-prep.cn');
  await page.getByLabel('密码', { exact: true }).fill('Demo1234');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/home$/);
});

test('the login hint (proxy abroad, Chrome) opens from the help link and after a request that cannot reach the server', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByRole('button', { name: '遇到问题？' }).click();
  const hint = page.getByRole('dialog', { name: '登录遇到问题？' });
  await expect(hint.getByText('在海外请使用代理访问')).toBeVisible();
  await expect(hint.getByText('使用 Chrome 浏览器')).toBeVisible();
  await hint.getByRole('button', { name: '知道了' }).click();
  await expect(hint).toBeHidden();
  // The connection fails: the hint opens by itself.
  await page.route('**/api/user/login', (route) => route.abort('connectionrefused'));
  await page.getByLabel('手机号或邮箱').fill('member@demo.gre-prep.cn');
  await page.getByLabel('密码', { exact: true }).fill('Demo1234');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByRole('dialog', { name: '登录遇到问题？' })).toBeVisible();
});

test('an expired login goes to /login after the warning', async ({ page, request }) => {
  const res = await request.post('/api/user/login', {
    data: { account: 'trial@demo.gre-prep.cn', password: 'Demo1234' },
  });
  const userId = (await res.json()).data.user.id as string;
  await page.goto('/login');
  await page.evaluate(async (t) => localStorage.setItem('token', t), await expiredToken(userId));
  await page.goto('/personal');
  await expect(page.getByText('登录已过期，请重新登录')).toBeVisible();
  await expect(page).toHaveURL(/\/login\?next=%2Fpersonal$/, { timeout: 8_000 });
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('a malformed stored token sends the visitor to /login', async ({ page }) => {
  await page.goto('/login');
  await page.evaluate(() => localStorage.setItem('token', 'not-a-jwt'));
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login$/);
});

test('an admin turns maintenance on at /web_manage: members see the overlay, which lifts when it ends', async ({
  page,
  request,
  browser,
}) => {
  const admin = await apiLogin(request, 'admin@demo.gre-prep.cn');
  const member = await apiLogin(request, 'member@demo.gre-prep.cn');
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('token', t), member);
  const adminPage = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    // The admin, from the personal page's 工作台.
    await adminPage.goto('/login');
    await adminPage.evaluate((t) => localStorage.setItem('token', t), admin);
    await adminPage.goto('/personal');
    await adminPage.getByRole('navigation', { name: '工作台' }).getByRole('link', { name: '网站管理' }).click();
    const card = adminPage.getByRole('form', { name: '维护模式' });
    await expect(card.getByText('正常运行')).toBeVisible();
    await card.getByRole('textbox', { name: '维护说明（可选，显示在维护页）' }).fill('数据库升级');
    await card.getByRole('button', { name: '开启维护' }).click();
    await expect(card.getByText('维护中')).toBeVisible();
    await expect(card.getByText('维护说明：数据库升级')).toBeVisible();
    await adminPage.screenshot({
      path: path.join(import.meta.dirname, '../test-results/screens/web-manage-desktop.png'),
    });
    await adminPage.setViewportSize({ width: 412, height: 915 });
    await adminPage.screenshot({
      path: path.join(import.meta.dirname, '../test-results/screens/web-manage-phone.png'),
    });

    await page.goto('/home');
    const overlay = page.getByRole('dialog', { name: '服务升级中' });
    await expect(overlay).toBeVisible();
    await expect(overlay.getByText('预计 2 分钟内恢复')).toBeVisible();

    // The admin still works during maintenance, and ends it.
    await card.getByRole('button', { name: '结束维护' }).click();
    await expect(card.getByText('正常运行')).toBeVisible();
    await new Promise((r) => setTimeout(r, 2_100)); // the server caches the switch for 2 s
    await overlay.getByRole('button', { name: '刷新' }).click();
    await expect(page.getByRole('dialog', { name: '服务升级中' })).toBeHidden();
    await expect(page.getByRole('button', { name: /签到/ })).toBeVisible();
  } finally {
    await setMaintenance(request, admin, false);
    await adminPage.close();
  }
});

test('an admin changes the ordinary members’ daily questions at /web_manage: a member’s card says the new number', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000); // eight axe reads of a long table form
  type Roles = { roles: { role_kind: number; visibilities: string[]; quota: Record<string, number | boolean> }[] };
  const admin = await apiLogin(request, 'admin@demo.gre-prep.cn');
  const member = await apiLogin(request, 'member@demo.gre-prep.cn');
  const before = (await post<Roles>(request, '/api/system/get_manage', {}, admin)).roles.find((r) => r.role_kind === 2);
  if (!before) throw new Error('no ordinary member rights');
  // A context of its own: axe-core reads a page only in one (browser.newPage would not do).
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const adminPage = await adminContext.newPage();
  try {
    await adminPage.goto('/login');
    await adminPage.evaluate((t) => localStorage.setItem('token', t), admin);
    await adminPage.goto('/web_manage');
    await adminPage.getByRole('tab', { name: '权限与额度' }).click();
    const perDay = adminPage.getByRole('textbox', { name: '普通会员 每日做题数' });
    await perDay.fill('-5');
    await adminPage.getByRole('button', { name: '保存普通会员' }).click();
    await expect(adminPage.getByRole('alert')).toContainText('每日做题数须为 -1（不限）或不小于 0 的整数');
    await perDay.fill('77');
    await adminPage.getByRole('button', { name: '保存普通会员' }).click();
    await expect(adminPage.getByText('已保存「普通会员」的权益，立即生效')).toBeVisible();
    // Every tab of the console passes axe (this second page is not the fixture's), at desktop and phone width.
    for (const width of [1280, 390]) {
      await adminPage.setViewportSize({ width, height: 800 });
      for (const tab of ['版本', '权限与额度', '套餐价格', '员工']) {
        await adminPage.getByRole('tab', { name: tab }).click();
        await expect(adminPage.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
        await expect(adminPage.getByRole('button', { name: /保存/ }).first()).toBeVisible();
        expect(await scanA11y(adminPage), `${tab} at ${width}px`).toEqual([]);
      }
    }

    await page.goto('/login');
    await page.evaluate((t) => localStorage.setItem('token', t), member);
    await page.goto('/personal');
    await expect(page.getByRole('definition').filter({ hasText: '每天 77 题' })).toBeVisible({ timeout: 30_000 });
  } finally {
    await post(request, '/api/system/set_role_rights', before, admin);
    await adminContext.close();
  }
});

test('deep links are served by the app and unknown pages show the 404 page', async ({ page, request }) => {
  const token = await apiLogin(request, 'vip@demo.gre-prep.cn');
  await page.goto('/agreement');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await expect(page.getByRole('heading', { name: /用户协议/ })).toBeVisible();
  await page.goto('/no/such/page');
  await expect(page.getByText(/404|页面不存在/).first()).toBeVisible();
});

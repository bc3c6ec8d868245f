// Screenshots of the main screens at desktop and phone width, for review and the README.
// Usage: start the server (npm start), then `node e2e/screenshots.ts [baseUrl] [outDir]`.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const out = path.resolve(process.argv[3] ?? 'docs/screenshots');
fs.mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const res = await fetch(`${base}/api/user/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ account: 'vip@demo.gre-prep.cn', password: 'Demo1234' }),
});
const token = ((await res.json()) as { data: { token: string } }).data.token;

// More pages (e.g. an exam's result: exam/<id>) from the command line after the base URL and folder.
const extraRoutes = process.argv.slice(4);

const sizes = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
for (const [name, viewport] of Object.entries(sizes)) {
  const page = await browser.newPage({ viewport, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', deviceScaleFactor: 1 });
  await page.goto(`${base}/login`);
  await page.getByRole('button', { name: '登录', exact: true }).waitFor();
  await page.screenshot({ path: path.join(out, `login-${name}.png`) });
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  for (const route of ['home', 'personal', 'simulate', 'analyze', 'idea', 'record', 'word', ...extraRoutes]) {
    await page.goto(`${base}/${route}`);
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: path.join(out, `${route}-${name}.png`), fullPage: name === 'phone' });
  }
  await page.close();
}
await browser.close();
console.log(`screenshots in ${out}`);

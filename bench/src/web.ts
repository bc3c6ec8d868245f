// `npm run bench:web`: what a first visit costs per main route, in Debian's Chromium against the real
// server (fresh embedded database, demo accounts, the web app built from the working tree): bytes on
// the wire for every request of the page load (compressed as sent, headers included, empty cache),
// the first screen's scripts (entry + modulepreload of index.html), and the time from navigation to
// the route's main heading on screen, unthrottled and on a throttled "slow 4G" link.
// BENCH_WEB_RUNS (default 3) page loads per cell, the median is shown; BENCH_WEB_BUILD=0 skips the build.
import { spawnSync } from 'node:child_process';
import { type Browser, chromium } from '@playwright/test';
import { root, startProcess, stop, tempDataDir } from './server.ts';

const runs = Number(process.env.BENCH_WEB_RUNS ?? 3);
const port = 3296;
const base = `http://127.0.0.1:${port}`;

interface Route {
  path: string;
  /** The main heading: an `h1` matching `selector` whose text contains `text`. */
  selector: string;
  text: string;
  member: boolean;
}

const routes: Route[] = [
  { path: '/login', selector: 'h1', text: '欢迎回来', member: false },
  { path: '/home', selector: 'main h1', text: '', member: true },
  { path: '/exercise_list', selector: 'main h1', text: '练习', member: true },
  { path: '/simulate', selector: 'main h1', text: '模考', member: true },
  { path: '/search', selector: 'main h1', text: '搜索题目', member: true },
  { path: '/analyze', selector: 'main h1', text: '学习分析', member: true },
];

/** Lighthouse's "slow 4G" (mobile) link: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up. */
const slow4g = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

/** Chromium as the browser journeys launch it (e2e/playwright.config.ts). */
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

interface Load {
  requests: number;
  scriptBytes: number;
  allBytes: number;
  headingMs: number;
}

/** Stamps `window.__headingAt` (ms since navigation start) when the heading is first laid out on screen. */
function watchHeading(target: { selector: string; text: string }) {
  const found = () => {
    for (const el of document.querySelectorAll(target.selector)) {
      if (!el.textContent?.includes(target.text)) continue;
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden') return true;
    }
    return false;
  };
  const observer = new MutationObserver(() => {
    if (!found()) return;
    (window as unknown as { __headingAt: number }).__headingAt = performance.now();
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}

async function loadOnce(browser: Browser, route: Route, token: string, throttled: boolean): Promise<Load> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  try {
    if (route.member) await context.addInitScript((t) => localStorage.setItem('token', t), token);
    await context.addInitScript(watchHeading, { selector: route.selector, text: route.text });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    if (throttled) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...slow4g });
    const scripts = new Set<string>();
    let requests = 0;
    let scriptBytes = 0;
    let allBytes = 0;
    cdp.on('Network.responseReceived', (e) => {
      if (e.type === 'Script') scripts.add(e.requestId);
    });
    cdp.on('Network.loadingFinished', (e) => {
      requests++;
      allBytes += e.encodedDataLength;
      if (scripts.has(e.requestId)) scriptBytes += e.encodedDataLength;
    });
    await page.goto(`${base}${route.path}`, { waitUntil: 'commit' });
    await page.waitForFunction(() => (window as unknown as { __headingAt?: number }).__headingAt !== undefined, null, {
      timeout: 60_000,
      polling: 50,
    });
    const headingMs = await page.evaluate(() => (window as unknown as { __headingAt: number }).__headingAt);
    // Every request of the page load: wait until the network has been quiet for 500 ms.
    await page.waitForLoadState('networkidle');
    return { requests, scriptBytes, allBytes, headingMs };
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
};

/** The first screen's scripts as index.html lists them, with their size as sent to a brotli browser. */
async function firstScreenScripts(): Promise<{ count: number; bytes: number; encoding: string }> {
  const html = await (await fetch(`${base}/login`)).text();
  const srcs = [
    ...html.matchAll(/<(?:script[^>]*type="module"[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+)"/g),
  ];
  let bytes = 0;
  const encodings = new Set<string>();
  for (const [, src] of srcs) {
    const res = await fetch(`${base}${src}`, { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
    bytes += Number(res.headers.get('content-length'));
    encodings.add(res.headers.get('content-encoding') ?? 'identity');
  }
  return { count: srcs.length, bytes, encoding: [...encodings].join('+') };
}

async function main() {
  if (process.env.BENCH_WEB_BUILD !== '0') {
    const built = spawnSync('npm', ['run', 'build', '-w', '@gre/web', '--silent'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('the web build failed');
  }
  const server = await startProcess(
    ['apps/server/src/main.ts'],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: tempDataDir(),
      RATE_LIMIT_PER_MINUTE: '0',
      LOG_LEVEL: 'info',
      DEMO_MODE: 'true',
      APP_ENV: 'devel',
    },
    /is ready on/,
  );
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
  try {
    const res = await fetch(`${base}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'vip@demo.gre-prep.cn', password: 'Demo1234' }),
    });
    const token = ((await res.json()) as { data: { token: string } }).data.token;
    // One untimed load warms the server (catalogue, prepared statements) and the disk cache.
    await loadOnce(browser, routes[1] as Route, token, false);

    const rows: { route: Route; fast: Load[]; slow: Load[] }[] = [];
    for (const route of routes) {
      const fast: Load[] = [];
      const slow: Load[] = [];
      for (let i = 0; i < runs; i++) fast.push(await loadOnce(browser, route, token, false));
      for (let i = 0; i < runs; i++) slow.push(await loadOnce(browser, route, token, true));
      rows.push({ route, fast, slow });
      process.stdout.write('.');
    }
    const first = await firstScreenScripts();

    const kb = (n: number) => (n / 1000).toFixed(1).padStart(9);
    const ms = (n: number) => String(Math.round(n)).padStart(11);
    console.log(
      `\nfirst visit, empty cache, Chromium ${browser.version()} at 1280×800, median of ${runs} loads; bytes as received (headers included)`,
    );
    console.log(`${'route'.padEnd(15)} requests  JS kB    all kB   heading ms  slow 4G ms`);
    for (const { route, fast, slow } of rows) {
      // Byte counts of a page load barely move between runs; the median run is shown.
      const bytes = fast[Math.floor(fast.length / 2)] as Load;
      console.log(
        `${route.path.padEnd(15)} ${String(bytes.requests).padStart(8)}${kb(bytes.scriptBytes)}${kb(bytes.allBytes)}` +
          `${ms(median(fast.map((l) => l.headingMs)))} ${ms(median(slow.map((l) => l.headingMs)))}`,
      );
    }
    console.log(
      `\nfirst-screen scripts of index.html (entry + modulepreload): ${first.count} files, ${(first.bytes / 1000).toFixed(1)} kB as sent (${first.encoding}); budget 200 kB`,
    );
    console.log(
      `slow 4G: ${slow4g.latency} ms added per request, ${((slow4g.downloadThroughput * 8) / 1024 / 1024).toFixed(1)} Mbit/s down, ${((slow4g.uploadThroughput * 8) / 1024).toFixed(0)} kbit/s up (Chromium's network emulation; CPU not throttled)`,
    );
  } finally {
    await browser.close();
    await stop(server.proc);
  }
}

await main();

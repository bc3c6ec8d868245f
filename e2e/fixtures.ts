// Every journey imports `test` and `expect` from here. An automatic fixture runs axe-core (WCAG 2.2 A
// and AA rules) on every page the journey visits: after each main-frame navigation (page loads and
// the app's own route changes) and on the page the journey ends on. A serious or critical violation
// fails the journey, listing rule, page and elements (ADR 0009, issue 11).
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { codeFromOutbox } from './support.ts';

export { expect };

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const failing = new Set(['serious', 'critical']);

export interface A11yFinding {
  page: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Scans what `page` shows now; the serious and critical findings. */
export async function scanA11y(page: Page): Promise<A11yFinding[]> {
  const where = new URL(page.url()).pathname;
  // The phone's bottom navigation is fixed over the lowest line of the window by design (every page
  // scrolls out from under it), and the app bar (and a few list headers) stick to the top. axe counts
  // a target one of them happens to half-cover at the moment of the read as too small ("partially
  // obscured"), which depends only on the scroll position (a journey's last click decides it); for the
  // read they are laid in the page's flow, so they are still read themselves and cover nothing (ADR 0009).
  const flowBar = (on: boolean) =>
    page
      .evaluate((set) => {
        if (set) {
          const bar = document.querySelector<HTMLElement>('nav[aria-label="底部导航"]');
          const stuck = [...document.querySelectorAll<HTMLElement>('body *')].filter(
            (e) => getComputedStyle(e).position === 'sticky',
          );
          for (const e of [...(bar ? [bar] : []), ...stuck]) {
            e.dataset.a11yFlow = e.style.getPropertyValue('position');
            e.style.setProperty('position', 'static', 'important');
          }
        } else {
          for (const e of document.querySelectorAll<HTMLElement>('[data-a11y-flow]')) {
            const before = e.dataset.a11yFlow;
            if (before) e.style.setProperty('position', before);
            else e.style.removeProperty('position');
            delete e.dataset.a11yFlow;
          }
        }
      }, on)
      .catch(() => {});
  await flowBar(true);
  const result = await new AxeBuilder({ page })
    .withTags(wcagTags)
    .analyze()
    .finally(() => flowBar(false));
  return result.violations
    .filter((v) => failing.has(v.impact ?? ''))
    .map((v) => ({
      page: where,
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes
        .slice(0, 5)
        .map(
          (n) =>
            `${n.target.join(' ')}  ${n.html.slice(0, 140)}  ${(n.failureSummary ?? '').split('\n').slice(1, 2).join('').trim()}`,
        ),
    }));
}

/**
 * The shape of what `page` shows: a hash of every element's tag, classes (MUI's classes carry its
 * colours and states), role, type, accessible-name attributes and whether it holds text of its own,
 * with the route's ids left out. Two states of the same shape differ only in their words (another
 * question of the same kind, a count that moved), which axe's rules do not judge differently.
 */
export function shapeOf(page: Page): Promise<string> {
  return page.evaluate(() => {
    let h = 0x811c9dc5;
    let n = 0;
    const add = (s: string) => {
      for (let i = 0; i < s.length; i++) {
        h ^= s.charCodeAt(i);
        h = Math.imul(h, 16777619);
      }
    };
    for (const el of document.querySelectorAll('body *')) {
      const text = [...el.childNodes].some((c) => c.nodeType === 3 && (c.textContent ?? '').trim() !== '');
      const named = ['aria-label', 'aria-labelledby', 'alt', 'title'].map((a) => (el.hasAttribute(a) ? 1 : 0)).join('');
      add(
        `${el.tagName}|${el.getAttribute('class') ?? ''}|${el.getAttribute('role') ?? ''}|${el.getAttribute('type') ?? ''}|${text ? 1 : 0}${named};`,
      );
      n++;
    }
    const route = location.pathname.replace(/[0-9a-f]{8}-[0-9a-f-]{27,}|\d+/gi, ':id');
    return `${route} ${document.title ? 't' : ''}${n}:${(h >>> 0).toString(16)}`;
  });
}

/** Starts counting the page's changes of structure (elements added or removed; a ticking clock's text is not one). */
function watchChanges() {
  const w = window as unknown as { e2eChanges: number; e2eWatch?: MutationObserver };
  w.e2eWatch?.disconnect();
  w.e2eChanges = 0;
  const isElement = (n: Node) => n.nodeType === Node.ELEMENT_NODE;
  w.e2eWatch = new MutationObserver((records) => {
    for (const r of records)
      if ([...r.addedNodes].some(isElement) || [...r.removedNodes].some(isElement)) w.e2eChanges++;
  });
  w.e2eWatch.observe(document.body, { childList: true, subtree: true });
}

/** How many changes the page saw since `watchChanges`; stops counting. */
function changesSinceWatch(): number {
  const w = window as unknown as { e2eChanges?: number; e2eWatch?: MutationObserver };
  w.e2eWatch?.disconnect();
  return w.e2eChanges ?? 0;
}

/**
 * Shapes already scanned by this worker (every journey of the run): a state is read by axe once,
 * the first time any journey shows it. Scans cost about a second each and journeys revisit the
 * same states many times (a list before and after a filter, home after each reload), so without
 * this half of the browser suite's time was axe reading pages it had already read (ADR 0009).
 */
const scannedShapes = new Set<string>();

// Transitions and animations off: a scan must see the settled page, not a dialog half faded in
// (which reads as low contrast); the journeys wait for what they need either way.
const noMotion = `*,*::before,*::after{transition:none!important;animation:none!important;caret-color:auto!important}`;

export const test = base.extend<{ a11y: A11yFinding[] }>({
  a11y: [
    async ({ page }, use, testInfo) => {
      await page.addInitScript((css) => {
        const add = () => {
          const style = document.createElement('style');
          style.dataset.e2e = 'no-motion';
          style.textContent = css;
          document.head.append(style);
        };
        if (document.head) add();
        else document.addEventListener('DOMContentLoaded', add, { once: true });
      }, noMotion);
      const findings: A11yFinding[] = [];
      const scanned = new Set<string>();
      let chain: Promise<void> = Promise.resolve();
      const scanSoon = (attempt = 1) => {
        chain = chain.then(async () => {
          // Let the route render (lazy chunks, first data) before reading it.
          await page.waitForLoadState('load').catch(() => {});
          await page.waitForTimeout(400).catch(() => {});
          if (page.isClosed()) return;
          const url = page.url();
          if (!url.startsWith('http')) return;
          try {
            const shape = await shapeOf(page);
            if (scannedShapes.has(shape)) return;
            // The journey goes on while axe reads (a second or more): a read that overlapped a change
            // of the page measured half of one state and half of the next (a button "obscured" by the
            // card that replaced its neighbour). Such a read is void and the page is read again.
            await page.evaluate(watchChanges);
            const read = await scanA11y(page);
            if (await page.evaluate(changesSinceWatch)) {
              if (attempt < 3) scanSoon(attempt + 1);
              return;
            }
            findings.push(...read);
            scannedShapes.add(shape);
            scanned.add(new URL(url).pathname);
          } catch {
            // The page moved on while it was being read (a navigation destroys the context): the
            // next navigation's scan, or the final one, reads the page that is there now.
          }
        });
      };
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) scanSoon();
      });
      await use(findings);
      if (!page.isClosed() && testInfo.status === testInfo.expectedStatus) {
        scanSoon();
        // A void read queues another: wait until the chain stops growing.
        for (let seen = chain; ; seen = chain) {
          await seen;
          if (seen === chain) break;
        }
        const unique = new Map(findings.map((f) => [`${f.page} ${f.rule} ${f.targets.join(',')}`, f]));
        const report = [...unique.values()].map(
          (f) => `${f.impact} ${f.rule} on ${f.page}: ${f.help}\n    ${f.targets.join('\n    ')}`,
        );
        await testInfo.attach('axe', {
          body: JSON.stringify({ scanned: [...scanned], findings }, null, 2),
          contentType: 'application/json',
        });
        expect(report, `axe-core found serious or critical WCAG 2.2 AA violations:\n${report.join('\n')}`).toEqual([]);
      }
    },
    { auto: true },
  ],
});

/** Registers a new candidate through the login page's 注册 tab (email code from the dev outbox). */
export async function registerInBrowser(page: Page, email: string, password: string, name = '小明') {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('tab', { name: '注册' }).click();
  await page.getByLabel('手机号或邮箱').fill(email);
  await page.getByRole('button', { name: '获取验证码' }).click();
  const code = await codeFromOutbox(email);
  await page.getByLabel('验证码').fill(code);
  await page.getByLabel('昵称').fill(name);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '注册', exact: true }).click();
}

// The axe fixture itself (ADR 0009): a state is scanned once per shape, so the shape must stay when
// only words change and must change whenever a page gains something axe judges; the scan reports it.
// On a page of its own (about:blank, which the fixture's automatic scans leave alone).
import { expect, scanA11y, shapeOf, test } from './fixtures.ts';

const page0 = `<!doctype html><html lang="zh-CN"><head><title>axe</title></head>
  <body><main><h1 id="h">第一题</h1><p>题干</p><button type="button">下一题</button></main></body></html>`;

test('words alone keep the shape; a nameless button and an image without alt change it and are reported', async ({
  page,
}) => {
  await page.setContent(page0);
  const before = await shapeOf(page);
  expect((await scanA11y(page)).map((f) => f.rule)).toEqual([]);

  await page.evaluate(() => {
    (document.getElementById('h') as HTMLElement).textContent = '第二题';
  });
  expect(await shapeOf(page)).toBe(before);

  await page.evaluate(() => {
    const b = document.createElement('button');
    const i = document.createElement('img');
    i.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
    b.append(i);
    document.querySelector('main')?.append(b);
  });
  expect(await shapeOf(page)).not.toBe(before);
  expect((await scanA11y(page)).map((f) => f.rule)).toEqual(expect.arrayContaining(['button-name', 'image-alt']));
});

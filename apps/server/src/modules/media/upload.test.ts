// Image uploads (ADR 0036): real PNG, JPEG and GIF files are re-encoded to WebP (rotated by EXIF,
// scaled to 1600 px, metadata gone) and served public-by-link with a long cache; everything else -
// text renamed .png, a truncated image, an oversize file, a PDF, no file, a second file, JSON - is
// refused in Chinese and leaves nothing on disk or in the table; anonymous and frozen callers too.
import fs from 'node:fs';
import path from 'node:path';
import { imageMaxBytes, uploadImage, uploadsPerHour } from '@gre/contract/endpoints/upload';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema/media.ts';
import { users } from '../../db/schema/user.ts';
import { registerUser } from '../../test/accounts.ts';
import { createTestApp, type TestApp, testDbKinds } from '../../test/harness.ts';
import { multipartBody, type Part } from '../../test/multipart.ts';

const png = () =>
  sharp({ create: { width: 400, height: 300, channels: 4, background: { r: 20, g: 120, b: 200, alpha: 1 } } })
    .png()
    .toBuffer();
/** A 2400×1200 photo whose EXIF says "rotate 90°", with a camera model in its metadata. */
const jpeg = () =>
  sharp({ create: { width: 2400, height: 1200, channels: 3, background: { r: 200, g: 60, b: 30 } } })
    .jpeg({ quality: 80 })
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: 'SecretCam', Model: 'X100' } })
    .toBuffer();
const gif = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 0, g: 200, b: 0 } } })
    .gif()
    .toBuffer();

/** Every file under `dir`, relative. */
function filesIn(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .flatMap((e) => (e.isFile() ? [path.relative(dir, path.join(e.parentPath, e.name))] : []));
}

describe.each(testDbKinds())('image uploads on %s', (kind) => {
  let t: TestApp;
  let member: { token: string; id: string };
  beforeAll(async () => {
    t = await createTestApp(kind);
    const m = await registerUser(t);
    member = { token: m.token, id: m.user.id };
  }, 120_000);
  afterAll(async () => {
    await t.close();
  }, 30_000);

  const send = async (parts: Part[] | { raw: Buffer | string; contentType: string }, token = member.token) => {
    const { body, contentType } = Array.isArray(parts)
      ? multipartBody(parts)
      : { body: parts.raw, contentType: parts.contentType };
    const res = await t.app.inject({
      method: 'POST',
      url: uploadImage.path,
      headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: body,
      remoteAddress: '127.0.0.1',
    });
    return { status: res.statusCode, body: res.json() };
  };
  const rows = async () => Number((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(uploads))[0]?.n);

  it('stores a PNG as WebP, public by link with a year of cache', async () => {
    const res = await send([
      { name: 'purpose', data: 'mark' },
      { name: 'file', filename: 'qr.png', type: 'image/png', data: await png() },
    ]);
    expect(res.body.err_data).toBeNull();
    const img = res.body.data;
    expect(img).toMatchObject({ width: 400, height: 300, url: `/media/images/${img.id}` });
    expect(filesIn(t.mediaDir)).toEqual([`images/${img.id}.webp`]);
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, img.id));
    expect(row).toMatchObject({
      userId: Number(member.id),
      key: `images/${img.id}.webp`,
      mime: 'image/webp',
      purpose: 'mark',
    });

    const got = await t.app.inject({ method: 'GET', url: img.url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/webp');
    expect(got.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(got.rawPayload.length).toBe(img.bytes);
    expect((await sharp(got.rawPayload).metadata()).format).toBe('webp');
    // Unknown and malformed ids.
    expect(
      (await t.app.inject({ method: 'GET', url: '/media/images/00000000-0000-4000-8000-000000000000' })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/media/images/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);
  });

  it('turns a JPEG upright by its EXIF, scales it to 1600 px and drops its metadata', async () => {
    const res = await send([{ name: 'file', filename: 'photo.jpg', type: 'image/jpeg', data: await jpeg() }]);
    expect(res.body.err_data).toBeNull();
    expect(res.body.data).toMatchObject({ width: 800, height: 1600 });
    const stored = fs.readFileSync(path.join(t.mediaDir, `images/${res.body.data.id}.webp`));
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 800, height: 1600 });
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('SecretCam'))).toBe(false);
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, res.body.data.id));
    expect(row?.purpose).toBe('post');
  });

  it('accepts a GIF whatever type the browser declared', async () => {
    const res = await send([{ name: 'file', filename: 'a.txt', type: 'text/plain', data: await gif() }]);
    expect(res.body.data).toMatchObject({ width: 64, height: 64 });
  });

  it('refuses what is not a whole image of the four types, in Chinese, storing nothing', async () => {
    const before = { files: filesIn(t.mediaDir), rows: await rows() };
    const whole = await png();
    const cases: [string, Part[] | { raw: Buffer | string; contentType: string }, RegExp][] = [
      [
        'text named .png',
        [{ name: 'file', filename: 'x.png', type: 'image/png', data: 'hello, not an image at all' }],
        /只能上传 JPEG、PNG、WebP 或 GIF/,
      ],
      [
        'truncated PNG',
        [{ name: 'file', filename: 'x.png', type: 'image/png', data: whole.subarray(0, Math.floor(whole.length / 2)) }],
        /损坏或不完整/,
      ],
      [
        'PNG signature, garbage after',
        [
          {
            name: 'file',
            filename: 'x.png',
            type: 'image/png',
            data: Buffer.concat([whole.subarray(0, 40), Buffer.alloc(2000, 7)]),
          },
        ],
        /损坏或不完整/,
      ],
      [
        'oversize',
        [
          {
            name: 'file',
            filename: 'big.png',
            type: 'image/png',
            data: Buffer.concat([whole, Buffer.alloc(imageMaxBytes)]),
          },
        ],
        /不能超过 5 MB/,
      ],
      [
        'a PDF',
        [
          {
            name: 'file',
            filename: 'a.pdf',
            type: 'application/pdf',
            data: '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF',
          },
        ],
        /只能上传 JPEG、PNG、WebP 或 GIF/,
      ],
      [
        'an SVG',
        [
          {
            name: 'file',
            filename: 'a.svg',
            type: 'image/svg+xml',
            data: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
          },
        ],
        /只能上传 JPEG、PNG、WebP 或 GIF/,
      ],
      ['no file', [{ name: 'purpose', data: 'mark' }], /请选择要上传的文件/],
      ['an empty file', [{ name: 'file', filename: 'x.png', type: 'image/png', data: '' }], /文件是空的/],
      [
        'a second file',
        [
          { name: 'file', filename: 'a.png', type: 'image/png', data: whole },
          { name: 'file', filename: 'b.png', type: 'image/png', data: whole },
        ],
        /一次只能上传一个文件/,
      ],
      [
        'a file in another field',
        [
          { name: 'file', filename: 'a.png', type: 'image/png', data: whole },
          { name: 'other', filename: 'b.png', type: 'image/png', data: whole },
        ],
        /只能上传一个文件/,
      ],
      [
        'an unknown purpose',
        [
          { name: 'purpose', data: 'avatar' },
          { name: 'file', filename: 'a.png', type: 'image/png', data: whole },
        ],
        /上传用途不正确/,
      ],
      ['JSON instead of a form', { raw: '{"file":"x"}', contentType: 'application/json' }, /multipart\/form-data/],
      [
        'a broken form',
        {
          raw: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
          contentType: 'multipart/form-data; boundary=xyz',
        },
        /./,
      ],
    ];
    for (const [label, parts, message] of cases) {
      const res = await send(parts);
      expect(res.status, label).toBeLessThan(500);
      expect(res.body.ok, label).toBe(false);
      expect(res.body.err_data.show, label).toMatch(message);
      expect(res.body.err_data.show, label).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(filesIn(t.mediaDir)).toEqual(before.files);
    expect(await rows()).toBe(before.rows);
  });

  it('refuses anonymous and frozen callers before reading the file', async () => {
    const before = { files: filesIn(t.mediaDir), rows: await rows() };
    const image = await png();
    const anon = await send([{ name: 'file', filename: 'a.png', type: 'image/png', data: image }], '');
    expect(anon.status).toBe(401);
    expect(anon.body.err_data).toMatchObject({ kind: 'unauthorized', show: '请先登录' });
    const frozen = await registerUser(t);
    await t.database.db
      .update(users)
      .set({ isFreeze: true })
      .where(eq(users.id, Number(frozen.user.id)));
    t.clock.advance(10_000);
    const refused = await send([{ name: 'file', filename: 'a.png', type: 'image/png', data: image }], frozen.token);
    expect(refused.body.err_data).toMatchObject({ kind: 'frozen', show: expect.stringMatching(/冻结/) });
    expect(filesIn(t.mediaDir)).toEqual(before.files);
    expect(await rows()).toBe(before.rows);
  });

  it(`allows ${uploadsPerHour} uploads per user an hour`, async () => {
    const u = await registerUser(t);
    const image = await gif();
    for (let i = 0; i < uploadsPerHour; i++) {
      const res = await send([{ name: 'file', filename: 'a.gif', data: image }], u.token);
      expect(res.body.ok, `upload ${i + 1}`).toBe(true);
    }
    const files = filesIn(t.mediaDir).length;
    const over = await send([{ name: 'file', filename: 'a.gif', data: image }], u.token);
    expect(over.body.err_data).toMatchObject({
      kind: 'rate_limited',
      show: `每小时最多上传 ${uploadsPerHour} 张图片，请稍后再试`,
    });
    expect(filesIn(t.mediaDir).length).toBe(files);
    // Someone else is not held up; an hour later this user may upload again.
    expect((await send([{ name: 'file', filename: 'a.gif', data: image }])).body.ok).toBe(true);
    t.clock.advance(3_601_000);
    expect((await send([{ name: 'file', filename: 'a.gif', data: image }], u.token)).body.ok).toBe(true);
  });
});

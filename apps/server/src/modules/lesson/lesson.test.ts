// Lessons (issue 19, ADR 0039) on a real database: the catalogue per role (the rights data's
// role_quotas.lessons), signed and expiring media addresses (playlists rewritten per request, segments
// with HTTP ranges, 403 in Chinese for a wrong or expired signature), positions kept on the server,
// and the admins' upload: a non-video refused leaving nothing behind, a tiny generated clip packaged
// to HLS by the job with ffmpeg, a broken video failing with a Chinese reason and no files left.
// Under CI=true a missing ffmpeg fails the packaging tests instead of skipping them.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import * as lessonEp from '@gre/contract/endpoints/lesson';
import type { LessonPlay, ManagedLesson } from '@gre/contract/lesson';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config.ts';
import { lessons } from '../../db/schema/lesson.ts';
import { localStorage, type MediaStorage } from '../../platform/storage.ts';
import { registerUser, staffUser, userWithRole } from '../../test/accounts.ts';
import { buildSecondApp, createTestApp, type TestApp, testDbKinds, testSecret } from '../../test/harness.ts';
import { createLessonLinks } from './lesson.links.ts';
import { ffmpegAvailable } from './lesson.package.ts';
import { seedLessons } from './lesson.seed.ts';

const shipped = path.join(repoRoot, 'content/lessons');
const hasFfmpeg = await ffmpegAvailable();
/** On CI ffmpeg is installed (.ci/run); a machine without it runs the packaging tests only there. */
const packagingTests = hasFfmpeg || process.env.CI === 'true';

/** A multipart/form-data body as a browser's FormData sends it (own copy: importing upload.test.ts would run its tests here). */
function multipartBody(parts: { name: string; filename?: string; type?: string; data: Buffer | string }[]) {
  const boundary = `----gre${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.from(p.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function filesIn(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .flatMap((e) => (e.isFile() ? [path.relative(dir, path.join(e.parentPath, e.name))] : []));
}

describe.each(testDbKinds())('lessons on %s', (kind) => {
  let t: TestApp;
  let trial: string;
  let vip: string;
  let admin: string;
  let member: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: true });
    await seedLessons({ db: t.database.db, clock: t.clock, storage: localStorageOf(t), dir: shipped });
    trial = (await registerUser(t)).token;
    member = (await userWithRole(t, 2)).token;
    vip = (await userWithRole(t, 3)).token;
    admin = (await staffUser(t, { isAdmin: true })).token;
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 30_000);

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('lists the shipped lessons by topic with what each role may watch', async () => {
    const asTrial = await t.call(lessonEp.listLessons, {}, { token: trial });
    expect(asTrial.body.ok).toBe(true);
    const list = (asTrial.body.data?.lessons ?? []) as {
      id: string;
      locked: boolean;
      free: boolean;
      duration_s: number;
    }[];
    expect(list.map((l) => l.id).sort()).toEqual(['pacing', 'qc-strategies', 'se-pairs', 'tc-blank-logic']);
    for (const l of list) {
      expect(l.locked).toBe(!l.free);
      expect(l.duration_s).toBeGreaterThan(30);
    }
    const asVip = await t.call(lessonEp.listLessons, {}, { token: vip });
    expect(asVip.body.data?.lessons.every((l: { locked: boolean }) => !l.locked)).toBe(true);
  });

  it('refuses a member lesson to a role without the lessons right, in Chinese', async () => {
    for (const token of [trial, member]) {
      const res = await t.call(lessonEp.getLesson, { id: 'se-pairs' }, { token });
      expect(res.body.ok).toBe(false);
      expect(res.body.err_data?.kind).toBe('limit');
      expect(res.body.err_data?.show).toContain('会员课程');
    }
  });

  it('refuses a missing lesson, a garbage id and an anonymous caller', async () => {
    const missing = await t.call(lessonEp.getLesson, { id: 'no-such-lesson' }, { token: vip });
    expect(missing.body.err_data).toMatchObject({ kind: 'not_found', show: '课程不存在或已删除' });
    const garbage = await t.call(lessonEp.getLesson, { id: '../etc/passwd' }, { token: vip });
    expect(garbage.body.err_data).toMatchObject({ kind: 'invalid_param', show: '课程编号不正确' });
    const anonymous = await t.call(lessonEp.getLesson, { id: 'pacing' });
    expect(anonymous.status).toBe(401);
    const badPosition = await t.call(lessonEp.saveLessonProgress, { id: 'pacing', position_s: -3 }, { token: vip });
    expect(badPosition.body.err_data?.kind).toBe('invalid_param');
    expect(await t.database.db.select().from(lessons).where(eq(lessons.id, 'no-such-lesson'))).toEqual([]);
  });

  it('serves signed playlists rewritten per request and segments with ranges', async () => {
    const opened = await t.call(lessonEp.getLesson, { id: 'se-pairs' }, { token: vip });
    expect(opened.body.ok).toBe(true);
    const play = opened.body.data as LessonPlay;
    const master = await get(play.master_url);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toContain('mpegurl');
    const variants = master.body.split('\n').filter((l) => l.startsWith('/media/'));
    expect(variants).toHaveLength(2);
    expect(variants[0]).toMatch(/^\/media\/lessons\/se-pairs\/v360p\/index\.m3u8\?u=\d+&e=\d+&s=[\w-]{43}$/);
    const variant = await get(variants[0] as string);
    expect(variant.statusCode).toBe(200);
    const segments = variant.body.split('\n').filter((l) => l.startsWith('/media/'));
    expect(segments.length).toBeGreaterThan(3);
    const first = segments[0] as string;
    const onDisk = fs.readFileSync(path.join(shipped, 'se-pairs/v360p/s000.ts'));
    const whole = await get(first);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(onDisk)).toBe(true);
    const part = await get(first, { range: 'bytes=188-375' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 188-375/${onDisk.length}`);
    expect(part.rawPayload.equals(onDisk.subarray(188, 376))).toBe(true);
    const tail = await get(first, { range: 'bytes=-100' });
    expect(tail.rawPayload.equals(onDisk.subarray(onDisk.length - 100))).toBe(true);
    const beyond = await get(first, { range: `bytes=${onDisk.length + 10}-` });
    expect(beyond.statusCode).toBe(416);
    const poster = await get(play.poster_url);
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
  });

  it('streams a segment whole or by ranges, never compressed, cached until its address expires', async () => {
    const play = (await t.call(lessonEp.getLesson, { id: 'qc-strategies' }, { token: vip })).body.data as LessonPlay;
    const variant = (await get(play.master_url)).body.split('\n').filter((l) => l.startsWith('/media/'))[1] as string;
    const segment = (await get(variant)).body.split('\n').filter((l) => l.startsWith('/media/'))[1] as string;
    expect(segment).toMatch(/^\/media\/lessons\/qc-strategies\/v720p\/s001\.ts\?/);
    const onDisk = fs.readFileSync(path.join(shipped, 'qc-strategies/v720p/s001.ts'));
    const size = onDisk.length;
    const whole = await get(segment, { 'accept-encoding': 'br, gzip, deflate' });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp2t');
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.headers['content-length']).toBe(String(size));
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['cache-control']).toBe('private, max-age=10800, immutable');
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
    expect(whole.rawPayload.equals(onDisk)).toBe(true);
    // The first bytes (a player probing), a middle stretch, a suffix, an open end running past the file.
    const cases: [string, number, number][] = [
      ['bytes=0-187', 0, 187],
      ['bytes=1000-1999', 1000, 1999],
      ['bytes=-188', size - 188, size - 1],
      [`bytes=${size - 10}-${size + 500}`, size - 10, size - 1],
      ['bytes=0-', 0, size - 1],
      [`bytes=-${size + 99}`, 0, size - 1],
    ];
    for (const [range, start, end] of cases) {
      const part = await get(segment, { range, 'accept-encoding': 'gzip' });
      expect(part.statusCode, range).toBe(206);
      expect(part.headers['content-range'], range).toBe(`bytes ${start}-${end}/${size}`);
      expect(part.headers['content-length'], range).toBe(String(end - start + 1));
      expect(part.headers['content-encoding'], range).toBeUndefined();
      expect(part.rawPayload.equals(onDisk.subarray(start, end + 1)), range).toBe(true);
    }
    // Unsatisfiable or not understood: 416 with the size, and no bytes.
    for (const range of [
      `bytes=${size}-`,
      'bytes=500-100',
      'bytes=-0',
      'bytes=-',
      'items=0-10',
      'bytes=0-1,5-9',
      'bytes=x-y',
    ]) {
      const bad = await get(segment, { range });
      expect(bad.statusCode, range).toBe(416);
      expect(bad.headers['content-range'], range).toBe(`bytes */${size}`);
      expect(bad.rawPayload.length, range).toBe(0);
    }
    // A head request answers the size without the bytes.
    const head = await t.app.inject({ method: 'HEAD', url: segment });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(size));
    expect(head.rawPayload.length).toBe(0);
    // An hour later the same address is cached for the two hours it has left.
    t.clock.advance(3600_000);
    expect((await get(segment, { range: 'bytes=0-0' })).headers['cache-control']).toBe(
      'private, max-age=7200, immutable',
    );
    t.clock.advance(-3600_000);
  });

  it('gives a read buffer back only once its response is done (pooled buffers, real sockets)', async () => {
    // A storage whose release() wipes the buffer it lent: bytes sent after an early release are zeros.
    const real = localStorageOf(t);
    const wiping: MediaStorage = {
      ...real,
      async open(key) {
        const f = await real.open(key);
        if (!f) return null;
        let lent: Buffer | null = null;
        return {
          size: f.size,
          close: () => f.close(),
          async read(start, end) {
            const body = await f.read(start, end);
            if (Buffer.isBuffer(body)) lent = body;
            return body;
          },
          release() {
            lent?.fill(0);
            f.release();
          },
        };
      },
    };
    const app = await buildSecondApp(t, undefined, { storage: wiping });
    try {
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      const play = (await t.call(lessonEp.getLesson, { id: 'se-pairs' }, { token: vip })).body.data as LessonPlay;
      const variants = (await get(play.master_url)).body.split('\n').filter((l) => l.startsWith('/media/'));
      const segments = (await get(variants[1] as string)).body.split('\n').filter((l) => l.startsWith('/media/'));
      const checks = await Promise.all(
        [...segments, ...segments].map(async (url, i) => {
          const res = await fetch(`${address}${url}`, i % 2 ? { headers: { range: 'bytes=100-' } } : {});
          const got = Buffer.from(await res.arrayBuffer());
          const file = url.slice('/media/lessons/'.length, url.indexOf('?'));
          const onDisk = fs.readFileSync(path.join(shipped, file));
          return got.equals(i % 2 ? onDisk.subarray(100) : onDisk);
        }),
      );
      expect(checks.length).toBeGreaterThan(4);
      expect(checks.every(Boolean)).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('serves a missing segment as 404, in Chinese, whatever the range', async () => {
    const play = (await t.call(lessonEp.getLesson, { id: 'qc-strategies' }, { token: vip })).body.data as LessonPlay;
    const query = play.master_url.slice(play.master_url.indexOf('?'));
    const u = /u=(\d+)/.exec(query)?.[1] as string;
    const e = Number(/e=(\d+)/.exec(query)?.[1]);
    // Signed as the server signs (its secret): the signature holds, the file is not there.
    const missing = createLessonLinks(testSecret, t.clock).url(u, 'lessons/qc-strategies/v720p/s999.ts', e);
    for (const headers of [{}, { range: 'bytes=0-10' }] as Record<string, string>[]) {
      const res = await get(missing, headers);
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe('视频文件不存在');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('does not count media against the address rate limit, and logs served segments at debug only', async () => {
    const lines: { msg: string; url?: string; status?: number }[] = [];
    const logger = pino(
      { level: 'info' },
      new Writable({
        write(chunk, _enc, done) {
          lines.push(JSON.parse(String(chunk)));
          done();
        },
      }),
    );
    // A second app process over the same database and files, with 3 requests a minute per address.
    const limited = await buildSecondApp(t, undefined, { rateLimitPerMinute: 3, logger, storage: localStorageOf(t) });
    try {
      const play = (await t.call(lessonEp.getLesson, { id: 'pacing' }, { token: vip })).body.data as LessonPlay;
      const variant = (await get(play.master_url)).body.split('\n').find((l) => l.startsWith('/media/')) as string;
      const segment = (await get(variant)).body.split('\n').find((l) => l.startsWith('/media/')) as string;
      for (let i = 0; i < 8; i++) {
        const res = await limited.inject({ method: 'GET', url: segment, headers: { range: `bytes=${i}-${i + 99}` } });
        expect(res.statusCode).toBe(206);
      }
      const refused = await limited.inject({ method: 'GET', url: segment.replace(/u=\d+/, 'u=999999') });
      expect(refused.statusCode).toBe(403);
      // The calls are still limited: the fourth within the minute is refused.
      const calls = [];
      for (let i = 0; i < 4; i++)
        calls.push(
          (
            await limited.inject({
              method: 'POST',
              url: lessonEp.listLessons.path,
              headers: { authorization: `Bearer ${vip}`, 'content-type': 'application/json' },
              payload: '{}',
            })
          ).statusCode,
        );
      expect(calls).toEqual([200, 200, 200, 429]);
      const segmentPath = segment.slice(0, segment.indexOf('?'));
      const logged = lines.filter((l) => l.msg === 'request' && l.url?.startsWith(segmentPath));
      expect(logged.map((l) => l.status)).toEqual([403]);
      expect(lines.filter((l) => l.msg === 'request' && l.url === lessonEp.listLessons.path)).toHaveLength(4);
    } finally {
      await limited.close();
    }
  });

  it('answers 403 in Chinese to a wrong, borrowed or expired signature', async () => {
    const play = (await t.call(lessonEp.getLesson, { id: 'pacing' }, { token: trial })).body.data as LessonPlay;
    const segment = (await get(play.master_url)).body.split('\n').find((l) => l.startsWith('/media/')) as string;
    const unsigned = segment.replace(/\?.*$/, '');
    const none = await get(unsigned);
    expect(none.statusCode).toBe(403);
    expect(none.body).toContain('视频地址无效');
    const tampered = await get(segment.replace(/s=([\w-])/, (_m, c) => `s=${c === 'A' ? 'B' : 'A'}`));
    expect(tampered.statusCode).toBe(403);
    const borrowed = await get(segment.replace(/u=\d+/, 'u=999999'));
    expect(borrowed.statusCode).toBe(403);
    expect(borrowed.body).toContain('签名不符');
    const otherFile = await get(segment.replace('v360p/index.m3u8', 'v720p/index.m3u8'));
    expect(otherFile.statusCode).toBe(403);
    t.clock.advance(4 * 3600_000);
    const expired = await get(segment);
    expect(expired.statusCode).toBe(403);
    expect(expired.body).toBe('视频地址已过期，请刷新课程页面后继续观看');
    expect((await get('/media/lessons/pacing/v360p/secret.sh')).statusCode).toBe(404);
    expect((await get('/media/lessons/pacing/%2e%2e%2fsecret.ts')).statusCode).toBe(404);
  });

  it('keeps the position on the server and marks a lesson watched at its end', async () => {
    const saved = await t.call(lessonEp.saveLessonProgress, { id: 'pacing', position_s: 17.5 }, { token: trial });
    expect(saved.body.data).toEqual({ position_s: 17.5, watched: false });
    const again = await t.call(lessonEp.getLesson, { id: 'pacing' }, { token: trial });
    expect(again.body.data?.position_s).toBe(17.5);
    const other = await t.call(lessonEp.getLesson, { id: 'pacing' }, { token: vip });
    expect(other.body.data?.position_s).toBe(0);
    const ended = await t.call(
      lessonEp.saveLessonProgress,
      { id: 'pacing', position_s: 2, ended: true },
      { token: trial },
    );
    expect(ended.body.data?.watched).toBe(true);
    // Rewatching from the start keeps it watched.
    await t.call(lessonEp.saveLessonProgress, { id: 'pacing', position_s: 1 }, { token: trial });
    const list = await t.call(lessonEp.listLessons, {}, { token: trial });
    expect(list.body.data?.lessons.find((l: { id: string }) => l.id === 'pacing')).toMatchObject({
      watched: true,
      position_s: 1,
    });
    const locked = await t.call(lessonEp.saveLessonProgress, { id: 'se-pairs', position_s: 3 }, { token: trial });
    expect(locked.body.err_data?.kind).toBe('limit');
  });

  it('says a lesson still packaging is not ready yet', async () => {
    const now = t.clock.now();
    await t.database.db.insert(lessons).values({
      id: 'still-packing',
      title: '打包中',
      summary: '…',
      topic: 'quant',
      kinds: ['qc'],
      free: true,
      status: 'packaging',
      createdAt: now,
      updatedAt: now,
    });
    const res = await t.call(lessonEp.getLesson, { id: 'still-packing' }, { token: vip });
    expect(res.body.err_data).toMatchObject({ kind: 'busy', show: '这节课的视频正在处理中，请稍后再来观看' });
    const list = await t.call(lessonEp.listLessons, {}, { token: vip });
    expect(list.body.data?.lessons.some((l: { id: string }) => l.id === 'still-packing')).toBe(false);
    await t.database.db.delete(lessons).where(eq(lessons.id, 'still-packing'));
  });

  const fields = [
    { name: 'title', data: '测试课程' },
    { name: 'summary', data: '一段生成的测试视频' },
    { name: 'topic', data: 'quant' },
    { name: 'kinds', data: 'qc,ps_single' },
    { name: 'free', data: 'true' },
  ];
  const upload = async (file: { data: Buffer; filename: string; type: string }, token = admin, extra = fields) => {
    const { body, contentType } = multipartBody([...extra, { name: 'file', ...file }]);
    const res = await t.app.inject({
      method: 'POST',
      url: lessonEp.uploadLesson.path,
      headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
      payload: body,
    });
    return res.json();
  };
  const rowsNow = async () => (await t.database.db.select({ id: lessons.id }).from(lessons)).length;

  it('refuses a non-video, bad fields and a non-admin, leaving nothing behind', async () => {
    const before = await rowsNow();
    const filesBefore = filesIn(t.mediaDir).length;
    const text = await upload({ data: Buffer.from('not a video at all'), filename: 'lesson.mp4', type: 'video/mp4' });
    expect(text.err_data).toMatchObject({ kind: 'invalid_param', show: '只能上传视频文件（MP4、MOV、WebM 或 MKV）' });
    const pngBytes = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const png = await upload({ data: pngBytes, filename: 'x.mp4', type: 'video/mp4' });
    expect(png.err_data.show).toBe('只能上传视频文件（MP4、MOV、WebM 或 MKV）');
    const badKinds = await upload({ data: pngBytes, filename: 'x.mp4', type: 'video/mp4' }, admin, [
      ...fields.filter((f) => f.name !== 'kinds'),
      { name: 'kinds', data: 'nonsense' },
    ]);
    expect(badKinds.err_data.kind).toBe('invalid_param');
    const notAdmin = await upload({ data: pngBytes, filename: 'x.mp4', type: 'video/mp4' }, vip);
    expect(notAdmin.err_data.kind).toBe('forbidden');
    expect(await rowsNow()).toBe(before);
    expect(filesIn(t.mediaDir)).toHaveLength(filesBefore);
    const asVip = await t.call(lessonEp.manageLessons, {}, { token: vip });
    expect(asVip.body.err_data?.kind).toBe('forbidden');
  });

  const waitFor = async (id: string): Promise<ManagedLesson> => {
    for (let i = 0; i < 240; i++) {
      const res = await t.call(lessonEp.manageLessons, {}, { token: admin });
      const found = ((res.body.data?.lessons ?? []) as ManagedLesson[]).find((l) => l.id === id);
      if (found && found.status !== 'packaging') return found;
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error(`lesson ${id} still packaging after 2 minutes`);
  };

  it.runIf(packagingTests)(
    'packages an uploaded clip to HLS with ffmpeg: two renditions, a master playlist and a poster',
    async () => {
      expect(hasFfmpeg, 'ffmpeg and ffprobe must be installed (CI installs them in .ci/run)').toBe(true);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gre-clip-'));
      const clip = path.join(dir, 'clip.mp4');
      const made = spawnSync('ffmpeg', [
        ...['-hide_banner', '-loglevel', 'error', '-y'],
        ...['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10', '-f', 'lavfi', '-i', 'sine=frequency=440'],
        ...['-t', '3', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', clip],
      ]);
      expect(made.status).toBe(0);
      const res = await upload({
        data: fs.readFileSync(clip),
        filename: '我的课.bin',
        type: 'application/octet-stream',
      });
      fs.rmSync(dir, { recursive: true, force: true });
      expect(res.ok).toBe(true);
      expect(res.data).toMatchObject({
        status: 'packaging',
        title: '测试课程',
        kinds: ['qc', 'ps_single'],
        free: true,
      });
      const done = await waitFor(res.data.id);
      expect(done).toMatchObject({ status: 'ready', progress: 100, failure: null });
      expect(done.duration_s).toBeCloseTo(3, 0);
      const stored = filesIn(path.join(t.mediaDir, 'lessons', res.data.id)).sort();
      expect(stored).toEqual(
        expect.arrayContaining([
          'master.m3u8',
          'poster.jpg',
          'v360p/index.m3u8',
          'v360p/s000.ts',
          'v720p/index.m3u8',
          'v720p/s000.ts',
        ]),
      );
      // The source is gone once packaged.
      expect(filesIn(path.join(t.mediaDir, 'lesson-sources'))).toEqual([]);
      const play = (await t.call(lessonEp.getLesson, { id: res.data.id }, { token: trial })).body.data as LessonPlay;
      const master = await get(play.master_url);
      // The 4:3 clip keeps its shape: 360 and 720 lines high.
      expect(master.body).toContain('RESOLUTION=480x360');
      expect(master.body).toContain('RESOLUTION=960x720');
      const removed = await t.call(lessonEp.deleteLesson, { id: res.data.id }, { token: admin });
      expect(removed.body.data).toEqual({ deleted: true });
      expect(filesIn(path.join(t.mediaDir, 'lessons', res.data.id))).toEqual([]);
    },
    180_000,
  );

  it.runIf(packagingTests)(
    'reports a video ffmpeg cannot read as failed, with a Chinese reason and no files left',
    async () => {
      expect(hasFfmpeg, 'ffmpeg and ffprobe must be installed (CI installs them in .ci/run)').toBe(true);
      // An MP4 file-type box (the type check passes), then noise: no movie to decode.
      const broken = Buffer.concat([
        Buffer.from('0000001c6674797069736f6d0000020069736f6d69736f32617663316d703431', 'hex'),
        Buffer.alloc(2048, 7),
      ]);
      const res = await upload({ data: broken, filename: 'broken.mp4', type: 'video/mp4' });
      expect(res.ok).toBe(true);
      const done = await waitFor(res.data.id);
      expect(done.status).toBe('failed');
      expect(done.failure).toMatch(/视频/);
      expect(filesIn(path.join(t.mediaDir, 'lessons', res.data.id))).toEqual([]);
      expect(filesIn(path.join(t.mediaDir, 'lesson-sources'))).toEqual([]);
      const play = await t.call(lessonEp.getLesson, { id: res.data.id }, { token: vip });
      expect(play.body.err_data?.show).toBe('这节课的视频处理失败，暂时无法观看');
      const builtin = await t.call(lessonEp.deleteLesson, { id: 'pacing' }, { token: admin });
      expect(builtin.body.err_data).toMatchObject({ kind: 'conflict', show: '内置演示课程不能删除' });
      expect((await t.call(lessonEp.deleteLesson, { id: res.data.id }, { token: admin })).body.data?.deleted).toBe(
        true,
      );
    },
    180_000,
  );
});

/** The test app's storage is the local disk under t.mediaDir. */
const localStorageOf = (t: TestApp) => localStorage(t.mediaDir);

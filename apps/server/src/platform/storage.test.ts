// The media storage (ADR 0036): the same behaviour from the local disk and from an S3-compatible
// server (s3rver, started here on a free port): put, get as a stream, size and ranges, exists, delete, a missing key,
// keys that would leave the root; the start-up check names a missing bucket, bad keys, no server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { StartupError } from './startup-errors.ts';
import { localStorage, type MediaStorage, type StoredFile, s3Storage, syncReadMax } from './storage.ts';

async function read(stream: Readable | null): Promise<string | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks).toString();
}

const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'gre-storage-'));
  dirs.push(d);
  return d;
};

let server: S3rver;
let endpoint = '';
const s3 = (over: Partial<Parameters<typeof s3Storage>[0]> = {}) =>
  s3Storage({
    bucket: 'media',
    endpoint,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    ...over,
  });

beforeAll(async () => {
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: tempDir(),
    configureBuckets: [{ name: 'media' }],
  });
  const address = await server.run();
  endpoint = `http://127.0.0.1:${address.port}`;
}, 30_000);
afterAll(async () => {
  await server?.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe.each(['local', 's3'] as const)('the %s media storage', (kind) => {
  let storage: MediaStorage;
  beforeAll(() => {
    storage = kind === 'local' ? localStorage(tempDir()) : s3();
  });

  it('puts, reads back as a stream, knows what exists, deletes', async () => {
    const key = 'images/0a1b2c3d-0000-4000-8000-000000000001.webp';
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    await storage.put(key, Buffer.from('first'), 'image/webp');
    await storage.put(key, Buffer.from('second bytes'), 'image/webp');
    expect(await storage.exists(key)).toBe(true);
    expect(await read(await storage.get(key))).toBe('second bytes');
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    await storage.delete(key); // deleting a missing file is fine
  });

  it('opens a file: its size, and a range of it read once (lesson segments, ADR 0039)', async () => {
    const key = 'lessons/range-test/v360p/s000.ts';
    const bytes = Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 251));
    expect(await storage.open(key)).toBeNull();
    await storage.put(key, bytes, 'video/mp2t');
    const range = async (start: number, end: number) => {
      const file = await storage.open(key);
      expect(file?.size).toBe(3000);
      const body = await (file as StoredFile).read(start, end);
      if (Buffer.isBuffer(body)) return body;
      const chunks: Buffer[] = [];
      for await (const c of body) chunks.push(Buffer.from(c));
      return Buffer.concat(chunks);
    };
    expect((await range(0, 2999)).equals(bytes)).toBe(true);
    // The first bytes, one byte (not 0-0: s3rver, the test's S3, reads `end || Infinity` and answers a whole file to it).
    expect((await range(0, 187)).equals(bytes.subarray(0, 188))).toBe(true);
    expect((await range(5, 5)).equals(bytes.subarray(5, 6))).toBe(true);
    expect((await range(1000, 1999)).equals(bytes.subarray(1000, 2000))).toBe(true);
    expect((await range(2990, 2999)).equals(bytes.subarray(2990))).toBe(true);
    // Opened and closed unread (a refused range), then deleted: gone.
    (await storage.open(key))?.close();
    await storage.delete(key);
    expect(await storage.open(key)).toBeNull();
  });

  it('refuses keys that could leave the storage root', async () => {
    for (const key of ['../x.webp', 'images/../../etc/passwd', '/abs.webp', 'images/a b.webp', 'images/x', ''])
      await expect(storage.put(key, Buffer.from('x'), 'image/webp'), key).rejects.toThrow(/invalid storage key/);
  });
});

describe('the local storage on disk', () => {
  it('reads small ranges into one buffer, streams large ones, and leaves no descriptor open', async () => {
    const storage = localStorage(tempDir());
    const key = 'lessons/big/v720p/s000.ts';
    const bytes = Buffer.from(Array.from({ length: syncReadMax + 5000 }, (_, i) => (i * 7) % 253));
    await storage.put(key, bytes, 'video/mp2t');
    const fds = () => fs.readdirSync('/proc/self/fd').length;
    const before = fds();
    for (let i = 0; i < 20; i++) {
      const small = await (await storage.open(key))?.read(100, 100 + 64 * 1024 - 1);
      expect(Buffer.isBuffer(small) && small.equals(bytes.subarray(100, 100 + 64 * 1024))).toBe(true);
      (await storage.open(key))?.close();
      const whole = await (await storage.open(key))?.read(0, bytes.length - 1);
      expect(Buffer.isBuffer(whole)).toBe(false);
      const chunks: Buffer[] = [];
      for await (const c of whole as Readable) chunks.push(c as Buffer);
      expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    }
    expect(fds()).toBe(before);
  });

  it('writes under its root and leaves no temporary file', async () => {
    const root = tempDir();
    await localStorage(root).put('images/abc.webp', Buffer.from('x'), 'image/webp');
    expect(fs.readdirSync(path.join(root, 'images'))).toEqual(['abc.webp']);
  });
});

describe('the S3 start-up check', () => {
  it('passes for a reachable bucket', async () => {
    await expect(s3().check()).resolves.toBeUndefined();
  });
  it('names a missing bucket, and a server that is not there', async () => {
    await expect(s3({ bucket: 'nope' }).check()).rejects.toThrow(/存储桶 nope 不存在/);
    const gone = s3({ endpoint: 'http://127.0.0.1:9' }).check(3_000);
    await expect(gone).rejects.toBeInstanceOf(StartupError);
    await expect(gone).rejects.toThrow(/无法连接/);
  });
});

describe('media storage settings', () => {
  it('is the local disk by default, S3 with a bucket', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/gre' }).media).toEqual({ kind: 'local', dir: '/tmp/gre/media' });
    expect(
      loadConfig({
        S3_BUCKET: 'gre-media',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'a',
        S3_SECRET_ACCESS_KEY: 'b',
      }).media,
    ).toEqual({
      kind: 's3',
      bucket: 'gre-media',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      accessKeyId: 'a',
      secretAccessKey: 'b',
      forcePathStyle: true,
    });
  });
  it('stops the start on a half-set or wrong S3 configuration, saying what to fix', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/没有设置 S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'gre-media', S3_ACCESS_KEY_ID: 'a' })).toThrow(/须同时设置/);
    expect(() => loadConfig({ S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'gre-media', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
  });
});

// Media storage (ADR 0036): where uploaded files' bytes live. One interface, two implementations:
// the local disk under DATA_DIR/media (the default) and an S3-compatible bucket (AWS S3, MinIO, …;
// S3_* variables, config.ts). Keys are relative paths like `images/<uuid>.webp`.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { StartupError, withTimeout } from './startup-errors.ts';

export interface MediaStorage {
  /** `local` or `s3`, for the start-up log line. */
  readonly kind: 'local' | 's3';
  /** Stores `bytes` under `key`, replacing what was there; whole or not at all. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The stored bytes as a stream, or null when nothing is stored under `key`. */
  get(key: string): Promise<Readable | null>;
  /** Removes the file; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The stored file's size and a reader of its bytes, or null when nothing is stored under `key`. */
  open(key: string): Promise<StoredFile | null>;
}

/** An opened file (lesson media, ADR 0039): read one range, or close it unread. */
export interface StoredFile {
  readonly size: number;
  /**
   * Bytes `start`..`end` (inclusive), whole in memory or as a stream; the file is closed by it. A
   * buffer may be lent from a pool: it holds the bytes until `release()`, which the caller calls once
   * they have been sent (or copied).
   */
  read(start: number, end: number): Promise<Buffer | Readable>;
  close(): void;
  release(): void;
}

/**
 * Ranges up to this size are read from a local file synchronously, in one call, into one buffer (as
 * nginx reads files without `aio threads`): a lesson segment comes from the page cache in microseconds,
 * while every asynchronous file operation costs a hand-off to libuv's thread pool and back, which on
 * the lesson media's hot path cost more than the read itself (ADR 0039). Larger ranges are streamed.
 */
export const syncReadMax = 1024 * 1024;

/**
 * Read buffers lent to synchronous reads and given back once their bytes are sent: a fresh buffer per
 * segment is memory outside V8's heap, and 50 KB at 1,700 segments a second made V8 run a full
 * mark-compact of the app's ~200 MB heap about twice a second (external memory pressure), the p99's
 * tail (ADR 0039). Power-of-two sizes from 64 KB to `syncReadMax`, at most 16 idle of each size.
 */
const readPool = (() => {
  const minBits = 16;
  const idle = new Map<number, Buffer[]>();
  const sizeFor = (n: number) => 2 ** Math.max(minBits, Math.ceil(Math.log2(Math.max(1, n))));
  return {
    take(n: number): Buffer {
      const size = sizeFor(n);
      return idle.get(size)?.pop() ?? Buffer.allocUnsafeSlow(size);
    },
    give(b: Buffer) {
      const list = idle.get(b.length) ?? [];
      if (list.length < 16) list.push(b);
      idle.set(b.length, list);
    },
  };
})();

/** Folders and names of letters, digits and dashes, one extension: nothing can leave the root. */
const keyPattern = /^(?:[a-z0-9-]+\/)*[A-Za-z0-9-]+\.[a-z0-9]+$/;

function checkedKey(key: string): string {
  if (!keyPattern.test(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

/**
 * A file descriptor for reading, or null when the file is missing. A plain descriptor and a stream over
 * it (closed by the stream) rather than a FileHandle: the callback operations cost less per request
 * than the FileHandle's promises.
 */
function openForReading(file: string): Promise<number | null> {
  return new Promise((resolve, reject) =>
    fs.open(file, 'r', (err, fd) => {
      if (!err) resolve(fd);
      else if (err.code === 'ENOENT') resolve(null);
      else reject(err);
    }),
  );
}

/** Files under `root` (DATA_DIR/media by default); each put writes a temporary file and renames it. */
export function localStorage(root: string): MediaStorage {
  const file = (key: string) => path.join(root, checkedKey(key));
  return {
    kind: 'local',
    async put(key, bytes) {
      const target = file(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${randomUUID()}.tmp`;
      try {
        await fs.promises.writeFile(temp, bytes, { mode: 0o644 });
        await fs.promises.rename(temp, target);
      } catch (err) {
        await fs.promises.rm(temp, { force: true });
        throw err;
      }
    },
    async get(key) {
      const fd = await openForReading(file(key));
      return fd === null ? null : fs.createReadStream(file(key), { fd });
    },
    async delete(key) {
      await fs.promises.rm(file(key), { force: true });
    },
    async exists(key) {
      return fs.promises.stat(file(key)).then(
        (s) => s.isFile(),
        () => false,
      );
    },
    async open(key) {
      const name = file(key);
      let fd: number;
      try {
        fd = fs.openSync(name, 'r');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
      let size: number;
      try {
        const st = fs.fstatSync(fd);
        if (!st.isFile()) {
          fs.closeSync(fd);
          return null;
        }
        size = st.size;
      } catch (err) {
        fs.closeSync(fd);
        throw err;
      }
      let open = true;
      let lent: Buffer | null = null;
      const close = () => {
        if (open) fs.closeSync(fd);
        open = false;
      };
      return {
        size,
        async read(start, end) {
          if (!open) throw new Error('stored file already read or closed');
          const length = end - start + 1;
          if (length > syncReadMax) {
            open = false;
            // A known end: the stream stops after its last byte instead of reading once more to find the end.
            return fs.createReadStream(name, { fd, start, end });
          }
          try {
            const buffer = readPool.take(length);
            lent = buffer;
            let got = 0;
            while (got < length) {
              const n = fs.readSync(fd, buffer, got, length - got, start + got);
              if (n === 0) break;
              got += n;
            }
            return buffer.subarray(0, got);
          } finally {
            close();
          }
        },
        close,
        release() {
          if (lent) readPool.give(lent);
          lent = null;
        },
      };
    },
  };
}

export interface S3Settings {
  bucket: string;
  /** For MinIO and other S3-compatible servers; unset = AWS. */
  endpoint?: string;
  region: string;
  /** Both or neither; neither = the AWS SDK's default credential chain (environment, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Bucket in the path (http://host/bucket/key), as MinIO needs; default on when an endpoint is given. */
  forcePathStyle: boolean;
}

const notFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

export interface S3Storage extends MediaStorage {
  /** Whether the bucket answers with these credentials (start-up); throws a StartupError otherwise. */
  check(timeoutMs?: number): Promise<void>;
  close(): void;
}

export function s3Storage(s: S3Settings): S3Storage {
  const client = new S3Client({
    region: s.region,
    ...(s.endpoint ? { endpoint: s.endpoint } : {}),
    forcePathStyle: s.forcePathStyle,
    ...(s.accessKeyId && s.secretAccessKey
      ? { credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } }
      : {}),
    maxAttempts: 3,
  });
  const Key = checkedKey;
  const Bucket = s.bucket;
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: Key(key), Body: bytes, ContentType: contentType }));
    },
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: Key(key) }));
        return out.Body ? (out.Body as Readable) : Readable.from([]);
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: Key(key) }));
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: Key(key) }));
        return true;
      } catch (err) {
        if (notFound(err)) return false;
        throw err;
      }
    },
    async open(key) {
      let size: number;
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: Key(key) }));
        size = head.ContentLength ?? 0;
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
      return {
        size,
        async read(start, end) {
          const out = await client.send(
            new GetObjectCommand({ Bucket, Key: Key(key), Range: `bytes=${start}-${end}` }),
          );
          return out.Body ? (out.Body as Readable) : Readable.from([]);
        },
        close() {},
        release() {},
      };
    },
    async check(timeoutMs = 10_000) {
      const where = `${s.endpoint ?? `AWS ${s.region}`} 的存储桶 ${s.bucket}`;
      const whereEn = `bucket ${s.bucket} at ${s.endpoint ?? `AWS ${s.region}`}`;
      try {
        await withTimeout(client.send(new HeadBucketCommand({ Bucket })), timeoutMs, () =>
          Object.assign(new Error('timeout'), { name: 'Timeout' }),
        );
      } catch (err) {
        const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
        const status = e.$metadata?.httpStatusCode;
        const [zh, en] =
          status === 404 || e.name === 'NotFound' || e.name === 'NoSuchBucket'
            ? ['不存在（先创建存储桶，或检查 S3_BUCKET）', 'does not exist (create it, or check S3_BUCKET)']
            : status === 403 || status === 401
              ? [
                  '拒绝访问（检查 S3_ACCESS_KEY_ID 与 S3_SECRET_ACCESS_KEY）',
                  'refused access (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)',
                ]
              : [
                  `无法连接（${e.name ?? 'error'}；检查 S3_ENDPOINT 与网络）`,
                  `cannot be reached (${e.name ?? 'error'}; check S3_ENDPOINT and the network)`,
                ];
        throw new StartupError(`媒体存储 ${where} ${zh}`, `media storage: ${whereEn} ${en}`);
      }
    },
    close() {
      client.destroy();
    },
  };
}

// Lessons (issue 19, ADR 0039): the catalogue with each caller's rights and progress, a lesson opened
// for playing (a signed, expiring master playlist address), positions, and the admins' uploads: the
// type read from the bytes, the source stored, a `lesson.package` job cutting it to HLS with progress
// and a Chinese reason when it fails. Files live in the media storage under lessons/<id>/.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Lesson, LessonPlay, LessonTopic, ManagedLesson } from '@gre/contract/lesson';
import type { QuestionKind } from '@gre/contract/question';
import { and, asc, eq, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { lessonProgress, lessons } from '../../db/schema/lesson.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import { type AuthedContext, isStaff } from '../../platform/endpoints.ts';
import { AppError, errors } from '../../platform/errors.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import type { MediaStorage } from '../../platform/storage.ts';
import type { Quota } from '../exam/exam.quota.ts';
import type { LessonLinks } from './lesson.links.ts';
import { contentTypeOf, PackagingError, packageHls } from './lesson.package.ts';

type Row = typeof lessons.$inferSelect;

export const packageQueue = 'lesson.package';

/** The containers an admin may upload, as read from the bytes. */
const videoMimes: Record<string, string> = {
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
  'video/matroska': 'mkv',
  'video/x-matroska': 'mkv',
  'video/x-m4v': 'mp4',
};

/** Where an uploaded source waits for its job (deleted once packaged or failed). */
const sourceKey = (id: string, ext: string) => `lesson-sources/${id}.${ext}`;
export const lessonKey = (id: string, file: string) => `lessons/${id}/${file}`;

const masterFile = 'master.m3u8';
const posterFile = 'poster.jpg';
const captionsFile = 'captions.vtt';

interface Logger {
  error(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export function createLessonService(deps: {
  db: Db;
  clock: Clock;
  storage: MediaStorage;
  links: LessonLinks;
  quotas: () => Promise<Map<number, Quota>>;
  log: Logger;
}) {
  const { db, clock, storage, links } = deps;
  let jobs: JobQueue | null = null;

  async function mayWatch(row: Row, ctx: AuthedContext): Promise<boolean> {
    if (row.free || isStaff(ctx.caller)) return true;
    return (await deps.quotas()).get(ctx.caller.roleKind)?.lessons ?? false;
  }

  function toLesson(row: Row, locked: boolean, p?: { positionS: number; watched: boolean }): Lesson {
    return {
      id: row.id,
      title: row.title,
      summary: row.summary,
      topic: row.topic as LessonTopic,
      kinds: row.kinds as QuestionKind[],
      duration_s: Math.round(row.durationS * 10) / 10,
      free: row.free,
      locked,
      position_s: p?.positionS ?? 0,
      watched: p?.watched ?? false,
    };
  }

  const toManaged = (row: Row): ManagedLesson => ({
    id: row.id,
    title: row.title,
    topic: row.topic as LessonTopic,
    kinds: row.kinds as QuestionKind[],
    free: row.free,
    status: row.status as ManagedLesson['status'],
    progress: row.progress,
    failure: row.failure,
    duration_s: Math.round(row.durationS * 10) / 10,
    builtin: row.builtin,
    created_at: row.createdAt.toISOString(),
  });

  /** The row a candidate may play, or the refusal they are shown. */
  async function playable(id: string, ctx: AuthedContext): Promise<Row> {
    const [row] = await db.select().from(lessons).where(eq(lessons.id, id));
    if (!row) throw errors.notFound('课程不存在或已删除');
    if (row.status === 'packaging') throw errors.busy('这节课的视频正在处理中，请稍后再来观看');
    if (row.status !== 'ready') throw errors.notFound('这节课的视频处理失败，暂时无法观看');
    if (!(await mayWatch(row, ctx))) throw new AppError('limit', { show: '这是会员课程，开通 VIP 会员后即可观看' });
    return row;
  }

  async function setState(id: string, set: Partial<Pick<Row, 'status' | 'progress' | 'failure' | 'durationS'>>) {
    await db
      .update(lessons)
      .set({ ...set, updatedAt: clock.now() })
      .where(eq(lessons.id, id));
  }

  async function deleteFiles(id: string, files: string[]) {
    for (const f of files) await storage.delete(lessonKey(id, f)).catch(() => {});
  }

  /** The job: source → temporary folder → HLS → storage; the row says how far and, at the end, how. */
  async function packageJob(data: { id: string; ext: string }) {
    const { id, ext } = data;
    const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'gre-lesson-'));
    // The source goes before the row says ready or failed: whoever reads that state (the admins'
    // panel, a test) finds no source left. Again in `finally` for a failure before either.
    const dropSource = () => storage.delete(sourceKey(id, ext)).catch(() => {});
    let stored: string[] = [];
    try {
      const source = await storage.get(sourceKey(id, ext));
      if (!source) throw new PackagingError('上传的视频文件已丢失，请重新上传', 'source missing');
      const input = path.join(work, `source.${ext}`);
      await pipeline(source, fs.createWriteStream(input));
      let saved = 0;
      const out = path.join(work, 'hls');
      const packaged = await packageHls(input, out, {
        onProgress: (pct) => {
          // At most every 5 %: one small update, not one per ffmpeg report.
          if (pct >= saved + 5 && pct < 100) {
            saved = pct;
            setState(id, { progress: pct }).catch(() => {});
          }
        },
      });
      // The master playlist last: until it is stored, nothing points at the renditions.
      const ordered = [...packaged.files.filter((f) => f !== masterFile), masterFile];
      for (const f of ordered) {
        await storage.put(lessonKey(id, f), await fs.promises.readFile(path.join(out, f)), contentTypeOf(f));
        stored.push(f);
      }
      await dropSource();
      await setState(id, { status: 'ready', progress: 100, failure: null, durationS: packaged.durationS });
      stored = [];
      deps.log.info({ lesson: id, seconds: packaged.durationS }, 'lesson packaged');
    } catch (err) {
      const reason =
        err instanceof PackagingError ? err.reason : '视频打包时服务器出错，请稍后重新上传；如仍失败请联系技术支持';
      deps.log.error({ err, lesson: id }, 'lesson packaging failed');
      await deleteFiles(id, stored);
      await dropSource();
      await setState(id, { status: 'failed', failure: reason });
    } finally {
      await dropSource();
      await fs.promises.rm(work, { recursive: true, force: true });
    }
  }

  return {
    async startWorkers(queue: JobQueue) {
      jobs = queue;
      // A failure is the video's or the machine's, reported on the row: no retries.
      await queue.define(packageQueue, { retryLimit: 0, expireInSeconds: 3600 });
      await queue.work<{ id: string; ext: string }>(packageQueue, (job) => packageJob(job.data));
    },

    async list(ctx: AuthedContext): Promise<{ lessons: Lesson[] }> {
      const [rows, progress, quotas] = await Promise.all([
        db.select().from(lessons).where(eq(lessons.status, 'ready')).orderBy(asc(lessons.topic), asc(lessons.sort)),
        db
          .select()
          .from(lessonProgress)
          .where(eq(lessonProgress.userId, Number(ctx.caller.userId))),
        deps.quotas(),
      ]);
      const member = isStaff(ctx.caller) || (quotas.get(ctx.caller.roleKind)?.lessons ?? false);
      const mine = new Map(progress.map((p) => [p.lessonId, p]));
      return { lessons: rows.map((r) => toLesson(r, !(r.free || member), mine.get(r.id))) };
    },

    async get(id: string, ctx: AuthedContext): Promise<LessonPlay> {
      const row = await playable(id, ctx);
      const [p] = await db
        .select()
        .from(lessonProgress)
        .where(and(eq(lessonProgress.userId, Number(ctx.caller.userId)), eq(lessonProgress.lessonId, id)));
      const expiresAt = links.expiry();
      const captioned = await storage.exists(lessonKey(id, captionsFile));
      return {
        ...toLesson(row, false, p),
        master_url: links.url(ctx.caller.userId, lessonKey(id, masterFile), expiresAt),
        poster_url: links.url(ctx.caller.userId, lessonKey(id, posterFile), expiresAt),
        captions_url: captioned ? links.url(ctx.caller.userId, lessonKey(id, captionsFile), expiresAt) : null,
        expires_at: expiresAt * 1000,
      };
    },

    async saveProgress(b: { id: string; position_s: number; ended: boolean }, ctx: AuthedContext) {
      const row = await playable(b.id, ctx);
      const position = Math.min(b.position_s, row.durationS);
      // Watched: played to the end, or to within the last 5 % (or 3 s); it stays watched.
      const reachedEnd = b.ended || position >= Math.min(row.durationS * 0.95, row.durationS - 3);
      const now = clock.now();
      const [saved] = await db
        .insert(lessonProgress)
        .values({
          userId: Number(ctx.caller.userId),
          lessonId: b.id,
          positionS: position,
          watched: reachedEnd,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [lessonProgress.userId, lessonProgress.lessonId],
          set: { positionS: position, watched: sql`${lessonProgress.watched} or ${reachedEnd}`, updatedAt: now },
        })
        .returning();
      return { position_s: saved?.positionS ?? position, watched: saved?.watched ?? reachedEnd };
    },

    async manageList(): Promise<{ lessons: ManagedLesson[] }> {
      const rows = await db
        .select()
        .from(lessons)
        .orderBy(asc(lessons.topic), asc(lessons.sort), asc(lessons.createdAt));
      return { lessons: rows.map(toManaged) };
    },

    async upload(
      b: { title: string; summary: string; topic: LessonTopic; kinds: QuestionKind[]; free: boolean },
      ctx: AuthedContext,
    ): Promise<ManagedLesson> {
      const file = ctx.file;
      if (!file) throw errors.invalidParam('请选择要上传的视频文件');
      const type = await fileTypeFromBuffer(file.bytes);
      const ext = type ? videoMimes[type.mime] : undefined;
      if (!type || !ext)
        throw errors.invalidParam('只能上传视频文件（MP4、MOV、WebM 或 MKV）', type ? type.mime : 'unknown type');
      if (!jobs) throw errors.busy('后台任务未启动，暂时无法处理视频，请稍后再试');
      const id = `u-${randomBytes(6).toString('hex')}`;
      const now = clock.now();
      await storage.put(sourceKey(id, ext), file.bytes, type.mime);
      try {
        const [{ sort } = { sort: 0 }] = await db
          .select({ sort: sql<number>`coalesce(max(${lessons.sort}), 0) + 1` })
          .from(lessons)
          .where(eq(lessons.topic, b.topic));
        const [row] = await db
          .insert(lessons)
          .values({
            id,
            title: b.title,
            summary: b.summary,
            topic: b.topic,
            kinds: b.kinds,
            free: b.free,
            status: 'packaging',
            progress: 0,
            sort: Number(sort),
            createdBy: Number(ctx.caller.userId),
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        await jobs.send(packageQueue, { id, ext });
        return toManaged(row as Row);
      } catch (err) {
        await storage.delete(sourceKey(id, ext)).catch(() => {});
        await db.delete(lessons).where(eq(lessons.id, id));
        throw err;
      }
    },

    async remove(id: string): Promise<{ deleted: boolean }> {
      const [row] = await db.select().from(lessons).where(eq(lessons.id, id));
      if (!row) throw errors.notFound('课程不存在或已删除');
      if (row.builtin) throw errors.conflict('内置演示课程不能删除');
      if (row.status === 'packaging') throw errors.conflict('视频正在打包，请等打包结束后再删除');
      await db.delete(lessons).where(eq(lessons.id, id));
      await deleteFiles(id, await storedFiles(storage, id));
      return { deleted: true };
    },
  };
}

/** The files of a packaged lesson, read from its master playlist (a storage has no listing here). */
async function storedFiles(storage: MediaStorage, id: string): Promise<string[]> {
  const text = await readText(storage, lessonKey(id, masterFile));
  if (text === null) return [posterFile, captionsFile];
  const files = [masterFile, posterFile, captionsFile];
  for (const variant of playlistUris(text)) {
    files.push(variant);
    const inner = await readText(storage, lessonKey(id, variant));
    const dir = variant.includes('/') ? variant.slice(0, variant.lastIndexOf('/') + 1) : '';
    for (const seg of inner ? playlistUris(inner) : []) files.push(dir + seg);
  }
  return files;
}

export async function readText(storage: MediaStorage, key: string): Promise<string | null> {
  const file = await storage.open(key);
  if (!file) return null;
  if (file.size === 0) {
    file.close();
    return '';
  }
  const body = await file.read(0, file.size - 1);
  if (Buffer.isBuffer(body)) {
    const text = body.toString('utf8');
    file.release();
    return text;
  }
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The URI lines of a playlist (every line that is neither blank nor a tag). */
export const playlistUris = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));

export type LessonService = ReturnType<typeof createLessonService>;

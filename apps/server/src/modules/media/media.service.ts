// Image uploads (ADR 0036): the type is read from the bytes (file-type; JPEG, PNG, WebP, GIF only),
// the image decoded and re-encoded with sharp (rotated by its EXIF orientation, longest side at most
// imageMaxSide, WebP, every metadata block dropped), stored (platform/storage.ts) and recorded in
// `uploads`. A refusal stores nothing. Served at /media/images/<id>: a mark's picture public by link,
// a discussion picture only once a visible comment shows it, else through a signed address
// (media.links.ts) that only its uploader and staff are given (ADR 0037).
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { imageMaxSide, imageMimes, imageUrl, type UploadedImage, uploadsPerHour } from '@gre/contract/endpoints/upload';
import { and, count, eq, gt } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { uploads } from '../../db/schema/media.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import type { AuthedContext, UploadedFile } from '../../platform/endpoints.ts';
import { errors } from '../../platform/errors.ts';
import type { MediaStorage } from '../../platform/storage.ts';
import type { ImageLinks } from './media.links.ts';

/** Decoding bombs: a 5 MB PNG can claim gigapixels. 40 MP covers any phone photo. */
const maxInputPixels = 40_000_000;

export function createMedia(deps: { db: Db; clock: Clock; storage: MediaStorage; links: ImageLinks }) {
  const { db, clock, storage, links } = deps;

  /** The re-encoded image, or a Chinese refusal for anything that is not a whole image of our four types. */
  async function reencode(file: UploadedFile) {
    const type = await fileTypeFromBuffer(file.bytes);
    if (!type || !(imageMimes as readonly string[]).includes(type.mime))
      throw errors.invalidParam('只能上传 JPEG、PNG、WebP 或 GIF 图片', type ? type.mime : 'unknown type');
    try {
      const animated = type.mime === 'image/gif' || type.mime === 'image/webp';
      const { data, info } = await sharp(file.bytes, {
        animated,
        limitInputPixels: maxInputPixels,
        failOn: 'warning',
      })
        .rotate()
        .resize({ width: imageMaxSide, height: imageMaxSide, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true });
      // An animation's pages are stacked: its height is the page's.
      return { data, width: info.width, height: info.pageHeight ?? info.height };
    } catch (err) {
      throw errors.invalidParam('图片已损坏或不完整，无法读取，请换一张', String((err as Error).message).slice(0, 200));
    }
  }

  return {
    async uploadImage(purpose: string, ctx: AuthedContext): Promise<UploadedImage> {
      const file = ctx.file;
      if (!file) throw errors.invalidParam('请选择要上传的文件');
      const userId = Number(ctx.caller.userId);
      const now = clock.now();
      const [recent] = await db
        .select({ n: count() })
        .from(uploads)
        .where(and(eq(uploads.userId, userId), gt(uploads.createdAt, new Date(now.getTime() - 3_600_000))));
      if ((recent?.n ?? 0) >= uploadsPerHour)
        throw errors.rateLimited(`每小时最多上传 ${uploadsPerHour} 张图片，请稍后再试`);
      const image = await reencode(file);
      const id = randomUUID();
      const key = `images/${id}.webp`;
      await storage.put(key, image.data, 'image/webp');
      try {
        await db.insert(uploads).values({
          id,
          userId,
          key,
          mime: 'image/webp',
          width: image.width,
          height: image.height,
          bytes: image.data.length,
          purpose,
          // A discussion picture stays private until a teacher approves a comment showing it.
          public: purpose !== 'post',
          createdAt: now,
        });
      } catch (err) {
        await storage.delete(key).catch(() => {});
        throw err;
      }
      return {
        id,
        url: purpose === 'post' ? links.url(id) : imageUrl(id),
        width: image.width,
        height: image.height,
        bytes: image.data.length,
      };
    },

    /**
     * The stored image of an upload id, or null (unknown id, file gone); 'private' when it is not
     * public and `q` is not a valid signed address of it, 'expired' when the signature is right but old.
     */
    async image(
      id: string,
      q: { e?: unknown; s?: unknown },
    ): Promise<
      { mime: string; bytes: number; body: Readable; public: boolean; purpose: string } | 'private' | 'expired' | null
    > {
      const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
      if (!row) return null;
      if (!row.public) {
        const check = links.check(id, q);
        if (check !== 'ok') return check === 'expired' ? 'expired' : 'private';
      }
      const body = await storage.get(row.key);
      return body ? { mime: row.mime, bytes: row.bytes, body, public: row.public, purpose: row.purpose } : null;
    },
  };
}

export type Media = ReturnType<typeof createMedia>;

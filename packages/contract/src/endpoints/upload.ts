// Image uploads (ADR 0036): a logged-in user sends one image as multipart/form-data; the server reads
// its type from the bytes, re-encodes it (WebP, longest side at most imageMaxSide, metadata stripped)
// and answers its public-by-link address. Used by the operator's mark QR codes and, later, discussions.
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';

/** The largest image accepted, in bytes; the upload dialog shows it (imageMaxText). */
export const imageMaxBytes = 5 * 1024 * 1024;
/** What the dialog says of the limit. */
export const imageMaxText = '5 MB';
/** The longest side of a stored image, in pixels (larger ones are scaled down). */
export const imageMaxSide = 1600;
/** The image types accepted, as read from the file's bytes (the declared type is not trusted). */
export const imageMimes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
/** The file chooser's filter (a hint only; the server decides from the bytes). */
export const imageAccept = '.jpg,.jpeg,.png,.webp,.gif,image/jpeg,image/png,image/webp,image/gif';
/** Uploads one user may make per hour (counted in the uploads table). */
export const uploadsPerHour = 30;

/** What an upload is for: the operator's mark QR codes, a discussion post's picture. */
export const uploadPurposes = ['mark', 'post'] as const;
export const uploadPurposeSchema = z.enum(uploadPurposes, { error: '上传用途不正确' });

/** An uploaded image's id: a UUID; its address is imageUrl(id). */
export const uploadIdSchema = z.uuid({ error: '图片编号不正确' });
export const imageUrl = (id: string) => `/media/images/${id}`;

export const uploadedImageSchema = z.object({
  id: z.string(),
  /** Public by link: /media/images/<id>, served as image/webp with a one-year cache. */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

export const uploadImage = endpoint({
  path: '/api/upload/image',
  summary: `上传一张图片（multipart/form-data，字段 file；JPEG、PNG、WebP 或 GIF，不超过 ${imageMaxText}）：转存为 WebP，返回图片地址`,
  access: 'user',
  errors: ['invalid_param', 'rate_limited'],
  multipart: { file: 'file', maxBytes: imageMaxBytes },
  rateLimit: { max: 20, timeWindowMs: 60_000 },
  request: z.object({ purpose: uploadPurposeSchema.default('post') }),
  response: uploadedImageSchema,
});

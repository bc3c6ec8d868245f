// Uploaded images (ADR 0036): one row per stored file. The bytes live in the media storage
// (platform/storage.ts: local disk under DATA_DIR/media, or an S3-compatible bucket) under `key`.
import { bigint, boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './user.ts';

export const uploads = pgTable(
  'uploads',
  {
    /** Also the image's public address: /media/images/<id>. */
    id: uuid().primaryKey(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The storage key, e.g. images/<id>.webp. */
    key: text().notNull(),
    /** The stored file's type (always image/webp today). */
    mime: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    bytes: integer().notNull(),
    /** What it was uploaded for: mark (QR codes of a user's mark), post (a discussion's picture). */
    purpose: text().notNull(),
    /**
     * Served to anyone with the address. A mark's picture: from the upload on. A discussion picture
     * (purpose 'post'): only while a visible comment (approved, not deleted) shows it; otherwise only
     * through a signed address given to its uploader and to staff (media.links.ts; ADR 0037).
     */
    public: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  // The per-user hourly limit counts a user's recent uploads.
  (t) => [index('uploads_user_created_idx').on(t.userId, t.createdAt)],
);

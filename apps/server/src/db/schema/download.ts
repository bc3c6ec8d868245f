// Study materials (/download, issue 19, docs/decisions/0040-downloads.md): one row per material. The
// PDF itself lives in the storage (platform/storage.ts) under `key`, made for the content `version`
// it was generated from; a new version of the vocabulary or content makes the next request generate
// it again. `downloads` counts every served file of the material, across versions.
import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './user.ts';

export const materials = pgTable('materials', {
  /** The contract's material id, e.g. words-all, formulas. */
  id: text().primaryKey(),
  /** The content version of the stored file (null until the first generation). */
  version: text(),
  /** The storage key of the file, e.g. materials/words-all-<version>.pdf. */
  key: text(),
  bytes: integer().notNull().default(0),
  pages: integer().notNull().default(0),
  /** How long the last generation took, ms (shown to staff). */
  generateMs: integer().notNull().default(0),
  generatedAt: timestamp({ withTimezone: true }),
  downloads: integer().notNull().default(0),
});

/**
 * Each user's own 错题本 PDF (/download, ADR 0040): the file of the latest version made, in the storage
 * under `key`. `basis` is the cheap version of the book (its count and latest change, craft.repo's
 * wrongBookBasis) the file was made at; `version` hashes what the PDF says, so an edit of a question's
 * text makes it again too.
 */
export const wrongBooks = pgTable('wrong_books', {
  userId: bigint({ mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  basis: text().notNull(),
  version: text().notNull(),
  key: text().notNull(),
  /** Wrong questions in the file. */
  questions: integer().notNull(),
  bytes: integer().notNull(),
  pages: integer().notNull(),
  generatedAt: timestamp({ withTimezone: true }).notNull(),
});

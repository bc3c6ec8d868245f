// Study materials (/download, issue 19, docs/decisions/0040-downloads.md): one row per material. The
// PDF itself lives in the storage (platform/storage.ts) under `key`, made for the content `version`
// it was generated from; a new version of the vocabulary or content makes the next request generate
// it again. `downloads` counts every served file of the material, across versions.
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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

// Site-wide settings shared by every app process (maintenance switch, ...).
import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const settings = pgTable('settings', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

ALTER TABLE "exams" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "deadline_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "exams_deadline_idx" ON "exams" USING btree ("deadline_at") WHERE "exams"."deadline_at" is not null;--> statement-breakpoint
-- Rights rows seeded before essay gradings existed got -1 (unlimited) from the column default in
-- 0003: give them the documented defaults (exam.quota.ts defaultQuotas), once.
UPDATE "role_quotas" SET "essays_per_day" = 0, "essays_total" = 0 WHERE "role_kind" = 0 AND "essays_per_day" = -1 AND "essays_total" = -1;--> statement-breakpoint
UPDATE "role_quotas" SET "essays_per_day" = 1, "essays_total" = 2 WHERE "role_kind" = 1 AND "essays_per_day" = -1 AND "essays_total" = -1;--> statement-breakpoint
UPDATE "role_quotas" SET "essays_per_day" = 1 WHERE "role_kind" = 2 AND "essays_per_day" = -1;--> statement-breakpoint
UPDATE "role_quotas" SET "essays_per_day" = 5 WHERE "role_kind" = 3 AND "essays_per_day" = -1;--> statement-breakpoint
UPDATE "role_quotas" SET "essays_per_day" = 20 WHERE "role_kind" = 4 AND "essays_per_day" = -1;

ALTER TABLE "role_quotas" ADD COLUMN "tailors_per_day" integer DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "role_quotas" ADD COLUMN "tailors_total" integer DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tailor_extra" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The custom-exam quota of each role (ADR 0034; the seed's defaults equal it): visitors none, a trial 3 in all, an ordinary member 5 a day, VIP 20 a day, SVIP unlimited.
UPDATE "role_quotas" SET "tailors_per_day" = 0, "tailors_total" = 0 WHERE "role_kind" = 0;--> statement-breakpoint
UPDATE "role_quotas" SET "tailors_per_day" = -1, "tailors_total" = 3 WHERE "role_kind" = 1;--> statement-breakpoint
UPDATE "role_quotas" SET "tailors_per_day" = 5, "tailors_total" = -1 WHERE "role_kind" = 2;--> statement-breakpoint
UPDATE "role_quotas" SET "tailors_per_day" = 20, "tailors_total" = -1 WHERE "role_kind" = 3;

ALTER TABLE "role_quotas" ADD COLUMN "materials" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The materials right (ADR 0040): what the hard-coded rule gave, VIP and SVIP download; trial and
-- ordinary members do not (staff always may; the per-user can_visit_material flag still grants it).
UPDATE "role_quotas" SET "materials" = true WHERE "role_kind" IN (3, 4);

CREATE TABLE "wrong_books" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"basis" text NOT NULL,
	"version" text NOT NULL,
	"key" text NOT NULL,
	"questions" integer NOT NULL,
	"bytes" integer NOT NULL,
	"pages" integer NOT NULL,
	"generated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "role_quotas" ADD COLUMN "materials" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The materials right (ADR 0040): what the hard-coded rule gave, VIP and SVIP download; trial and
-- ordinary members do not (staff always may; the per-user can_visit_material flag still grants it).
UPDATE "role_quotas" SET "materials" = true WHERE "role_kind" IN (3, 4);--> statement-breakpoint
ALTER TABLE "wrong_books" ADD CONSTRAINT "wrong_books_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
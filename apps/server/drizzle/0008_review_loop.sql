-- The review loop (issue 14, ADR 0025): crafts (one per user and question), collect tags, the log of
-- wrong answers, the collect and note limits per role (existing role rows get the documented
-- defaults; kinds 0 Stranger, 1 Trial, 2 FreeVIP), and the review schedule's desired retention.
CREATE TABLE "collect_tags" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collect_tags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"name" text NOT NULL,
	"desp" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crafts" (
	"user_id" bigint NOT NULL,
	"question_id" text NOT NULL,
	"category" smallint NOT NULL,
	"kind" text NOT NULL,
	"tag_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"in_higher" boolean DEFAULT false NOT NULL,
	"collected" boolean DEFAULT false NOT NULL,
	"collect_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"collected_at" timestamp with time zone,
	"wrong" boolean DEFAULT false NOT NULL,
	"wrong_count" integer DEFAULT 0 NOT NULL,
	"last_answer" jsonb,
	"last_correct" boolean,
	"noted" boolean GENERATED ALWAYS AS (mastery > 0 or cardinality(reason_ids) > 0 or reasons_text <> '' or improvement <> ''
        or coalesce(text_input->>'note', '') <> '' or coalesce(text_input->>'review', '') <> ''
        or coalesce(text_input->>'difficulty', '') <> '' or coalesce(text_input->>'new_way', '') <> ''
        or coalesce(text_input->>'puzzle', '') <> '') STORED,
	"text_input" jsonb,
	"mastery" smallint DEFAULT 0 NOT NULL,
	"reasons_text" text DEFAULT '' NOT NULL,
	"improvement" text DEFAULT '' NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reason_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"card" jsonb,
	"source" jsonb,
	"source_name" text DEFAULT '' NOT NULL,
	"scheduled" boolean DEFAULT false NOT NULL,
	"memory" jsonb,
	"due_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "crafts_user_id_question_id_pk" PRIMARY KEY("user_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "wrong_log" (
	"user_id" bigint NOT NULL,
	"question_id" text NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "role_quotas" ADD COLUMN "collects_total" integer DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "role_quotas" ADD COLUMN "notes_total" integer DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "desired_retention" real DEFAULT 0.9 NOT NULL;--> statement-breakpoint
ALTER TABLE "collect_tags" ADD CONSTRAINT "collect_tags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crafts" ADD CONSTRAINT "crafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wrong_log" ADD CONSTRAINT "wrong_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collect_tags_user_name_idx" ON "collect_tags" USING btree ("user_id","name");--> statement-breakpoint
CREATE INDEX "crafts_user_updated_idx" ON "crafts" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "crafts_user_due_idx" ON "crafts" USING btree ("user_id","due_at") WHERE "crafts"."scheduled";--> statement-breakpoint
CREATE INDEX "wrong_log_user_at_idx" ON "wrong_log" USING btree ("user_id","at");--> statement-breakpoint
UPDATE "role_quotas" SET "collects_total" = 0, "notes_total" = 0 WHERE "role_kind" = 0;--> statement-breakpoint
UPDATE "role_quotas" SET "collects_total" = 30, "notes_total" = 10 WHERE "role_kind" = 1;--> statement-breakpoint
UPDATE "role_quotas" SET "collects_total" = 300, "notes_total" = 100 WHERE "role_kind" = 2;
CREATE TABLE "essays" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"question_id" text NOT NULL,
	"source" text NOT NULL,
	"exam_id" text,
	"section_index" integer,
	"text" text NOT NULL,
	"word_count" integer DEFAULT 0 NOT NULL,
	"status" smallint NOT NULL,
	"score" real,
	"rank" real,
	"comment" jsonb,
	"grader" text DEFAULT '' NOT NULL,
	"failure" text DEFAULT '' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "item_params" (
	"question_id" text PRIMARY KEY NOT NULL,
	"a" real NOT NULL,
	"b" real NOT NULL,
	"n" integer NOT NULL,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "responses" (
	"user_id" bigint NOT NULL,
	"exam_id" text NOT NULL,
	"section_index" integer NOT NULL,
	"question_index" integer NOT NULL,
	"question_id" text NOT NULL,
	"exam_kind" text NOT NULL,
	"category" smallint NOT NULL,
	"kind" text NOT NULL,
	"difficulty" smallint NOT NULL,
	"tag_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"answered" boolean NOT NULL,
	"correct" boolean NOT NULL,
	"used_seconds" integer NOT NULL,
	"day" date NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "responses_exam_id_section_index_question_index_pk" PRIMARY KEY("exam_id","section_index","question_index")
);
--> statement-breakpoint
ALTER TABLE "role_quotas" ADD COLUMN "essays_per_day" integer DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "role_quotas" ADD COLUMN "essays_total" integer DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_activity" ADD COLUMN "used_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "essays" ADD CONSTRAINT "essays_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "responses" ADD CONSTRAINT "responses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "essays_user_created_idx" ON "essays" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "essays_question_score_idx" ON "essays" USING btree ("question_id","status","score");--> statement-breakpoint
CREATE INDEX "essays_exam_idx" ON "essays" USING btree ("exam_id");--> statement-breakpoint
CREATE INDEX "responses_user_at_idx" ON "responses" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "responses_question_idx" ON "responses" USING btree ("question_id");
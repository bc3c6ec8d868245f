CREATE TABLE "book_templates" (
	"id" text PRIMARY KEY NOT NULL,
	"page" text NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"param" text NOT NULL,
	"kinds" text[] DEFAULT '{}'::text[] NOT NULL,
	"exam_kind" text NOT NULL,
	"unlock_at" timestamp with time zone,
	"limit_days" integer DEFAULT 0 NOT NULL,
	"hide" boolean DEFAULT false NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"spec" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "books" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"template_id" text NOT NULL,
	"exam_id" text NOT NULL,
	"title" text NOT NULL,
	"status" smallint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exams" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"template_id" text DEFAULT '' NOT NULL,
	"book_id" text,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"status" smallint NOT NULL,
	"create_option" jsonb,
	"cursor_section" integer DEFAULT 0 NOT NULL,
	"cursor_question" integer DEFAULT 0 NOT NULL,
	"is_auto_commit" boolean DEFAULT false NOT NULL,
	"sections" jsonb NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "role_quotas" (
	"role_kind" smallint PRIMARY KEY NOT NULL,
	"questions_per_day" integer NOT NULL,
	"mocks_per_day" integer NOT NULL,
	"questions_total" integer NOT NULL,
	"mocks_total" integer NOT NULL,
	"full_mocks" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_counters" (
	"user_id" bigint NOT NULL,
	"day" text NOT NULL,
	"subject" text NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_counters_user_id_day_subject_pk" PRIMARY KEY("user_id","day","subject")
);
--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_counters" ADD CONSTRAINT "usage_counters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "book_templates_page_idx" ON "book_templates" USING btree ("page","position");--> statement-breakpoint
CREATE UNIQUE INDEX "books_user_template_key" ON "books" USING btree ("user_id","template_id");--> statement-breakpoint
CREATE INDEX "exams_user_created_idx" ON "exams" USING btree ("user_id","created_at");
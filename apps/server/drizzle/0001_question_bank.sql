CREATE TABLE "content_sets" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"category" smallint NOT NULL,
	"source" text NOT NULL,
	"file" text NOT NULL,
	"hash" text NOT NULL,
	"imported_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_groups" (
	"id" text PRIMARY KEY NOT NULL,
	"set_id" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"topic" text DEFAULT '' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"translation" text DEFAULT '' NOT NULL,
	"figure" jsonb,
	"hash" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" text PRIMARY KEY NOT NULL,
	"set_id" text NOT NULL,
	"category" smallint NOT NULL,
	"kind" text NOT NULL,
	"difficulty" smallint NOT NULL,
	"group_id" text,
	"visibility" text NOT NULL,
	"tag_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"source_name" text NOT NULL,
	"body" jsonb NOT NULL,
	"hash" text NOT NULL,
	"retired" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_rights" (
	"role_kind" smallint PRIMARY KEY NOT NULL,
	"visibilities" text[] NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "tags_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "word_roots" (
	"root" text PRIMARY KEY NOT NULL,
	"kind" text DEFAULT '' NOT NULL,
	"meaning" text DEFAULT '' NOT NULL,
	"examples" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "word_similar_groups" (
	"id" integer PRIMARY KEY NOT NULL,
	"words" text[] NOT NULL,
	"note" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "words" (
	"word" text PRIMARY KEY NOT NULL,
	"phonetic" text DEFAULT '' NOT NULL,
	"definition" text DEFAULT '' NOT NULL,
	"translation" text DEFAULT '' NOT NULL,
	"pos" text DEFAULT '' NOT NULL,
	"exchange" text DEFAULT '' NOT NULL,
	"frequency" integer DEFAULT 0 NOT NULL,
	"bnc" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "questions_category_kind_idx" ON "questions" USING btree ("category","kind");--> statement-breakpoint
CREATE INDEX "questions_set_idx" ON "questions" USING btree ("set_id");
CREATE TABLE "question_edits" (
	"question_id" text PRIMARY KEY NOT NULL,
	"fields" jsonb NOT NULL,
	"base_hash" text NOT NULL,
	"edited_by" bigint NOT NULL,
	"edited_at" timestamp with time zone NOT NULL
);

-- Teacher grades (issue 13): an essay keeps its machine score and grader and gains a teacher's score,
-- per-trait comments, who and when (nullable: existing essays, Finished ones included, have none).
-- The built-in scorer's weights refitted on teacher-graded essays live in essay_scorer_weights.
CREATE TABLE "essay_scorer_weights" (
	"id" serial PRIMARY KEY NOT NULL,
	"essays" integer NOT NULL,
	"weights" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "essays" ADD COLUMN "teacher_score" real;--> statement-breakpoint
ALTER TABLE "essays" ADD COLUMN "teacher_comment" jsonb;--> statement-breakpoint
ALTER TABLE "essays" ADD COLUMN "teacher_id" bigint;--> statement-breakpoint
ALTER TABLE "essays" ADD COLUMN "teacher_graded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "essays" ADD CONSTRAINT "essays_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "essays_teacher_graded_idx" ON "essays" USING btree ("teacher_graded_at");
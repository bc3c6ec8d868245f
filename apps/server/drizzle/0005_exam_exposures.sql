CREATE TABLE "exam_exposures" (
	"exam_id" text NOT NULL,
	"question_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"path" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "exam_exposures_exam_id_question_id_pk" PRIMARY KEY("exam_id","question_id")
);
--> statement-breakpoint
ALTER TABLE "exam_exposures" ADD CONSTRAINT "exam_exposures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
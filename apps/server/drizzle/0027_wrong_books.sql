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
ALTER TABLE "wrong_books" ADD CONSTRAINT "wrong_books_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
CREATE TABLE "mails" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"race" smallint NOT NULL,
	"subject" text,
	"content" text,
	"link" text,
	"status" smallint DEFAULT 0 NOT NULL,
	"notice_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	"email_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"subject" text NOT NULL,
	"content" text NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"audience" jsonb NOT NULL,
	"email_copy" boolean DEFAULT false NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"fan_cursor" bigint DEFAULT 0 NOT NULL,
	"delivered_at" timestamp with time zone,
	"emailed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notice_email_off" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mails" ADD CONSTRAINT "mails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mails" ADD CONSTRAINT "mails_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mails_user_status_idx" ON "mails" USING btree ("user_id","status","id");--> statement-breakpoint
CREATE INDEX "mails_user_race_idx" ON "mails" USING btree ("user_id","race","id");--> statement-breakpoint
CREATE UNIQUE INDEX "mails_notice_user_key" ON "mails" USING btree ("notice_id","user_id");--> statement-breakpoint
CREATE INDEX "notices_pending_idx" ON "notices" USING btree ("send_at") WHERE "notices"."delivered_at" is null;
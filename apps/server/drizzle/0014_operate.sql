CREATE TABLE "newman_gifts" (
	"gift_key" text NOT NULL,
	"user_id" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "newman_gifts_gift_key_user_id_pk" PRIMARY KEY("gift_key","user_id")
);
--> statement-breakpoint
ALTER TABLE "newman_gifts" ADD CONSTRAINT "newman_gifts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "essays_finished_idx" ON "essays" USING btree ("finished_at") WHERE "essays"."finished_at" is not null;--> statement-breakpoint
CREATE INDEX "exams_mock_created_idx" ON "exams" USING btree ("created_at") WHERE "exams"."kind" like 'mock%';--> statement-breakpoint
CREATE INDEX "trades_applied_idx" ON "trades" USING btree ("applied_at") WHERE "trades"."applied_at" is not null;--> statement-breakpoint
CREATE INDEX "daily_activity_day_idx" ON "daily_activity" USING btree ("day","user_id");--> statement-breakpoint
CREATE INDEX "users_name_prefix_idx" ON "users" USING btree ("name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at");
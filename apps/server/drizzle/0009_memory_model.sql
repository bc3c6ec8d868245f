CREATE TABLE "memory_params" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"reviews" integer DEFAULT 0 NOT NULL,
	"fitted_reviews" integer DEFAULT 0 NOT NULL,
	"weights" double precision[],
	"fit" jsonb,
	"fitted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "review_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "review_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"item_key" text NOT NULL,
	"rating" smallint NOT NULL,
	"state" smallint NOT NULL,
	"elapsed_days" integer NOT NULL,
	"reviewed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "memory_params" ADD CONSTRAINT "memory_params_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_log" ADD CONSTRAINT "review_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_log_user_item_idx" ON "review_log" USING btree ("user_id","item_key","reviewed_at");
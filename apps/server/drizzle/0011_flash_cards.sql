CREATE TABLE "flash_coin_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "flash_coin_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"delta" integer NOT NULL,
	"balance" integer NOT NULL,
	"reason" text NOT NULL,
	"flash_id" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flashes" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"status" smallint NOT NULL,
	"range_kind" text NOT NULL,
	"range_id" text NOT NULL,
	"title" text NOT NULL,
	"words" text[] NOT NULL,
	"runtimes" jsonb NOT NULL,
	"cursor_index" integer DEFAULT 0 NOT NULL,
	"round_count" integer DEFAULT 0 NOT NULL,
	"stage_count" integer DEFAULT 0 NOT NULL,
	"missed" text[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "word_cards" (
	"user_id" bigint NOT NULL,
	"word" text NOT NULL,
	"level" smallint DEFAULT 0 NOT NULL,
	"memory" jsonb,
	"due" timestamp with time zone,
	"reviews" integer DEFAULT 0 NOT NULL,
	"collected_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"first_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "word_cards_user_id_word_pk" PRIMARY KEY("user_id","word")
);
--> statement-breakpoint
ALTER TABLE "role_quotas" ADD COLUMN "flash_new_per_day" integer DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "flash_coin_ledger" ADD CONSTRAINT "flash_coin_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flashes" ADD CONSTRAINT "flashes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_cards" ADD CONSTRAINT "word_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flash_coin_ledger_user_idx" ON "flash_coin_ledger" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "flashes_user_created_idx" ON "flashes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "word_cards_user_due_idx" ON "word_cards" USING btree ("user_id","due");--> statement-breakpoint
-- New flash cards per China day of the existing roles (the defaults of exam.quota.ts; ADR 0028).
UPDATE "role_quotas" SET "flash_new_per_day" = CASE "role_kind" WHEN 1 THEN 20 WHEN 2 THEN 30 WHEN 3 THEN 100 WHEN 4 THEN 200 ELSE 0 END;

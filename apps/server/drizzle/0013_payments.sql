CREATE TABLE "discount_code_failures" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "discount_code_failures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"code" text NOT NULL,
	"ip" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"info" text DEFAULT '' NOT NULL,
	"percent_off" integer,
	"fen_off" integer,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"max_uses" integer DEFAULT 0 NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	"invalid_at" timestamp with time zone,
	"created_by" bigint,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_notifications" (
	"provider" text NOT NULL,
	"notification_id" text NOT NULL,
	"trade_id" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pay_notifications_provider_notification_id_pk" PRIMARY KEY("provider","notification_id")
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" smallint NOT NULL,
	"param" smallint NOT NULL,
	"title" text NOT NULL,
	"price_fen" integer NOT NULL,
	"days" integer DEFAULT 0 NOT NULL,
	"coins" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_audit" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_audit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"staff_id" bigint NOT NULL,
	"action" text NOT NULL,
	"target_user_id" bigint,
	"subject" text DEFAULT '' NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trades" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" smallint NOT NULL,
	"param" smallint NOT NULL,
	"title" text NOT NULL,
	"list_fen" integer NOT NULL,
	"price_fen" integer NOT NULL,
	"discount_code" text,
	"status" smallint NOT NULL,
	"provider" text NOT NULL,
	"provider_trade_no" text,
	"qrcode_text" text DEFAULT '' NOT NULL,
	"device_id" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"refund_fen" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "voucher_redemptions" (
	"voucher_code" text NOT NULL,
	"user_id" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "voucher_redemptions_voucher_code_user_id_pk" PRIMARY KEY("voucher_code","user_id")
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"code" text PRIMARY KEY NOT NULL,
	"kind" smallint NOT NULL,
	"days" integer DEFAULT 0 NOT NULL,
	"coins" integer DEFAULT 0 NOT NULL,
	"max_uses" integer DEFAULT 1 NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "flash_coin_ledger" ADD COLUMN "ref" text;--> statement-breakpoint
ALTER TABLE "role_records" ADD COLUMN "source" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_code_failures" ADD CONSTRAINT "discount_code_failures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discount_code_failures_user_idx" ON "discount_code_failures" USING btree ("user_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "plans_kind_param_key" ON "plans" USING btree ("kind","param");--> statement-breakpoint
CREATE INDEX "staff_audit_at_idx" ON "staff_audit" USING btree ("at");--> statement-breakpoint
CREATE INDEX "staff_audit_target_idx" ON "staff_audit" USING btree ("target_user_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "trades_one_open_key" ON "trades" USING btree ("user_id","kind") WHERE "trades"."status" = 1;--> statement-breakpoint
CREATE INDEX "trades_user_idx" ON "trades" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "trades_status_idx" ON "trades" USING btree ("status","expires_at");--> statement-breakpoint
-- The plans and their prices (ADR 0029), editable by admins later: VipPeriod 1–4 = 7 days, 1, 2, 3 months;
-- FlashPack 1–3 = 50, 100, 200 coins.
INSERT INTO "plans" ("kind", "param", "title", "price_fen", "days", "coins") VALUES
	(1, 1, 'VIP 会员 7 天', 1900, 7, 0),
	(1, 2, 'VIP 会员 1 个月', 4900, 30, 0),
	(1, 3, 'VIP 会员 2 个月', 8900, 60, 0),
	(1, 4, 'VIP 会员 3 个月', 11900, 90, 0),
	(2, 1, '超级 VIP 7 天', 2900, 7, 0),
	(2, 2, '超级 VIP 1 个月', 7900, 30, 0),
	(2, 3, '超级 VIP 2 个月', 14900, 60, 0),
	(2, 4, '超级 VIP 3 个月', 19900, 90, 0),
	(3, 1, '闪卡币 50 个', 600, 0, 50),
	(3, 2, '闪卡币 100 个', 1000, 0, 100),
	(3, 3, '闪卡币 200 个', 1800, 0, 200)
ON CONFLICT DO NOTHING;

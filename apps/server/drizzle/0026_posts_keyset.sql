DROP INDEX "comments_top_new_idx";--> statement-breakpoint
DROP INDEX "comments_top_hot_idx";--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "comments_top_new_idx" ON "comments" USING btree ("post_id","id") WHERE "comments"."root_id" is null and "comments"."status" = 1 and "comments"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "comments_top_hot_idx" ON "comments" USING btree ("post_id","like_count","id") WHERE "comments"."root_id" is null and "comments"."status" = 1 and "comments"."deleted_at" is null;--> statement-breakpoint
-- Existing pictures: a mark's stays public; a discussion picture is public only while a visible comment of its uploader shows it.
UPDATE "uploads" u SET "public" = u."purpose" <> 'post' OR EXISTS (SELECT 1 FROM "comments" c WHERE c."user_id" = u."user_id" AND c."status" = 1 AND c."deleted_at" IS NULL AND c."images" @> jsonb_build_array(jsonb_build_object('id', u."id"::text)));

CREATE TABLE "archives" (
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"item_id" text NOT NULL,
	"archived_at" timestamp with time zone NOT NULL,
	CONSTRAINT "archives_user_id_kind_item_id_pk" PRIMARY KEY("user_id","kind","item_id")
);
--> statement-breakpoint
CREATE TABLE "retired_items" (
	"kind" text NOT NULL,
	"item_id" text NOT NULL,
	"title" text NOT NULL,
	"retired_at" timestamp with time zone NOT NULL,
	"retired_by" bigint NOT NULL,
	CONSTRAINT "retired_items_kind_item_id_pk" PRIMARY KEY("kind","item_id")
);
--> statement-breakpoint
CREATE TABLE "word_book_opens" (
	"user_id" bigint NOT NULL,
	"book_id" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	CONSTRAINT "word_book_opens_user_id_book_id_pk" PRIMARY KEY("user_id","book_id")
);
--> statement-breakpoint
ALTER TABLE "archives" ADD CONSTRAINT "archives_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_book_opens" ADD CONSTRAINT "word_book_opens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "archives_item_idx" ON "archives" USING btree ("kind","item_id");--> statement-breakpoint
CREATE INDEX "word_book_opens_book_idx" ON "word_book_opens" USING btree ("book_id");
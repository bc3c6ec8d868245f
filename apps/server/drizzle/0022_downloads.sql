CREATE TABLE "materials" (
	"id" text PRIMARY KEY NOT NULL,
	"version" text,
	"key" text,
	"bytes" integer DEFAULT 0 NOT NULL,
	"pages" integer DEFAULT 0 NOT NULL,
	"generate_ms" integer DEFAULT 0 NOT NULL,
	"generated_at" timestamp with time zone,
	"downloads" integer DEFAULT 0 NOT NULL
);

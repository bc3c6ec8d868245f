CREATE TABLE "report_days" (
	"day" date PRIMARY KEY NOT NULL,
	"figures" jsonb NOT NULL,
	"plans" jsonb NOT NULL,
	"active_sketch" text NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);

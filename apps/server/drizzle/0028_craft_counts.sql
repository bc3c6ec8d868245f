ALTER TABLE "users" ADD COLUMN "craft_collects" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "craft_notes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The user's collected and noted crafts, kept by the database on every write of `crafts` (ADR 0025
-- amendment, issue 14): update_v2's quota check reads them from the user's row, locked, in the
-- statement that writes, so it needs no count(*) and no transaction of its own. Inserts and deletes
-- count per statement (a bulk insert moves each user's row once); an update counts per row, and only
-- when it changes `collected` or `noted`.
CREATE FUNCTION "crafts_count_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" u SET "craft_collects" = u."craft_collects" + d.c, "craft_notes" = u."craft_notes" + d.n
  FROM (SELECT "user_id", count(*) FILTER (WHERE "collected") AS c, count(*) FILTER (WHERE "noted") AS n
        FROM added WHERE "collected" OR "noted" GROUP BY "user_id") d
  WHERE u."id" = d."user_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "crafts_count_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" u SET "craft_collects" = u."craft_collects" - d.c, "craft_notes" = u."craft_notes" - d.n
  FROM (SELECT "user_id", count(*) FILTER (WHERE "collected") AS c, count(*) FILTER (WHERE "noted") AS n
        FROM removed WHERE "collected" OR "noted" GROUP BY "user_id") d
  WHERE u."id" = d."user_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "crafts_count_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" SET
    "craft_collects" = "craft_collects" + (NEW."collected"::int - OLD."collected"::int),
    "craft_notes" = "craft_notes" + (coalesce(NEW."noted", false)::int - coalesce(OLD."noted", false)::int)
  WHERE "id" = NEW."user_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "crafts_count_added" AFTER INSERT ON "crafts" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION "crafts_count_added"();--> statement-breakpoint
CREATE TRIGGER "crafts_count_removed" AFTER DELETE ON "crafts" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION "crafts_count_removed"();--> statement-breakpoint
CREATE TRIGGER "crafts_count_changed" AFTER UPDATE ON "crafts" FOR EACH ROW
  WHEN (OLD."collected" IS DISTINCT FROM NEW."collected" OR OLD."noted" IS DISTINCT FROM NEW."noted")
  EXECUTE FUNCTION "crafts_count_changed"();--> statement-breakpoint
UPDATE "users" u SET "craft_collects" = c.c, "craft_notes" = c.n
FROM (SELECT "user_id", count(*) FILTER (WHERE "collected") AS c, count(*) FILTER (WHERE "noted") AS n
      FROM "crafts" GROUP BY "user_id") c
WHERE u."id" = c."user_id";

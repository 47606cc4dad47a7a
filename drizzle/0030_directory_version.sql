CREATE TABLE "directory_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The directory's version counter (schema.ts directoryVersion, decision 0075): one row, raised by every statement that
-- writes a trade, its photos, its reviews or its checks, inside the writing transaction, as listing_version is for
-- listings (0003). Kept pages that show trades are drawn again once it moves.
INSERT INTO "directory_version" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
ALTER TABLE "directory_version" ADD CONSTRAINT "directory_version_one_row" CHECK ("id" = 1);
--> statement-breakpoint
CREATE FUNCTION bump_directory_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "directory_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "contractors_bump_directory_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "contractors"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_directory_version();
--> statement-breakpoint
CREATE TRIGGER "contractor_images_bump_directory_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "contractor_images"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_directory_version();
--> statement-breakpoint
CREATE TRIGGER "reviews_bump_directory_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "reviews"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_directory_version();
--> statement-breakpoint
CREATE TRIGGER "trade_checks_bump_directory_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "trade_checks"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_directory_version();

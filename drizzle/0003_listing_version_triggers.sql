-- The search cache's version counter (schema.ts listingVersion): one row, raised by every statement that
-- writes properties or their photos, inside the writing transaction.
INSERT INTO "listing_version" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
ALTER TABLE "listing_version" ADD CONSTRAINT "listing_version_one_row" CHECK ("id" = 1);
--> statement-breakpoint
CREATE FUNCTION bump_listing_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "listing_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "properties_bump_listing_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "properties"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_listing_version();
--> statement-breakpoint
CREATE TRIGGER "property_images_bump_listing_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "property_images"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_listing_version();
--> statement-breakpoint
-- The planner learns that type and bedrooms go together (a studio rarely has three bedrooms), so it picks
-- the type/bedrooms index for rare pairs instead of walking every listing newest first.
CREATE STATISTICS IF NOT EXISTS "properties_type_beds_stats" (dependencies, mcv) ON "property_type", "bedrooms" FROM "properties";

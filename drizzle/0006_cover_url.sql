ALTER TABLE "properties" ADD COLUMN "cover_url" text;--> statement-breakpoint
-- Cards show one photo: the first by position. Statement triggers keep it on the property, so a page of
-- results needs no lookup per card. Transition tables allow one event per trigger, hence three.
CREATE FUNCTION refresh_property_covers(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "properties" p SET "cover_url" = (
    SELECT coalesce(i."thumb_url", i."url") FROM "property_images" i
    WHERE i."property_id" = p."id" ORDER BY i."position", i."id" LIMIT 1)
  WHERE p."id" = ANY(ids);
$$;
--> statement-breakpoint
CREATE FUNCTION property_images_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_property_covers(ARRAY(SELECT DISTINCT "property_id" FROM new_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION property_images_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_property_covers(ARRAY(SELECT DISTINCT "property_id" FROM old_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION property_images_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_property_covers(ARRAY(
    SELECT "property_id" FROM new_rows UNION SELECT "property_id" FROM old_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "property_images_cover_insert" AFTER INSERT ON "property_images"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION property_images_inserted();
--> statement-breakpoint
CREATE TRIGGER "property_images_cover_delete" AFTER DELETE ON "property_images"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION property_images_deleted();
--> statement-breakpoint
CREATE TRIGGER "property_images_cover_update" AFTER UPDATE ON "property_images"
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION property_images_updated();
--> statement-breakpoint
SELECT refresh_property_covers(ARRAY(SELECT DISTINCT "property_id" FROM "property_images"));

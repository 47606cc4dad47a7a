ALTER TABLE "users" ADD COLUMN "saves_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every save or unsave (and any cascade that removes one) raises the user's saves_version in the same
-- transaction; the search cache keeps each user's saved ids only while it is unchanged.
CREATE FUNCTION bump_saves_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."type" = 'save' THEN
    UPDATE "users" SET "saves_version" = "saves_version" + 1 WHERE "id" = NEW."user_id";
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') AND OLD."type" = 'save' THEN
    UPDATE "users" SET "saves_version" = "saves_version" + 1 WHERE "id" = OLD."user_id";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "property_interactions_bump_saves_version" AFTER INSERT OR UPDATE OR DELETE ON "property_interactions"
  FOR EACH ROW EXECUTE FUNCTION bump_saves_version();

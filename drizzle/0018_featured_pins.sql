CREATE TABLE "featured_pins" (
	"property_id" uuid PRIMARY KEY NOT NULL,
	"pinned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "featured_pins" ADD CONSTRAINT "featured_pins_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "featured_pins_pinned_at_idx" ON "featured_pins" USING btree ("pinned_at" DESC NULLS LAST);--> statement-breakpoint
-- A pin changes what visitors' cached pages show: raise the listing version as a listing's own change does.
CREATE TRIGGER "featured_pins_bump_listing_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "featured_pins"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_listing_version();

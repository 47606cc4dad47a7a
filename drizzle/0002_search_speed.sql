CREATE TABLE "listing_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "properties_search_idx";--> statement-breakpoint
DROP INDEX "properties_outcode_idx";--> statement-breakpoint
CREATE INDEX "properties_live_place_idx" ON "properties" USING btree ("outcode" text_pattern_ops,"property_type","bedrooms","monthly_rent_pence") WHERE "properties"."status" = 'live';--> statement-breakpoint
CREATE INDEX "properties_live_type_beds_created_idx" ON "properties" USING btree ("property_type","bedrooms","created_at" DESC NULLS LAST,"id") WHERE "properties"."status" = 'live';--> statement-breakpoint
CREATE INDEX "properties_live_until_idx" ON "properties" USING btree ("live_until") WHERE "properties"."status" = 'live' and "properties"."live_until" is not null;
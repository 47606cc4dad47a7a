-- Covering indexes for the uncached search (decision 0076): a count, and the choice of a few matches' page, read
-- only the index (an index-only scan), never the table's ~3 KB rows. They replace the three indexes they extend
-- (the same leading columns), so the planner weighs no more indexes than before.
DROP INDEX "properties_live_place_idx";--> statement-breakpoint
DROP INDEX "properties_live_area_filters_idx";--> statement-breakpoint
DROP INDEX "properties_live_type_beds_rent_idx";--> statement-breakpoint
CREATE INDEX "properties_live_district_cover_idx" ON "properties" USING btree ("outcode","property_type","bedrooms","monthly_rent_pence","created_at","id","available","let_agreed_at","live_until") WHERE "properties"."status" = 'live';--> statement-breakpoint
CREATE INDEX "properties_live_area_cover_idx" ON "properties" USING btree ("area","property_type","bedrooms","monthly_rent_pence","created_at","id","available","let_agreed_at","live_until") WHERE "properties"."status" = 'live';--> statement-breakpoint
CREATE INDEX "properties_live_cover_idx" ON "properties" USING btree ("property_type","bedrooms","monthly_rent_pence","id","created_at","available","let_agreed_at","live_until") WHERE "properties"."status" = 'live';
ALTER TABLE "properties" ADD COLUMN "area" text GENERATED ALWAYS AS (substring(outcode from '^[A-Z]+')) STORED;--> statement-breakpoint
CREATE INDEX "properties_live_area_created_idx" ON "properties" USING btree ("area","created_at" DESC NULLS LAST,"id") WHERE "properties"."status" = 'live';--> statement-breakpoint
CREATE INDEX "properties_live_area_rent_idx" ON "properties" USING btree ("area","monthly_rent_pence","id") WHERE "properties"."status" = 'live';--> statement-breakpoint
CREATE INDEX "properties_live_type_created_idx" ON "properties" USING btree ("property_type","created_at" DESC NULLS LAST,"id") WHERE "properties"."status" = 'live';--> statement-breakpoint
CREATE INDEX "properties_live_type_rent_idx" ON "properties" USING btree ("property_type","monthly_rent_pence","id") WHERE "properties"."status" = 'live';--> statement-breakpoint
CREATE INDEX "properties_live_beds_created_idx" ON "properties" USING btree ("bedrooms","created_at" DESC NULLS LAST,"id") WHERE "properties"."status" = 'live';--> statement-breakpoint
CREATE INDEX "properties_live_beds_rent_idx" ON "properties" USING btree ("bedrooms","monthly_rent_pence","id") WHERE "properties"."status" = 'live';--> statement-breakpoint
CREATE INDEX "properties_live_area_filters_idx" ON "properties" USING btree ("area","property_type","bedrooms","monthly_rent_pence") WHERE "properties"."status" = 'live';--> statement-breakpoint
CREATE INDEX "properties_live_beds4_created_idx" ON "properties" USING btree ("created_at" DESC NULLS LAST,"id") WHERE "properties"."status" = 'live' and "properties"."bedrooms" >= 4;--> statement-breakpoint
CREATE INDEX "properties_live_beds4_rent_idx" ON "properties" USING btree ("monthly_rent_pence","id") WHERE "properties"."status" = 'live' and "properties"."bedrooms" >= 4;--> statement-breakpoint
CREATE INDEX "properties_live_type_beds_rent_idx" ON "properties" USING btree ("property_type","bedrooms","monthly_rent_pence","id") WHERE "properties"."status" = 'live';
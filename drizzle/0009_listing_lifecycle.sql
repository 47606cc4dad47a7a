ALTER TYPE "public"."listing_status" ADD VALUE 'paused';--> statement-breakpoint
ALTER TYPE "public"."listing_status" ADD VALUE 'let';--> statement-breakpoint
CREATE TABLE "property_rent_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"from_pence" integer NOT NULL,
	"to_pence" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "let_agreed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "confirm_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "rent_reduced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "previous_rent_pence" integer;--> statement-breakpoint
ALTER TABLE "property_rent_changes" ADD CONSTRAINT "property_rent_changes_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "property_rent_changes_property_idx" ON "property_rent_changes" USING btree ("property_id","changed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "property_rent_changes_unnotified_idx" ON "property_rent_changes" USING btree ("changed_at") WHERE "property_rent_changes"."notified_at" is null and "property_rent_changes"."to_pence" < "property_rent_changes"."from_pence";--> statement-breakpoint
CREATE INDEX "properties_live_confirmed_idx" ON "properties" USING btree ("confirmed_at") WHERE "properties"."status" = 'live' and "properties"."let_agreed_at" is null;--> statement-breakpoint
CREATE INDEX "properties_let_agreed_idx" ON "properties" USING btree ("let_agreed_at") WHERE "properties"."status" = 'live' and "properties"."let_agreed_at" is not null;--> statement-breakpoint
-- Listings live today start their first 14-day confirmation period now, not from when they were published.
UPDATE "properties" SET "confirmed_at" = now() WHERE "confirmed_at" IS NULL;

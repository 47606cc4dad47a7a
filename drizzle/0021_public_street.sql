-- The keyword index holds only what anyone may read of a listing (decision 0058): the title, the description, the
-- public street (publicStreet of the address, src/domain/addresses.ts), the postcode district and the town. Not the
-- address (a flat's number, a building's name) nor the full postcode.
-- public_street is derived in TypeScript, so it starts empty (NULL) here: the migrate step that runs this file
-- (src/server/db/public-street.ts, under the migration lock) fills existing rows in batches, then makes it NOT NULL.
ALTER TABLE "properties" ADD COLUMN "public_street" text;--> statement-breakpoint
DROP INDEX IF EXISTS "properties_fts_idx";--> statement-breakpoint
ALTER TABLE "properties" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', coalesce(title, '') || ' ' || coalesce(description, '') || ' ' || coalesce(public_street, '') || ' ' || coalesce(outcode, '') || ' ' || coalesce(location, ''))) STORED;--> statement-breakpoint
CREATE INDEX "properties_fts_idx" ON "properties" USING gin ("search_vector");

-- Decision 0073: the rating shown, sorted and filtered on counts verified jobs first. PostgreSQL 15 cannot change a
-- generated column's expression, so the column is dropped (its index with it) and added again, then re-indexed.
ALTER TABLE "contractors" drop column "rating";--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "rating" real GENERATED ALWAYS AS (case when verified_review_count > 0 then round(verified_rating_sum::numeric / verified_review_count, 2)::real when review_count > 0 then round(rating_sum::numeric / review_count, 2)::real else 0 end) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contractors_rating_idx" ON "contractors" USING btree ("status","rating");

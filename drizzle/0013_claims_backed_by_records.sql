CREATE TYPE "public"."trade_check_kind" AS ENUM('insurance', 'gas_safe', 'niceic');--> statement-breakpoint
CREATE TABLE "trade_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contractor_id" uuid NOT NULL,
	"kind" "trade_check_kind" NOT NULL,
	"provider" text,
	"registration_number" text,
	"expires_on" date NOT NULL,
	"checked_by" uuid,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_by" uuid,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "lead_id" uuid;--> statement-breakpoint
ALTER TABLE "trade_checks" ADD CONSTRAINT "trade_checks_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_checks" ADD CONSTRAINT "trade_checks_checked_by_users_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_checks" ADD CONSTRAINT "trade_checks_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_checks_contractor_idx" ON "trade_checks" USING btree ("contractor_id","expires_on");--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_lead_key" ON "reviews" USING btree ("lead_id") WHERE "reviews"."lead_id" is not null;--> statement-breakpoint
ALTER TABLE "contractors" DROP COLUMN "verified";--> statement-breakpoint
ALTER TABLE "contractors" DROP COLUMN "response_time";--> statement-breakpoint
-- Data (issue 28, docs/decisions/0049-claims-backed-by-records.md). Nothing is invented: the dropped `verified`
-- flag recorded no check, so every trade it marked loses the badge until an admin records what was checked;
-- the dropped `response_time` was the trade's own words, replaced by the median of their real replies to leads.
-- Reviews written before the rule are linked to their author's answered quote request where one exists (the
-- earliest the trade answered before the review was written); the rest keep no link and say nothing about one.
UPDATE "reviews" r SET "lead_id" = found.lead_id
FROM (
  SELECT DISTINCT ON (rv.id) rv.id AS review_id, l.id AS lead_id
  FROM "reviews" rv
  JOIN "leads" l ON l.contractor_id = rv.contractor_id AND l.requester_id = rv.author_id AND l.created_at <= rv.created_at
  LEFT JOIN "conversations" cv ON cv.lead_id = l.id
  WHERE rv.author_id IS NOT NULL AND (cv.owner_first_reply_at IS NOT NULL OR l.status = 'won')
  ORDER BY rv.id, l.created_at
) found
WHERE r.id = found.review_id;

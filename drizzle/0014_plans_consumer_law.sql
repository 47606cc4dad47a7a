CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"subscription_id" uuid,
	"provider" text NOT NULL,
	"provider_refund_id" text NOT NULL,
	"provider_invoice_id" text NOT NULL,
	"paid_pence" integer NOT NULL,
	"amount_pence" integer NOT NULL,
	"days_used" integer NOT NULL,
	"days_in_period" integer NOT NULL,
	"currency" text DEFAULT 'gbp' NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"number" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "start_now_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "consent_version" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_reminders" ADD CONSTRAINT "subscription_reminders_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_key" ON "refunds" USING btree ("provider","provider_refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_subscription_key" ON "refunds" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "refunds_user_idx" ON "refunds" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_reminders_key" ON "subscription_reminders" USING btree ("subscription_id","kind","number");--> statement-breakpoint
-- Backfill: a subscription that was already paid for started when its first paid invoice's period began (or,
-- without one, when it was made). Earlier subscriptions carry no start-at-once consent: none was asked for.
UPDATE "subscriptions" s SET "started_at" = COALESCE(
  (SELECT min(COALESCE(i."period_start", i."created_at")) FROM "invoices" i WHERE i."subscription_id" = s."id" AND i."status" = 'paid'),
  s."created_at")
WHERE s."started_at" IS NULL AND s."status" IN ('active', 'past_due', 'canceled', 'trialing');

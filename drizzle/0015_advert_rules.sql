ALTER TABLE "properties" ADD COLUMN "nation" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "pets" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "bills_included" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "landlord_registration_number" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "epc_exemption_kind" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "epc_exemption_reference" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "occupation_contract" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "law_pauses_at" timestamp with time zone;--> statement-breakpoint
-- Backfill: every existing listing's nation from its postcode district, by the rule of nationOfOutcode in
-- src/domain/advert-rules.ts (held equal to uk-outcodes.csv's regions by tests/unit/advert-rules.test.ts).
UPDATE "properties" SET "nation" = CASE
  WHEN substring("outcode" from '^[A-Z]+') = 'BT' THEN 'northern_ireland'
  WHEN "outcode" = 'TD15' THEN 'england'
  WHEN substring("outcode" from '^[A-Z]+') IN ('AB','DD','DG','EH','FK','G','HS','IV','KA','KW','KY','ML','PA','PH','TD','ZE') THEN 'scotland'
  WHEN substring("outcode" from '^[A-Z]+') IN ('CF','LD','LL','NP','SA') THEN 'wales'
  WHEN "outcode" ~ '^CH[5-8]$' THEN 'wales'
  WHEN "outcode" ~ '^SY(1[5-9]|2[0-5])$' THEN 'wales'
  ELSE 'england'
END WHERE "nation" IS NULL;

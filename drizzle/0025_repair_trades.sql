CREATE TABLE "repair_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"repair_id" uuid NOT NULL,
	"sender_id" uuid,
	"kind" text DEFAULT 'text' NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repair_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"repair_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"contractor_id" uuid NOT NULL,
	"amount_pence" integer NOT NULL,
	"earliest_visit" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repair_reads" (
	"repair_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"read_at" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	CONSTRAINT "repair_reads_repair_id_user_id_pk" PRIMARY KEY("repair_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "verified_rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "verified_review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "repair_id" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "repairs" ADD COLUMN "contractor_id" uuid;--> statement-breakpoint
ALTER TABLE "repairs" ADD COLUMN "accepted_quote_id" uuid;--> statement-breakpoint
ALTER TABLE "repairs" ADD COLUMN "visit_options" jsonb;--> statement-breakpoint
ALTER TABLE "repairs" ADD COLUMN "visit_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "repairs" ADD COLUMN "work_done_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "repairs" ADD COLUMN "work_done_note" text;--> statement-breakpoint
ALTER TABLE "repairs" ADD COLUMN "confirm_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "repairs" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "repairs" ADD COLUMN "reopen_count" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "repair_id" uuid;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "job_month" date;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "job_category" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "repair_messages" ADD CONSTRAINT "repair_messages_repair_id_repairs_id_fk" FOREIGN KEY ("repair_id") REFERENCES "public"."repairs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_messages" ADD CONSTRAINT "repair_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_quotes" ADD CONSTRAINT "repair_quotes_repair_id_repairs_id_fk" FOREIGN KEY ("repair_id") REFERENCES "public"."repairs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_quotes" ADD CONSTRAINT "repair_quotes_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_quotes" ADD CONSTRAINT "repair_quotes_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_reads" ADD CONSTRAINT "repair_reads_repair_id_repairs_id_fk" FOREIGN KEY ("repair_id") REFERENCES "public"."repairs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_reads" ADD CONSTRAINT "repair_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "repair_messages_repair_idx" ON "repair_messages" USING btree ("repair_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "repair_quotes_lead_key" ON "repair_quotes" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "repair_quotes_repair_idx" ON "repair_quotes" USING btree ("repair_id","created_at");--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_repair_id_repairs_id_fk" FOREIGN KEY ("repair_id") REFERENCES "public"."repairs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repairs" ADD CONSTRAINT "repairs_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_repair_id_repairs_id_fk" FOREIGN KEY ("repair_id") REFERENCES "public"."repairs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "leads_repair_contractor_key" ON "leads" USING btree ("repair_id","contractor_id") WHERE "leads"."repair_id" is not null;--> statement-breakpoint
CREATE INDEX "repairs_confirm_by_idx" ON "repairs" USING btree ("confirm_by") WHERE "repairs"."status" = 'work_done';--> statement-breakpoint
CREATE INDEX "repairs_contractor_idx" ON "repairs" USING btree ("contractor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_repair_author_key" ON "reviews" USING btree ("repair_id","author_id") WHERE "reviews"."repair_id" is not null;
CREATE TYPE "public"."repair_status" AS ENUM('reported', 'quoting', 'quote_accepted', 'visit_agreed', 'work_done', 'resolved');--> statement-breakpoint
CREATE TABLE "repair_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"repair_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_id" uuid,
	"note" text,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repair_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"repair_id" uuid NOT NULL,
	"stage" text DEFAULT 'report' NOT NULL,
	"uploaded_by" uuid,
	"position" smallint DEFAULT 0 NOT NULL,
	"url" text NOT NULL,
	"thumb_url" text,
	"storage_key" text,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repairs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenancy_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"reported_by" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"urgency" text NOT NULL,
	"access_notes" text,
	"status" "repair_status" DEFAULT 'reported' NOT NULL,
	"clock_target" text NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	"due_by" timestamp with time zone NOT NULL,
	"due_soon_at" timestamp with time zone NOT NULL,
	"clock_stopped_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"resolution_note" text,
	"due_soon_notified_at" timestamp with time zone,
	"overdue_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "repair_events" ADD CONSTRAINT "repair_events_repair_id_repairs_id_fk" FOREIGN KEY ("repair_id") REFERENCES "public"."repairs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_events" ADD CONSTRAINT "repair_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_photos" ADD CONSTRAINT "repair_photos_repair_id_repairs_id_fk" FOREIGN KEY ("repair_id") REFERENCES "public"."repairs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_photos" ADD CONSTRAINT "repair_photos_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repairs" ADD CONSTRAINT "repairs_tenancy_id_tenancies_id_fk" FOREIGN KEY ("tenancy_id") REFERENCES "public"."tenancies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repairs" ADD CONSTRAINT "repairs_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repairs" ADD CONSTRAINT "repairs_reported_by_users_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repairs" ADD CONSTRAINT "repairs_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "repair_events_repair_idx" ON "repair_events" USING btree ("repair_id","seq");--> statement-breakpoint
CREATE INDEX "repair_photos_repair_idx" ON "repair_photos" USING btree ("repair_id","stage","position");--> statement-breakpoint
CREATE INDEX "repairs_tenancy_idx" ON "repairs" USING btree ("tenancy_id","reported_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "repairs_reporter_idx" ON "repairs" USING btree ("reported_by");--> statement-breakpoint
CREATE INDEX "repairs_due_soon_idx" ON "repairs" USING btree ("due_soon_at") WHERE "repairs"."clock_stopped_at" is null and "repairs"."due_soon_notified_at" is null;--> statement-breakpoint
CREATE INDEX "repairs_overdue_idx" ON "repairs" USING btree ("due_by") WHERE "repairs"."clock_stopped_at" is null and "repairs"."overdue_notified_at" is null;
CREATE TYPE "public"."application_status" AS ENUM('submitted', 'offered', 'accepted', 'declined', 'withdrawn');--> statement-breakpoint
CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"status" "application_status" DEFAULT 'submitted' NOT NULL,
	"message" text,
	"profile" jsonb NOT NULL,
	"offer_start_date" date,
	"offer_rent_pence" integer,
	"offer_deposit_pence" integer,
	"offered_at" timestamp with time zone,
	"decline_reason" text,
	"decline_note" text,
	"declined_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reference_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"referee_name" text NOT NULL,
	"referee_email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"tenancy_from" date,
	"tenancy_to" date,
	"rent_on_time" text,
	"would_let_again" boolean,
	"comments" text,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "renter_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"introduction" text DEFAULT '' NOT NULL,
	"household_size" smallint,
	"pets" text,
	"pet_details" text,
	"move_in_from" date,
	"monthly_income_pence" integer,
	"guarantor_available" boolean,
	"right_to_rent_share_code" text,
	"previous_landlord_name" text,
	"previous_landlord_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenancies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"landlord_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"rent_pence" integer NOT NULL,
	"deposit_pence" integer NOT NULL,
	"deposit_received_on" date,
	"deposit_scheme" text,
	"deposit_reference" text,
	"deposit_protected_on" date,
	"information_sheet_given_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenancy_tenants" (
	"tenancy_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "tenancy_tenants_tenancy_id_user_id_pk" PRIMARY KEY("tenancy_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_tenant_id_users_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_requests" ADD CONSTRAINT "reference_requests_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renter_profiles" ADD CONSTRAINT "renter_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancies" ADD CONSTRAINT "tenancies_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancies" ADD CONSTRAINT "tenancies_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancies" ADD CONSTRAINT "tenancies_landlord_id_users_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancy_tenants" ADD CONSTRAINT "tenancy_tenants_tenancy_id_tenancies_id_fk" FOREIGN KEY ("tenancy_id") REFERENCES "public"."tenancies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancy_tenants" ADD CONSTRAINT "tenancy_tenants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "applications_open_idx" ON "applications" USING btree ("property_id","tenant_id") WHERE "applications"."status" <> 'withdrawn';--> statement-breakpoint
CREATE INDEX "applications_property_idx" ON "applications" USING btree ("property_id","created_at","id");--> statement-breakpoint
CREATE INDEX "applications_tenant_idx" ON "applications" USING btree ("tenant_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "reference_requests_token_idx" ON "reference_requests" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "reference_requests_application_idx" ON "reference_requests" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tenancies_application_idx" ON "tenancies" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "tenancies_landlord_idx" ON "tenancies" USING btree ("landlord_id","start_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tenancies_property_idx" ON "tenancies" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "tenancy_tenants_user_idx" ON "tenancy_tenants" USING btree ("user_id");
CREATE TABLE "viewing_notices" (
	"conversation_id" uuid PRIMARY KEY NOT NULL,
	"last_sent_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"booking_id" uuid,
	"pending_change" text,
	"event_uid" text,
	"sequence" integer DEFAULT 0 NOT NULL,
	"announced" text
);
--> statement-breakpoint
ALTER TABLE "viewing_notices" ADD CONSTRAINT "viewing_notices_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "viewing_notices_due_idx" ON "viewing_notices" USING btree ("due_at") WHERE "viewing_notices"."due_at" is not null;--> statement-breakpoint
-- Before the index: where one person has several open reports on one conversation, keep the first open and close
-- the later copies (closed, not deleted: moderators still see them under closed reports).
UPDATE "conversation_reports" AS later SET "status" = 'closed', "closed_at" = now()
WHERE later."status" = 'open' AND later."reporter_id" IS NOT NULL AND EXISTS (
  SELECT 1 FROM "conversation_reports" AS first
  WHERE first."conversation_id" = later."conversation_id" AND first."reporter_id" = later."reporter_id"
    AND first."status" = 'open'
    AND (first."created_at", first."id") < (later."created_at", later."id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_reports_open_idx" ON "conversation_reports" USING btree ("conversation_id","reporter_id") WHERE "conversation_reports"."status" = 'open';
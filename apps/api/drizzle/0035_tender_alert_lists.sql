DROP TABLE "tender_alert_digest_items" CASCADE;--> statement-breakpoint
ALTER TABLE "tender_alert_digests" ADD COLUMN "tender_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tender_alert_digests" ADD COLUMN "job_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
DROP TYPE "public"."tender_alert_item_kind";
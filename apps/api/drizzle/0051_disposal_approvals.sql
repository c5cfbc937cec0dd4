ALTER TYPE "public"."approval_document_type" ADD VALUE 'disposal_method';--> statement-breakpoint
ALTER TYPE "public"."approval_document_type" ADD VALUE 'disposal_award';--> statement-breakpoint
ALTER TABLE "disposal_assets" ADD COLUMN "award_status" text;--> statement-breakpoint
ALTER TABLE "disposal_assets" ADD COLUMN "award_requested_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "disposal_assets" ADD CONSTRAINT "disposal_assets_award_requested_by_user_id_users_id_fk" FOREIGN KEY ("award_requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
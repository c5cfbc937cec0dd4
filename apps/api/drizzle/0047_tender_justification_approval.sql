ALTER TYPE "public"."approval_document_type" ADD VALUE 'tender_justification';--> statement-breakpoint
ALTER TABLE "tendering_tenders" ADD COLUMN "justification_status" text;--> statement-breakpoint
ALTER TABLE "tendering_tenders" ADD COLUMN "justification_requested_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "tendering_tenders" ADD CONSTRAINT "tendering_tenders_justification_requested_by_user_id_users_id_fk" FOREIGN KEY ("justification_requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
ALTER TYPE "public"."approval_document_type" ADD VALUE 'prequalification_result';--> statement-breakpoint
ALTER TYPE "public"."approval_document_type" ADD VALUE 'rfq';--> statement-breakpoint
ALTER TYPE "public"."approval_document_type" ADD VALUE 'rfq_award';--> statement-breakpoint
ALTER TYPE "public"."approval_document_type" ADD VALUE 'tender_award';--> statement-breakpoint
ALTER TYPE "public"."approval_document_type" ADD VALUE 'auction_award';--> statement-breakpoint
ALTER TYPE "public"."approval_document_type" ADD VALUE 'contract';--> statement-breakpoint
ALTER TYPE "public"."approval_document_type" ADD VALUE 'risk_acceptance';
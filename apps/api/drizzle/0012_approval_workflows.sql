CREATE TYPE "public"."approval_document_type" AS ENUM('requisition', 'purchase_order', 'invoice');--> statement-breakpoint
CREATE TABLE "approval_workflow_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "approval_workflow_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"document_type" "approval_document_type" NOT NULL,
	"priority" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"min_amount_minor" bigint,
	"max_amount_minor" bigint,
	"department_ids" integer[] NOT NULL,
	"category_ids" integer[] NOT NULL,
	"steps" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "approval_workflow_rules" ADD CONSTRAINT "approval_workflow_rules_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_workflow_rules_organisation_idx" ON "approval_workflow_rules" USING btree ("organisation_id","document_type","priority");
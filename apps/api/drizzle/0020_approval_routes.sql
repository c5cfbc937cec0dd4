CREATE TYPE "public"."approval_decision_kind" AS ENUM('approved', 'rejected', 'returned');--> statement-breakpoint
CREATE TABLE "approval_decisions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "approval_decisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"document_type" "approval_document_type" NOT NULL,
	"document_id" integer NOT NULL,
	"round" integer NOT NULL,
	"step_index" integer NOT NULL,
	"slot_index" integer NOT NULL,
	"user_id" integer NOT NULL,
	"on_behalf_of" integer[] NOT NULL,
	"decision" "approval_decision_kind" NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_routes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "approval_routes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organisation_id" integer NOT NULL,
	"document_type" "approval_document_type" NOT NULL,
	"document_id" integer NOT NULL,
	"round" integer NOT NULL,
	"route" jsonb NOT NULL,
	"workflow_rule_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "approval_decisions" ADD CONSTRAINT "approval_decisions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_routes" ADD CONSTRAINT "approval_routes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_decisions_once_idx" ON "approval_decisions" USING btree ("document_type","document_id","round","step_index","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_routes_document_round_idx" ON "approval_routes" USING btree ("document_type","document_id","round");--> statement-breakpoint
CREATE INDEX "approval_routes_organisation_idx" ON "approval_routes" USING btree ("organisation_id","document_type");
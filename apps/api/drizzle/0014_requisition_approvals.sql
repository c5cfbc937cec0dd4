CREATE TYPE "public"."requisition_decision" AS ENUM('approved', 'rejected', 'returned');--> statement-breakpoint
CREATE TABLE "requisition_decisions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "requisition_decisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"requisition_id" integer NOT NULL,
	"round" integer NOT NULL,
	"step_index" integer NOT NULL,
	"slot_index" integer NOT NULL,
	"user_id" integer NOT NULL,
	"on_behalf_of" integer[] NOT NULL,
	"decision" "requisition_decision" NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "requisitions" ADD COLUMN "round" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "requisitions" ADD COLUMN "route" jsonb;--> statement-breakpoint
ALTER TABLE "requisitions" ADD COLUMN "workflow_rule_id" integer;--> statement-breakpoint
ALTER TABLE "requisition_decisions" ADD CONSTRAINT "requisition_decisions_requisition_id_requisitions_id_fk" FOREIGN KEY ("requisition_id") REFERENCES "public"."requisitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requisition_decisions" ADD CONSTRAINT "requisition_decisions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "requisition_decisions_once_idx" ON "requisition_decisions" USING btree ("requisition_id","round","step_index","user_id");